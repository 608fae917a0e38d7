// The GNOME way: meson setup, compile and install into a temporary DESTDIR through
// meson-wrapper.sh, then validate the installed files and run the installed app translated;
// and the installed library used as other apps use it: the same small feed in Python
// (PyGObject, through the typelib), C (pkg-config and the header) and Vala (the vapi), each built
// against the installed files alone and driven by a real wheel on the test's X display.

import Foundation
import XCTest

/// Runs a command to completion (in `directory`, with the test's environment plus
/// `environment`) and returns its output; fails the test with that output unless it exits 0.
@discardableResult
func runToEnd(
    _ arguments: [String], environment: [String: String] = [:], in directory: String? = nil,
    file: StaticString = #filePath, line: UInt = #line
) throws -> String {
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    XCTAssertEqual(
        process.terminationStatus, 0, "\(arguments.joined(separator: " ")):\n\(text.suffix(3_000))", file: file,
        line: line)
    return text
}

/// One meson build and install of the package, into DESTDIR `destination` with prefix /usr and
/// libdir `lib`, made once for every test here.
struct Installation: Sendable {
    static let sourceRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    let work: String
    let build: String
    /// The installed tree (`DESTDIR` + `/usr`).
    let prefix: String

    /// Made on first use; the tests that need it share it (it takes minutes).
    nonisolated(unsafe) private static var shared: Installation?

    static func make() throws -> Installation {
        if let shared { return shared }
        let work = NSTemporaryDirectory() + "refresh-meson-\(UUID().uuidString)"
        let build = work + "/build"
        let destination = work + "/destdir"
        try runToEnd(
            ["meson", "setup", build, "--prefix=/usr", "--libdir=lib"], in: sourceRoot)
        try runToEnd(["meson", "compile", "-C", build])
        try runToEnd(["meson", "install", "-C", build], environment: ["DESTDIR": destination])
        let installation = Installation(work: work, build: build, prefix: destination + "/usr")
        try installation.relocatePkgConfig()
        shared = installation
        return installation
    }

    /// What an app built against the installed library (not on the system's paths) needs to
    /// find it: pkg-config's file (a copy whose prefix is the installed tree: pkg-config's own
    /// sysroot option would move GTK's paths too), the typelib and the shared library.
    var environment: [String: String] {
        [
            "PKG_CONFIG_PATH": work + "/pkgconfig",
            "GI_TYPELIB_PATH": prefix + "/lib/girepository-1.0",
            "LD_LIBRARY_PATH": prefix + "/lib",
        ]
    }

    /// Writes the copy of refresh-list-1.pc that `environment` names.
    fileprivate func relocatePkgConfig() throws {
        let installed = try String(contentsOfFile: prefix + "/lib/pkgconfig/refresh-list-1.pc", encoding: .utf8)
        let moved = installed.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("prefix=") ? "prefix=" + prefix : String(line)
        }
        try FileManager.default.createDirectory(atPath: work + "/pkgconfig", withIntermediateDirectories: true)
        try moved.joined(separator: "\n").write(
            toFile: work + "/pkgconfig/refresh-list-1.pc", atomically: true, encoding: .utf8)
    }

    /// `pkg-config --cflags --libs refresh-list-1`, split.
    func compilerFlags() throws -> [String] {
        try runToEnd(["pkg-config", "--cflags", "--libs", "refresh-list-1"], environment: environment)
            .split(whereSeparator: \.isWhitespace).map(String.init)
    }
}

final class MesonTests: XCTestCase {
    func testMesonBuildsInstallsAndTheInstalledFilesValidate() throws {
        let installation = try Installation.make()
        let prefix = installation.prefix
        let installed = [
            "bin/refresh-demo",
            "share/applications/io.github.refreshlist.RefreshDemo.desktop",
            "share/metainfo/io.github.refreshlist.RefreshDemo.metainfo.xml",
            "share/icons/hicolor/scalable/apps/io.github.refreshlist.RefreshDemo.svg",
            "share/icons/hicolor/symbolic/apps/io.github.refreshlist.RefreshDemo-symbolic.svg",
            "share/refresh-demo/style.css",
            "share/locale/zh_CN/LC_MESSAGES/refresh-demo.mo",
            "share/locale/zh_CN/LC_MESSAGES/refresh-list.mo",
            "share/locale/zh_TW/LC_MESSAGES/refresh-demo.mo",
            "share/locale/zh_TW/LC_MESSAGES/refresh-list.mo",
            "lib/librefresh-list-1.so.0",
            "lib/librefresh-list-1.so",
            "include/refresh-list-1/refresh-list/refresh-list.h",
            "lib/pkgconfig/refresh-list-1.pc",
            "share/gir-1.0/Refresh-1.gir",
            "lib/girepository-1.0/Refresh-1.typelib",
            "share/vala/vapi/refresh-list-1.vapi",
            "share/vala/vapi/refresh-list-1.deps",
            "share/doc/refresh-list-1/index.html",
            "share/doc/refresh-list-1/class.List.html",
            "share/doc/refresh-list-1/refresh-list-1.devhelp2",
        ]
        for file in installed {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix + "/" + file), "installed \(file)")
        }
        // The library names itself by its soname and carries its Swift runtime: its run path
        // names no toolchain, and every library it needs is the system's.
        let library = prefix + "/lib/librefresh-list-1.so.0"
        let dynamic = try runToEnd(["readelf", "-d", library])
        XCTAssertTrue(dynamic.contains("Library soname: [librefresh-list-1.so.0]"), dynamic)
        XCTAssertTrue(dynamic.contains("Library runpath: [$ORIGIN]"), dynamic)
        XCTAssertFalse(dynamic.contains("swift"), "a Swift runtime library needed, or a toolchain path: \(dynamic)")
        let linked = try runToEnd(["ldd", library])
        for line in linked.split(separator: "\n") where line.contains("=>") {
            XCTAssertTrue(
                line.contains("=> /lib/") || line.contains("=> /usr/lib/"), "found outside the system: \(line)")
        }
        let app = try runToEnd(["readelf", "-d", prefix + "/bin/refresh-demo"])
        XCTAssertFalse(app.contains("swift"), "the app needs a Swift runtime library or a toolchain path: \(app)")
        // Optimized: no -Onone support library.
        XCTAssertFalse(linked.contains("OnoneSupport"), linked)
        // Its ABI: the exported symbols are the C API, as data/librefresh-list-1.symbols lists them
        // (a change to the C ABI shows in review as a change to that file).
        let exported = try runToEnd(["nm", "-D", "--defined-only", library]).split(separator: "\n")
            .map { $0.split(separator: " ") }.filter { $0.count == 3 && $0[1].first!.isUppercase }.map { String($0[2]) }
            .sorted()
        let listed = try String(
            contentsOfFile: Installation.sourceRoot + "/data/librefresh-list-1.symbols", encoding: .utf8
        ).split(separator: "\n").map(String.init)
        XCTAssertEqual(exported, listed, "the exported symbols differ from data/librefresh-list-1.symbols")
        // It needs none of libdispatch's private hooks: a C or Python app's list never awaits.
        let undefined = try runToEnd(["nm", "-D", "--undefined-only", prefix + "/lib/librefresh-list-1.so.0"])
        XCTAssertFalse(undefined.contains("_4CF"), "a private libdispatch symbol: \(undefined)")
        let gir = try String(contentsOfFile: prefix + "/share/gir-1.0/Refresh-1.gir", encoding: .utf8)
        XCTAssertTrue(gir.contains("shared-library=\"librefresh-list-1.so.0\""), "the typelib loads the soname")
        try runToEnd([
            "desktop-file-validate", prefix + "/share/applications/io.github.refreshlist.RefreshDemo.desktop",
        ])
        try runToEnd([
            "appstreamcli", "validate", "--no-net",
            prefix + "/share/metainfo/io.github.refreshlist.RefreshDemo.metainfo.xml",
        ])
        try runToEnd(["meson", "test", "-C", installation.build])

        // The installed app finds its translations under the prefix.
        for (language, title) in [("zh_CN", "刷新列表"), ("zh_TW", "重新整理清單"), ("C", "Refresh List")] {
            let app = try DemoProcess(
                ["--trace"], executable: prefix + "/bin/refresh-demo",
                environment: ["LANGUAGE": language, "LC_ALL": "C.UTF-8"])
            app.wait("the launch line") { $0.trace.contains { $0["milestone"] as? String == "launch" } }
            let launch = app.trace.first { $0["milestone"] as? String == "launch" }
            XCTAssertEqual(launch?["title"] as? String, title, language)
            app.stop()
        }
    }

    func testAPythonAppUsesTheInstalledLibraryThroughIntrospection() throws {
        let installation = try Installation.make()
        let script = Installation.sourceRoot + "/Examples/python/feed.py"
        try feed(["/usr/bin/python3", script], named: "Refresh example \\(Python\\)", installation)
    }

    func testACAppBuildsAgainstTheInstalledHeaderAndPkgConfig() throws {
        let installation = try Installation.make()
        let binary = installation.work + "/feed-c"
        try runToEnd(
            [
                "cc", "-Wall", "-Wextra", "-Wno-unused-parameter", "-Werror",
                Installation.sourceRoot + "/Examples/c/feed.c",
            ]
                + installation.compilerFlags() + ["-o", binary], environment: installation.environment)
        try cursorFeed([binary], named: "Refresh example \\(C\\)", installation)
    }

    /// With single-click-activate, a click on a row opens it: from Python through the GIR, and
    /// from C through the header (the runs above open a row by Enter, the property off).
    func testWithSingleClickActivateAClickOpensARowFromPythonAndFromC() throws {
        let installation = try Installation.make()
        try opensOnSingleClick(
            ["/usr/bin/python3", Installation.sourceRoot + "/Examples/python/feed.py", "--single-click-activate"],
            named: "Refresh example \\(Python\\)", newest: 20, installation)
        let binary = installation.work + "/feed-c-single-click"
        try runToEnd(
            [
                "cc", "-Wall", "-Wextra", "-Wno-unused-parameter", "-Werror",
                Installation.sourceRoot + "/Examples/c/feed.c",
            ]
                + installation.compilerFlags() + ["-o", binary], environment: installation.environment)
        try opensOnSingleClick(
            [binary, "--single-click-activate"], named: "Refresh example \\(C\\)", newest: 60, installation)
    }

    func testAValaAppBuildsAgainstTheInstalledVapi() throws {
        let installation = try Installation.make()
        let binary = installation.work + "/feed-vala"
        // Vala's generated C code trips GLib 2.74's atomic macros (-Wincompatible-pointer-types),
        // a warning of valac 0.56's, not the example's: C warnings are off; Vala's are errors.
        try runToEnd(
            [
                "valac", "--fatal-warnings", "--vapidir=" + installation.prefix + "/share/vala/vapi",
                "--pkg", "refresh-list-1", "-X", "-w",
            ] + installation.compilerFlags().flatMap { ["-X", $0] } + [
                Installation.sourceRoot + "/Examples/vala/feed.vala", "-o", binary,
            ], environment: installation.environment, in: installation.work)
        try cursorFeed([binary], named: "Refresh example \\(Vala\\)", installation)
    }

    func testASwiftPackageWithItsOwnGtkModuleUsesTheInstalledLibrary() throws {
        let installation = try Installation.make()
        let package = Installation.sourceRoot + "/Examples/SwiftOnOtherBindings"
        let scratch = installation.work + "/swift-bindings"
        try runToEnd(
            ["swift", "build", "--package-path", package, "--scratch-path", scratch],
            environment: installation.environment)
        // Its graph: its own two targets and no package dependency.
        let description = try runToEnd(
            ["swift", "package", "--package-path", package, "--scratch-path", scratch, "describe", "--type", "json"])
        let json = try JSONSerialization.jsonObject(with: Data(description.utf8)) as? [String: Any]
        let targets = (json?["targets"] as? [[String: Any]])?.compactMap { $0["name"] as? String }.sorted()
        XCTAssertEqual(targets, ["CGtkApp", "Feed"], description)
        XCTAssertEqual((json?["dependencies"] as? [Any])?.count ?? 0, 0, description)
        try feed([scratch + "/debug/Feed"], named: "Refresh example \\(Swift on other bindings\\)", installation)
    }

    /// Runs a feed whose newest row is "Post `newest`" with a single click opening a row: one
    /// click on a row in view opens that row, once.
    func opensOnSingleClick(
        _ command: [String], named title: String, newest: Int, _ installation: Installation
    ) throws {
        let app = try DemoProcess(
            Array(command.dropFirst()), executable: command[0], environment: installation.environment)
        defer { app.stop() }
        app.wait("the first rows shown (\(app.trace.suffix(4)); \(app.stderr.suffix(500)))") { _ in
            app.trace.contains { ($0["rows"] as? Int ?? 0) >= 20 }
        }
        guard let window = xWindow(named: title) else { return XCTFail("no window \(title)") }
        shell(["xdotool", "mousemove", "--window", window, "180", "200"])
        shell(["xdotool", "click", "1"])
        app.wait("a click opened a row (\(app.trace.suffix(4)))") { _ in !Self.activations(app).isEmpty }
        try Self.checkOpened(app, newest: newest)
    }

    /// The rows the app said were opened: position and post.
    static func activations(_ app: DemoProcess) -> [(position: Int, post: String)] {
        app.trace.filter { $0["event"] as? String == "activate" }.map {
            ($0["position"] as? Int ?? -1, $0["post"] as? String ?? "")
        }
    }

    /// One row opened, a row in view (not the footer), and the post at its position.
    static func checkOpened(_ app: DemoProcess, newest: Int) throws {
        let opened = activations(app)
        XCTAssertEqual(opened.count, 1, "one row opened: \(opened)")
        let row = try XCTUnwrap(opened.first)
        XCTAssertTrue((1..<15).contains(row.position), "a row in view at the pointer: \(row)")
        XCTAssertEqual(row.post, "Post \(newest - row.position)", "the row at that position")
    }

    /// Opens the row under the pointer as a keyboard user does: a click focuses it (a single
    /// click opens nothing without single-click-activate), Enter opens it.
    func opensOnEnter(_ app: DemoProcess, window: String) {
        shell(["xdotool", "mousemove", "--window", window, "180", "200"])
        shell(["xdotool", "click", "1"])
        shell(["xdotool", "key", "Return"])
        app.wait("Enter opened the focused row (\(app.trace.suffix(4)))") { _ in !Self.activations(app).isEmpty }
    }

    /// Runs one language's cursor feed (C, Vala) and works it as a user: it fills itself by
    /// cursor (the newest rows, then those older than the last row, since twenty rows do not
    /// reach the end of its window), a wheel pull at the top refreshes once and shows the new
    /// rows, N receives a post that goes on top at once, and the wheel down to the end asks for
    /// the rows older than the last one shown, whose failure keeps every row and shows Retry.
    func cursorFeed(_ command: [String], named title: String, _ installation: Installation) throws {
        try cursorFeed(command, named: title, environment: installation.environment)
    }

    /// `cursorFeed` with the app's environment given (nothing more for an app on the system's paths).
    func cursorFeed(_ command: [String], named title: String, environment: [String: String]) throws {
        let app = try DemoProcess(Array(command.dropFirst()), executable: command[0], environment: environment)
        defer { app.stop() }
        let lines = { app.trace }
        func asked(_ kind: String) -> [String?] {
            lines().filter { $0["kind"] as? String == kind }.map { $0["cursor"] as? String }
        }
        func rows() -> (count: Int, first: String?)? {
            lines().last { $0["rows"] != nil }.map { ($0["rows"] as? Int ?? -1, $0["first"] as? String) }
        }
        app.wait("the newest rows and the older ones shown (\(lines().suffix(4)); \(app.stderr.suffix(500)))") {
            _ in rows()?.count == 40 && lines().last?["footer"] as? String == "idle"
        }
        XCTAssertEqual(asked("newest").count, 1)
        XCTAssertEqual(asked("older"), ["Post 41"], "the rows older than the last one shown")
        XCTAssertEqual(rows()?.first, "Post 60")
        guard let window = xWindow(named: title) else { return XCTFail("no window \(title)") }
        opensOnEnter(app, window: window)
        try Self.checkOpened(app, newest: 60)
        shell(["xdotool", "mousemove", "--window", window, "180", "200"])
        let pulled = poll(every: 0.5, timeout: 60) {
            if asked("newest").count < 2 { shell(["xdotool", "click", "--repeat", "4", "--delay", "60", "4"]) }
            return asked("newest").count >= 2
        }
        XCTAssertTrue(pulled, "a wheel pull at the top asked for the newest rows: \(lines().suffix(6))")
        app.wait("the refresh's new rows and the older ones shown (\(lines().suffix(4)))") { _ in
            rows()?.first == "Post 63" && rows()?.count == 40 && lines().last?["footer"] as? String == "idle"
        }
        XCTAssertEqual(asked("newest").count, 2, "one pull, one refresh")
        // A post arrives while the list is at its top: it goes on top at once.
        shell(["xdotool", "windowfocus", "--sync", window])
        shell(["xdotool", "key", "n"])
        app.wait("the received post on top (\(String(describing: rows())))") { _ in
            rows()?.first == "Post 64" && rows()?.count == 41
        }
        XCTAssertTrue(lines().contains { $0["event"] as? String == "receive" && $0["taken"] as? Bool == true })
        // Down to the end: the rows older than Post 24, then those older than Post 4, which fail.
        let askedPast = poll(every: 0.5, timeout: 60) {
            guard !asked("older").contains("Post 4") else { return true }
            shell(["xdotool", "click", "--repeat", "10", "--delay", "30", "5"])
            return asked("older").contains("Post 4")
        }
        XCTAssertTrue(askedPast, "the wheel down to the end asked for the rows older than Post 4: \(asked("older"))")
        app.wait("the footer's failure (\(lines().suffix(4)))") { _ in lines().last?["footer"] as? String == "failed" }
        XCTAssertEqual(rows()?.count, 61, "a failed page keeps every row")
        XCTAssertEqual(rows()?.first, "Post 64")
        XCTAssertEqual(Self.activations(app).count, 1, "the click before Enter, the wheel and N opened no row")
    }

    /// Runs one language's feed and works it as a user: it fills itself (a refresh, then the
    /// second page, since twenty rows do not reach the end of its window), a wheel pull at the
    /// top refreshes once and shows the new rows, and the wheel down to the end asks for the
    /// third page, whose failure keeps every row and shows the footer's Retry.
    func feed(_ command: [String], named title: String, _ installation: Installation) throws {
        try feed(command, named: title, environment: installation.environment)
    }

    /// `feed` with the app's environment given (nothing more for an app on the system's paths).
    func feed(_ command: [String], named title: String, environment: [String: String]) throws {
        let app = try DemoProcess(Array(command.dropFirst()), executable: command[0], environment: environment)
        defer { app.stop() }
        let lines = { app.trace }
        func count(_ event: String) -> Int { lines().filter { $0["event"] as? String == event }.count }
        func rows() -> (count: Int, first: String?)? {
            lines().last { $0["rows"] != nil }.map { ($0["rows"] as? Int ?? -1, $0["first"] as? String) }
        }
        app.wait("the first refresh and the second page shown (\(lines().suffix(4)); \(app.stderr.suffix(500)))") {
            _ in rows()?.count == 40 && lines().last?["footer"] as? String == "idle"
        }
        XCTAssertEqual(count("refresh"), 1)
        XCTAssertEqual(rows()?.first, "Post 20")
        guard let window = xWindow(named: title) else { return XCTFail("no window \(title)") }
        opensOnEnter(app, window: window)
        try Self.checkOpened(app, newest: 20)
        shell(["xdotool", "mousemove", "--window", window, "180", "200"])
        // A wheel pull at the top: four notches up, again while none started a refresh (the
        // list lets the wheel pull once it rested at the top for the wheel's idle interval).
        let pulled = poll(every: 0.5, timeout: 60) {
            if count("refresh") < 2 { shell(["xdotool", "click", "--repeat", "4", "--delay", "60", "4"]) }
            return count("refresh") >= 2
        }
        XCTAssertTrue(pulled, "a wheel pull at the top asked for a refresh: \(lines().suffix(6))")
        app.wait("the refresh's new rows shown at the top (\(String(describing: rows())))") { _ in
            rows()?.first == "Post 23"
        }
        XCTAssertEqual(count("refresh"), 2, "one pull, one refresh")
        app.wait("the second page again (\(lines().suffix(4)))") { _ in
            rows()?.count == 40 && lines().last?["footer"] as? String == "idle"
        }
        // Down to the end: the third page is asked for, fails, and every row stays.
        let asked = poll(every: 0.5, timeout: 60) {
            if !lines().contains(where: { $0["event"] as? String == "load-more" && $0["page"] as? Int == 3 }) {
                shell(["xdotool", "click", "--repeat", "10", "--delay", "30", "5"])
            }
            return lines().contains { $0["event"] as? String == "load-more" && $0["page"] as? Int == 3 }
        }
        XCTAssertTrue(asked, "the wheel down to the end asked for page 3: \(lines().suffix(6))")
        app.wait("the footer's failure (\(lines().suffix(4)))") { _ in lines().last?["footer"] as? String == "failed" }
        XCTAssertEqual(rows()?.count, 40, "a failed page keeps every row")
        XCTAssertEqual(rows()?.first, "Post 23")
        XCTAssertEqual(Self.activations(app).count, 1, "the click before Enter and the wheel opened no row")
    }
}
