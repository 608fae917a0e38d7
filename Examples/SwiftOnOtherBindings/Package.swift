// swift-tools-version:6.2
// A Swift app with a GTK module of its own (CGtkApp, as an app on other GTK bindings has) that
// uses the installed refresh-list library through pkg-config and its C header: nothing of the
// refresh-list package (CGtk, GtkRefreshList) is in its graph.
import PackageDescription

let package = Package(
    name: "SwiftOnOtherBindings",
    targets: [
        // GTK 4 and refresh-list's header, from the installed refresh-list-1.pc (it requires gtk4).
        .systemLibrary(name: "CGtkApp", pkgConfig: "refresh-list-1"),
        .executableTarget(
            name: "Feed", dependencies: ["CGtkApp"], swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
