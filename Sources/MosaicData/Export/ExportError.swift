#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a view could not be written, as one line naming the destination and the system's reason.
///
/// UIKit has no counterpart; it is the `NSError` a failed `Data.write(to:)` throws.
public struct ExportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Where the view was going: the path as given, or `<stdout>`.
  public var destination: String
  /// What went wrong, in the system's words (`Permission denied`).
  public var reason: String

  /// A failure to write `destination` because of `reason`.
  public init(destination: String, reason: String) {
    self.destination = destination
    self.reason = reason
  }

  /// A failure to write `destination` whose reason is the C library's text for `code` (an
  /// `errno`).
  public init(destination: String, code: Int32) {
    self.init(destination: destination, reason: String(cString: strerror(code)))
  }

  /// `cannot write out.csv: Permission denied`.
  public var description: String { "cannot write \(destination): \(reason)" }
}
