// swift-tools-version:6.2
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "RefreshList",
    products: [
        .library(name: "RefreshEngine", targets: ["RefreshEngine"]),
        .library(name: "GtkRefreshList", targets: ["GtkRefreshList"]),
        // The widget as a shared library for C, Python, Vala and other GObject apps
        // (librefresh-list-1.so; meson installs it with its header, pkg-config file and GIR).
        .library(name: "refresh-list-1", type: .dynamic, targets: ["GtkRefreshList"]),
        .executable(name: "refresh-demo", targets: ["RefreshDemo"]),
        .executable(name: "refresh-bench", targets: ["RefreshBenchmarks"]),
        .executable(name: "refresh-example", targets: ["RefreshExample"]),
    ],
    targets: [
        // Every pull-to-refresh and load-more decision. Standard library only.
        .target(name: "RefreshEngine", swiftSettings: swiftSettings),
        // The seeded generator the demo's feed and the engine's property test share (stdlib only).
        // The demo ships it, so it lives in Sources/; Tools/ holds what only the project's tests
        // and benchmarks use.
        .target(name: "SeededRandom", swiftSettings: swiftSettings),
        // GTK 4 from Debian's libgtk-4-dev, through pkg-config and a module map.
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        // libadwaita from Debian's libadwaita-1-dev, for the demo app only.
        .systemLibrary(name: "CAdwaita", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev"])]),
        // GTK plumbing shared by the widget, the demo and the benchmarks: signal connections,
        // pointer casts, the main-loop bridge, gettext, rendering to PNG. Not part of the widget's API.
        // MainLoopBridge finds libdispatch's main-queue hooks at run time (they are not public).
        .target(name: "GtkInterop", dependencies: ["CGtk"], swiftSettings: swiftSettings),
        // The GTK widget: translates input into engine events and renders the engine's state.
        .target(
            name: "GtkRefreshList", dependencies: ["CGtk", "RefreshEngine", "GtkInterop"], swiftSettings: swiftSettings),
        // A list's parts found in its documented widget tree, and drags emitted on its own
        // gesture: for the demo (its trace and screenshot script, so it ships: Sources/), the
        // benchmarks and the widget tests. Not part of the widget's API.
        .target(name: "ListProbe", dependencies: ["CGtk", "GtkInterop"], swiftSettings: swiftSettings),
        // GTK's test checks and signal emission for the widget tests (variadic in C).
        .systemLibrary(name: "CGtkTestSupport", path: "Tests/CGtkTestSupport", pkgConfig: "gtk4"),
        .testTarget(
            name: "GtkRefreshListTests",
            dependencies: [
                "GtkRefreshList", "GtkInterop", "CGtk", "CGtkTestSupport", "RefreshEngine", "SeededRandom",
                "WaylandSupport", "ListProbe",
            ],
            swiftSettings: swiftSettings
        ),
        // The smallest app that uses the list; the README quotes it.
        .executableTarget(
            name: "RefreshExample", dependencies: ["CGtk", "GtkRefreshList", "RefreshEngine"],
            path: "Examples/RefreshExample", swiftSettings: swiftSettings),
        // libsoup 3, the demo's HTTP client for its network feed (the widget does not use it).
        .systemLibrary(name: "CSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
        // SQLite 3, the demo's timeline cache (the widget does not use it).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // The demo's rows (a timeline status with its avatar and pictures) and their image store:
        // for the demo app and for benchmark 3, which scrolls the same rows.
        .target(
            name: "TimelineRows", dependencies: ["CGtk", "CAdwaita", "CSoup", "GtkInterop", "GtkRefreshList"],
            swiftSettings: swiftSettings),
        // The desktop app.
        .executableTarget(
            name: "RefreshDemo",
            dependencies: [
                "CGtk", "CAdwaita", "CSoup", "CSQLite", "GtkInterop", "GtkRefreshList", "RefreshEngine",
                "SeededRandom", "ListProbe", "TimelineRows",
            ],
            swiftSettings: swiftSettings,
            // It names libdispatch's main-queue hooks (main.swift), so it links libdispatch itself.
            linkerSettings: [.linkedLibrary("dispatch")]),
        .testTarget(
            name: "RefreshDemoTests",
            dependencies: [
                "RefreshDemo", "RefreshExample", "RefreshEngine", "WaylandSupport", "CSQLite", "CGtk", "TimelineRows",
            ],
            swiftSettings: swiftSettings),
        // A headless mutter and real input through its remote-desktop API, for the Wayland tests.
        .target(name: "WaylandSupport", path: "Tools/WaylandSupport", swiftSettings: swiftSettings),
        // The benchmarks of BENCHMARKS.md (run through Tests/Benchmarks/run.sh).
        .executableTarget(
            name: "RefreshBenchmarks",
            dependencies: [
                "CGtk", "CAdwaita", "GtkInterop", "GtkRefreshList", "RefreshEngine", "AllocationCounter",
                "WaylandSupport", "ListProbe", "TimelineRows",
            ],
            path: "Tools/RefreshBenchmarks", swiftSettings: swiftSettings),
        // Counts a thread's heap allocations by interposing malloc in the executable that links
        // it: the engine's zero-allocation test and the benchmarks. Off under AddressSanitizer.
        .target(name: "AllocationCounter", path: "Tools/AllocationCounter"),
        .testTarget(
            name: "RefreshEngineTests",
            dependencies: ["RefreshEngine", "AllocationCounter", "SeededRandom"],
            swiftSettings: swiftSettings
        ),
    ]
)
