import Foundation
import MosaicTestSupport
import Testing

/// The README and docs/ stand on their own in a fresh clone: they point at no file outside the
/// repository and at no machine's absolute paths, and every file of the repository they name
/// (a link, a `demo-data/…` argument, a `layout-command.md`) exists, or is written by a command
/// the docs give (`… > demo-data/packages.csv`).
@Suite struct DocsStandAloneTests {
  /// One problem: the document, its line number, what is wrong.
  struct Finding: CustomStringConvertible {
    var document: String
    var line: Int
    var problem: String
    var description: String { "\(document):\(line): \(problem)" }
  }

  static let root = TestExecutable.packageRoot()

  /// Every Markdown document of the repository (not the build folder's, nor hidden ones).
  static let documents: [String] = {
    var found: [String] = []
    let manager = FileManager.default
    guard
      let walker = manager.enumerator(
        at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    else { return [] }
    for case let url as URL in walker {
      let relative = String(url.path.dropFirst(root.path.count + 1))
      if relative.hasPrefix(".build") || relative.hasPrefix("Tests/") {
        walker.skipDescendants()
        continue
      }
      if url.pathExtension == "md" { found.append(relative) }
    }
    return found.sorted()
  }()

  /// Every document's lines, by document.
  static func lines(of document: String) -> [String] {
    let text = (try? String(contentsOf: root.appendingPathComponent(document), encoding: .utf8))
    return (text ?? "").components(separatedBy: "\n")
  }

  /// The repository paths some documented command writes (`> demo-data/packages.csv`).
  static let writtenByCommands: Set<String> = {
    var paths: Set<String> = []
    for document in documents {
      for line in lines(of: document) {
        for match in line.matches(of: /> *((?:demo-data|docs|scripts)\/[\w.+-]+)/) {
          paths.insert(String(match.output.1))
        }
      }
    }
    return paths
  }()

  /// Absolute paths that belong to one machine, and ways out of the repository.
  static var outsidePatterns: [(Regex<Substring>, String)] {
    [
      (/\.\.\/shared|\bshared\/[\w.-]+\.md/, "points at a file outside the repository"),
      (/(?:^|[\s`("'=])\.\.\/[\w.-]/, "points outside the repository with ../"),
      (
        /(?:^|[\s`("'=:])\/(?:work|home|Users|root|opt|mnt|srv|private)\/[\w.-]/,
        "names a machine's absolute path"
      ),
    ]
  }

  /// The problems of `document`, whose text is `text` (its file's, by default).
  static func findings(in document: String, text: [String]? = nil) -> [Finding] {
    var findings: [Finding] = []
    let directory = (document as NSString).deletingLastPathComponent
    for (index, line) in (text ?? lines(of: document)).enumerated() {
      func report(_ problem: String) {
        findings.append(Finding(document: document, line: index + 1, problem: problem))
      }
      for (pattern, problem) in outsidePatterns where line.contains(pattern) {
        report("\(problem): \(line.trimmingCharacters(in: .whitespaces))")
      }
      // Links to files of the repository resolve from the document's folder.
      for match in line.matches(of: /\]\(([^)\s#]+)(?:#[^)]*)?\)/) {
        let target = String(match.output.1)
        guard !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
        let path = (directory as NSString).appendingPathComponent(target)
        if !exists(path) { report("links to \(target), which is not in the repository") }
      }
      // Paths of the repository named in text and commands, from its root.
      for match in line.matches(
        of: /(?:^|[^\w\/.-])((?:demo-data|scripts|docs|Sources|Tests)\/[\w.+\/*-]*[\w+*])/)
      {
        let path = String(match.output.1)
        if !exists(path) && !writtenByCommands.contains(path) {
          report("names \(path), which is not in the repository")
        }
      }
      // A document named by file name alone is one of the repository's.
      for match in line.matches(of: /(?:^|[^\w\/.-])([A-Za-z][\w-]*\.md)\b/) {
        let name = String(match.output.1)
        let known = documents.contains { ($0 as NSString).lastPathComponent == name }
        if !known { report("names \(name), which is not in the repository") }
      }
    }
    return findings
  }

  /// Whether the file exists: a test or source named without `.swift`, or a pattern with `*`
  /// that matches a file of its folder, counts.
  static func exists(_ relativePath: String) -> Bool {
    if relativePath.contains("*") {
      let folder = (relativePath as NSString).deletingLastPathComponent
      let pattern = (relativePath as NSString).lastPathComponent
      let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
      let names =
        (try? FileManager.default.contentsOfDirectory(
          atPath: root.appendingPathComponent(folder).path)) ?? []
      return names.contains { name in
        name.hasPrefix(parts.first ?? "") && name.hasSuffix(parts.last ?? "")
          && name.count >= pattern.count - 1
      }
    }
    if !relativePath.contains("."), exists(relativePath + ".swift") { return true }
    let standardized = (root.appendingPathComponent(relativePath).path as NSString)
      .standardizingPath
    return standardized.hasPrefix(root.path) && FileManager.default.fileExists(atPath: standardized)
  }

  @Test func theDocumentsAreFound() {
    for document in ["README.md", "docs/layout-command.md", "docs/browser.md"] {
      #expect(Self.documents.contains(document), "\(Self.documents)")
    }
  }

  @Test(arguments: documents)
  func standsOnItsOwn(_ document: String) {
    let findings = Self.findings(in: document)
    #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
  }

  /// The `mosaic layout` contract is the repository's own: its input keys, output keys, errors
  /// and the Ranges rule are all in docs/layout-command.md.
  @Test func theLayoutContractIsDocumentedInFull() {
    let text = Self.lines(of: "docs/layout-command.md").joined(separator: "\n")
    for key in [
      "bounds", "scrollDirection", "itemSize", "minimumLineSpacing", "minimumInteritemSpacing",
      "sectionInset", "headerReferenceSize", "footerReferenceSize", "cellMetrics", "query",
      "sections", "items", "itemSizes", "inset", "headerSize", "footerSize", "contentSize",
      "elements", "kind", "section", "item", "frame", "cells", "column", "row", "columns", "rows",
    ] {
      #expect(
        text.contains("`\(key)`") || text.contains("\"\(key)\""),
        "docs/layout-command.md does not name `\(key)`")
    }
    for rule in [
      "## Ranges", "at most 1e12", "layout too large:", "2^53", "Nothing is ever clamped",
      "Exit status 2", "round(v) = floor(v + 0.5)", "Unknown keys are ignored",
    ] {
      #expect(text.contains(rule), "docs/layout-command.md lacks \"\(rule)\"")
    }
  }

  /// The checks themselves: each kind of bad reference is caught.
  @Test func theChecksCatchEachKindOfReference() throws {
    let text = [
      "See ../shared/STYLE.md, [the spec](layout-spec.md), /work/main/README.md,",
      "demo-data/no-such-file.csv and `nowhere.md`; fine: [flow](flow-layout.md),",
      "demo-data/countries.csv, demo-data/make-*.py, https://example.com/a.md.",
    ]
    let problems = Self.findings(in: "docs/example.md", text: text).map(\.problem)
    #expect(problems.contains { $0.hasPrefix("points at a file outside") })
    #expect(problems.contains { $0.hasPrefix("points outside the repository with ../") })
    #expect(problems.contains("links to layout-spec.md, which is not in the repository"))
    #expect(problems.contains { $0.hasPrefix("names a machine's absolute path") })
    #expect(problems.contains("names demo-data/no-such-file.csv, which is not in the repository"))
    #expect(problems.contains("names nowhere.md, which is not in the repository"))
    #expect(problems.count == 7, "\(problems)")
  }
}
