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
        .testTarget(
            name: "RefreshEngineTests",
            dependencies: ["RefreshEngine"],
            swiftSettings: swiftSettings
        ),
    ]
)
