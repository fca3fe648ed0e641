import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// @unchecked: the mapping's address and capacity are lets; what changes is guarded by `state`.
/// A file's bytes: memory-mapped when it is a regular file, a spool file that grows while a
/// stream is copied into it, or bytes already in memory.
///
/// Mapping keeps a 1M-row file off the heap: pages come in as the indexer touches them and the
/// kernel may drop them again, so resident memory stays well below the file's size. A mapped file
/// can change underneath: `checkForChange()` notices it (fstat, and `MappingFaultGuard` for a
/// read past a truncated end, which reads zeros instead of killing the process), and `count`
/// then shrinks to the bytes that still exist, so records past it are known to be gone.
final class MappedFile: @unchecked Sendable {
  /// The first byte; nil when the file is empty.
  let base: UnsafeRawPointer?
  /// The largest `count` can ever be: the mapped length (or the spool's reserved length).
  let capacity: Int
  private let isMapped: Bool
  /// The open file, kept for fstat (-1 for bytes in memory and for spools, which never change).
  private let descriptor: Int32
  private let path: String?
  private let opened: Identity?
  private let guardSlot: Int?
  /// Whether the file is followed (`--follow`): mapped with room to grow, its growth watched.
  let isFollowed: Bool
  /// An inotify descriptor watching a followed file for writes (-1 otherwise, or where inotify
  /// is missing): waiting for growth sleeps in `poll` on it until the file changes.
  private let watch: Int32

  private let state = NSCondition()
  private var available: Int
  private var growing = false
  private var endNote: DataError?
  private var change: FileChange?
  private var lastCheck: UInt64 = 0

  /// What identifies a file's content on disk, cheaply.
  private struct Identity: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int
    var modified: Int

    init(_ info: stat) {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
      size = Int(info.st_size)
      #if canImport(Glibc)
        modified = Int(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(info.st_mtim.tv_nsec)
      #else
        modified = Int(info.st_mtimespec.tv_sec) &* 1_000_000_000 &+ Int(info.st_mtimespec.tv_nsec)
      #endif
    }
  }

  /// How often `checkForChange()` looks at the file, at most.
  static let checkInterval: UInt64 = 250_000_000

  /// How much room past its size a followed file is mapped with: it may grow that much before
  /// it must be reopened (address space only; nothing is allocated).
  static let followReserve = 1 << 30

  /// Maps the regular file at `path`, or reads a file that is not regular whole; `name` is how
  /// errors refer to it. Streams are better opened with `StreamSpool`, which does not wait.
  ///
  /// - Parameter follows: Map a regular file with `followReserve` bytes of room past its end,
  ///   as a file that grows: `waitForGrowth` polls its size and makes appended bytes readable,
  ///   and `checkForChange` reports only truncation or replacement (rotation), not growth.
  convenience init(path: String, name: String, follows: Bool = false) throws {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else {
      throw DataError.unreadable(file: name, reason: String(cString: strerror(errno)))
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let reason = String(cString: strerror(errno))
      close(fd)
      throw DataError.unreadable(file: name, reason: reason)
    }
    let kind = info.st_mode & S_IFMT
    if kind == S_IFDIR {
      close(fd)
      throw DataError.unreadable(file: name, reason: "is a directory")
    }
    let size = Int(info.st_size)
    if follows && kind == S_IFREG {
      let capacity = size + Self.followReserve
      let pointer = mmap(nil, capacity, PROT_READ, MAP_SHARED, fd, 0)
      if let pointer, pointer != UnsafeMutableRawPointer(bitPattern: -1) {
        self.init(
          mapping: UnsafeRawPointer(pointer), size: size, capacity: capacity, descriptor: fd,
          path: path, identity: Identity(info), follows: true)
        return
      }
    }
    if kind == S_IFREG && size > 0 {
      let pointer = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
      if let pointer, pointer != UnsafeMutableRawPointer(bitPattern: -1) {
        self.init(
          mapping: UnsafeRawPointer(pointer), size: size, capacity: size, descriptor: fd,
          path: path, identity: Identity(info), follows: false)
        return
      }
    }
    // Files mmap refuses: read everything.
    var data = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        let reason = String(cString: strerror(errno))
        close(fd)
        throw DataError.unreadable(file: name, reason: reason)
      }
      if n == 0 { break }
      data.append(contentsOf: chunk[0..<n])
    }
    close(fd)
    self.init(copying: data)
  }

  private init(
    mapping pointer: UnsafeRawPointer, size: Int, capacity: Int, descriptor: Int32, path: String,
    identity: Identity, follows: Bool
  ) {
    base = pointer
    self.capacity = capacity
    available = size
    growing = follows
    isFollowed = follows
    isMapped = true
    self.descriptor = descriptor
    self.path = path
    watch = follows ? Self.watchForWrites(path) : -1
    opened = identity
    guardSlot = MappingFaultGuard.register(start: pointer, length: capacity)
  }

  /// Wraps bytes already in memory (used for strings in tests and bundled data).
  convenience init(bytes: [UInt8]) {
    self.init(copying: bytes)
  }

  private init(copying bytes: [UInt8]) {
    isMapped = false
    isFollowed = false
    watch = -1
    descriptor = -1
    path = nil
    opened = nil
    guardSlot = nil
    capacity = bytes.count
    available = bytes.count
    if bytes.isEmpty {
      base = nil
    } else {
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 16)
      bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
      base = UnsafeRawPointer(buffer)
    }
  }

  /// Maps `capacity` bytes of the spool file `descriptor` (which it closes when done), of which
  /// none are readable yet: `grow(to:)` makes them so as they are written.
  init(spool descriptor: Int32, capacity: Int) throws {
    let pointer = mmap(nil, capacity, PROT_READ, MAP_SHARED | MAP_NORESERVE, descriptor, 0)
    guard let pointer, pointer != UnsafeMutableRawPointer(bitPattern: -1) else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw DataError.unreadable(file: "spool", reason: "cannot map: \(reason)")
    }
    base = UnsafeRawPointer(pointer)
    self.capacity = capacity
    available = 0
    growing = true
    isFollowed = false
    watch = -1
    isMapped = true
    // The spool is ours and unlinked: nothing else can change it, so it is never checked.
    self.descriptor = descriptor
    path = nil
    opened = nil
    guardSlot = nil
  }

  deinit {
    if let guardSlot { MappingFaultGuard.unregister(guardSlot) }
    if descriptor >= 0 { close(descriptor) }
    if watch >= 0 { close(watch) }
    guard let base else { return }
    if isMapped {
      munmap(UnsafeMutableRawPointer(mutating: base), capacity)
    } else {
      UnsafeMutableRawPointer(mutating: base).deallocate()
    }
  }

  // MARK: Size, growth and change

  /// The number of bytes that may be read now: it grows while a stream is spooled, and shrinks
  /// when the file is found truncated.
  var count: Int {
    state.lock()
    defer { state.unlock() }
    return available
  }

  /// Whether more bytes may still arrive (a stream still being spooled).
  var isGrowing: Bool {
    state.lock()
    defer { state.unlock() }
    return growing
  }

  /// Why the stream stopped before its end (a read error, a limit), if it did.
  var stopReason: DataError? {
    state.lock()
    defer { state.unlock() }
    return endNote
  }

  /// Makes the first `count` bytes readable (the spool has written them).
  func grow(to count: Int) {
    state.lock()
    available = min(max(available, count), capacity)
    state.broadcast()
    state.unlock()
  }

  /// Says no more bytes will come, with the reason when the stream did not simply end.
  func finishGrowing(reason: DataError? = nil) {
    state.lock()
    if growing, endNote == nil { endNote = reason }
    growing = false
    state.broadcast()
    state.unlock()
  }

  /// Waits until more than `count` bytes are readable or growth ends, for `timeout` at most.
  func waitForGrowth(beyond count: Int, timeout: TimeInterval) {
    let deadline = Date(timeIntervalSinceNow: timeout)
    if isFollowed {
      // Nobody writes through us: the file's size is looked at when the kernel says it was
      // written (inotify), or, without inotify, every `followPollMicroseconds`.
      while isGrowing && pollFollowedSize() <= count {
        let left = deadline.timeIntervalSinceNow
        guard left > 0 else { return }
        if watch >= 0 {
          var poller = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
          guard poll(&poller, 1, Int32(min(left, 60) * 1000) + 1) > 0 else { return }
          var events = [UInt8](repeating: 0, count: 4096)
          while read(watch, &events, events.count) > 0 {}
        } else {
          // Woken at once when growth ends (`finishGrowing` broadcasts); else the size is looked
          // at again after a while.
          let next = Date(timeIntervalSinceNow: Double(Self.followPollMicroseconds) / 1_000_000)
          state.lock()
          if growing { _ = state.wait(until: min(deadline, next)) }
          state.unlock()
        }
      }
      return
    }
    state.lock()
    while growing && available <= count {
      if !state.wait(until: deadline) { break }
    }
    state.unlock()
  }

  /// How often a followed file's size is looked at while waiting for it to grow, where there
  /// is no inotify.
  static let followPollMicroseconds: UInt32 = 50_000

  /// An inotify descriptor watching `path` for writes, truncation, renames and removal (which a
  /// rotated log goes through), or -1 where there is none.
  private static func watchForWrites(_ path: String) -> Int32 {
    #if os(Linux)
      let watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard watch >= 0 else { return -1 }
      let mask = UInt32(IN_MODIFY | IN_ATTRIB | IN_MOVE_SELF | IN_DELETE_SELF | IN_CLOSE_WRITE)
      guard inotify_add_watch(watch, path, mask) >= 0 else {
        close(watch)
        return -1
      }
      return watch
    #else
      return -1
    #endif
  }

  /// Makes a followed file's appended bytes readable (up to the mapping's room); returns the
  /// readable count. A shrunk file is left to `checkForChange`, which calls it truncated.
  @discardableResult
  func pollFollowedSize() -> Int {
    var info = stat()
    guard isFollowed, fstat(descriptor, &info) == 0 else { return count }
    let size = Int(info.st_size)
    state.lock()
    defer { state.unlock() }
    if growing && size > available && change == nil {
      available = min(size, capacity)
      if size > capacity { change = .modified }
      state.broadcast()
    }
    return available
  }

  /// Looks whether the file changed on disk since it was opened, at most every 250 ms (a read
  /// past a truncated end is seen at once); a truncated file's `count` drops to its new size.
  /// A followed file's growth is no change: only truncation, or another file at its path (a
  /// log rotated by renaming), is.
  func checkForChange() -> FileChange? {
    guard descriptor >= 0, let opened else { return nil }
    state.lock()
    defer { state.unlock() }
    let faultOffset = guardSlot.flatMap(MappingFaultGuard.takeFaultOffset)
    if change == .truncated && faultOffset == nil { return change }
    let now = DispatchTime.now().uptimeNanoseconds
    if faultOffset == nil && lastCheck != 0 && now &- lastCheck < Self.checkInterval {
      return change
    }
    lastCheck = now
    if let faultOffset {
      // The page that faulted is past the end, so everything from it on is gone.
      change = .truncated
      available = min(available, faultOffset)
    }
    var info = stat()
    if isFollowed {
      if fstat(descriptor, &info) == 0, Int(info.st_size) < available {
        change = .truncated
        available = Int(info.st_size)
      }
      var named = stat()
      if change == nil, let path,
        stat(path, &named) != 0
          || UInt64(named.st_ino) != opened.inode || UInt64(named.st_dev) != opened.device
      {
        change = .modified
      }
      return change
    }
    if fstat(descriptor, &info) == 0 {
      let now = Identity(info)
      if now.size < capacity {
        change = .truncated
        available = min(available, now.size)
      } else if now != opened && change == nil {
        change = .modified
      }
    }
    if change == nil, let path {
      var named = stat()
      // Saved by renaming a new file over it: our mapping is intact but out of date.
      if stat(path, &named) != 0 || Identity(named) != opened { change = .modified }
    }
    return change
  }

  // MARK: Pages

  /// Tells the kernel this process is done with the pages from `start` to `end` for now, so they
  /// leave its resident set; they stay in the page cache and come back on the next access. Only
  /// whole pages inside the range are released, and nothing happens for files read into memory.
  func release(from start: Int, to end: Int) {
    guard isMapped, let base else { return }
    let page = Self.pageSize
    let from = (start + page - 1) / page * page
    let to = min(end, count) / page * page
    guard to > from else { return }
    _ = madvise(UnsafeMutableRawPointer(mutating: base + from), to - from, Int32(MADV_DONTNEED))
  }

  static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

  // MARK: Reading

  /// The readable bytes as a buffer (empty for an empty file).
  var bytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: base, count: base == nil ? 0 : count)
  }

  /// The byte at `offset`, which must be in range.
  @inline(__always) subscript(offset: Int) -> UInt8 {
    base.unsafelyUnwrapped.load(fromByteOffset: offset, as: UInt8.self)
  }

  /// The first line start at or after `offset`: `offset` itself when it starts a line, else
  /// the byte after the next line feed (`count` when there is none).
  func lineStart(atOrAfter offset: Int) -> Int {
    // Read once: a truncation noticed on another thread shrinks `count`, maybe below the
    // offset the caller measured against the old end.
    let end = count
    guard offset > 0, offset < end, self[offset - 1] != UInt8(ascii: "\n") else { return offset }
    return min(firstIndex(of: UInt8(ascii: "\n"), in: offset..<end) + 1, end)
  }

  /// The first index of `byte` in `range`, or `range.upperBound` when absent.
  @inline(__always) func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int {
    guard let base, !range.isEmpty else { return range.upperBound }
    guard let hit = memchr(base + range.lowerBound, Int32(byte), range.count) else {
      return range.upperBound
    }
    return base.distance(to: UnsafeRawPointer(hit))
  }

  /// Whether any byte in `range` is outside ASCII.
  func containsNonASCII(_ range: Range<Int>) -> Bool {
    guard let base else { return false }
    var i = range.lowerBound
    while i + 8 <= range.upperBound {
      if base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
        return true
      }
      i += 8
    }
    while i < range.upperBound {
      if self[i] >= 0x80 { return true }
      i += 1
    }
    return false
  }

  /// The bytes in `range` decoded as UTF-8 (invalid sequences become U+FFFD).
  func string(_ range: Range<Int>) -> String {
    guard let base, !range.isEmpty else { return "" }
    return String(
      decoding: UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count),
      as: UTF8.self)
  }

  /// The 1-based line and column (in Unicode scalars) of `offset`.
  func position(of offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    var i = 0
    let end = min(offset, count)
    while i < end {
      let nl = firstIndex(of: UInt8(ascii: "\n"), in: i..<end)
      if nl >= end { break }
      line += 1
      lineStart = nl + 1
      i = nl + 1
    }
    var column = 1
    var j = lineStart
    while j < end {
      if self[j] & 0xC0 != 0x80 { column += 1 }
      j += 1
    }
    return (line, column)
  }
}
