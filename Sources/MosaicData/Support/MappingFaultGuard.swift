import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps a read past the end of a mapped file that was truncated underneath from killing the
/// process: a SIGBUS handler maps zero pages over the rest of that file's mapping and returns,
/// so the read sees zeros, and records the offset for `MappedFile.checkForChange()`.
///
/// Only faults inside a registered mapping are handled; any other SIGBUS (and a SIGBUS sent by
/// `kill` or `raise`) goes on to the action installed before this one — the terminal's guard,
/// which restores the screen, or the default. `install()` puts the handler on top of whatever
/// is installed now, so call it again after installing another SIGBUS handler. The handler reads
/// only a fixed table allocated once, and calls only `mmap`, `signal`, `raise` and the previous
/// handler. No UIKit counterpart.
enum MappingFaultGuard {
  /// The most mappings guarded at once; a mapping beyond them is simply not guarded.
  static let capacity = 64

  /// One guarded mapping.
  struct Slot {
    /// The first address, or 0 when the slot is free.
    var start = 0
    /// The address after the last mapped page.
    var end = 0
    /// The smallest offset that faulted since the last `takeFaultOffset`, or -1.
    var faultOffset = -1
  }

  // @unchecked: the pointers never change or get freed; slots are written under `lock` only.
  /// Everything the handler reads, allocated once and never freed.
  struct Table: @unchecked Sendable {
    var slots: UnsafeMutablePointer<Slot>
    var previous: UnsafeMutablePointer<sigaction>
    var chaining: UnsafeMutablePointer<Int>
    var pageSize: Int
  }

  static let table: Table = {
    let slots = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
    slots.initialize(repeating: Slot(), count: capacity)
    let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
    previous.initialize(to: sigaction())
    let chaining = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    chaining.initialize(to: 0)
    return Table(
      slots: slots, previous: previous, chaining: chaining,
      pageSize: Int(sysconf(Int32(_SC_PAGESIZE))))
  }()

  private static let lock = NSLock()

  /// Guards `length` bytes mapped at `start` (installing the handler if needed); returns the slot
  /// to pass to `unregister`, or nil when every slot is taken.
  static func register(start: UnsafeRawPointer, length: Int) -> Int? {
    lock.lock()
    defer { lock.unlock() }
    installLocked()
    let table = self.table
    for index in 0..<capacity where table.slots[index].start == 0 {
      let first = Int(bitPattern: start)
      let pages = (length + table.pageSize - 1) / table.pageSize
      table.slots[index].faultOffset = -1
      table.slots[index].end = first + pages * table.pageSize
      // The start goes in last: a non-zero start is what marks the slot as in use.
      table.slots[index].start = first
      return index
    }
    return nil
  }

  /// Stops guarding the mapping in `slot`; call before unmapping it.
  static func unregister(_ slot: Int) {
    lock.lock()
    defer { lock.unlock() }
    table.slots[slot].start = 0
    table.slots[slot].end = 0
  }

  /// The smallest offset of a fault in `slot`'s mapping since the last call, or nil.
  static func takeFaultOffset(_ slot: Int) -> Int? {
    let offset = table.slots[slot].faultOffset
    guard offset >= 0 else { return nil }
    table.slots[slot].faultOffset = -1
    return offset
  }

  /// Puts the handler on top of the current SIGBUS action, which it chains to; does nothing when
  /// it is on top already.
  static func install() {
    lock.lock()
    defer { lock.unlock() }
    installLocked()
  }

  /// Whether the handler is the current SIGBUS action.
  static var isInstalled: Bool {
    var current = sigaction()
    sigaction(SIGBUS, nil, &current)
    return isOurs(current)
  }

  private static func installLocked() {
    let table = self.table
    var current = sigaction()
    guard sigaction(SIGBUS, nil, &current) == 0, !isOurs(current) else { return }
    table.previous.pointee = current
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    // SA_NODEFER: a previous handler that re-raises (the terminal's guard does) reaches us
    // again at once, and `chaining` sends it to the default action instead of round in a loop.
    action.sa_flags = Int32(SA_SIGINFO) | Int32(SA_NODEFER) | Int32(SA_ONSTACK)
    #if canImport(Glibc)
      action.__sigaction_handler.sa_sigaction = mappingFaultHandler
    #else
      action.__sigaction_u.__sa_sigaction = mappingFaultHandler
    #endif
    sigaction(SIGBUS, &action, nil)
  }

  private static func isOurs(_ action: sigaction) -> Bool {
    guard action.sa_flags & Int32(SA_SIGINFO) != 0 else { return false }
    #if canImport(Glibc)
      let handler = action.__sigaction_handler.sa_sigaction
    #else
      let handler = action.__sigaction_u.__sa_sigaction
    #endif
    return unsafeBitCast(handler, to: Int.self)
      == unsafeBitCast(mappingFaultHandler as SignalInfoHandler?, to: Int.self)
  }
}

/// The C shape of an SA_SIGINFO handler.
typealias SignalInfoHandler =
  @convention(c) (
    Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?
  ) -> Void

/// The SIGBUS handler: zero pages over a guarded mapping's faulting page and the rest of it, or
/// on to the previous action.
private func mappingFaultHandler(
  _ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  let table = MappingFaultGuard.table
  // si_code > 0: raised by the kernel for this access, not sent by kill or raise.
  if let info, info.pointee.si_code > 0 {
    #if canImport(Glibc)
      let address = Int(bitPattern: info.pointee._sifields._sigfault.si_addr)
    #else
      let address = Int(bitPattern: info.pointee.si_addr)
    #endif
    for index in 0..<MappingFaultGuard.capacity {
      let slot = table.slots + index
      let start = slot.pointee.start
      guard start != 0, address >= start, address < slot.pointee.end else { continue }
      let page = address & ~(table.pageSize - 1)
      #if canImport(Glibc)
        let flags = MAP_PRIVATE | MAP_FIXED | MAP_ANONYMOUS
      #else
        let flags = MAP_PRIVATE | MAP_FIXED | MAP_ANON
      #endif
      let mapped = mmap(
        UnsafeMutableRawPointer(bitPattern: page), slot.pointee.end - page, PROT_READ, flags, -1,
        0)
      if mapped != UnsafeMutableRawPointer(bitPattern: -1) {
        let offset = page - start
        let earlier = slot.pointee.faultOffset
        if earlier < 0 || offset < earlier { slot.pointee.faultOffset = offset }
        return
      }
    }
  }
  if table.chaining.pointee != 0 {
    signal(number, SIG_DFL)
    raise(number)
    return
  }
  table.chaining.pointee = 1
  let previous = table.previous.pointee
  #if canImport(Glibc)
    let handler = unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self)
  #else
    let handler = unsafeBitCast(previous.__sigaction_u.__sa_handler, to: Int.self)
  #endif
  if handler == unsafeBitCast(SIG_DFL, to: Int.self)
    || handler == unsafeBitCast(SIG_IGN, to: Int.self)
  {
    // Ignoring a fault would retry it forever: the default action it is.
    signal(number, SIG_DFL)
    raise(number)
  } else if previous.sa_flags & Int32(SA_SIGINFO) != 0 {
    #if canImport(Glibc)
      previous.__sigaction_handler.sa_sigaction?(number, info, context)
    #else
      previous.__sigaction_u.__sa_sigaction?(number, info, context)
    #endif
  } else {
    #if canImport(Glibc)
      previous.__sigaction_handler.sa_handler?(number)
    #else
      previous.__sigaction_u.__sa_handler?(number)
    #endif
  }
  table.chaining.pointee = 0
  // A previous handler that returned from a real fault would only see it again: end here.
  if let info, info.pointee.si_code > 0 {
    signal(number, SIG_DFL)
  }
}
