// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Spotter",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "spotter", targets: ["spotter"]),
    .library(name: "SpotterCore", targets: ["SpotterCore"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CLibical",
      pkgConfig: "libical",
      providers: [
        .apt(["libical-dev"]),
        .brew(["libical"]),
      ]
    ),
    .target(name: "SpotterCore"),
    .target(
      name: "SpotterIO",
      dependencies: [
        "SpotterCore",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
        .product(name: "TOMLKit", package: "TOMLKit"),
      ]
    ),
    .target(name: "SpotterICal", dependencies: ["SpotterCore", "CLibical"]),
    .target(name: "SpotterApp", dependencies: ["SpotterCore", "SpotterIO", "SpotterICal"]),
    .executableTarget(
      name: "spotter",
      dependencies: [
        "SpotterApp",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(name: "_SpotterTestSupport", dependencies: ["SpotterCore"], path: "Tests/_SpotterTestSupport"),
    .testTarget(name: "SpotterCoreTests", dependencies: ["SpotterCore", "_SpotterTestSupport"]),
    .testTarget(
      name: "SpotterIOTests",
      dependencies: ["SpotterIO", "_SpotterTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
      exclude: ["Snapshots"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "SpotterICalTests",
      dependencies: ["SpotterICal", "_SpotterTestSupport"],
      exclude: ["Snapshots"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "spotterTests",
      dependencies: ["spotter", "SpotterICal", "_SpotterTestSupport"]
    ),
  ]
)
