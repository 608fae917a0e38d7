// Benchmark 9, the footprint an app pays for the widget: a window of 50 rows in a RefreshList
// against the same window showing them in a GtkListView under a turning GtkSpinner, in Python
// (through the typelib) and in C (Tests/Benchmarks/baselines/footprint.py and footprint.c),
// each launched afresh, the two taking turns: launch to the first frame showing the rows, and
// resident memory then. The library is the one meson installs (run.sh installs it first).

import Foundation

enum FootprintBench {
    /// Where the installed library is: its prefix (with `lib/` and `lib/girepository-1.0/`).
    struct Installed {
        let prefix: String
        var environment: [String: String] {
            ["GI_TYPELIB_PATH": prefix + "/lib/girepository-1.0", "LD_LIBRARY_PATH": prefix + "/lib"]
        }
    }

    /// One launch: milliseconds from spawning to the first frame with the rows, and KiB resident then.
    static func launch(_ executable: String, _ arguments: [String], environment: [String: String]) -> (
        milliseconds: Double, residentKiB: Double
    ) {
        let launch = Orchestrator.firstFrame(executable, arguments, environment: environment)
        guard let resident = (launch.report["rssKiB"] as? NSNumber)?.doubleValue else {
            Orchestrator.fail("\(executable) \(arguments.joined(separator: " ")) reported no resident memory")
        }
        return (Double(launch.frameUs - launch.spawnedUs) / 1_000, resident)
    }

    /// The four metrics of one language: launch (goal ≤ 1.10 ×) and memory (goal ≤ +5 MiB).
    static func metrics(
        language: String, ours: () -> (milliseconds: Double, residentKiB: Double),
        bare: () -> (milliseconds: Double, residentKiB: Double), runs: Int
    ) -> [Metric] {
        var oursRuns: [(milliseconds: Double, residentKiB: Double)] = []
        var bareRuns: [(milliseconds: Double, residentKiB: Double)] = []
        for run in 0..<runs {
            // Taking turns, each going first every other run.
            if run % 2 == 0 {
                oursRuns.append(ours())
                bareRuns.append(bare())
            } else {
                bareRuns.append(bare())
                oursRuns.append(ours())
            }
        }
        let launch = median(oursRuns.map(\.milliseconds))
        let launchBaseline = median(bareRuns.map(\.milliseconds))
        let resident = median(oursRuns.map(\.residentKiB)) / 1_024
        let residentBaseline = median(bareRuns.map(\.residentKiB)) / 1_024
        let more = resident - residentBaseline
        let detail =
            "median of \(runs) launches each, taking turns; a window of 50 rows, the baseline a GtkListView "
            + "under a turning GtkSpinner"
        return [
            Metric(
                9, "footprint.\(language).first_frame_ms", launch, "ms", baseline: launchBaseline,
                ratio: launch / launchBaseline, goal: "≤ 1.10 × baseline", met: launch / launchBaseline <= 1.10,
                detail: detail + "; ours \(oursRuns.map { Int($0.milliseconds) }), baseline "
                    + "\(bareRuns.map { Int($0.milliseconds) })"),
            Metric(
                9, "footprint.\(language).rss_more_mib", more, "MiB", baseline: residentBaseline,
                goal: "≤ +5 MiB", met: more <= 5,
                detail: detail + "; resident after the first frame: ours \(String(format: "%.1f", resident)) MiB"),
        ]
    }

    /// Benchmark 9 in Python and C, against the library installed under `installed`.
    static func run(installed: Installed, baselines: String, source: String, runs: Int) -> [Metric] {
        let script = source + "/Tests/Benchmarks/baselines/footprint.py"
        let python = metrics(
            language: "python",
            ours: { launch("/usr/bin/python3", [script, "list"], environment: installed.environment) },
            bare: { launch("/usr/bin/python3", [script, "bare"], environment: installed.environment) }, runs: runs)
        let c = metrics(
            language: "c", ours: { launch(baselines + "/footprint-list", [], environment: installed.environment) },
            bare: { launch(baselines + "/footprint-bare", [], environment: [:]) }, runs: runs)
        return python + c
    }
}
