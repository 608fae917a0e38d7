// A link in a status opens, as a reader clicks it: the bundled server's replies start with a
// mention ("@name", a link to the author's page). The test gives the app a web browser of its own
// (a desktop entry for https links whose command writes down the address it was asked to open),
// finds the mention as a screen reader does (the row's label starting with it), clicks it with
// the pointer where GTK drew it (the trace's `target` line for the link: its text's place in the
// window) and waits for the browser to be asked for the author's page.

import Foundation
import XCTest

final class TimelineLinkTests: XCTestCase {
    func testClickingAMentionInAStatusOpensItsAddress() throws {
        let folder = NSTemporaryDirectory() + "refresh-demo-links-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let opened = folder + "/opened"
        let browser = try Self.browser(in: folder, writingTo: opened)
        let (app, _, window) = try startDemoReadingTimeline(
            serverArguments: ["--posts", "60", "--media", "7"], appArguments: ["--trace"],
            appEnvironment: browser, before: { _ in })
        app.wait("the first page at rest") { $0.atRest() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        // Status #57 is a reply (every fourth from #1 is), in the first screen.
        let place = try runScreenReaderClient("link_place.py", ["#57: "], for: app)
        let fields = place.split(separator: " ")
        guard fields.count >= 5 else { return XCTFail("no label's place in \(place)") }
        let mention = String(fields[4])
        // Where GTK drew the mention's link (GTK 4.18's AT-SPI places leave out the padding
        // around the label: a click there misses it).
        let link = try app.pointerTarget("the link of #57's mention") {
            $0["row"] as? String == "109000057" && $0["kind"] as? String == "link" && $0["text"] as? String == mention
        }
        let (x, y) = (link.x + link.width / 2, link.y + link.height / 2)
        shell(["xdotool", "mousemove", "--window", window, "\(x)", "\(y)"])
        shell(["xdotool", "click", "1"])
        let asked = poll(every: 0.05, timeout: 60) {
            (try? String(contentsOfFile: opened, encoding: .utf8))?.contains("https://example.org/\(mention)") == true
                || !app.process.isRunning
        }
        let said = (try? String(contentsOfFile: opened, encoding: .utf8)) ?? "nothing"
        XCTAssertTrue(
            asked && app.process.isRunning,
            "the browser asked to open https://example.org/\(mention) after a click at (\(x), \(y)) on "
                + "\(link) (\(place)); it was asked: \(said); " + app.stderr)
        print("a click on \(mention) opened: \(said.trimmingCharacters(in: .whitespacesAndNewlines))")
    }

    /// The environment of an app whose https links open in a "browser" that appends each address
    /// to `opened`: its desktop entry, and the configuration that makes it the handler (the
    /// desktop settings the tests run with copied beside it).
    static func browser(in folder: String, writingTo opened: String) throws -> [String: String] {
        let files = FileManager.default
        let data = folder + "/data", config = folder + "/config"
        try files.createDirectory(atPath: data + "/applications", withIntermediateDirectories: true)
        try files.createDirectory(atPath: config, withIntermediateDirectories: true)
        if let settings = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"],
            let entries = try? files.contentsOfDirectory(atPath: settings)
        {
            for entry in entries { try? files.copyItem(atPath: settings + "/" + entry, toPath: config + "/" + entry) }
        }
        let script = folder + "/browser.sh"
        try "#!/bin/sh\necho \"$1\" >> '\(opened)'\n".write(toFile: script, atomically: true, encoding: .utf8)
        try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        try """
        [Desktop Entry]
        Type=Application
        Name=Test browser
        Exec=\(script) %u
        MimeType=x-scheme-handler/https;x-scheme-handler/http;
        NoDisplay=true

        """.write(toFile: data + "/applications/test-browser.desktop", atomically: true, encoding: .utf8)
        try """
        [Default Applications]
        x-scheme-handler/https=test-browser.desktop
        x-scheme-handler/http=test-browser.desktop

        """.write(toFile: config + "/mimeapps.list", atomically: true, encoding: .utf8)
        return ["XDG_DATA_HOME": data, "XDG_CONFIG_HOME": config]
    }
}

/// Something a pointer can act on in a row in view, as the app's trace placed it (a `target`
/// line): its line, and its bounds in the window (px).
struct TracedTarget: CustomStringConvertible {
    let line: TraceLine
    let x: Int
    let y: Int
    let width: Int
    let height: Int

    var description: String { "\(line)" }
}

extension DemoProcess {
    /// What a pointer can act on in the timeline's rows in view as the trace said last, when the
    /// list came to rest (the `target` lines after the last `targets`; none until all came).
    var pointerTargets: [TracedTarget] {
        let lines = trace
        guard let start = lines.lastIndex(where: { $0["milestone"] as? String == "targets" }),
            let count = lines[start]["count"] as? Int
        else { return [] }
        let targets = lines[(start + 1)...].filter { $0["milestone"] as? String == "target" }.compactMap {
            line -> TracedTarget? in
            guard let x = line["x"] as? Int, let y = line["y"] as? Int, let width = line["width"] as? Int,
                let height = line["height"] as? Int
            else { return nil }
            return TracedTarget(line: line, x: x, y: y, width: width, height: height)
        }
        return targets.count == count ? targets : []
    }

    /// Waits until the trace places a target `matching` (`what` says which), and returns it.
    func pointerTarget(
        _ what: String, file: StaticString = #filePath, line: UInt = #line, matching: (TraceLine) -> Bool
    ) throws -> TracedTarget {
        var found: TracedTarget?
        wait("\(what) placed in the trace", file: file, line: line) { app in
            found = app.pointerTargets.first { matching($0.line) }
            return found != nil
        }
        return try XCTUnwrap(found, "\(what) in the trace's targets: \(pointerTargets)", file: file, line: line)
    }
}
