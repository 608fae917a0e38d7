// swift-tools-version:6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "RefreshList",
    products: [
        .library(name: "RefreshEngine", targets: ["RefreshEngine"]),
    ],
    targets: [
        // Every pull-to-refresh and load-more decision. Standard library only.
        .target(name: "RefreshEngine", swiftSettings: swiftSettings),
        // Counts the test thread's heap allocations (interposes malloc in the test executable).
        .target(name: "AllocationCounter", path: "Tests/AllocationCounter"),
        .testTarget(
            name: "RefreshEngineTests",
            dependencies: ["RefreshEngine", "AllocationCounter"],
            swiftSettings: swiftSettings
        ),
    ]
)
