import Foundation
import Testing

@testable import MosaicTerminal

extension Curses {
  /// The locale is process-wide, like curses, so this runs with the curses suites, one at a time.
  @Suite struct TerminalLocaleTests {
    @Test func fallsBackToUTF8WhenTheEnvironmentSaysASCII() {
      let saved = ProcessInfo.processInfo.environment["LC_ALL"]
      setenv("LC_ALL", "C", 1)
      defer {
        if let saved { setenv("LC_ALL", saved, 1) } else { unsetenv("LC_ALL") }
        setlocale(LC_ALL, "")
      }
      setlocale(LC_ALL, "")
      #expect(!TerminalLocale.isUTF8, "C is ASCII")
      #expect(TerminalLocale.configure())
      #expect(TerminalLocale.isUTF8)
    }

    @Test func keepsAUTF8Environment() {
      let saved = ProcessInfo.processInfo.environment["LC_ALL"]
      setenv("LC_ALL", "C.UTF-8", 1)
      defer {
        if let saved { setenv("LC_ALL", saved, 1) } else { unsetenv("LC_ALL") }
        setlocale(LC_ALL, "")
      }
      #expect(TerminalLocale.configure())
      #expect(String(cString: setlocale(LC_CTYPE, nil)) == "C.UTF-8")
    }
  }
}
