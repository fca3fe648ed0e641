import Foundation

extension CollectionView {
  /// A supplementary view class for one element kind and how to configure it, registered with the
  /// collection view the first time a view is dequeued with it.
  ///
  /// UIKit: `UICollectionView.SupplementaryRegistration` (iOS 14). Dequeue with
  /// `dequeueConfiguredReusableSupplementary(using:for:)`, usually from the diffable data
  /// source's `supplementaryViewProvider`.
  public struct SupplementaryRegistration<Supplementary: ReusableView> {
    /// Configures `supplementaryView` of `elementKind` for `indexPath`.
    ///
    /// UIKit: `SupplementaryRegistration.Handler`.
    public typealias Handler =
      @MainActor (
        _ supplementaryView: Supplementary, _ elementKind: String, _ indexPath: IndexPath
      ) -> Void

    /// The kind of element the views are for (`ElementKind.sectionHeader`, …).
    ///
    /// UIKit: `elementKind`.
    public let elementKind: String
    /// The reuse identifier the class is registered under: unique to this registration.
    let reuseIdentifier: String
    /// Configures each dequeued view.
    let handler: Handler

    /// Creates a registration of `Supplementary` for views of `elementKind`, configured by
    /// `handler`.
    ///
    /// UIKit: `init(elementKind:handler:)`.
    public init(elementKind: String, handler: @escaping Handler) {
      self.elementKind = elementKind
      reuseIdentifier = "SupplementaryRegistration<\(Supplementary.self)>#" + UUID().uuidString
      self.handler = handler
    }
  }

  /// A supplementary view of `registration`'s class and kind for `indexPath`, from the reuse
  /// queue or new, configured by its handler; the class is registered on first use.
  ///
  /// UIKit: `dequeueConfiguredReusableSupplementary(using:for:)`.
  public func dequeueConfiguredReusableSupplementary<Supplementary: ReusableView>(
    using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
  ) -> Supplementary {
    let key = SupplementaryReuseKey(
      kind: registration.elementKind, identifier: registration.reuseIdentifier)
    if reusePool.supplementaryClasses[key] == nil {
      register(
        Supplementary.self, forSupplementaryViewOfKind: registration.elementKind,
        withReuseIdentifier: registration.reuseIdentifier)
    }
    let view = dequeueReusableSupplementaryView(
      Supplementary.self, ofKind: registration.elementKind,
      withReuseIdentifier: registration.reuseIdentifier, for: indexPath)
    registration.handler(view, registration.elementKind, indexPath)
    return view
  }
}
