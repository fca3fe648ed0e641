import Foundation
import MosaicApp
import MosaicCollection
import Testing

// @unchecked: the queue of answers lives under `lock`.
/// A network on a virtual clock: an answer is delivered, on the caller's thread, when the test
/// moves the clock past its latency, and never otherwise.
final class VirtualNetwork: RemoteDelivery, @unchecked Sendable {
  private let lock = NSLock()
  private var now = 0.0
  private var due: [(time: Double, work: @Sendable () -> Void)] = []

  func deliver(after seconds: Double, _ work: @escaping @Sendable () -> Void) {
    lock.lock()
    due.append((now + seconds, work))
    lock.unlock()
  }

  /// Answers not yet delivered.
  var waiting: Int {
    lock.lock()
    defer { lock.unlock() }
    return due.count
  }

  /// Moves the clock on by `seconds` and delivers every answer due by then, earliest first.
  func advance(by seconds: Double) {
    lock.lock()
    now += seconds
    let ready = due.filter { $0.time <= now }.sorted { $0.time < $1.time }
    due.removeAll { $0.time <= now }
    lock.unlock()
    for answer in ready { answer.work() }
  }
}

/// `mosaic demo remote`: cards from a slow server, placeholders first, prefetched ahead.
@Suite @MainActor struct RemoteDemoTests {
  /// The cards' first lines on screen: a record's name, or "loading…".
  private func cardTitles(_ surface: MemorySurface) -> [String] {
    surface.lines.flatMap { line in
      line.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { $0.hasPrefix("Customer") || $0 == "loading…" }
    }
  }

  @Test func placeholdersFirstThenTheRecordsAsTheyArrive() {
    let network = VirtualNetwork()
    let demo = RemoteDemo(delivery: network)
    let surface = drawn(demo)
    // 80 × 24: 21 rows of cards (the counters and status lines below), three across.
    let first = cardTitles(surface)
    #expect(first.count >= 15 && first.allSatisfy { $0 == "loading…" }, "\(surface.text)")
    #expect(surface.text.contains("#0") && surface.text.contains("#2"))
    #expect(surface.lines[22].contains("loaded 0"), "\(surface.lines[22])")
    #expect(surface.lines[23].contains("remote │ 100,000 records"))
    // No answer is in before its latency (at least 150 ms).
    network.advance(by: 0.149)
    #expect(!demo.tick())
    // By 400 ms every answer is in; the cards on screen show them at the next frame.
    network.advance(by: 0.3)
    #expect(demo.tick())
    demo.draw(into: surface)
    let filled = cardTitles(surface)
    #expect(filled.count == first.count && !filled.contains("loading…"), "\(surface.text)")
    #expect(surface.text.contains("Customer 0") && surface.text.contains("Customer 4"))
    #expect(surface.text.contains("Lisbon · 0"), "record 0's city and balance")
    #expect(demo.recordsInFlight == 0)
    #expect(surface.lines[22].contains("loaded \(demo.recordsLoaded)"))
  }

  @Test func theScreenAheadIsPrefetchedSoAPageDownFindsItFilled() {
    let network = VirtualNetwork()
    let demo = RemoteDemo(delivery: network)
    _ = drawn(demo)
    // The first screen was asked for on demand, the next one ahead of time.
    // (18 cards show, the last line of them in part; the 15 of the next screen are prefetched.)
    #expect(demo.countersText.hasPrefix("prefetched 15 · on demand 18 ·"), "\(demo.countersText)")
    network.advance(by: 0.5)
    _ = demo.tick()
    let surface = drawn(demo, after: [.pageDown])
    let titles = cardTitles(surface)
    #expect(!titles.isEmpty && !titles.contains("loading…"), "\(surface.text)")
    // And the page after it is on its way.
    #expect(demo.recordsInFlight > 0, "\(demo.countersText)")
  }

  @Test func keysAreNeverHeldUpByTheNetwork() {
    // A network that never answers: every key is handled and drawn all the same.
    let network = VirtualNetwork()
    let demo = RemoteDemo(delivery: network)
    let surface = drawn(demo, after: Array(repeating: .pageDown, count: 5) + [.down, .end])
    #expect(cardTitles(surface).allSatisfy { $0 == "loading…" })
    #expect(surface.text.contains("#99,999"), "End shows the last record's placeholder")
    #expect(network.waiting == demo.recordsInFlight + demo.countersText.cancelledCount)
  }

  @Test func turningBackWithdrawsThePrefetchesAndTheirAnswersAreDropped() {
    let network = VirtualNetwork()
    let demo = RemoteDemo(delivery: network)
    _ = drawn(demo, after: [.pageDown, .pageDown])
    let inFlight = demo.recordsInFlight
    _ = drawn(demo, after: [.up, .pageUp])
    #expect(demo.countersText.cancelledCount > 0, "\(demo.countersText)")
    #expect(demo.recordsInFlight > 0 && inFlight > 0)
    network.advance(by: 0.5)
    _ = demo.tick()
    // Every answer that came was for a request still standing: nothing cancelled was loaded.
    #expect(demo.recordsInFlight == 0)
    #expect(
      demo.recordsLoaded + demo.countersText.cancelledCount
        == demo.countersText.count("prefetched") + demo.countersText.count("on demand"))
  }

  @Test func pTurnsPrefetchingOffAndThenAPageDownShowsPlaceholders() {
    let network = VirtualNetwork()
    let demo = RemoteDemo(delivery: network)
    let surface = drawn(demo, after: [.character("p")])
    #expect(surface.lines[23].contains("prefetch off"))
    #expect(!demo.collectionView.isPrefetchingEnabled)
    // Turned off, the 15 prefetches standing are withdrawn.
    #expect(demo.countersText.cancelledCount == 15, "\(demo.countersText)")
    network.advance(by: 0.5)
    _ = demo.tick()
    let after = drawn(demo, after: [.pageDown])
    // Nothing was asked ahead: the new screen's cards wait for their records.
    #expect(demo.countersText.hasPrefix("prefetched 15 ·"), "\(demo.countersText)")
    #expect(cardTitles(after).filter { $0 == "loading…" }.count >= 15, "\(after.text)")
    _ = demo.handle(.key(.character("p")))
    demo.draw(into: after)
    #expect(after.lines[23].contains("prefetch on"))
  }
}

extension String {
  /// The number after `label` in a counters line: "cancelled 3" → 3.
  fileprivate func count(_ label: String) -> Int {
    guard let range = range(of: label + " ") else { return -1 }
    let digits = self[range.upperBound...].prefix { $0.isNumber || $0 == "," }
    return Int(digits.filter(\.isNumber)) ?? -1
  }

  /// The "cancelled" count of a counters line.
  fileprivate var cancelledCount: Int { count("cancelled") }
}
