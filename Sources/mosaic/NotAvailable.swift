import ArgumentParser

/// The failure of a subcommand whose implementation has not landed yet.
enum NotAvailable {
  /// Reports that `command` is not available yet and returns the error that exits with status 2.
  static func error(_ command: String) -> ExitCode {
    StandardError.writeLine("mosaic \(command): not available yet")
    return ExitCode(Mosaic.usageErrorStatus)
  }
}
