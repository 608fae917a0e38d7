// refresh-bench: the benchmarks of BENCHMARKS.md. `all` runs everything (see
// Tests/Benchmarks/run.sh); the other subcommands run one benchmark and print its metrics as
// JSON lines.

import CAdwaita
import CGtk
import GtkInterop
import Foundation
import GtkRefreshList

let usage = """
    Usage: refresh-bench all --output FILE --demo PATH --baselines DIR --installed PREFIX [--source DIR]
                             [--wayland-session PATH] [--smoke]
           refresh-bench engine|append|scroll|rss|drift|response|stream|burst [options]
           refresh-bench scroll [--mode ours|bare|paired] [--rows N] [--frames N] [--row-text short|status]
           refresh-bench timeline [--mode paired|arrivals|smooth|memory] [--statuses N] [--frames N]
                                  [--images N] [--per-frame N] [--speeds NAME:PX,...] [--prepares-rows on|off]
                                  [--source DIR]
           refresh-bench launch --demo PATH --baselines DIR [--runs N]
           refresh-bench footprint --installed PREFIX --baselines DIR [--source DIR] [--runs N]
    """

let arguments = Array(CommandLine.arguments.dropFirst(2))
guard let command = CommandLine.arguments.dropFirst().first else {
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(2)
}

@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

@MainActor func number(_ name: String, _ fallback: Int) -> Int { option(name).flatMap(Int.init) ?? fallback }

MainActor.assumeIsolated {
    switch command {
    case "all":
        guard let output = option("--output"), let demo = option("--demo"), let baselines = option("--baselines"),
            let installed = option("--installed")
        else {
            FileHandle.standardError.write(Data("\(usage)\n".utf8))
            exit(2)
        }
        Orchestrator.run(
            sizes: arguments.contains("--smoke") ? .smoke : Sizes(), output: output, demo: demo, baselines: baselines,
            waylandSession: option("--wayland-session") ?? "Tests/Wayland/session.sh",
            installed: FootprintBench.Installed(prefix: installed), source: option("--source") ?? ".")
    case "engine":
        EngineBench.run(events: number("--events", 2_000_000), repeats: number("--repeats", 9), only: option("--mix"))
    case "append":
        Gtk.setUp()
        let sizes = (option("--sizes") ?? "1000,10000,100000,1000000").split(separator: ",").compactMap { Int($0) }
        AppendBench.run(sizes: sizes, appends: number("--appends", 200))
    case "scroll":
        if let text = option("--row-text") {
            guard let rowText = RowText(rawValue: text) else {
                FileHandle.standardError.write(
                    Data("refresh-bench: --row-text is short or status, not '\(text)'\n\(usage)\n".utf8))
                exit(2)
            }
            RowText.current = rowText
        }
        Gtk.setUp()
        if option("--mode") == "paired" {
            ScrollBench.paired(rows: number("--rows", 1_000_000), frames: number("--frames", 600))
        } else {
            ScrollBench.run(
                mode: option("--mode") ?? "ours", rows: number("--rows", 1_000_000), frames: number("--frames", 600))
        }
    case "timeline":
        Gtk.setUp()
        adw_init()
        let source = option("--source") ?? "."
        switch option("--mode") ?? "paired" {
        case "paired":
            TimelineBench.paired(count: number("--statuses", 1_000), frames: number("--frames", 600), source: source)
        case "arrivals":
            TimelineBench.arrivals(count: number("--images", 500), perFrame: number("--per-frame", 10), source: source)
        case "smooth":
            guard let speeds = SmoothBench.Speed.list(option("--speeds") ?? SmoothBench.Speed.usual) else {
                FileHandle.standardError.write(
                    Data("refresh-bench: --speeds is NAME:PX,... (pixels a frame above 0)\n\(usage)\n".utf8))
                exit(2)
            }
            guard let prepares = ["on": true, "off": false][option("--prepares-rows") ?? "on"] else {
                FileHandle.standardError.write(Data("refresh-bench: --prepares-rows is on or off\n\(usage)\n".utf8))
                exit(2)
            }
            SmoothBench.run(
                count: number("--statuses", 1_000), frames: number("--frames", 600), speeds: speeds, source: source,
                preparesRows: prepares)
        case "memory":
            SmoothBench.memory(count: number("--statuses", 1_000), source: source)
        case let mode:
            FileHandle.standardError.write(
                Data(
                    "refresh-bench: timeline --mode is paired, arrivals, smooth or memory, not '\(mode)'\n\(usage)\n"
                        .utf8))
            exit(2)
        }
    case "rss":
        Gtk.setUp()
        MemoryBench.rss(rows: number("--rows", 1_000_000))
    case "launch":
        guard let demo = option("--demo"), let baselines = option("--baselines") else {
            FileHandle.standardError.write(Data("\(usage)\n".utf8))
            exit(2)
        }
        let runs = number("--runs", 7)
        Orchestrator.launchMetric(demo: demo, baselines: baselines, runs: runs).forEach(emit)
        Orchestrator.cachedLaunchMetric(demo: demo, baselines: baselines, runs: runs).forEach(emit)
    case "response":
        Gtk.setUp()
        ResponseBench.run(
            mode: option("--mode") ?? "ours", input: option("--input") ?? "wheel", samples: number("--samples", 40))
    case "burst":
        Gtk.setUp()
        if option("--mode") == "input" || option("--mode") == "input-calm" {
            BurstBench.input(samples: number("--samples", 40), streaming: option("--mode") == "input")
        } else {
            BurstBench.frames(mode: option("--mode") ?? "stream", frames: number("--frames", 300))
        }
    case "stream":
        Gtk.setUp()
        StreamBench.run(
            posts: number("--posts", 36_000), firstMeasuredAfter: number("--first", 1_000),
            maximumRows: option("--max-rows").flatMap(Int.init))
    case "footprint":
        guard let installed = option("--installed"), let baselines = option("--baselines") else {
            FileHandle.standardError.write(Data("\(usage)\n".utf8))
            exit(2)
        }
        FootprintBench.run(
            installed: FootprintBench.Installed(prefix: installed), baselines: baselines,
            source: option("--source") ?? ".", runs: number("--runs", 20)
        ).forEach(emit)
    case "drift":
        Gtk.setUp()
        MemoryBench.drift(cycles: number("--cycles", 10_000))
    default:
        FileHandle.standardError.write(Data("refresh-bench: unknown command '\(command)'\n\(usage)\n".utf8))
        exit(2)
    }
}
