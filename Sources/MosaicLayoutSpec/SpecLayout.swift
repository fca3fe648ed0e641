import MosaicLayout

/// A flow layout configured from a `LayoutSpec`, together with the data source and delegate it reads.
///
/// The layout holds its data source and delegate weakly, as UIKit's does, so
/// this object owns all three: keep it alive as long as you query `layout`.
@MainActor
public final class SpecLayout {
  /// The spec the layout was configured from.
  public let spec: LayoutSpec
  /// The configured layout; its data source reports the spec's bounds at the origin.
  public let layout: FlowLayout
  private let dataSource: StaticLayoutData
  private let delegate: LayoutSpecDelegate

  init(spec: LayoutSpec) {
    self.spec = spec
    dataSource = StaticLayoutData(
      itemCounts: spec.sections.map(\.items), bounds: Rect(origin: .zero, size: spec.bounds))
    delegate = LayoutSpecDelegate(sections: spec.sections)
    layout = FlowLayout()
    layout.scrollDirection = spec.scrollDirection
    layout.itemSize = spec.itemSize
    layout.minimumLineSpacing = spec.minimumLineSpacing
    layout.minimumInteritemSpacing = spec.minimumInteritemSpacing
    layout.sectionInset = spec.sectionInset
    layout.headerReferenceSize = spec.headerReferenceSize
    layout.footerReferenceSize = spec.footerReferenceSize
    layout.dataSource = dataSource
    layout.delegate = delegate
    layout.prepare()
  }
}
