import ArgumentParser
import MosaicApp
import MosaicLayout
import MosaicLayoutSpec
import MosaicTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `mosaic inspect SPEC`: shows a layout spec's elements interactively in the terminal.
struct InspectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract: "Show a JSON layout spec's elements in the terminal (see mosaic layout).",
    discussion: """
      Every element of the spec is a placeholder labelled with its index path (0.3, H0, F0), \
      laid out for the spec's bounds exactly as mosaic layout reports it. Keys: arrows/hjkl, \
      PgUp/PgDn, Home/End move the focus; i toggles the inspector panel, o outlines every \
      visible frame, ? shows the keys, q or Esc quits. Bad input prints one line naming the \
      key and exits with status 2.
      """)

  @Argument(help: "The layout spec: a JSON file, or - for standard input.")
  var spec: String

  @OptionGroup var motion: MotionOptions

  func run() throws {
    // ArgumentParser calls run() synchronously from main(), on the main thread: the UI's actor.
    try MainActor.assumeIsolated { try runOnMainActor() }
  }

  @MainActor private func runOnMainActor() throws {
    motion.apply()
    let input = InputFile(path: spec)
    let layoutSpec: LayoutSpec
    do {
      let report = LayoutReport(spec: try LayoutSpec(json: try input.contents()))
      try report.validate()
      layoutSpec = report.spec
    } catch let error as InputFile.ReadError {
      StandardError.writeLine("mosaic inspect: \(error)")
      throw ExitCode(Mosaic.usageErrorStatus)
    } catch {
      StandardError.writeLine("mosaic inspect: \(input.displayName): \(error)")
      throw ExitCode(Mosaic.usageErrorStatus)
    }
    let name = spec == "-" ? input.displayName : String(spec.split(separator: "/").last ?? "")
    let scene = SpecInspectorScene(spec: layoutSpec, name: name)
    let terminal: Terminal
    do {
      terminal = try makeTerminal()
    } catch {
      StandardError.writeLine("mosaic inspect: \(error)")
      throw ExitCode.failure
    }
    _ = try SceneRunner.run(scene, on: terminal, command: "mosaic inspect")
  }

  /// The terminal on standard input and output; with the spec read from standard input, keys
  /// come from the controlling terminal instead.
  @MainActor private func makeTerminal() throws -> Terminal {
    guard spec == "-" else { return Terminal() }
    let descriptor = open("/dev/tty", O_RDWR)
    guard descriptor >= 0 else { throw TerminalError.notATerminal("/dev/tty") }
    // Kept open for the life of the process: the terminal reads keys from it until the end.
    return Terminal(inputDescriptor: descriptor, outputDescriptor: STDOUT_FILENO)
  }
}
