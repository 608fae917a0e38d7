// What the tests of the demo's saved place share: a state directory kept for the test, the
// demo launched on X11 with it, the place the trace says was saved, and a run left in mid-list
// by the wheel and quit with Ctrl+Q.

import Foundation
import WaylandSupport
import XCTest

/// A place the demo saved (the trace's `persistPlace`): the first visible row's id and its top.
struct DemoPlace: Equatable {
    var id: String
    var top: Double
}

extension DemoProcess {
    /// The place the last `persistPlace` saved.
    var savedPlace: DemoPlace? {
        guard let line = effects.last(where: { $0["effect"] as? String == "persistPlace" }),
            let id = line["id"] as? String, let top = line["top"] as? Double
        else { return nil }
        return DemoPlace(id: id, top: top)
    }

    /// The place the last `persistPlace` saved, if it came after the last trace line that
    /// `moved` says moved the view; nil until then. A place saved before that is out of date:
    /// the list saves again once the view rests, and where it is when it closes.
    func placeSaved(after moved: (TraceLine) -> Bool) -> DemoPlace? {
        let lines = trace
        guard let saved = lines.lastIndex(where: { $0["effect"] as? String == "persistPlace" }),
            !lines[saved...].contains(where: moved),
            let id = lines[saved]["id"] as? String, let top = lines[saved]["top"] as? Double
        else { return nil }
        return DemoPlace(id: id, top: top)
    }

    /// Whether `line` is a wheel event the list received.
    static func isWheelPull(_ line: TraceLine) -> Bool {
        line["event"] as? String == "pull" && line["kind"] as? String == "wheel"
    }

    /// Checks a run started at `left`: it asked for that row first (no refresh from the newest),
    /// shows it as the first visible row within 3 px of where it was once the view rests, and
    /// loaded the newer rows above it.
    func expectOpened(at left: DemoPlace, file: StaticString = #filePath, line: UInt = #line) throws {
        wait("the saved place restored", file: file, line: line) { $0.count(effect: "applyRestore") == 1 }
        let restore = try XCTUnwrap(effects.first { $0["effect"] as? String == "applyRestore" }, file: file, line: line)
        XCTAssertEqual(restore["id"] as? String, left.id, "the saved row asked for", file: file, line: line)
        XCTAssertEqual(
            effects.first { $0["effect"] as? String == "startRefresh" }?["origin"] as? String, "restore",
            "no refresh from the newest first", file: file, line: line)
        let opened = try XCTUnwrap(restoredPlace(file: file, line: line), file: file, line: line)
        XCTAssertEqual(opened.id, left.id, "the same first visible row", file: file, line: line)
        XCTAssertEqual(opened.top, left.top, accuracy: 3, "where it was", file: file, line: line)
        XCTAssertGreaterThan(count(effect: "applyNewer"), 0, "the newer rows loaded above it", file: file, line: line)
    }

    /// Waits until the restored view rests and saved its place again, and returns that place.
    func restoredPlace(file: StaticString = #filePath, line: UInt = #line) -> DemoPlace? {
        wait("the restored view at rest, its place saved again", file: file, line: line) {
            $0.atRest() && $0.effects.contains { $0["effect"] as? String == "persistPlace" }
        }
        return savedPlace
    }
}

extension XCTestCase {
    /// A directory for the demo's state (`XDG_STATE_HOME`), removed when the test ends.
    func demoStateDirectory() -> String {
        let state = NSTemporaryDirectory() + "refresh-demo-place-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: state) }
        return state
    }

    /// The demo on X11 with `arguments` (and --trace), its state in `state`; the pointer over
    /// its rows. Returns the app and its window.
    func launchDemo(_ arguments: [String], state: String) throws -> (DemoProcess, String) {
        let app = try DemoProcess(["--trace"] + arguments, environment: ["XDG_STATE_HOME": state])
        addTeardownBlock { app.stop() }
        let window = try requireDemoWindow()
        shell(["xdotool", "mousemove", "--window", window, "300", "300"])
        return (app, window)
    }

    /// Scrolls `app` down by the wheel, `rounds` times eight notches (each round's notches and
    /// pages in), waits for the place saved as the view rests, quits with Ctrl+Q and returns the place.
    func leaveInMidList(
        _ app: DemoProcess, window: String, rounds: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws -> DemoPlace {
        for round in 0..<rounds {
            // The pointer moves onto the rows first, as a hand does before it turns the wheel:
            // GTK sends a scroll to the widget it last picked under the pointer, and after the
            // content changed (the placeholder gone, rows in) it picks again only at a motion,
            // real or the one it fakes at the frame after a layout; on a loaded machine a notch
            // can come first and go to the widget that was there before.
            shell(["xdotool", "mousemove", "--window", window, "300", "\(300 + (round + 1) % 2)"])
            // Each notch is counted in before the place is read: one still on its way would move
            // the view after the read (and the list saves where it is when it closes).
            let arrived = app.pullEvents(kind: "wheel") + 8
            shell(["xdotool", "click", "--repeat", "8", "--delay", "\(InputPace.spinNotchMs)", "5"])
            app.wait(
                "the eight notches in (\(app.pullEvents(kind: "wheel")) of \(arrived) received), the pages the wheel reached loaded",
                file: file, line: line
            ) {
                $0.pullEvents(kind: "wheel") >= arrived && $0.atRest()
            }
        }
        // Saved after the last notch: one saved at the previous round's rest is out of date.
        app.wait("the place saved once the view rested after the last notch", file: file, line: line) {
            $0.atRest() && $0.placeSaved(after: DemoProcess.isWheelPull) != nil
        }
        let left = try XCTUnwrap(app.placeSaved(after: DemoProcess.isWheelPull), file: file, line: line)
        shell(["xdotool", "windowfocus", "--sync", window])
        shell(["xdotool", "key", "ctrl+q"])
        app.waitForExit("Ctrl+Q quits", file: file, line: line)
        return left
    }
}
