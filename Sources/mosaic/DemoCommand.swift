import ArgumentParser
import MosaicApp
import MosaicData
import MosaicTerminal

/// `mosaic demo [NAME]`: runs one of the built-in collection-view demos.
struct DemoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Run a built-in demo; without NAME, list them.",
    discussion: "The demos:\n\n" + Demo.catalog)

  @Argument(help: "The demo to run.", completion: .list(Demo.allCases.map(\.rawValue)))
  var name: String?

  @Flag(help: "Print rendering statistics on exit.")
  var stats = false

  @OptionGroup var motion: MotionOptions

  func run() throws {
    // ArgumentParser calls run() synchronously from main(), on the main thread: the UI's actor.
    try MainActor.assumeIsolated { try runOnMainActor() }
  }

  @MainActor private func runOnMainActor() throws {
    motion.apply()
    guard let name else {
      print(Demo.catalog)
      return
    }
    guard let demo = Demo(rawValue: name) else {
      let names = Demo.allCases.map(\.rawValue).joined(separator: ", ")
      StandardError.writeLine("mosaic demo: unknown demo \"\(name)\" (demos: \(names))")
      throw ExitCode(Mosaic.usageErrorStatus)
    }
    let scene = demo.makeScene()
    // Answers from background work (the remote demo's server) wake the run loop at once.
    BackgroundWork.setObserver { Terminal.wakeForWork() }
    defer { BackgroundWork.setObserver(nil) }
    let frames = try SceneRunner.run(scene, on: Terminal(), command: "mosaic demo")
    if stats {
      let counters = scene.collectionView.statistics
      StandardError.writeLine(RunStatistics(frames: frames, collection: counters).jsonLine)
    }
  }
}
