#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole input file, or standard input for `-`, with errors that name the file.
struct InputFile {
  /// Why an input could not be read, as one line naming it.
  struct ReadError: Error, CustomStringConvertible {
    /// The line to print.
    var description: String
  }

  /// The path as given; `-` means standard input.
  let path: String

  /// How the input is named in messages: the path, or `<stdin>`.
  var displayName: String { path == "-" ? "<stdin>" : path }

  /// The whole content; an empty input is an error, since no spec or data file is empty.
  func contents() throws -> [UInt8] {
    let descriptor: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
    guard descriptor >= 0 else { throw failure(errno) }
    defer { if descriptor != 0 { close(descriptor) } }
    var content: [UInt8] = []
    var block = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(errno)
      }
      content.append(contentsOf: block[0..<count])
    }
    guard !content.isEmpty else {
      throw ReadError(description: "\(displayName): \(path == "-" ? "input" : "file") is empty")
    }
    return content
  }

  private func failure(_ code: Int32) -> ReadError {
    ReadError(description: "\(displayName): cannot read: \(String(cString: strerror(code)))")
  }
}
