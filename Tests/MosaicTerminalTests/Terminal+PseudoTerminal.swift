import MosaicPseudoTerminal

@testable import MosaicTerminal

extension Terminal {
  /// A terminal on the program's side of `pty`, as these tests drive one: of `type`, with no
  /// signal handlers of its own (the test process keeps its own).
  convenience init(on pty: PseudoTerminal, type: String = "xterm-256color") {
    self.init(
      inputDescriptor: pty.programDescriptor, outputDescriptor: pty.programDescriptor,
      terminalType: type, installsSignalHandlers: false)
  }
}
