import CNcurses

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sets up the C locale so that curses reads and writes UTF-8.
enum TerminalLocale {
  /// Takes the locale from the environment, falling back to C.UTF-8 when that
  /// one is not UTF-8; answers whether the result is UTF-8.
  ///
  /// Curses' wide-character functions encode through the C library's locale,
  /// which is "C" (ASCII) until a program calls `setlocale`.
  @discardableResult
  static func configure() -> Bool {
    setlocale(LC_ALL, "")
    if isUTF8 { return true }
    for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil {
      if isUTF8 { return true }
    }
    return false
  }

  /// Whether the current character set is UTF-8.
  static var isUTF8: Bool {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).uppercased()
    return name == "UTF-8" || name == "UTF8"
  }
}
