// The list binds its own gettext domain to the translations installed with it, so a host need
// not know the domain exists; a host that bound it elsewhere keeps its binding.

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import XCTest

final class TextDomainTests: XCTestCase {
    private static func binding(_ domain: String) -> String? {
        bindtextdomain(domain, nil).map { String(cString: $0) }
    }

    func testAnUnboundDomainIsBoundToTheBundledTranslations() throws {
        let directory = NSTemporaryDirectory() + "refresh-locale-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        TextDomains.bind("refresh-test-unbound", to: directory)
        XCTAssertEqual(Self.binding("refresh-test-unbound"), directory)
    }

    func testAHostsOwnBindingIsKept() {
        bindtextdomain("refresh-test-host", "/opt/host/locale")
        TextDomains.bind("refresh-test-host", to: "/somewhere/else")
        XCTAssertEqual(Self.binding("refresh-test-host"), "/opt/host/locale")
    }

    func testCreatingAListBindsItsDomainAndInstallsTheMainLoopBridge() throws {
        try onMainActor {
            _ = try GtkTest.makeList()
            XCTAssertTrue(MainLoopBridge.isInstalled)
            if let bundled = TextDomains.bundledLocaleDirectory {
                XCTAssertEqual(Self.binding(refreshListTextDomain), bundled)
            } else {
                XCTAssertNotNil(Self.binding(refreshListTextDomain), "gettext's default directory")
            }
        }
    }
}
