import ArgumentParser
import Foundation

/// The text of `mosaic --help`: what `mosaic [FILE]` does and its options first, because
/// browsing is what the program does without a subcommand, then the other subcommands.
///
/// ArgumentParser's own root help lists only the subcommands, which hid every browsing option
/// behind `mosaic help browse`. This puts the root's overview and subcommand list around the
/// browse command's usage, arguments and options, taken from ArgumentParser's help for it so
/// that the two never disagree.
enum MosaicHelp {
  /// One section of a help text: its heading (`OPTIONS`) and the lines under it, the heading's
  /// own line included.
  struct Section {
    var heading: String
    var lines: [String]
  }

  /// The root help, for a screen `columns` wide (nil: the terminal's width, else 80).
  static func rootText(columns: Int? = nil) -> String {
    let root = sections(Mosaic.helpMessage(columns: columns))
    let browse = sections(Mosaic.helpMessage(for: BrowseCommand.self, columns: columns))
    func lines(_ heading: String, in sections: [Section]) -> [String] {
      sections.first { $0.heading == heading }?.lines ?? []
    }
    var text: [String] = []
    text += trimmedTrailingBlankLines(lines("OVERVIEW", in: root))
    // The browse command's discussion, without its abstract (the root's overview says it).
    let browseOverview = lines("OVERVIEW", in: browse)
    if let blank = browseOverview.firstIndex(where: { $0.isEmpty }) {
      text += trimmedTrailingBlankLines(Array(browseOverview[blank...]))
    }
    text.append("")
    let usage = lines("USAGE", in: browse).map {
      $0.replacingOccurrences(of: "USAGE: mosaic browse", with: "USAGE: mosaic")
    }
    text += trimmedTrailingBlankLines(usage)
    text.append("       mosaic <subcommand>")
    text.append("")
    text += lines("ARGUMENTS", in: browse)
    // Browse's options, then the root's own (--version, --help), which browse's help repeats.
    text += trimmedTrailingBlankLines(lines("OPTIONS", in: browse)).filter {
      !$0.hasPrefix("  -h, --help") && !$0.hasPrefix("  --version ")
    }
    text += lines("OPTIONS", in: root).dropFirst()
    text += lines("SUBCOMMANDS", in: root)
    return trimmedTrailingBlankLines(text).joined(separator: "\n")
  }

  /// The sections of an ArgumentParser help text: a heading is a line starting at column 0
  /// with capital letters and a colon (`USAGE: …`, `OPTIONS:`).
  static func sections(_ text: String) -> [Section] {
    var result: [Section] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if let heading = heading(of: line) {
        result.append(Section(heading: heading, lines: [line]))
      } else if !result.isEmpty {
        result[result.count - 1].lines.append(line)
      }
    }
    return result
  }

  private static func heading(of line: String) -> String? {
    guard let colon = line.firstIndex(of: ":") else { return nil }
    let word = line[..<colon]
    guard !word.isEmpty, word.allSatisfy({ $0.isUppercase || $0 == " " }),
      word.first != " "
    else { return nil }
    return String(word)
  }

  private static func trimmedTrailingBlankLines(_ lines: [String]) -> [String] {
    var lines = lines
    while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
    return lines
  }
}
