// `refresh-demo --screenshots DIR` renders every header and footer state through GTK's own
// renderer, on X11 and on Wayland (a headless mutter): the same states, each a real image,
// each different from the others. (Tests/compare-renders.sh compares the widget's renders from
// both pixel by pixel; the app's windows differ in their decorations.)

import Foundation
import WaylandSupport
import XCTest

final class ScreenshotTests: XCTestCase {
    static let states = [
        "header-idle", "header-pulling", "header-armed", "header-refreshing", "header-succeeded",
        "header-failed", "footer-loading", "footer-failed", "footer-exhausted", "pill", "rtl-pill",
        "rtl-pulling", "narrow", "thread", "placeholder-loading", "placeholder-empty", "placeholder-failed",
    ]

    private func render(base: [String: String]?, style: String = "system") throws -> [String: Data] {
        let directory = NSTemporaryDirectory() + "refresh-demo-shots-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        let app = try DemoProcess(["--screenshots", directory, "--style", style], base: base)
        app.waitForExit("the screenshot run ending by itself, every state written")
        app.stop()
        XCTAssertEqual(app.process.terminationStatus, 0, app.stderr)
        var images: [String: Data] = [:]
        for state in Self.states {
            let data = FileManager.default.contents(atPath: directory + "/\(state).png") ?? Data()
            XCTAssertEqual(
                Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(state) is a PNG")
            XCTAssertGreaterThan(data.count, 20_000, "\(state) has content")
            images[state] = data
        }
        XCTAssertEqual(Set(images.values).count, Self.states.count, "every state looks different")
        return images
    }

    /// Width and height from a PNG's header.
    private func size(_ png: Data?) -> (Int, Int) {
        guard let png, png.count > 24 else { return (0, 0) }
        let bytes = [UInt8](png[16..<24])
        let width = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[4..<8].reduce(0) { $0 << 8 | Int($1) }
        return (width, height)
    }

    /// The mean brightness of a PNG, 0…1 (ImageMagick's, which the test command installs).
    private func brightness(_ png: Data?) throws -> Double {
        let file = NSTemporaryDirectory() + "refresh-demo-shot-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try XCTUnwrap(png).write(to: URL(fileURLWithPath: file))
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["convert", file, "-colorspace", "Gray", "-format", "%[fx:mean]", "info:"]
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return try XCTUnwrap(Double(text), "convert said '\(text)'")
    }

    /// Every state renders in the light and the dark look and in high contrast: dark is darker,
    /// and each look differs from the others.
    func testEveryStateRendersInEveryStyle() throws {
        let light = try render(base: nil, style: "light")
        let dark = try render(base: nil, style: "dark")
        let contrast = try render(base: nil, style: "high-contrast")
        for state in Self.states {
            let (lit, dim) = (try brightness(light[state]), try brightness(dark[state]))
            XCTAssertLessThan(dim, lit - 0.3, "\(state): dark (\(dim)) is darker than light (\(lit))")
            XCTAssertNotEqual(contrast[state], light[state], "\(state): high contrast differs from light")
        }
    }

    func testEveryStateRendersOnX11AndOnWayland() throws {
        let x11 = try render(base: nil)
        let session = try WaylandSession()
        defer { session.stop() }
        let wayland = try render(base: session.environment)
        for state in Self.states {
            let (x11Width, x11Height) = size(x11[state])
            let (waylandWidth, waylandHeight) = size(wayland[state])
            if state == "narrow" {
                XCTAssertLessThanOrEqual(x11Width, 400, "the narrow window is a phone's width")
            } else {
                XCTAssertGreaterThan(x11Width, 600, state)
            }
            // The same window; only the decorations each display server adds differ.
            XCTAssertLessThanOrEqual(abs(x11Width - waylandWidth), 16, "\(state) width")
            XCTAssertLessThanOrEqual(abs(x11Height - waylandHeight), 16, "\(state) height")
        }
    }
}
