// The desktop's settings portal (Tests/Portal/settings_portal.py) on the test's session bus: what
// a GNOME session gives an app for its style. libadwaita 1.4 and later read the colour scheme
// only from there (GSettings' color-scheme only with ADW_DISABLE_PORTAL=1, for the portal
// itself), and 1.2 reads there first, so a test of the desktop's style runs one on both.

import Foundation
import XCTest

final class SettingsPortal: @unchecked Sendable {
    let process = Process()
    private let output = Pipe()
    private let lines = PipeLines()

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Portal/settings_portal.py").standardized.path

    /// Starts the portal relaying the GSettings that `environment` (XDG_CONFIG_HOME and
    /// GSETTINGS_BACKEND, over the test's) gives, and waits until it owns its name.
    init(environment: [String: String], file: StaticString = #filePath, line: UInt = #line) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-u", Self.script]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = output
        lines.collect(from: output)
        try process.run()
        let ready = poll(every: 0.02, timeout: 30) { !self.of("ready").isEmpty || !self.process.isRunning }
        guard ready, process.isRunning else {
            stop()
            throw TestSetupError(
                description: "the settings portal never owned org.freedesktop.portal.Desktop (exit "
                    + "\(process.isRunning ? "none" : "\(process.terminationStatus)")): \(lines.text)")
        }
    }

    deinit { stop() }

    /// Ends the portal and waits until it is gone, with its name.
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        output.fileHandleForReading.readabilityHandler = nil
    }

    /// The portal's log lines of `event` ("ready", "read").
    func of(_ event: String) -> [[String: Any]] {
        lines.lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
            .filter { $0["event"] as? String == event }
    }

    /// The settings read so far, as "namespace key".
    var read: [String] {
        of("read").compactMap { line in
            guard let namespace = line["namespace"] as? String, let key = line["key"] as? String else { return nil }
            return "\(namespace) \(key)"
        }
    }
}
