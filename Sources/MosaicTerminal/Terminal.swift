import CNcurses
import MosaicCollection

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal: starts curses, runs a scene's frame-and-input loop, and
/// always gives the terminal back as it found it.
///
/// The nearest UIKit counterpart is `UIApplication` with its run loop and
/// `UIWindow`. Start puts the terminal into the alternate screen, cbreak,
/// no echo, keypad mode, hidden cursor, mouse reporting and (unless the
/// terminal has none or `NO_COLOR` is set) colour. Restore undoes all of it
/// and is safe to call twice; the run loop calls it on return and on a thrown
/// error, and `SignalGuard` does it on SIGINT, SIGTERM, SIGHUP and crashes.
public final class Terminal {
  /// The number of frames drawn since start.
  public private(set) var frames = 0
  /// The surface of the screen; nil until `start()`.
  public private(set) var surface: CursesSurface?
  /// Whether colour is on.
  public private(set) var hasColors = false

  private let inputDescriptor: Int32
  private let outputDescriptor: Int32
  private let terminalType: String?
  private let installsSignalHandlers: Bool
  private var screen: OpaquePointer?
  private var inputFile: UnsafeMutablePointer<FILE>?
  private var outputFile: UnsafeMutablePointer<FILE>?
  private var reportedPress = false

  /// Creates a terminal on standard input and output.
  public convenience init() {
    self.init(inputDescriptor: STDIN_FILENO, outputDescriptor: STDOUT_FILENO)
  }

  /// Creates a terminal on other file descriptors (a pty, for benchmarks).
  ///
  /// - Parameters:
  ///   - terminalType: the terminfo name; nil reads `TERM`.
  ///   - installsSignalHandlers: whether to restore the terminal on signals.
  public init(
    inputDescriptor: Int32, outputDescriptor: Int32, terminalType: String? = nil,
    installsSignalHandlers: Bool = true
  ) {
    self.inputDescriptor = inputDescriptor
    self.outputDescriptor = outputDescriptor
    self.terminalType = terminalType
    self.installsSignalHandlers = installsSignalHandlers
  }

  /// Whether curses is running on this terminal.
  public var isStarted: Bool { screen != nil }

  /// Puts the terminal into curses mode: alternate screen, cbreak, no echo,
  /// keypad, hidden cursor, mouse and colour.
  ///
  /// - Throws: `TerminalError` when a descriptor is not a terminal or `TERM` is unknown.
  public func start() throws {
    guard screen == nil else { return }
    guard isatty(inputDescriptor) == 1 else { throw TerminalError.notATerminal("standard input") }
    guard isatty(outputDescriptor) == 1 else {
      throw TerminalError.notATerminal("standard output")
    }
    TerminalLocale.configure()
    if installsSignalHandlers {
      SignalGuard.install(inputDescriptor: inputDescriptor, outputDescriptor: outputDescriptor)
    }
    do {
      try startCurses()
    } catch {
      restore()
      throw error
    }
  }

  private func startCurses() throws {
    // fdopen'd streams (not stdin/stdout) so closing them never closes the
    // process's standard streams; the descriptors are duplicated first.
    inputFile = fdopen(dup(inputDescriptor), "r")
    outputFile = fdopen(dup(outputDescriptor), "w")
    guard let inputFile, let outputFile else { throw TerminalError.cursesCall("fdopen") }
    let type = terminalType ?? getenv("TERM").map { String(cString: $0) } ?? "unknown"
    guard let screen = newterm(type, outputFile, inputFile) else {
      throw TerminalError.unknownTerminal(type)
    }
    self.screen = screen
    set_term(screen)
    let window = mosaic_stdscr()!
    guard cbreak() != mosaic_err() else { throw TerminalError.cursesCall("cbreak") }
    guard noecho() != mosaic_err() else { throw TerminalError.cursesCall("noecho") }
    guard keypad(window, true) != mosaic_err() else { throw TerminalError.cursesCall("keypad") }
    // Some terminals cannot hide the cursor; that is not a reason to stop.
    curs_set(0)
    // Esc alone must feel immediate; 25 ms still joins the bytes of an arrow key.
    set_escdelay(25)
    // Line insert/delete lets doupdate scroll the terminal instead of repainting it.
    idlok(window, true)
    scrollok(window, false)
    leaveok(window, true)
    let colors = startColors()
    let mask =
      mosaic_button1_pressed() | mosaic_button1_released() | mosaic_button1_clicked()
      | mosaic_button4_pressed() | mosaic_button5_pressed()
    let hasMouse = mousemask(mask, nil) != 0
    // No click synthesis: a press is reported at once, not after a wait.
    mouseinterval(0)
    if installsSignalHandlers { SignalGuard.captureRestoreSequence(mouse: hasMouse) }
    surface = CursesSurface(window: window, colors: colors)
  }

  private func startColors() -> ColorPairs? {
    let noColor = getenv("NO_COLOR").map { String(cString: $0) } ?? ""
    guard noColor.isEmpty, has_colors(), start_color() != mosaic_err() else {
      hasColors = false
      return nil
    }
    hasColors = true
    return ColorPairs(hasDefaultColors: use_default_colors() != mosaic_err())
  }

  /// Gives the terminal back: main screen, cooked mode, echo, visible cursor.
  ///
  /// Safe to call twice, and when start failed halfway.
  public func restore() {
    if let screen {
      set_term(screen)
      endwin()
      delscreen(screen)
      self.screen = nil
    }
    surface = nil
    if let inputFile { fclose(inputFile) }
    if let outputFile { fclose(outputFile) }
    inputFile = nil
    outputFile = nil
    if installsSignalHandlers { SignalGuard.uninstall() }
  }

  deinit { restore() }

  /// Draws one frame of `scene`: the scene draws into the virtual screen, then
  /// one `doupdate()` sends the difference to the terminal.
  public func present(_ scene: any Scene) {
    guard let surface else { return }
    scene.draw(into: surface)
    wnoutrefresh(surface.window)
    doupdate()
    frames += 1
  }

  /// Runs `scene` until it answers `.quit`: draw a frame, wait for input,
  /// decode it, hand it to the scene, repeat.
  ///
  /// Starts the terminal if needed and then restores it on every way out,
  /// a thrown error included.
  ///
  /// - Throws: `TerminalError` when the terminal cannot start or input closes.
  public func run(_ scene: any Scene) throws {
    let startsHere = !isStarted
    if startsHere { try start() }
    defer { if startsHere { restore() } }
    guard let window = surface?.window else { return }
    let trapsAfterFirstFrame = getenv("MOSAIC_DEBUG_TRAP").map { String(cString: $0) } == "1"
    var needsFrame = true
    var failedReads = 0
    while true {
      if needsFrame {
        present(scene)
        needsFrame = false
        if trapsAfterFirstFrame {
          // A hidden switch for the end-to-end test that the terminal is
          // restored after a Swift runtime trap.
          fatalError("MOSAIC_DEBUG_TRAP=1: trapping after the first frame")
        }
      }
      // With ticks, wake up ten times a second to let the scene catch up.
      wtimeout(window, scene.wantsTicks ? 100 : -1)
      var character: wint_t = 0
      let status = wget_wch(window, &character)
      if status == mosaic_err() {
        if scene.wantsTicks {
          if scene.tick() { needsFrame = true }
          continue
        }
        // A blocking read only fails when input is gone; do not spin on it.
        failedReads += 1
        if failedReads > 100 { throw TerminalError.inputClosed }
        continue
      }
      failedReads = 0
      let input: CursesInput =
        status == mosaic_key_code_yes()
        ? .function(Int32(bitPattern: character)) : .character(UInt32(character))
      guard let event = event(for: input, window: window) else { continue }
      switch scene.handle(event) {
      case .quit: return
      case .continue: needsFrame = true
      }
    }
  }

  /// The event for one raw read: resize and mouse here, keys via `KeyDecoder`.
  private func event(for input: CursesInput, window: UnsafeMutablePointer<WINDOW>) -> InputEvent? {
    if case .function(let code) = input {
      if code == mosaic_key_resize() {
        // ncurses has already resized its screens to the new size.
        return .resize(
          columns: Int(mosaic_getmaxx(window)), rows: Int(mosaic_getmaxy(window)))
      }
      if code == mosaic_key_mouse() { return mouseEvent() }
    }
    return KeyDecoder.key(for: input).map(InputEvent.key)
  }

  private func mouseEvent() -> InputEvent? {
    var event = MEVENT()
    guard getmouse(&event) != mosaic_err() else { return nil }
    let action: MouseEvent.Action
    if event.bstate & mosaic_button4_pressed() != 0 {
      action = .wheelUp
    } else if mosaic_button5_pressed() != 0 && event.bstate & mosaic_button5_pressed() != 0 {
      action = .wheelDown
    } else if event.bstate & (mosaic_button1_pressed() | mosaic_button1_clicked()) != 0 {
      reportedPress = event.bstate & mosaic_button1_pressed() != 0
      action = .press
    } else if event.bstate & mosaic_button1_released() != 0 {
      // When press and release arrive in one read, curses reports only the
      // release; a release without its press is therefore the click.
      defer { reportedPress = false }
      guard !reportedPress else { return nil }
      action = .press
    } else {
      return nil
    }
    return .mouse(MouseEvent(action: action, column: Int(event.x), row: Int(event.y)))
  }
}

extension Terminal {
  /// The ncurses version string.
  public static var cursesVersion: String { String(cString: curses_version()) }
}
