// swift-tools-version: 6.0
import PackageDescription

// The dependency arrows point one way:
// MosaicLayout ← MosaicCollection ← MosaicTerminal ← mosaic.
// MosaicData (file loading) and MosaicApp (browser, demos, inspector) sit
// beside the runtime and never import the terminal; only MosaicTerminal
// imports CNcurses; only MosaicData's SQLite sources import CSQLite, and only its
// PostgreSQL sources CLibPQ.
let package = Package(
  name: "Mosaic",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "MosaicLayout", targets: ["MosaicLayout"]),
    .library(name: "MosaicJSON", targets: ["MosaicJSON"]),
    .library(name: "MosaicLayoutSpec", targets: ["MosaicLayoutSpec"]),
    .library(name: "MosaicCollection", targets: ["MosaicCollection"]),
    .library(name: "MosaicTerminal", targets: ["MosaicTerminal"]),
    .executable(name: "mosaic", targets: ["mosaic"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // `swift package generate-documentation` (scripts/build-docs.sh); a plugin, never linked.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CNcurses",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"])]
    ),
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .systemLibrary(
      name: "CLibPQ",
      pkgConfig: "libpq",
      providers: [.apt(["libpq-dev"])]
    ),
    // RE2 through a small C face (C++ is not imported into Swift here): the regular expressions.
    .target(name: "CRE2", linkerSettings: [.linkedLibrary("re2")]),
    // SQLite's memory-mapped reads under Mosaic's SIGBUS guard: a VFS over the system's own.
    .target(name: "CSQLiteMapping", linkerSettings: [.linkedLibrary("sqlite3")]),
    .target(name: "MosaicLayout"),
    .target(name: "MosaicJSON"),
    .target(name: "MosaicLayoutSpec", dependencies: ["MosaicLayout", "MosaicJSON"]),
    .target(name: "MosaicCollection", dependencies: ["MosaicLayout"]),
    .target(
      name: "MosaicTerminal", dependencies: ["MosaicCollection", "MosaicLayout", "CNcurses"]),
    .target(
      name: "MosaicData",
      dependencies: ["MosaicJSON", "CSQLite", "CSQLiteMapping", "CRE2", "CLibPQ"]),
    .target(
      name: "MosaicApp",
      dependencies: ["MosaicCollection", "MosaicLayout", "MosaicData", "MosaicLayoutSpec"],
      // The demo data is compiled in (BundledData+Elements.swift), not a resource bundle.
      exclude: ["Resources"]
    ),
    .executableTarget(
      name: "mosaic",
      dependencies: [
        "MosaicApp", "MosaicTerminal", "MosaicCollection", "MosaicLayout", "MosaicLayoutSpec",
        "MosaicData", "MosaicJSON",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "mosaic-bench",
      dependencies: [
        "MosaicLayout", "MosaicCollection", "MosaicTerminal", "MosaicData", "MosaicApp",
        "MosaicPseudoTerminal",
      ],
      path: "Sources/MosaicBenchmarks"
    ),
    // The pseudo-terminal (the tests and mosaic-bench run a Terminal on one) and the C it needs
    // (openpty, TIOCSWINSZ, posix_spawn flags); in no library product. Then the helpers for test
    // targets, never shipped.
    .target(name: "CPseudoTerminal"),
    .target(name: "MosaicPseudoTerminal", dependencies: ["CPseudoTerminal"]),
    .target(
      name: "MosaicTestSupport",
      dependencies: [
        "MosaicLayout", "MosaicCollection", "MosaicPseudoTerminal", "CPseudoTerminal",
      ],
      path: "Tests/MosaicTestSupport"
    ),
    .testTarget(name: "MosaicLayoutTests", dependencies: ["MosaicLayout", "MosaicTestSupport"]),
    .testTarget(name: "MosaicJSONTests", dependencies: ["MosaicJSON"]),
    .testTarget(
      name: "MosaicLayoutSpecTests",
      dependencies: ["MosaicLayoutSpec", "MosaicJSON", "MosaicTestSupport"]),
    .testTarget(
      name: "MosaicCollectionTests",
      dependencies: ["MosaicCollection", "MosaicLayout", "MosaicTestSupport"]),
    .testTarget(
      name: "MosaicTerminalTests",
      dependencies: ["MosaicTerminal", "MosaicLayout", "MosaicTestSupport"]),
    .testTarget(
      name: "MosaicDataTests",
      dependencies: ["MosaicData", "MosaicJSON", "MosaicTestSupport", "CSQLite"]),
    .testTarget(
      name: "MosaicAppTests",
      dependencies: [
        "MosaicApp", "MosaicData", "MosaicLayout", "MosaicLayoutSpec", "MosaicTestSupport",
      ]),
    .testTarget(name: "mosaicTests", dependencies: ["MosaicTestSupport", "CSQLite"]),
  ],
  swiftLanguageModes: [.v6],
  cxxLanguageStandard: .cxx17
)
