// A second real Wayland compositor for tests: sway's headless backend (wlroots). Unlike
// mutter 43's virtual pointer, a wlroots virtual pointer ends a finger scroll with
// wl_pointer.axis_stop, so the lift of the fingers (GTK's scroll-end) is tested for real.

import Foundation

/// A headless sway with a private XDG runtime directory. sway refuses to run as root, so when
/// the tests are root it runs as `nobody` (the runtime directory is then nobody's; root's
/// clients still connect).
public final class SwaySession: @unchecked Sendable {
    /// The environment for clients of this compositor (and for `RemoteInput(injector: .wlroots)`).
    public let environment: [String: String]
    private let runtimeDirectory: String
    private let sway = Process()

    public init(width: Int = 1280, height: Int = 800) throws {
        runtimeDirectory = NSTemporaryDirectory() + "refresh-sway-\(UUID().uuidString.prefix(8))"
        let manager = FileManager.default
        try manager.createDirectory(
            atPath: runtimeDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let config = runtimeDirectory + "/config"
        try "output HEADLESS-1 resolution \(width)x\(height)\ndefault_border none\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let asRoot = getuid() == 0
        if asRoot {
            try manager.setAttributes(
                [.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: runtimeDirectory)
            try manager.setAttributes([.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: config)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment["DISPLAY"] = nil
        var compositorEnvironment = environment
        compositorEnvironment["WLR_BACKENDS"] = "headless"
        compositorEnvironment["WLR_LIBINPUT_NO_DEVICES"] = "1"
        compositorEnvironment["WLR_RENDERER"] = "pixman"
        compositorEnvironment["HOME"] = runtimeDirectory
        compositorEnvironment["WAYLAND_DISPLAY"] = nil
        let log = runtimeDirectory + "/sway.log"
        _ = manager.createFile(atPath: log, contents: nil)
        let logHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        sway.executableURL = URL(fileURLWithPath: asRoot ? "/usr/bin/setpriv" : "/usr/bin/sway")
        sway.arguments =
            (asRoot ? ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/sway"] : [])
            + ["--config", config]
        sway.environment = compositorEnvironment
        sway.standardOutput = logHandle
        sway.standardError = logHandle
        try sway.run()

        // sway names its socket wayland-N with the first free N.
        var socket: String?
        try waitUntil(
            "sway's Wayland socket",
            failure: { [sway] in
                sway.isRunning ? nil : "sway exited: " + ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
            }
        ) { [runtimeDirectory] in
            socket = (try? manager.contentsOfDirectory(atPath: runtimeDirectory))?
                .first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
            return socket != nil
        }
        environment["WAYLAND_DISPLAY"] = socket
        environment["GDK_BACKEND"] = "wayland"
        self.environment = environment
    }

    deinit { stop() }

    /// Stops the compositor and removes the runtime directory.
    public func stop() {
        if sway.isRunning {
            sway.terminate()
            sway.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }
}
