import Foundation

/// How the simulated network of `mosaic demo remote` hands over an answer: `work` runs after
/// `seconds`, on whatever thread the delivery chooses, never the caller's while it waits.
///
/// UIKit has no counterpart; it stands for the URL session an app would fetch with. Tests give
/// the demo a delivery on a virtual clock.
public protocol RemoteDelivery: Sendable {
  /// Runs `work` once, `seconds` from now.
  func deliver(after seconds: Double, _ work: @escaping @Sendable () -> Void)
}

/// The delivery of the real demo: a background queue's timer, so an answer arrives on one of
/// its threads after its latency and the main thread never waits.
public struct QueueDelivery: RemoteDelivery {
  private let queue = DispatchQueue(label: "mosaic.demo.remote", attributes: .concurrent)

  /// Creates a delivery on a queue of its own.
  public init() {}

  /// Runs `work` on the queue `seconds` from now.
  public func deliver(after seconds: Double, _ work: @escaping @Sendable () -> Void) {
    queue.asyncAfter(deadline: .now() + seconds, execute: work)
  }
}
