import CNcurses
import MosaicCollection
import MosaicLayout

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
/// no echo, keypad mode, hidden cursor, mouse reporting, bracketed paste and
/// (unless the terminal has none or `NO_COLOR` is set) colour. Restore undoes
/// all of it and is safe to call twice; the run loop calls it on return and on
/// a thrown error, and `SignalGuard` does it on every signal that would end the
/// process. Curses only draws; the run loop reads and parses the input itself.
@MainActor
public final class Terminal {
  /// The number of frames drawn since start.
  public private(set) var frames = 0
  /// Whether each frame is sent inside synchronized-output mode (DEC private mode 2026), so the
  /// terminal shows it whole or not at all: on once the terminal answers the start-up query
  /// (DECRQM) that it knows the mode, never otherwise.
  public private(set) var synchronizesOutput = false
  /// The frames drawn while the scene animated (see `Scene.isAnimating`).
  public var animatedFrames: Int { pacer.animatedFrames }
  /// The 60 fps slots that passed without a frame because a frame took longer than its slot:
  /// each animation frame is computed from the clock's time, so the animation still lands on
  /// time, in fewer frames.
  public var droppedFrames: Int { pacer.droppedFrames }
  /// The scrolls the terminal performed itself for scroll hints (see `present(_:)`).
  public private(set) var lineShifts = 0
  /// Whether scroll hints are carried out with the terminal's own scrolling (see `present(_:)`).
  /// On by default; off, curses alone decides what each frame sends, for comparison in
  /// benchmarks and tests. UIKit has no counterpart.
  public var shiftsLines = true
  /// Whether the surface stores runs of ASCII straight into curses' window lines, once the
  /// shim has checked their layout against curses (`mosaic_lines_are_writable`), rather than
  /// through `wadd_wchnstr`; read when the terminal starts. On by default; off for comparison
  /// in tests and benchmarks. UIKit has no counterpart.
  package var writesLinesDirectly = true
  /// Whether the lines of a frame that changed are sent by `LineWriter` rather than by curses'
  /// update (the same screen, built with far fewer instructions); read when the terminal
  /// starts. On by default; off for comparison in tests and benchmarks. UIKit has no
  /// counterpart.
  package var writesChangedLines = true
  /// The writer of changed lines, where it is on and the terminal allows it.
  private var lineWriter: LineWriter?
  /// The frames whose changed lines `LineWriter` sent (0 where it is off).
  package var framesSentByLineWriter: Int { lineWriter?.frames ?? 0 }
  /// Whether the terminal has a scroll region and can scroll it, so curses can shift lines.
  private var canShiftLines = false
  /// The lines shown and the lines of the frame, read for weighing line shifts; kept between
  /// frames so they are allocated once.
  private var shownCells: [cchar_t] = []
  private var frameCells: [cchar_t] = []
  /// The bytes of lines weighed for line shifts on the last frames, by the lines' digests.
  private var lineCosts = LineCosts()
  /// The frame clock of animations.
  private var pacer = FramePacer()
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
  /// The mouse events curses was asked to switch on, or nil without a mouse.
  private var mouseMask: mmask_t?
  /// The self-pipe the signal handlers write to, so that poll wakes up (-1 without handlers).
  private var wakeReader: Int32 = -1
  private var wakeWriter: Int32 = -1
  private var needsFullRedraw = false
  /// Whether background work woke the loop since the scene last caught up.
  private var workArrived = false
  /// Whether the modes curses does not know (bracketed paste, SGR mouse) were switched on.
  private var modesAreOn = false
  /// The size last reported to the scene (or found at start).
  private var reportedSize = (columns: 0, rows: 0)
  /// The test hook that writes each frame's screen to a file (`MOSAIC_SCREEN_DUMP`), or nil.
  private let screenDump = ScreenDump.fromEnvironment()

  /// Creates a terminal on standard input and output.
  public convenience init() {
    self.init(inputDescriptor: STDIN_FILENO, outputDescriptor: STDOUT_FILENO)
  }

  /// Creates a terminal on other file descriptors (a pty, for benchmarks).
  ///
  /// - Parameters:
  ///   - inputDescriptor: where keys are read from.
  ///   - outputDescriptor: where the screen is written.
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
  /// keypad, hidden cursor, mouse, bracketed paste and colour.
  ///
  /// - Throws: `TerminalError` when a descriptor is not a terminal, or `TERM` is unknown or
  ///   cannot move the cursor.
  public func start() throws {
    guard screen == nil else { return }
    guard isatty(inputDescriptor) == 1 else { throw TerminalError.notATerminal("standard input") }
    guard isatty(outputDescriptor) == 1 else {
      throw TerminalError.notATerminal("standard output")
    }
    TerminalLocale.configure()
    if installsSignalHandlers {
      SignalGuard.install(inputDescriptor: inputDescriptor, outputDescriptor: outputDescriptor)
      var ends: [Int32] = [0, 0]
      if pipe(&ends) == 0 {
        (wakeReader, wakeWriter) = (ends[0], ends[1])
        for end in ends {
          _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
          _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        // Before newterm, so that curses installs no SIGWINCH or SIGTSTP handler of its own.
        SignalGuard.installWakeUps(writingTo: wakeWriter)
      }
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
    // Without cursor addressing (TERM=dumb) curses cannot draw a screen, only a mess.
    guard SignalGuard.capability("cup") != nil else { throw TerminalError.noCursorAddressing(type) }
    let window = mosaic_stdscr()!
    // Until its screen has been put away once and brought back, ncurses takes itself for a
    // low-level terminfo program and writes its output out at every cursor move: a frame went
    // out in as many writes as it had moves (4 for a table Down, 10-13 when it scrolls), each a
    // system call and a wake-up of whatever reads the terminal. Put away and brought back before
    // any mode is set or anything drawn, it sends a frame in one write.
    endwin()
    doupdate()
    // Curses must not look at the input (we read it) to cut a screen update short.
    typeahead(-1)
    guard cbreak() != mosaic_err() else { throw TerminalError.cursesCall("cbreak") }
    guard noecho() != mosaic_err() else { throw TerminalError.cursesCall("noecho") }
    // Ctrl-S and Ctrl-Q are keys (Ctrl-S saves the view), not XOFF and XON: with flow control
    // on, Ctrl-S would freeze the screen until Ctrl-Q. The shell's modes, which endwin and the
    // signal handlers put back, keep theirs.
    var modes = termios()
    if tcgetattr(inputDescriptor, &modes) == 0 {
      modes.c_iflag &= ~tcflag_t(IXON | IXOFF)
      tcsetattr(inputDescriptor, TCSANOW, &modes)
      def_prog_mode()
    }
    guard keypad(window, true) != mosaic_err() else { throw TerminalError.cursesCall("keypad") }
    // Some terminals cannot hide the cursor; that is not a reason to stop.
    curs_set(0)
    // Line insert/delete lets doupdate scroll the terminal instead of repainting it.
    idlok(window, true)
    scrollok(window, false)
    leaveok(window, true)
    let colors = startColors()
    let mask =
      mosaic_button1_pressed() | mosaic_button1_released() | mosaic_button1_clicked()
      | mosaic_button4_pressed() | mosaic_button5_pressed()
    let hasMouse = mousemask(mask, nil) != 0
    mouseMask = hasMouse ? mask : nil
    writeToTerminal(Self.modesOnSequence(mouse: hasMouse))
    // The answer comes with the input, whenever the terminal sends it: nothing waits for it,
    // and a terminal that never answers simply gets plain frames.
    writeToTerminal(Self.synchronizedOutputQuery)
    modesAreOn = true
    if installsSignalHandlers {
      SignalGuard.captureRestoreSequence(
        mouse: hasMouse, extra: Self.modesOffSequence(mouse: hasMouse))
    }
    reportedSize = (Int(mosaic_getmaxx(window)), Int(mosaic_getmaxy(window)))
    canShiftLines =
      SignalGuard.capability("csr") != nil
      && (SignalGuard.capability("ind") != nil || SignalGuard.capability("indn") != nil)
      && (SignalGuard.capability("ri") != nil || SignalGuard.capability("rin") != nil)
    let layoutIsChecked = mosaic_lines_are_writable() != 0
    surface = CursesSurface(
      window: window, colors: colors, writesLinesDirectly: writesLinesDirectly && layoutIsChecked)
    // It reads and writes curses' lines in place: only where their layout was checked.
    lineWriter = writesChangedLines && layoutIsChecked ? LineWriter() : nil
    // The writer's bytes start and end at the top-left corner, where curses must leave the
    // cursor after each update (see LineWriter).
    if lineWriter != nil { leaveok(window, false) }
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
    // Its capability strings are the terminal's, which delscreen frees.
    lineWriter = nil
    if let screen {
      set_term(screen)
      endwin()
      if modesAreOn { writeToTerminal(Self.modesOffSequence(mouse: mouseMask != nil)) }
      modesAreOn = false
      delscreen(screen)
      self.screen = nil
    }
    mouseMask = nil
    surface = nil
    if let inputFile { fclose(inputFile) }
    if let outputFile { fclose(outputFile) }
    inputFile = nil
    outputFile = nil
    if installsSignalHandlers { SignalGuard.uninstall() }
    #if DEBUG
      // Said once the screen is back, where a developer running a debug build reads it.
      for note in PortingNotes.all where !Self.printedPortingNotes.contains(note) {
        Self.printedPortingNotes.insert(note)
        let line = Array("mosaic porting note: \(note)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
      }
    #endif
    if wakeReader >= 0 { close(wakeReader) }
    if wakeWriter >= 0 { close(wakeWriter) }
    (wakeReader, wakeWriter) = (-1, -1)
  }

  isolated deinit { restore() }

  /// Draws one frame of `scene`: the scene draws into the virtual screen, the lines it says
  /// scrolled are shifted by the terminal itself, then one `doupdate()` sends the difference.
  ///
  /// A scroll hint (`Surface.contentDidScroll(in:rows:)`) that `LineShift` finds worth it is
  /// carried out by curses: the lines in the next screen curses sends are scrolled as the hint
  /// says and sent first, which curses does with the terminal's scroll region, since every other
  /// line stays as shown; curses' own record of the terminal stays true throughout, so the
  /// frame after it sends only what differs from the shifted lines, whatever the hint said.
  public func present(_ scene: any Scene) {
    guard let surface else { return }
    scene.draw(into: surface)
    let lines = Int(mosaic_getmaxy(surface.window))
    // A page that moves (almost) every line out leaves nothing to shift: nothing is read for it.
    let scrolls = surface.takeScrolls().filter {
      LineShift.canShift(lines: min(lines, $0.rect.endRow) - max(0, $0.rect.row), rows: $0.rows)
    }
    // Curses has flushed everything before this frame, so the marks bracket exactly its bytes.
    if synchronizesOutput { writeToTerminal(Self.beginSynchronizedUpdate) }
    if !scrolls.isEmpty, shiftLines(scrolls, of: surface) {
      // Every cell of the frame is compared with the shifted screen, drawn this frame or not.
      touchwin(surface.window)
    }
    // A frame is drawn whole, so every line is marked changed; the ones that are not are
    // unmarked first (a whole-line comparison each), so curses copies only what changed.
    var changedLines = lines
    if surface.linesAreInPlace, let next = mosaic_newscr() {
      changedLines = Int(mosaic_unmark_unchanged_lines(surface.window, next))
    }
    // The changed lines go out first, and curses' update is left the rest (see LineWriter),
    // where a quarter of the screen or more changed: for a few lines (a Down moving the focus)
    // curses' moves cost little, and the writer's own write would cost more. Not where lines
    // moved by less than the screen, which curses' line-move optimisation finds by the hashes
    // it keeps of the lines it sent, which the writer's lines would leave a frame stale: it
    // would scroll them once more and paint them again.
    if let lineWriter, changedLines * 4 >= lines, scrolls.isEmpty {
      lineWriter.send(surface.window) { writeToTerminal($0) }
    }
    if lineWriter != nil { wmove(surface.window, 0, 0) }
    wnoutrefresh(surface.window)
    doupdate()
    if synchronizesOutput { writeToTerminal(Self.endSynchronizedUpdate) }
    frames += 1
    screenDump?.save(surface.window, frame: frames)
  }

  /// Sends the line shifts the frame's scroll hints are worth (`scrolls`, those `LineShift` can
  /// shift at all), before the frame itself; says whether it sent any.
  ///
  /// The old frame is still curses' next screen (the scene drew into the window, not yet copied
  /// there); its lines are scrolled there and sent alone, which curses' line-move optimisation
  /// sends as one scroll of a region, the other lines being as shown. Nothing is shifted while a
  /// whole repaint is pending (after a resize or `fg`), or when the terminal has no scroll region.
  private func shiftLines(_ scrolls: [(rect: CellRect, rows: Int)], of surface: CursesSurface)
    -> Bool
  {
    guard shiftsLines, canShiftLines, let shown = mosaic_curscr(), let next = mosaic_newscr() else {
      return false
    }
    let window = surface.window
    if is_cleared(window) || is_cleared(next) || is_cleared(shown) { return false }
    let columns = Int(mosaic_getmaxx(window))
    let lines = Int(mosaic_getmaxy(window))
    guard Int(mosaic_getmaxx(shown)) == columns, Int(mosaic_getmaxy(shown)) == lines else {
      return false
    }
    var blank = cchar_t()
    mosaic_read_rows(nil, 0, 1, &blank, 1)
    let shifted: [LineShift]
    if surface.linesAreInPlace {
      // Curses' own lines, in place: their layout was checked when the terminal started.
      shifted = Self.planShifts(
        scrolls, lines: lines, columns: columns, blank: &blank, costs: &lineCosts,
        shown: { mosaic_line_cells(shown, Int32($0)) },
        frame: { mosaic_line_cells(window, Int32($0)) })
    } else {
      // Every line shown (curses' record) and every line of the frame, copied once.
      let cells = lines * columns
      if shownCells.count < cells + 1 { shownCells = Array(repeating: cchar_t(), count: cells + 1) }
      if frameCells.count < cells + 1 { frameCells = Array(repeating: cchar_t(), count: cells + 1) }
      mosaic_read_rows(shown, 0, Int32(lines), &shownCells, Int32(columns))
      mosaic_read_rows(window, 0, Int32(lines), &frameCells, Int32(columns))
      shifted = shownCells.withUnsafeBufferPointer { shownCopy in
        frameCells.withUnsafeBufferPointer { frameCopy in
          Self.planShifts(
            scrolls, lines: lines, columns: columns, blank: &blank, costs: &lineCosts,
            shown: { shownCopy.baseAddress! + $0 * columns },
            frame: { frameCopy.baseAddress! + $0 * columns })
        }
      }
    }
    for shift in shifted {
      scrollok(next, true)
      wsetscrreg(next, Int32(shift.top), Int32(shift.bottom - 1))
      wscrl(next, Int32(shift.rows))
      wtouchln(next, Int32(shift.top), Int32(shift.bottom - shift.top), 1)
      wsetscrreg(next, 0, Int32(lines - 1))
      scrollok(next, false)
    }
    guard !shifted.isEmpty else { return false }
    doupdate()
    lineShifts += shifted.count
    return true
  }

  /// The shifts worth sending for `scrolls`, each weighed line by line in bytes: `shown(i)` is
  /// line `i` as curses last sent it, `frame(i)` line `i` of the frame drawn, `columns` cells
  /// each; `costs` keeps what was worked out for the next frames. Two shifts of the same lines
  /// are never both kept: the second would weigh lines that are not the ones shown any more.
  private static func planShifts(
    _ scrolls: [(rect: CellRect, rows: Int)], lines: Int, columns: Int,
    blank: UnsafePointer<cchar_t>, costs: inout LineCosts,
    shown: (Int) -> UnsafePointer<cchar_t>, frame: (Int) -> UnsafePointer<cchar_t>
  ) -> [LineShift] {
    let width = Int32(columns)
    // The digests of the lines the hints cover, each read once.
    var shownDigests = [UInt64](repeating: 0, count: lines)
    var frameDigests = [UInt64](repeating: 0, count: lines)
    var digested = [Bool](repeating: false, count: lines)
    for scroll in scrolls {
      for line in max(0, scroll.rect.row)..<min(lines, scroll.rect.endRow) where !digested[line] {
        shownDigests[line] = mosaic_cells_digest(shown(line), width)
        frameDigests[line] = mosaic_cells_digest(frame(line), width)
        digested[line] = true
      }
    }
    // Curses' own hashes of the lines shown, read only to check a shift found worth sending.
    var old: [UInt]?
    let blankLine = blankLineHash(columns: columns)
    var shifted: [LineShift] = []
    for scroll in scrolls {
      let region = max(0, scroll.rect.row)..<min(lines, scroll.rect.endRow)
      var inPlace = [Int](repeating: 0, count: region.count)
      var fromShifted = [Int](repeating: 0, count: region.count)
      var overBlank = [Int](repeating: 0, count: region.count)
      for (index, line) in region.enumerated() {
        // The bytes of sending line `line` of the frame where it stands, over the line now
        // `rows` further on, and over a blank line.
        let (new, digest) = (frame(line), frameDigests[line])
        inPlace[index] = costs.cost(
          of: new, digest: digest, over: shown(line), digest: shownDigests[line], blank: blank,
          columns: width)
        overBlank[index] = costs.costOverBlank(
          of: new, digest: digest, blank: blank, columns: width)
        let source = line + scroll.rows
        if region.contains(source) {
          fromShifted[index] = costs.cost(
            of: new, digest: digest, over: shown(source), digest: shownDigests[source],
            blank: blank, columns: width)
        }
      }
      guard
        let shift = LineShift.plan(
          top: region.lowerBound, rows: scroll.rows, inPlace: inPlace, shifted: fromShifted,
          blank: overBlank,
          isMovable: { shift in
            let hashes = old ?? (0..<lines).map { UInt(mosaic_cells_hash(shown($0), width)) }
            old = hashes
            return shift.isFound(amongLines: hashes, blankLine: blankLine)
          }),
        !shifted.contains(where: { $0.top < shift.bottom && shift.top < $0.bottom })
      else { continue }
      shifted.append(shift)
    }
    return shifted
  }

  /// The hash curses' line-move optimisation gives a blank line `columns` wide (the sum
  /// `mosaic_cells_hash` makes of a line of spaces).
  static func blankLineHash(columns: Int) -> UInt {
    var hash: UInt = 0
    for _ in 0..<columns { hash = hash &+ (hash << 5) &+ 32 }
    return hash
  }

  /// Runs `scene` until it answers `.quit`: draw a frame, wait for input, parse it, hand each
  /// event to the scene, repeat. While the scene animates (`isAnimating`), frames are drawn at
  /// the slots of a 60 fps clock without waiting for input; input arriving meanwhile is handled
  /// at once. Collection views with no clock of their own animate on the system clock for as
  /// long as this runs (`CollectionView.runLoopAnimationClock`), and any of them animating keeps
  /// the frames coming (`CollectionView.hasAnimationsInProgress`) even if its scene does not say so.
  ///
  /// The terminal's bytes are read here, not by curses (which only draws): `InputParser`
  /// turns them into keys, mouse reports and pastes. Resizes come from SIGWINCH (and a size
  /// check whenever the loop wakes without input); Ctrl-Z leaves curses' modes, stops, and
  /// on `fg` sets them again and redraws the whole screen.
  ///
  /// Starts the terminal if needed and then restores it on every way out, a thrown error
  /// included.
  ///
  /// - Throws: `TerminalError` when the terminal cannot start or input closes.
  public func run(_ scene: any Scene) throws {
    let startsHere = !isStarted
    if startsHere { try start() }
    defer { if startsHere { restore() } }
    guard let window = surface?.window else { return }
    let installsClock = CollectionView.runLoopAnimationClock == nil
    if installsClock { CollectionView.runLoopAnimationClock = SystemAnimationClock.shared }
    defer { if installsClock { CollectionView.runLoopAnimationClock = nil } }
    var lastTick = 0.0
    let trapsAfterFirstFrame = getenv("MOSAIC_DEBUG_TRAP").map { String(cString: $0) } == "1"
    var parser = InputParser()
    var needsFrame = true
    guard let reader = TerminalInputReader(input: inputDescriptor) else {
      throw TerminalError.inputClosed
    }
    defer { reader.stop() }
    while true {
      if needsFrame {
        let started = Self.seconds()
        present(scene)
        // A scene that does not forward its collection views' animations is paced all the same.
        let animating = scene.isAnimating || CollectionView.hasAnimationsInProgress
        pacer.frameDrawn(at: started, animating: animating)
        needsFrame = false
        if trapsAfterFirstFrame {
          // A hidden switch for the end-to-end test that the terminal is
          // restored after a Swift runtime trap.
          fatalError("MOSAIC_DEBUG_TRAP=1: trapping after the first frame")
        }
      }
      // With ticks, wake up ten times a second to let the scene catch up; a pending Esc or
      // sequence wakes the loop when its wait is over.
      var timeout: Int32 = scene.wantsTicks ? 100 : -1
      if let deadline = parser.deadline {
        let now = Self.monotonicNow()
        let wait = deadline > now ? Int32(min((deadline - now + 999_999) / 1_000_000, 60_000)) : 0
        timeout = timeout < 0 ? wait : min(timeout, wait)
      }
      if let wait = pacer.wait(at: Self.seconds()) {
        timeout = timeout < 0 ? wait : min(timeout, wait)
      }
      var descriptors = [
        pollfd(fd: reader.readyDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        throw TerminalError.inputClosed
      }
      var events: [InputEvent] = []
      if descriptors[1].revents != 0 {
        events += handleWakeUps(window: window)
        needsFrame = needsFrame || needsFullRedraw
        needsFullRedraw = false
      }
      if descriptors[0].revents != 0 {
        // Each read at the time it arrived, not now: an Esc that waited out its timeout while
        // a frame was drawn is Esc, whatever came after it.
        let (chunks, ended) = reader.take()
        for chunk in chunks {
          events += parser.feed(chunk.bytes, at: chunk.arrival)
        }
        if let state = parser.modeReports[Self.synchronizedOutputMode] {
          // 1 set, 2 reset: known and switchable; 0, 3 and 4 are not.
          synchronizesOutput = state == 1 || state == 2
        }
        if ended { throw TerminalError.inputClosed }
      }
      if ready == 0 {
        events += parser.expire(at: Self.monotonicNow())
        if let resize = resizeIfNeeded(window: window) { events.append(resize) }
      }
      // Ticks keep their ten a second while frames wake the loop sixty times; finished work
      // is caught up with at once.
      let now = Self.seconds()
      if workArrived || (ready == 0 && scene.wantsTicks && now - lastTick >= 0.1) {
        workArrived = false
        lastTick = now
        if scene.tick() { needsFrame = true }
      }
      if pacer.isDue(at: Self.seconds()) { needsFrame = true }
      // Everything one read brought is handled before the next frame: a burst of input (key
      // repeat, a fast typist, a slow frame) costs one frame, not one per key, so the screen
      // never falls behind the keyboard.
      for event in events {
        switch scene.handle(event) {
        case .quit: return
        case .continue: needsFrame = true
        }
      }
      copyToClipboard(from: scene)
    }
  }

  /// Wakes the run loop of the terminal running now (if any) to let its scene catch up at
  /// once: what background work calls when it has finished something the screen shows, so that
  /// the answer appears when it is ready, not at the next tick. Safe from any thread.
  ///
  /// UIKit: `DispatchQueue.main.async` from a background queue, which wakes the main run loop.
  public nonisolated static func wakeForWork() {
    SignalGuard.wakeForWork()
  }

  /// Reads what the signal handlers (and background work) wrote to the wake-up pipe and acts on
  /// it: a resize, a stop (Ctrl-Z), a continue (`fg`), work to catch up with.
  private func handleWakeUps(window: UnsafeMutablePointer<WINDOW>) -> [InputEvent] {
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = read(wakeReader, &bytes, bytes.count)
    guard count > 0 else { return [] }
    for byte in bytes[0..<count] {
      switch byte {
      case SignalGuard.WakeUp.work.rawValue:
        workArrived = true
      case SignalGuard.WakeUp.suspend.rawValue:
        suspend()
        reenter(window: window)
      case SignalGuard.WakeUp.resume.rawValue:
        reenter(window: window)
      default:
        break
      }
    }
    return resizeIfNeeded(window: window).map { [$0] } ?? []
  }

  /// Leaves curses' modes as an exit would and stops the process, as Ctrl-Z asked.
  private func suspend() {
    // endwin puts back the shell's termios, the main screen, the cursor, keypad and mouse
    // modes; the captured restore sequence adds what curses does not know (bracketed paste).
    endwin()
    SignalGuard.restoreTerminalNow()
    SignalGuard.stopForJobControl()
  }

  /// Sets curses' modes again after a stop and redraws the whole screen on the next frame:
  /// curses forgets keypad-transmit mode across `endwin`, and the shell may have drawn over
  /// everything (or changed the termios) meanwhile.
  private func reenter(window: UnsafeMutablePointer<WINDOW>) {
    reset_prog_mode()
    keypad(window, true)
    if let mouseMask { mousemask(mouseMask, nil) }
    writeToTerminal(Self.modesOnSequence(mouse: mouseMask != nil))
    clearok(window, true)
    needsFullRedraw = true
  }

  /// A resize event when the terminal's size differs from the one last reported, after
  /// telling curses the new size.
  private func resizeIfNeeded(window: UnsafeMutablePointer<WINDOW>) -> InputEvent? {
    var columns: Int32 = 0
    var rows: Int32 = 0
    guard mosaic_window_size(outputDescriptor, &columns, &rows) == 0, columns > 0, rows > 0
    else { return nil }
    if rows != mosaic_lines() || columns != mosaic_cols() { resizeterm(rows, columns) }
    let size = (columns: Int(mosaic_getmaxx(window)), rows: Int(mosaic_getmaxy(window)))
    guard size.columns != reportedSize.columns || size.rows != reportedSize.rows else {
      return nil
    }
    reportedSize = size
    return .resize(columns: size.columns, rows: size.rows)
  }

  /// Sends the text the scene asked to copy, if any, to the terminal's clipboard (OSC 52),
  /// between frames: curses has flushed its own output by then.
  private func copyToClipboard(from scene: any Scene) {
    guard let text = scene.takeClipboardText(), let bytes = ClipboardSequence.bytes(for: text)
    else { return }
    writeToTerminal(bytes)
  }

  /// Writes `bytes` to the terminal directly (curses does not know these modes).
  private func writeToTerminal(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { writeToTerminal($0) }
  }

  /// Writes `bytes` whole, waiting while a terminal that takes no more for now (a full pty)
  /// says so, and giving up on an error.
  private func writeToTerminal(_ bytes: UnsafeRawBufferPointer) {
    guard let start = bytes.baseAddress else { return }
    var written = 0
    while written < bytes.count {
      let result = write(outputDescriptor, start + written, bytes.count - written)
      if result > 0 {
        written += result
      } else if result < 0 && errno == EINTR {
        continue
      } else if result < 0 && errno == EAGAIN {
        var ready = pollfd(fd: outputDescriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&ready, 1, 100)
      } else {
        return
      }
    }
  }

  /// The modes curses does not set: bracketed paste, and SGR mouse reports (which say any
  /// column; the X10 form curses asks for on some terminals stops at 223).
  static func modesOnSequence(mouse: Bool) -> [UInt8] {
    // 1002: button-event tracking, so a drag reports the mouse moving with the button held.
    Array(((mouse ? "\u{1B}[?1002h\u{1B}[?1006h" : "") + "\u{1B}[?2004h").utf8)
  }

  /// Undoes `modesOnSequence`, ends a synchronized update a signal may have cut short (a
  /// terminal that does not know mode 2026 ignores the reset), and resets the scroll region a
  /// signal may have cut a line shift short in (DECSTBM homes the cursor, hence the save and
  /// restore around it).
  static func modesOffSequence(mouse: Bool) -> [UInt8] {
    Array(
      ((mouse ? "\u{1B}[?1006l\u{1B}[?1002l" : "") + "\u{1B}[?2004l\u{1B}[?2026l"
        + "\u{1B}7\u{1B}[r\u{1B}8").utf8)
  }

  /// DEC private mode 2026: synchronized output.
  static let synchronizedOutputMode = 2026
  /// The porting notes already printed: a program may restore the terminal more than once.
  nonisolated(unsafe) private static var printedPortingNotes = Set<String>()
  /// DECRQM for mode 2026: "do you know synchronized output?"
  static let synchronizedOutputQuery = Array("\u{1B}[?2026$p".utf8)
  /// Sets mode 2026: hold what follows until the end mark.
  static let beginSynchronizedUpdate = Array("\u{1B}[?2026h".utf8)
  /// Resets mode 2026: show what came since the begin mark, at once.
  static let endSynchronizedUpdate = Array("\u{1B}[?2026l".utf8)

  /// Seconds on the monotonic clock, for the frame slots.
  static func seconds() -> Double { Double(monotonicNow()) / 1_000_000_000 }

  /// Nanoseconds on the monotonic clock, for the parser's timeouts.
  nonisolated static func monotonicNow() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }
}

extension Terminal {
  /// The ncurses version string.
  public static var cursesVersion: String { String(cString: curses_version()) }
}
