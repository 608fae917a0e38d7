// The demo follows the desktop's style as libadwaita reads it, through the desktop's settings
// portal (SettingsPortal, relaying the test's GSettings as a GNOME session's portal does; the
// one way libadwaita 1.4 and later read the colour scheme, and the first way 1.2 does): the dark
// style and high contrast; `--style` overrides it.

import Foundation
import XCTest

final class StyleTests: XCTestCase {
    /// The look the app reports at start-up, with the desktop's interface settings extended by
    /// `interface` and `accessibility` lines (GSettings keyfile syntax), given to the app by the
    /// desktop's settings portal; `read` gets the settings libadwaita read from the portal.
    private func style(
        _ arguments: [String] = [], interface: [String] = [], accessibility: [String] = [],
        read: ((_ settings: [String]) -> Void)? = nil
    ) throws -> (dark: Bool, highContrast: Bool, direction: String) {
        let config = NSTemporaryDirectory() + "refresh-demo-style-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: config) }
        let settings = config + "/glib-2.0/settings"
        try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
        let lines =
            ["[org/gnome/desktop/interface]", "font-name='Cantarell 11'"] + interface
            + ["[org/gnome/desktop/a11y/interface]"] + accessibility
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: settings + "/keyfile"))
        let desktop = ["XDG_CONFIG_HOME": config, "GSETTINGS_BACKEND": "keyfile"]
        let portal = try SettingsPortal(environment: desktop)
        defer { portal.stop() }
        let app = try DemoProcess(["--trace"] + arguments, environment: desktop)
        defer { app.stop() }
        app.wait("the app reporting its style") { $0.trace.contains { $0["milestone"] as? String == "style" } }
        read?(portal.read)
        let line = try XCTUnwrap(app.trace.first { $0["milestone"] as? String == "style" })
        return (
            try XCTUnwrap(line["dark"] as? Bool), try XCTUnwrap(line["highContrast"] as? Bool),
            try XCTUnwrap(line["direction"] as? String)
        )
    }

    func testTheDesktopsDarkStyleAndHighContrastAreFollowed() throws {
        let plain = try style(read: { read in
            XCTAssertTrue(
                read.contains("org.freedesktop.appearance color-scheme"),
                "libadwaita never asked the portal for the colour scheme; it asked for \(read)")
        })
        XCTAssertFalse(plain.dark, "light unless the desktop prefers dark")
        XCTAssertFalse(plain.highContrast)
        XCTAssertTrue(try style(interface: ["color-scheme='prefer-dark'"]).dark, "the desktop prefers dark")
        XCTAssertFalse(try style(interface: ["color-scheme='prefer-light'"]).dark, "the desktop prefers light")
        XCTAssertTrue(try style(accessibility: ["high-contrast=true"]).highContrast, "the desktop's high contrast")
    }

    func testTheStyleFlagOverridesTheDesktop() throws {
        let light = try style(["--style", "light"], interface: ["color-scheme='prefer-dark'"])
        XCTAssertFalse(light.dark, "--style light over a dark desktop")
        let dark = try style(["--style", "dark"])
        XCTAssertTrue(dark.dark)
        XCTAssertFalse(dark.highContrast)
        let contrast = try style(["--style", "high-contrast"])
        XCTAssertTrue(contrast.highContrast)
        XCTAssertFalse(contrast.dark)
        XCTAssertFalse(try style(["--style", "dark"], accessibility: ["high-contrast=true"]).highContrast)
    }

    func testTheDirectionFlagMirrorsTheApp() throws {
        XCTAssertEqual(try style().direction, "ltr", "the locale's (English) direction unless asked")
        XCTAssertEqual(try style(["--direction", "rtl"]).direction, "rtl")
        XCTAssertEqual(try style(["--direction", "ltr"]).direction, "ltr")
    }
}
