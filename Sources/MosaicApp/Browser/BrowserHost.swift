import MosaicCollection
import MosaicData
import MosaicLayout

/// The browser as the run loop sees it: a message while the data cannot be opened yet (a stream
/// with no bytes, or not enough to tell its format), then the browser; and a fresh browser over
/// the reopened file when `r` asks for a reload, focused near where the old one was.
///
/// UIKit: a container view controller that swaps its child. No file is touched here: the host
/// calls the closures it was given.
public final class BrowserHost: Scene {
  /// Opens the data as a browser; nil while there is not enough input to do so yet.
  public typealias Opener = () throws -> BrowserScene?

  /// How the input is named while waiting.
  public let name: String
  /// The browser, once the data could be opened.
  public private(set) var browser: BrowserScene?
  /// Why the data could not be opened; the host then waits for a key and quits.
  public private(set) var failure: DataError?

  private let open: Opener?
  private let reopen: Opener?
  private let waitingStatus: () -> String

  /// A host showing `browser`; `reopen`, when given, is what `r` calls to reload the file.
  public init(browser: BrowserScene, reopen: Opener? = nil) {
    name = browser.source.name
    self.browser = browser
    open = nil
    self.reopen = reopen
    waitingStatus = { "" }
    browser.canReload = reopen != nil
  }

  /// A host that asks `open` on each tick until it gives a browser, meanwhile showing
  /// `waitingStatus()` (e.g. "waiting for input").
  public init(name: String, waitingStatus: @escaping () -> String, open: @escaping Opener) {
    self.name = name
    self.open = open
    reopen = nil
    self.waitingStatus = waitingStatus
    tryOpening()
  }

  /// What `y` prints, as the browser says.
  public var output: String? { browser?.output }

  /// The browser's collection view counters (zero before it exists).
  public var statistics: CollectionView.Statistics {
    browser?.statistics ?? CollectionView.Statistics()
  }

  private func tryOpening() {
    guard browser == nil, failure == nil, let open else { return }
    do {
      browser = try open()
    } catch let error as DataError {
      failure = error
    } catch {
      failure = .unreadable(file: name, reason: "\(error)")
    }
  }

  /// Replaces the browser with one over the reopened file, keeping the focus near the same
  /// record and the same arrangement of cards; a failure is shown in the old browser's bar.
  func reload() {
    guard let old = browser, let reopen else { return }
    old.wantsReload = false
    do {
      guard let fresh = try reopen() else { return }
      fresh.canReload = true
      fresh.quitsBack = old.quitsBack
      fresh.layoutStyle = old.layoutStyle
      fresh.cardLayout.cardSize = old.cardLayout.cardSize
      fresh.cardLayout.columns = old.cardLayout.columns
      fresh.cardLayout.listRows = old.cardLayout.listRows
      fresh.focusedField = old.focusedField
      // The columns as the user left them, while the file has the same fields.
      if fresh.table.columns.original == old.table.columns.original {
        fresh.table.columns = old.table.columns
        fresh.table.widths = old.table.widths
      }
      if old.cardLayout.screenSize.columns > 0 {
        let screen = old.cardLayout.screenSize
        fresh.fit(columns: screen.columns, rows: screen.rows)
      }
      fresh.applyLayout()
      // A followed file's reader at its end stays at the (new) end.
      if let record = old.focusedRecord, old.fileWatch.following?.followsEnd != true {
        fresh.focus(record: record)
      }
      if old.isFollowing && old.fileWatch.change == .truncated {
        // logrotate's copytruncate: the same file, emptied in place and written again.
        fresh.status.notice = "file truncated: following from the start"
      }
      old.arranger.cancel()
      old.source.cancel()
      browser = fresh
    } catch {
      old.reloadFailure = (error as? DataError)?.description ?? "\(error)"
    }
  }

  // MARK: Scene

  /// Draws the browser, or the waiting (or failure) message and a status bar.
  public func draw(into surface: any Surface) {
    if let browser {
      browser.draw(into: surface)
      return
    }
    let content = Canvas(
      surface: surface,
      area: CellRect(column: 0, row: 0, columns: surface.columns, rows: max(0, surface.rows - 1)))
    let line = failure.map { "\($0)" } ?? "\(waitingStatus()) from \(name)"
    let width = min(CharacterWidth.of(line), content.columns)
    content.text(
      line, column: max(0, (content.columns - width) / 2), row: max(0, content.rows / 2),
      maxWidth: content.columns, style: TextStyle(attributes: failure == nil ? .dim : .bold))
    var bar = StatusBar()
    bar.fileName = name
    if let failure {
      bar.message = failure.description
      bar.hints = ["any key quits"]
    } else {
      bar.progress = waitingStatus()
      bar.hints = ["q quit"]
    }
    bar.draw(
      in: Canvas(
        surface: surface,
        area: CellRect(column: 0, row: surface.rows - 1, columns: surface.columns, rows: 1)))
  }

  /// Hands the event to the browser (then reloads if it asked to); before there is one, `q`
  /// (and after a failure any key) quits: Esc does not, as over the cards, so that a stray Esc
  /// never ends a wait for slow input.
  public func handle(_ event: InputEvent) -> SceneResponse {
    tryOpening()
    guard let browser else {
      guard case .key(let key) = event else { return .continue }
      if failure != nil { return .quit }
      return key == .character("q") ? .quit : .continue
    }
    let response = browser.handle(event)
    if browser.wantsReload { reload() }
    return response
  }

  /// The text the browser copied, for the run loop to put on the clipboard.
  public func takeClipboardText() -> String? { browser?.takeClipboardText() }

  /// Whether the browser is animating (never while waiting).
  public var isAnimating: Bool { browser?.isAnimating ?? false }

  /// Ticks while waiting for the data, then as the browser wants.
  public var wantsTicks: Bool {
    guard let browser else { return failure == nil }
    // A followed file that was truncated (copytruncate) or replaced is reopened on a tick, and
    // reopened again on each while it cannot be read yet: its old source, complete since the
    // truncation ended its indexing, would otherwise let the run loop sleep for good.
    return browser.wantsTicks || (browser.isFollowing && browser.fileWatch.change != nil)
  }

  /// Tries to open the data while waiting; then lets the browser catch up.
  public func tick() -> Bool {
    guard let browser else {
      tryOpening()
      return true
    }
    let changed = browser.tick()
    // A followed file that was rotated asks for a reload without a key, and asks again while
    // the new file cannot be read yet (truncated to nothing, its header not written).
    let retries =
      browser.isFollowing && browser.fileWatch.change != nil && browser.reloadFailure != nil
    if browser.wantsReload || retries {
      reload()
      return true
    }
    return changed
  }
}
