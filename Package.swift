// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Spotter",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "spotter", targets: ["spotter"]),
    // The HTTPS client `spotter sync` runs beside spotter: URLSession's libcurl stays out of
    // every other command's start-up.
    .executable(name: "spotter-http", targets: ["spotter-http"]),
    .library(name: "SpotterCore", targets: ["SpotterCore"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
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
    // Apple Health's export.xml runs to gigabytes: libxml2's push parser reads it in chunks, from
    // the file or straight out of export.zip.
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [
        .apt(["libxml2-dev"]),
        .brew(["libxml2"]),
      ]
    ),
    .target(name: "SpotterCore"),
    .target(name: "CSpotterMalloc"),
    // Standard output's error flag, which Swift 6 cannot name (see spotter_stdio.h).
    .target(name: "CSpotterStdio"),
    // SQLite's process-wide settings, made before it starts (see spotter_sqlite.h).
    .target(
      name: "CSpotterSQLite",
      dependencies: [.product(name: "GRDBSQLite", package: "GRDB.swift")]
    ),
    .target(
      name: "SpotterIO",
      dependencies: [
        "SpotterCore",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
        .product(name: "TOMLKit", package: "TOMLKit"),
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        "CLibXML2", "CSpotterMalloc", "CSpotterSQLite",
      ]
    ),
    .target(name: "SpotterICal", dependencies: ["SpotterCore", "CLibical"]),
    .target(name: "SpotterApp", dependencies: ["SpotterCore", "SpotterIO", "SpotterICal"]),
    .executableTarget(name: "spotter-http"),
    .executableTarget(
      name: "spotter",
      dependencies: [
        "SpotterApp", "CSpotterStdio",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      // jemalloc instead of glibc's malloc on Linux: a batch user's night allocates and frees
      // tens of thousands of small values, and glibc's free lists were 13% of its instructions
      // (callgrind, 200 users: 1,500 M with glibc, 1,379 M with jemalloc). macOS's own allocator
      // is kept.
      linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]
    ),
    .target(name: "SpotterFuzzSupport", dependencies: ["SpotterCore", "SpotterIO", "SpotterICal"]),
    .target(name: "_SpotterTestSupport", dependencies: ["SpotterCore"], path: "Tests/_SpotterTestSupport"),
    .testTarget(name: "SpotterCoreTests", dependencies: ["SpotterCore", "_SpotterTestSupport"]),
    .testTarget(
      name: "SpotterIOTests",
      dependencies: [
        "SpotterIO", "_SpotterTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ],
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
      name: "SpotterFuzzSupportTests", dependencies: ["SpotterFuzzSupport", "_SpotterTestSupport"]),
    // The application layer in process: services on a temporary directory with an injected
    // clock, no child process.
    .testTarget(
      name: "SpotterAppTests",
      dependencies: [
        "SpotterApp", "SpotterICal", "_SpotterTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    .testTarget(
      name: "spotterTests",
      dependencies: ["spotter", "SpotterICal", "_SpotterTestSupport"],
      // The Python scripts the reader conformance and Hevy tests run, and the golden files, which
      // are read from their source path so that re-recording writes them in place.
      exclude: ["Readers", "Snapshots", "Hevy"]
    ),
  ]
)

// The libFuzzer driver is built only by bench/fuzz, which sets SPOTTER_FUZZ=1 and
// -sanitize=fuzzer: libFuzzer's runtime is not part of a normal build.
if Context.environment["SPOTTER_FUZZ"] == "1" {
  package.products.append(.executable(name: "spotter-fuzz", targets: ["spotter-fuzz"]))
  package.targets.append(.executableTarget(name: "spotter-fuzz", dependencies: ["SpotterFuzzSupport"]))
}

// The writer benchmark's driver is built only by bench/writer, which sets SPOTTER_BENCH=1.
if Context.environment["SPOTTER_BENCH"] == "1" {
  package.products.append(.executable(name: "spotter-writer-bench", targets: ["spotter-writer-bench"]))
  package.targets.append(
    .executableTarget(name: "spotter-writer-bench", dependencies: ["SpotterICal", "SpotterCore"]))
}
