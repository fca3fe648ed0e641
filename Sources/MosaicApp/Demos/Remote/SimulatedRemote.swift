import Foundation
import MosaicData

// @unchecked: every stored variable lives under `lock`; the delivery is Sendable.
/// The far end of `mosaic demo remote`: each request is answered after the record's latency on
/// the delivery's thread, and the answer waits in an inbox until the main thread takes it
/// (`takeArrivals()`, from the scene's `tick()`); each answer wakes the run loop through
/// `BackgroundWork.didFinish()`. A cancelled request is never answered.
///
/// UIKit has no counterpart; it is the server and URL session behind a prefetching data source.
final class SimulatedRemote: @unchecked Sendable {
  private let lock = NSLock()
  /// The requests in flight: the record's number → the token of its latest request, so an
  /// answer to a request cancelled (or asked again) meanwhile is recognised and dropped.
  private var inFlight: [Int: Int] = [:]
  private var lastToken = 0
  private var arrivals: [RemoteRecord] = []
  private let delivery: any RemoteDelivery

  /// A remote answering through `delivery`.
  init(delivery: any RemoteDelivery) { self.delivery = delivery }

  /// Asks for record `number`; returns at once. The answer arrives after its latency.
  func request(_ number: Int) {
    lock.lock()
    lastToken += 1
    let token = lastToken
    inFlight[number] = token
    lock.unlock()
    delivery.deliver(after: RemoteRecord.latency(of: number)) { [self] in
      answer(number, token: token)
    }
  }

  /// Withdraws the request for record `number`: its answer, if it comes, is dropped.
  func cancel(_ number: Int) {
    lock.lock()
    inFlight[number] = nil
    lock.unlock()
  }

  /// The answers that arrived since the last call, in the order they arrived.
  func takeArrivals() -> [RemoteRecord] {
    lock.lock()
    defer { lock.unlock() }
    let taken = arrivals
    arrivals = []
    return taken
  }

  /// The delivery's thread: the answer to request `token` for record `number`.
  private func answer(_ number: Int, token: Int) {
    lock.lock()
    guard inFlight[number] == token else {
      lock.unlock()
      return
    }
    inFlight[number] = nil
    arrivals.append(RemoteRecord(number: number))
    lock.unlock()
    BackgroundWork.didFinish()
  }
}
