import CNcurses
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Restores the terminal when the process dies of a signal, then lets the
/// signal do what it would have done.
///
/// Covers every signal whose default action ends the process: SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT, the signals of crashes and Swift runtime traps (SIGILL and
/// SIGTRAP on Linux, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGSYS), SIGUSR1/2, the
/// timers (SIGALRM, SIGVTALRM, SIGPROF), the limits (SIGXCPU, SIGXFSZ), SIGPIPE,
/// SIGIO, SIGSTKFLT, SIGPWR and the real-time signals. (SIGKILL and SIGSTOP
/// cannot be caught; the rest stop, continue or are ignored by default.) The
/// handler only calls async-signal-safe functions: it writes escape sequences
/// captured at start (`rmcup`, `cnorm`, …) and puts back the `termios` saved
/// before curses changed it, then runs the previous action (the default, or
/// Swift's crash backtracer) by re-raising; should that return — Swift's
/// backtracer returns from an asynchronous signal such as SIGQUIT, expecting a
/// fault to recur — the default action is put back and the signal raised again,
/// so the process always ends and its exit status says by which signal.
///
/// It also turns SIGWINCH, SIGTSTP and SIGCONT into bytes on a pipe
/// (`installWakeUps(writingTo:)`) for the run loop, which reads the terminal itself.
enum SignalGuard {
  /// The signals the guard catches.
  static let signals: [Int32] = {
    var signals: [Int32] = [
      SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE,
      SIGSYS, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPIPE, SIGIO,
    ]
    #if os(Linux)
      signals += [SIGSTKFLT, SIGPWR]
      // glibc keeps the first few real-time signals for its threads; SIGRTMIN is past them.
      signals += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    #endif
    return signals.filter { $0 > 0 && $0 < RestoreState.signalLimit }
  }()

  /// The signals whose handler, when one is already installed (Swift's crash backtracer), runs
  /// after the restore; any other signal with a handler of its own is left to it.
  static let chainedSignals: Set<Int32> = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGSYS,
  ]

  /// The signals turned into wake-ups for the run loop.
  static let wakeUpSignals: [Int32] = [SIGWINCH, SIGTSTP, SIGCONT]

  /// What a byte on the wake-up pipe says.
  enum WakeUp: UInt8 {
    /// SIGWINCH: the terminal's size changed.
    case resize = 0x57
    /// SIGTSTP: Ctrl-Z; the run loop leaves curses' modes and stops.
    case suspend = 0x5A
    /// SIGCONT: the process runs again (`fg`); the run loop sets its modes and redraws.
    case resume = 0x43
    /// Background work has something to show (`Terminal.wakeForWork()`); not a signal.
    case work = 0x42
  }

  /// Held while a thread writes a work wake-up and while the pipe is let go of: so no thread
  /// writes into a descriptor the run loop has closed (and the system may have reused).
  private static let wakeLock = NSLock()

  /// Writes a work wake-up to the run loop's pipe, when there is one; any thread.
  static func wakeForWork() {
    wakeLock.lock()
    defer { wakeLock.unlock() }
    let descriptor = RestoreState.shared.pointee.wakeDescriptor
    guard descriptor >= 0 else { return }
    var value = WakeUp.work.rawValue
    _ = write(descriptor, &value, 1)
  }

  /// Saves the terminal's `termios` and installs the handlers; call before curses starts.
  ///
  /// Installing first also keeps ncurses from installing its own SIGINT and
  /// SIGTERM handlers, which exit with status 1 instead of re-raising.
  static func install(inputDescriptor: Int32, outputDescriptor: Int32) {
    let state = RestoreState.shared
    state.pointee.outputDescriptor = outputDescriptor
    state.pointee.inputDescriptor = inputDescriptor
    state.pointee.hasTermios = tcgetattr(inputDescriptor, &state.pointee.savedTermios) == 0
    state.pointee.byteCount = 0
    for signal in signals {
      var action = sigaction()
      sigemptyset(&action.sa_mask)
      // SA_NODEFER lets the re-raise inside the handler be delivered at once.
      // SA_ONSTACK: on a stack overflow the handler can only run on an alternate stack
      // (Swift's runtime sets one up for its backtracer).
      action.sa_flags = Int32(SA_NODEFER) | Int32(SA_ONSTACK)
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = signalGuardHandler
      #else
        action.__sigaction_u.__sa_handler = signalGuardHandler
      #endif
      var previous = sigaction()
      guard sigaction(signal, nil, &previous) == 0 else { continue }
      // A signal the parent chose to ignore (nohup, background jobs) stays ignored.
      if isIgnore(previous) { continue }
      // A handler someone else installed for a signal that is not a request to end or a crash
      // (a profiler's SIGPROF, a library's SIGUSR1) means the signal does not end the process.
      if !isDefault(previous) && !chainedSignals.contains(signal) { continue }
      state.pointee.previous(for: signal).pointee = previous
      state.pointee.installed(for: signal).pointee = true
      sigaction(signal, &action, nil)
    }
  }

  /// Captures the bytes that take the terminal out of curses' modes; call once curses started.
  ///
  /// - Parameters:
  ///   - mouse: whether mouse reporting was switched on, so it is switched off too.
  ///   - extra: the bytes that switch off modes curses does not know (bracketed paste).
  static func captureRestoreSequence(mouse: Bool, extra: [UInt8] = []) {
    var bytes: [UInt8] = extra
    if mouse { bytes += mouseOffSequence() }
    for name in ["sgr0", "cnorm", "rmkx", "rmcup"] {
      if let string = capability(name) { bytes += Array(string.utf8) }
    }
    let state = RestoreState.shared
    let count = min(bytes.count, RestoreState.capacity)
    withUnsafeMutableBytes(of: &state.pointee.bytes) { buffer in
      for index in 0..<count { buffer[index] = bytes[index] }
    }
    state.pointee.byteCount = count
  }

  /// Puts every handler back as it was before `install`; call after a normal restore.
  static func uninstall() {
    let state = RestoreState.shared
    state.pointee.byteCount = 0
    state.pointee.hasTermios = false
    for signal in signals + wakeUpSignals where state.pointee.installed(for: signal).pointee {
      sigaction(signal, state.pointee.previous(for: signal), nil)
      state.pointee.installed(for: signal).pointee = false
    }
    wakeLock.lock()
    state.pointee.wakeDescriptor = -1
    wakeLock.unlock()
  }

  /// Makes SIGWINCH, SIGTSTP and SIGCONT write a `WakeUp` byte to `descriptor` (non-blocking,
  /// the write end of the run loop's pipe); call before curses starts, after `install`.
  ///
  /// A SIGTSTP the parent chose to ignore stays ignored (no job control there).
  static func installWakeUps(writingTo descriptor: Int32) {
    let state = RestoreState.shared
    state.pointee.wakeDescriptor = descriptor
    for signal in wakeUpSignals {
      var previous = sigaction()
      guard sigaction(signal, nil, &previous) == 0, !isIgnore(previous) else { continue }
      state.pointee.previous(for: signal).pointee = previous
      state.pointee.installed(for: signal).pointee = true
      setWakeUpHandler(signal)
    }
  }

  /// Stops the process as SIGTSTP's default action would, and returns once it continues.
  static func stopForJobControl() {
    guard RestoreState.shared.pointee.installed(for: SIGTSTP).pointee else { return }
    signal(SIGTSTP, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(SIGTSTP)
    setWakeUpHandler(SIGTSTP)
  }

  private static func setWakeUpHandler(_ signal: Int32) {
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    // SA_RESTART: a read or write the signal interrupts goes on rather than failing.
    action.sa_flags = Int32(SA_RESTART)
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = wakeUpHandler
    #else
      action.__sigaction_u.__sa_handler = wakeUpHandler
    #endif
    sigaction(signal, &action, nil)
  }

  /// Writes the captured sequences and puts the saved `termios` back; async-signal-safe.
  static func restoreTerminalNow() {
    let state = RestoreState.shared
    let count = state.pointee.byteCount
    if count > 0 {
      withUnsafeBytes(of: &state.pointee.bytes) { buffer in
        var written = 0
        while written < count {
          let result = write(
            state.pointee.outputDescriptor, buffer.baseAddress! + written, count - written)
          // A second signal can interrupt the write; only a real error gives up.
          if result < 0 && errno == EINTR { continue }
          if result <= 0 { break }
          written += result
        }
      }
    }
    if state.pointee.hasTermios {
      tcsetattr(state.pointee.inputDescriptor, TCSANOW, &state.pointee.savedTermios)
    }
  }

  /// The terminal's string capability `name`, or nil when it has none.
  static func capability(_ name: String) -> String? {
    guard let pointer = tigetstr(name) else { return nil }
    // tigetstr answers (char *)-1 for a name that is not a string capability.
    if Int(bitPattern: pointer) == -1 { return nil }
    return String(cString: pointer)
  }

  private static func mouseOffSequence() -> [UInt8] {
    // ncurses switches xterm mouse reporting on through the XM capability when
    // the terminal description has it, otherwise with mode 1000.
    if let xm = capability("XM"), let off = xm.withCString({ mosaic_tiparm1($0, 0) }) {
      return Array(String(cString: off).utf8)
    }
    return Array("\u{1B}[?1000l".utf8)
  }

  private static func isDefault(_ action: sigaction) -> Bool {
    #if canImport(Glibc)
      let handler = action.__sigaction_handler.sa_handler
    #else
      let handler = action.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_DFL, to: Int.self)
  }

  private static func isIgnore(_ action: sigaction) -> Bool {
    #if canImport(Glibc)
      let handler = action.__sigaction_handler.sa_handler
    #else
      let handler = action.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }
}

/// Everything the signal handler reads, in one block allocated once and never
/// freed, so the handler touches no Swift runtime machinery (no lazy globals,
/// no reference counting, no allocation).
struct RestoreState {
  /// The most bytes of restore sequence kept.
  static let capacity = 256
  /// The highest signal number handled, plus one.
  static let signalLimit = 65

  /// The single instance; created on first use, before any handler is installed.
  // nonisolated(unsafe): the handler must read it without locks; it is written only with the
  // handlers blocked or not yet installed (see SignalGuard), never by two threads at once.
  nonisolated(unsafe) static let shared: UnsafeMutablePointer<RestoreState> = {
    let pointer = UnsafeMutablePointer<RestoreState>.allocate(capacity: 1)
    pointer.initialize(to: RestoreState())
    return pointer
  }()

  var outputDescriptor: Int32 = 1
  var inputDescriptor: Int32 = 0
  /// The write end of the run loop's wake-up pipe, or -1.
  var wakeDescriptor: Int32 = -1
  var hasTermios = false
  var savedTermios = termios()
  var byteCount = 0
  // A fixed-size tuple stands in for a C array: 256 bytes, inline.
  var bytes:
    (
      SIMD64<UInt8>, SIMD64<UInt8>, SIMD64<UInt8>, SIMD64<UInt8>
    ) = (.zero, .zero, .zero, .zero)
  var previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: signalLimit)
  var installedFlags: UnsafeMutablePointer<Bool> = {
    let flags = UnsafeMutablePointer<Bool>.allocate(capacity: signalLimit)
    flags.initialize(repeating: false, count: signalLimit)
    return flags
  }()

  func previous(for signal: Int32) -> UnsafeMutablePointer<sigaction> {
    previousActions + Int(signal)
  }

  func installed(for signal: Int32) -> UnsafeMutablePointer<Bool> {
    installedFlags + Int(signal)
  }
}

/// The C signal handler: restore, put the previous action back, re-raise; and if the previous
/// action returned, die by the default action.
private func signalGuardHandler(_ number: Int32) {
  SignalGuard.restoreTerminalNow()
  // Swift's backtracer, when standard input was a terminal at start, waits 30 s for a key on
  // it before the process may die. It reads the key from the descriptor it inherits, at crash
  // time: /dev/null there ends the wait at once, and the backtrace is still printed.
  let null = open("/dev/null", O_RDONLY)
  if null >= 0 {
    dup2(null, STDIN_FILENO)
    if null != STDIN_FILENO { close(null) }
  }
  let state = RestoreState.shared
  if number >= 0 && number < RestoreState.signalLimit
    && state.pointee.installed(for: number).pointee
  {
    sigaction(number, state.pointee.previous(for: number), nil)
    raise(number)
  }
  // Swift's backtracer returns from a signal sent by kill (SIGQUIT from Ctrl-\, an abort's
  // SIGABRT) after printing; the process must not live on with the terminal given back.
  signal(number, SIG_DFL)
  var set = sigset_t()
  sigemptyset(&set)
  sigaddset(&set, number)
  pthread_sigmask(SIG_UNBLOCK, &set, nil)
  raise(number)
}

/// The wake-up handler: one byte on the run loop's pipe; async-signal-safe, errno kept.
private func wakeUpHandler(_ number: Int32) {
  let saved = errno
  let byte: SignalGuard.WakeUp =
    number == SIGWINCH ? .resize : number == SIGTSTP ? .suspend : .resume
  var value = byte.rawValue
  _ = write(RestoreState.shared.pointee.wakeDescriptor, &value, 1)
  errno = saved
}
