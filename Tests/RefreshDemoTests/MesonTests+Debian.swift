// The Debian packages a distribution would ship: built from a copy of the source tree with
// `dpkg-buildpackage -b -us -uc -d` (the Swift toolchain is not a Debian 12 package, so build
// dependencies are not checked), checked by lintian (no error), installed with dpkg, and used as
// a GNOME developer on Debian would use them: the Python, C and Vala feeds built and run against
// the system's paths with no environment of ours, worked with a real wheel; then removed.

import Foundation
import XCTest

extension MesonTests {
    /// The packages the source builds, in the order dpkg installs them.
    static let debianPackages = ["librefresh-list-1-0", "gir1.2-refresh-1", "librefresh-list-1-dev", "refresh-demo"]

    func testTheDebianPackagesBuildPassLintianInstallAndServeThreeLanguages() throws {
        // A machine where they are installed already is a developer's: its packages stay.
        let status = try runToEnd([
            "sh", "-c", "dpkg-query -W -f '${Status}\\n' librefresh-list-1-0 2>/dev/null || true",
        ])
        if status.contains("install ok installed") {
            throw XCTSkip("librefresh-list-1-0 is installed on this machine; the test would replace it")
        }
        let sudo = getuid() == 0 ? [] : ["sudo", "-n"]
        let architecture = try runToEnd(["dpkg", "--print-architecture"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let work = NSTemporaryDirectory() + "refresh-debian-\(UUID().uuidString)"
        let tree = work + "/refresh-list"
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        // The tree as git knows it (tracked and new files), without any build directory.
        try runToEnd(
            [
                "sh", "-c",
                "git ls-files -co --exclude-standard | grep -v '^\\.build/' | tar -cf - -T - | tar -xf - -C \"$0\"",
                tree,
            ], in: Installation.sourceRoot)
        try runToEnd(["dpkg-buildpackage", "-b", "-us", "-uc", "-d"], in: tree)
        let lintian = try runToEnd(
            [
                "lintian", "--fail-on", "error", "--tag-display-limit", "0",
                "refresh-list_0.1.0_\(architecture).changes",
            ],
            in: work)
        XCTAssertFalse(lintian.split(separator: "\n").contains { $0.hasPrefix("E: ") }, lintian)
        var sizes: [String] = []
        let files = Self.debianPackages.map { "\(work)/\($0)_0.1.0_\(architecture).deb" }
        for (package, file) in zip(Self.debianPackages, files) {
            let size = try runToEnd(["dpkg-deb", "-f", file, "Installed-Size"])
            sizes.append("\(package) \(size.trimmingCharacters(in: .whitespacesAndNewlines)) KiB")
        }
        print("Debian packages, installed size: \(sizes.joined(separator: ", "))")

        try runToEnd(sudo + ["dpkg", "-i"] + files)
        defer { _ = try? runToEnd(sudo + ["dpkg", "--purge"] + Self.debianPackages.reversed()) }
        let library = try runToEnd(["sh", "-c", "ls /usr/lib/*/librefresh-list-1.so.0"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let dynamic = try runToEnd(["readelf", "-d", library])
        XCTAssertFalse(dynamic.contains("swift"), "the installed library names a toolchain: \(dynamic)")
        XCTAssertFalse(try runToEnd(["ldd", library]).contains("not found"), "every library it needs is found")

        // The three languages, against the system's paths only.
        try feed(
            ["/usr/bin/python3", Installation.sourceRoot + "/Examples/python/feed.py"],
            named: "Refresh example \\(Python\\)", environment: [:])
        let flags = try runToEnd(["pkg-config", "--cflags", "--libs", "refresh-list-1"])
            .split(whereSeparator: \.isWhitespace).map(String.init)
        try runToEnd(
            [
                "cc", "-Wall", "-Wextra", "-Wno-unused-parameter", "-Werror",
                Installation.sourceRoot + "/Examples/c/feed.c",
            ]
                + flags + ["-o", work + "/feed-c"])
        try cursorFeed([work + "/feed-c"], named: "Refresh example \\(C\\)", environment: [:])
        // (C warnings off for valac 0.56's generated code, as in testAValaAppBuildsAgainstTheInstalledVapi.)
        try runToEnd(
            [
                "valac", "--fatal-warnings", "--pkg", "refresh-list-1", "-X", "-w",
                Installation.sourceRoot + "/Examples/vala/feed.vala", "-o", work + "/feed-vala",
            ], in: work)
        try cursorFeed([work + "/feed-vala"], named: "Refresh example \\(Vala\\)", environment: [:])
    }
}
