// Every scroll flavour GTK 4.8 delivers on X11 and Wayland, classified into the pull it makes.
// The samples are what the widget reads off the GdkEvent (direction, unit, source device).

import RefreshEngine
import XCTest

final class ScrollClassificationTests: XCTestCase {
    func testEveryBackendFlavourMakesTheRightPull() throws {
        let engine = try RefreshEngine()
        let table: [(flavour: String, sample: ScrollSample, pull: PullInput)] = [
            ("X11 core button 4 (Xvfb, xdotool click 4)", .init(.notches(-1), source: .mouse), .wheel(notches: 1)),
            ("X11 core button 5", .init(.notches(1), source: .mouse), .wheel(notches: -1)),
            ("Wayland axis_discrete, one notch up", .init(.notches(-1), source: .mouse), .wheel(notches: 1)),
            ("discrete step from an unknown device", .init(.notches(-1), source: .unknown), .wheel(notches: 1)),
            ("X11 XI2 smooth mouse wheel, one notch", .init(.wheelUnits(-1), source: .mouse), .wheel(notches: 1)),
            (
                "X11 XI2 high-resolution wheel, quarter notch", .init(.wheelUnits(-0.25), source: .mouse),
                .wheel(notches: 0.25)
            ),
            (
                "X11 XI2 touchpad, fractional units", .init(.wheelUnits(-0.5), source: .touchpad),
                .touchpad(distance: 12)
            ),
            ("X11 XI2 trackpoint", .init(.wheelUnits(0.25), source: .trackpoint), .touchpad(distance: -6)),
            ("X11 XI2 smooth, source not reported", .init(.wheelUnits(-0.5), source: .unknown), .wheel(notches: 0.5)),
            ("Wayland finger scroll", .init(.pixels(-10), source: .touchpad), .touchpad(distance: 10)),
            ("Wayland continuous source", .init(.pixels(-7.5), source: .trackpoint), .touchpad(distance: 7.5)),
            ("Wayland wheel source reported in px", .init(.pixels(-10), source: .mouse), .wheel(notches: 1)),
            ("Wayland px, source not reported", .init(.pixels(4), source: .unknown), .touchpad(distance: -4)),
        ]
        for row in table {
            XCTAssertEqual(engine.pullInput(for: row.sample), row.pull, row.flavour)
        }
    }

    func testFractionalWheelUnitsPullSmoothlyNotInWholeNotches() {
        let store = EngineStore.loaded()
        for (step, ms) in zip(1...5, stride(from: Int64(1_100), to: 1_200, by: 20)) {
            store.send(.scroll(ScrollSample(.wheelUnits(-0.125), source: .mouse)), at: ms, effects: []) {
                // An eighth of a notch is 3 px: the header moves in 3 px steps, not 24 px jumps.
                $0.header = Header.pulling(
                    3 * Double(step), arrow: 0, progress: 3 * Double(step) / 64, lastUpdated: wall)
            }
        }
    }

    func testAnX11TouchpadFollowsTheFingersInPixels() {
        let store = EngineStore.loaded()
        store.send(.gestureBegan(.touchpad), at: 1_100, effects: [])
        store.send(.scroll(ScrollSample(.wheelUnits(-0.75), source: .touchpad)), at: 1_110, effects: []) {
            $0.header = Header.pulling(18, arrow: 0, progress: 18.0 / 64, lastUpdated: wall)
        }
        XCTAssertEqual(store.engine.pullKind, .touchpad)
    }

    func testAWaylandPixelWheelIsStillAWheelThatMustRestAtTheTop() {
        let store = EngineStore.loaded()
        // Scrolled up to the top by the wheel just now: not a pull yet.
        store.send(.geometry(offset: 300, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.send(.geometry(offset: 0, contentHeight: 2_000, viewportHeight: 600), at: 1_200, effects: [])
        let notch = Event.scroll(ScrollSample(.pixels(-10), source: .mouse))
        store.send(notch, at: 1_300, effects: []) { $0.counters.ignoredPulls += 1 }
        XCTAssertFalse(store.engine.isPulling)
        // The wheel rested for the idle interval: now it pulls.
        store.send(notch, at: 1_550, effects: []) {
            $0.header = Header.pulling(24, arrow: 0, progress: 0.375, lastUpdated: wall)
        }
    }

    func testAScrollEventSaysWhetherThePullTookIt() {
        let store = EngineStore.loaded()
        store.send(.geometry(offset: 300, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.send(.scroll(ScrollSample(.notches(1), source: .mouse)), at: 1_110, effects: [])
        XCTAssertFalse(store.tookInput, "a notch down mid-list scrolls the list")
        store.send(.geometry(offset: 0, contentHeight: 2_000, viewportHeight: 600), at: 1_200, effects: [])
        store.send(.scroll(ScrollSample(.notches(-1), source: .mouse)), at: 1_550, effects: []) {
            $0.header = Header.pulling(24, arrow: 0, progress: 0.375, lastUpdated: wall)
        }
        XCTAssertTrue(store.tookInput, "a notch up at the top, at rest: the pull takes it")
    }
}
