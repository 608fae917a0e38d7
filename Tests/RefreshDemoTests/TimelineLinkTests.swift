// A link in a status opens, as a reader clicks it: the bundled server's replies start with a
// mention ("@name", a link to the author's page). The test gives the app a web browser of its own
// (a desktop entry for https links whose command writes down the address it was asked to open),
// finds the mention where a screen reader does (the row's label, its place in the window), clicks
// its first letters with the pointer and waits for the browser to be asked for the author's page.

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
        guard fields.count >= 5, let x = Int(fields[0]), let y = Int(fields[1]), let height = Int(fields[3]) else {
            return XCTFail("no label's place in \(place)")
        }
        let mention = String(fields[4])
        // The mention's second letter, on the label's first line.
        let lineHeight = min(height, 18)
        shell(["xdotool", "mousemove", "--window", window, "\(x + 12)", "\(y + lineHeight / 2)"])
        shell(["xdotool", "click", "1"])
        let asked = poll(every: 0.05, timeout: 60) {
            (try? String(contentsOfFile: opened, encoding: .utf8))?.contains("https://example.org/\(mention)") == true
                || !app.process.isRunning
        }
        let said = (try? String(contentsOfFile: opened, encoding: .utf8)) ?? "nothing"
        XCTAssertTrue(
            asked && app.process.isRunning,
            "the browser asked to open https://example.org/\(mention) after a click at (\(x + 12), "
                + "\(y + lineHeight / 2)) on \(place); it was asked: \(said); " + app.stderr)
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
