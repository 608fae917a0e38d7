// A real Wayland compositor for tests: a headless mutter on a private D-Bus session bus, and
// real input through mutter's org.gnome.Mutter.RemoteDesktop API. Apps started with
// `environment` are ordinary Wayland clients of that compositor (GDK_BACKEND=wayland).

import Foundation

/// Why a compositor or its input could not be set up.
public struct WaylandSessionError: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) { self.description = description }
}

/// A headless mutter with its own D-Bus session bus and XDG runtime directory.
public final class WaylandSession: @unchecked Sendable {
    /// The environment for clients of this compositor (and for `RemoteInput`).
    public let environment: [String: String]
    private let runtimeDirectory: String
    private let bus = Process()
    private let mutter = Process()
    private let mutterLog: String

    /// Starts the bus and the compositor and waits until both accept clients.
    public init(width: Int = 1280, height: Int = 800) throws {
        runtimeDirectory = NSTemporaryDirectory() + "refresh-wayland-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(
            atPath: runtimeDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let busSocket = runtimeDirectory + "/bus"
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + busSocket
        environment["WAYLAND_DISPLAY"] = "wayland-0"
        environment["GDK_BACKEND"] = "wayland"
        environment["DISPLAY"] = nil
        self.environment = environment
        mutterLog = runtimeDirectory + "/mutter.log"

        bus.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        bus.arguments = ["--session", "--nofork", "--nopidfile", "--address=unix:path=" + busSocket]
        bus.environment = environment
        bus.standardOutput = FileHandle.nullDevice
        bus.standardError = FileHandle.nullDevice
        try bus.run()
        try Self.waitFor(busSocket, what: "the D-Bus session bus")

        _ = FileManager.default.createFile(atPath: mutterLog, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: mutterLog))
        mutter.executableURL = URL(fileURLWithPath: "/usr/bin/mutter")
        mutter.arguments = ["--headless", "--wayland", "--no-x11", "--virtual-monitor", "\(width)x\(height)"]
        mutter.environment = environment
        mutter.standardOutput = log
        mutter.standardError = log
        try mutter.run()
        try Self.waitFor(runtimeDirectory + "/wayland-0", what: "mutter's Wayland socket") { [mutter, mutterLog] in
            mutter.isRunning
                ? nil : "mutter exited: " + ((try? String(contentsOfFile: mutterLog, encoding: .utf8)) ?? "")
        }
    }

    deinit { stop() }

    /// Stops the compositor and the bus, and removes the runtime directory.
    public func stop() {
        for process in [mutter, bus] where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    /// What mutter printed so far.
    public var log: String { (try? String(contentsOfFile: mutterLog, encoding: .utf8)) ?? "" }

    private static func waitFor(
        _ path: String, what: String, timeout: TimeInterval = 60, failure: () -> String? = { nil }
    ) throws {
        try waitUntil("\(what) at \(path)", timeout: timeout, failure: failure) {
            FileManager.default.fileExists(atPath: path)
        }
    }
}

/// Polls `condition` every 50 ms until it holds; throws when `failure` names a reason first
/// (the compositor exited, say) or after `timeout` seconds.
func waitUntil(
    _ what: String, timeout: TimeInterval = 60, failure: () -> String? = { nil }, _ condition: () -> Bool
) throws(WaylandSessionError) {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if let message = failure() { throw WaylandSessionError(description: message) }
        if Date() > deadline { throw WaylandSessionError(description: "\(what) did not appear") }
        usleep(50_000)
    }
}

/// Real pointer, keyboard and touch input for the compositor of `environment`, from one long-lived
/// injector process: for mutter a remote-desktop session (`Tests/Wayland/remote-input.py`;
/// mutter ends a session when the client that created it disconnects), for wlroots compositors
/// a virtual pointer (`Tests/Wayland/wlr-pointer.py`, which can also lift the fingers).
public final class RemoteInput: @unchecked Sendable {
    /// Which compositor API the injector speaks.
    public enum Injector: String, Sendable {
        /// mutter's org.gnome.Mutter.RemoteDesktop (pointer, keyboard and touchscreen).
        case mutter = "remote-input.py"
        /// wlroots' zwlr_virtual_pointer_manager_v1 (pointer only, with axis_stop).
        case wlroots = "wlr-pointer.py"
    }

    private let injector: Injector
    private let process = Process()
    private let commands = Pipe()
    private let answers = Pipe()
    private var pending = Data()

    /// evdev code of the left mouse button.
    public static let leftButton = 272
    /// X keysyms.
    public static let f5 = 0xFFC2, controlL = 0xFFE3, shiftL = 0xFFE1, letterR = 0x72, letterQ = 0x71
    /// X keysyms: Alt, the Left arrow, Escape, Return.
    public static let altL = 0xFFE9, left = 0xFF51, escape = 0xFF1B, returnKey = 0xFF0D

    /// Opens the session; throws if the compositor's input API does not answer. With
    /// `touchscreen` (mutter only) the session can also touch (`touch-down`, `touch-motion`,
    /// `touch-up`): mutter then needs a PipeWire daemon (see `Tests/Wayland/session.sh`).
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment, injector: Injector = .mutter,
        touchscreen: Bool = false
    ) throws {
        self.injector = injector
        process.executableURL = URL(fileURLWithPath: Self.scripts + "/" + injector.rawValue)
        process.arguments = touchscreen ? ["--touchscreen"] : []
        process.environment = environment
        process.standardInput = commands
        process.standardOutput = answers
        try process.run()
        let first = try readLine()
        guard first == "ready" else { throw WaylandSessionError(description: "remote input: \(first)") }
    }

    deinit {
        try? commands.fileHandleForWriting.close()
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// The injector scripts' folder (`Tests/Wayland`), found from this source file's place in
    /// the package (`Tools/WaylandSupport`).
    static let scripts: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Wayland").path
    }()

    /// Sends one command and waits until mutter has taken it.
    public func send(_ command: String) throws {
        try commands.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
        let answer = try readLine()
        guard answer.hasPrefix("ok ") else { throw WaylandSessionError(description: "remote input: \(answer)") }
    }

    /// Moves the pointer to (`x`, `y`) on the monitor: to the corner first, where it clamps.
    public func movePointer(toX x: Double, y: Double) throws {
        try send("home")
        try send("motion \(x) \(y)")
    }

    /// `count` discrete wheel notches, `delayMs` apart (the input's pace, see `InputPace`); up
    /// when `up`.
    public func wheel(up: Bool, count: Int = 1, delayMs: Int = InputPace.pullNotchMs) throws {
        for index in 0..<count {
            if index > 0 { try send("sleep \(delayMs)") }
            try send("wheel \(up ? -1 : 1)")
        }
    }

    /// A two-finger scroll: `steps` frames of `dy` px each (negative scrolls up, toward the
    /// top), `frameMs` apart, then the fingers lift (mutter 43 does not pass that on as a stop;
    /// wlroots sends wl_pointer.axis_stop).
    public func fingerScroll(dy: Double, steps: Int, frameMs: Int = InputPace.frameMs, lift: Bool = true) throws {
        for _ in 0..<steps {
            switch injector {
            case .mutter: try send("axis 0 \(dy) 4")
            case .wlroots: try send("finger \(dy)")
            }
            try send("sleep \(frameMs)")
        }
        guard lift else { return }
        switch injector {
        case .mutter: try send("axis 0 0 5")
        case .wlroots: try send("lift")
        }
    }

    /// A left-button drag by `dy` px in `steps` moves.
    public func drag(dy: Double, steps: Int = 10, stepMs: Int = InputPace.frameMs) throws {
        try send("button \(Self.leftButton) 1")
        for _ in 0..<steps {
            try send("sleep \(stepMs)")
            try send("motion 0 \(dy / Double(steps))")
        }
        try send("sleep \(stepMs)")
        try send("button \(Self.leftButton) 0")
    }

    /// A left click where the pointer is.
    public func click() throws {
        try send("button \(Self.leftButton) 1")
        try send("button \(Self.leftButton) 0")
    }

    /// Presses and releases `keysym`, with Control held when `control`, Shift when `shift` and
    /// Alt when `alt`.
    public func key(_ keysym: Int, control: Bool = false, shift: Bool = false, alt: Bool = false) throws {
        if control { try send("key \(Self.controlL) 1") }
        if shift { try send("key \(Self.shiftL) 1") }
        if alt { try send("key \(Self.altL) 1") }
        try send("key \(keysym) 1")
        try send("key \(keysym) 0")
        if alt { try send("key \(Self.altL) 0") }
        if shift { try send("key \(Self.shiftL) 0") }
        if control { try send("key \(Self.controlL) 0") }
    }

    private func readLine() throws(WaylandSessionError) -> String {
        let handle = answers.fileHandleForReading
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                return line
            }
            // availableData returns as soon as anything arrives (read(upToCount:) waits to fill).
            let data = handle.availableData
            guard !data.isEmpty else {
                throw WaylandSessionError(description: "remote input exited")
            }
            pending.append(data)
        }
    }
}
