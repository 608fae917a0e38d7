// The GNOME way: meson setup, compile and install into a temporary DESTDIR through
// meson-wrapper.sh, then validate the installed files and run the installed app translated.

import Foundation
import XCTest

final class MesonTests: XCTestCase {
    private let sourceRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @discardableResult
    private func run(_ arguments: [String], environment: [String: String] = [:], in directory: String? = nil) throws
        -> String
    {
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
        XCTAssertEqual(process.terminationStatus, 0, "\(arguments.joined(separator: " ")):\n\(text.suffix(3_000))")
        return text
    }

    func testMesonBuildsInstallsAndTheInstalledFilesValidate() throws {
        let work = NSTemporaryDirectory() + "refresh-meson-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: work) }
        let build = work + "/build"
        let destination = work + "/destdir"
        try run(["meson", "setup", build, "--prefix=/usr", "--buildtype=debug"], in: sourceRoot)
        try run(["meson", "compile", "-C", build])
        try run(["meson", "install", "-C", build], environment: ["DESTDIR": destination])
        let prefix = destination + "/usr"
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
        ]
        for file in installed {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix + "/" + file), "installed \(file)")
        }
        try run(["desktop-file-validate", prefix + "/share/applications/io.github.refreshlist.RefreshDemo.desktop"])
        try run([
            "appstreamcli", "validate", "--no-net",
            prefix + "/share/metainfo/io.github.refreshlist.RefreshDemo.metainfo.xml",
        ])
        try run(["meson", "test", "-C", build])

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
}
