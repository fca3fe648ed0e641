/// What a section provider or a custom group's item provider may read: the container.
///
/// UIKit: `NSCollectionLayoutEnvironment` (a protocol there; its trait collection has no
/// terminal counterpart).
public struct LayoutEnvironment: Hashable, Sendable {
  /// The space the section is laid out in.
  ///
  /// UIKit: `container`.
  public var container: LayoutContainer

  /// Creates an environment.
  public init(container: LayoutContainer) {
    self.container = container
  }
}
