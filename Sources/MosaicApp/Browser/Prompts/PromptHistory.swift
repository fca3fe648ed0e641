import Foundation

/// The lines typed at the `/` and `&` prompts, kept across runs in `$XDG_STATE_HOME/mosaic/`
/// (`~/.local/state/mosaic/` when it is not set): one file per prompt, a line per entry, the
/// newest last, at most `limit` entries. ↑ and ↓ at a prompt go through them.
///
/// UIKit has no counterpart; it is a shell's history file. A file that cannot be read or written
/// only costs the history: the prompt never fails for it.
struct PromptHistory {
  /// The most lines kept per prompt.
  static let limit = 500

  /// The prompt a history belongs to, which names its file.
  enum Prompt: String {
    /// `/` search.
    case search
    /// `&` conditions.
    case filter
  }

  /// The directory the files are kept in, from `environment`; nil when neither
  /// `XDG_STATE_HOME` nor `HOME` says where.
  static func directory(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> URL?
  {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return URL(fileURLWithPath: state).appendingPathComponent("mosaic")
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(".local/state/mosaic")
  }

  /// Where the histories are read from and written to; nil keeps them in memory only.
  let directory: URL?
  /// The lines of each prompt read so far, oldest first.
  private var lines: [Prompt: [String]] = [:]

  /// Histories kept in `directory`.
  init(directory: URL? = PromptHistory.directory()) {
    self.directory = directory
  }

  /// The file of `prompt`'s history.
  func file(of prompt: Prompt) -> URL? {
    directory?.appendingPathComponent("\(prompt.rawValue)-history")
  }

  /// `prompt`'s lines, oldest first, read from its file the first time.
  mutating func entries(of prompt: Prompt) -> [String] {
    if let known = lines[prompt] { return known }
    var read: [String] = []
    if let file = file(of: prompt), let data = try? Data(contentsOf: file) {
      read = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
    lines[prompt] = read
    return read
  }

  /// Adds `line` as `prompt`'s newest entry (an earlier copy of it moves to the end) and writes
  /// the file; an empty line is not kept.
  mutating func add(_ line: String, to prompt: Prompt) {
    // A line break would split the entry in two when read back.
    let line = line.replacingOccurrences(of: "\n", with: " ")
    guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return }
    var all = entries(of: prompt).filter { $0 != line }
    all.append(line)
    if all.count > Self.limit { all.removeFirst(all.count - Self.limit) }
    lines[prompt] = all
    guard let directory, let file = file(of: prompt) else { return }
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? Data(all.map { $0 + "\n" }.joined().utf8).write(to: file, options: .atomic)
  }
}
