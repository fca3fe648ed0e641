import Foundation
import MosaicLayout

/// Answers a flow layout's delegate questions from a spec's per-section values.
///
/// A section without `itemSizes` answers nil for every item, so the layout
/// takes the arithmetic uniform path without asking per item.
final class LayoutSpecDelegate: FlowLayoutMetrics {
  private let sections: [LayoutSpec.Section]

  init(sections: [LayoutSpec.Section]) {
    self.sections = sections
  }

  func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
    guard let sizes = sections[indexPath.section].itemSizes, sizes.indices.contains(indexPath.item)
    else { return nil }
    return sizes[indexPath.item]
  }

  func flowLayout(_ layout: FlowLayout, insetForSectionAt section: Int) -> EdgeInsets? {
    sections[section].inset
  }

  func flowLayout(_ layout: FlowLayout, minimumLineSpacingForSectionAt section: Int) -> Double? {
    sections[section].minimumLineSpacing
  }

  func flowLayout(_ layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int)
    -> Double?
  {
    sections[section].minimumInteritemSpacing
  }

  func flowLayout(_ layout: FlowLayout, referenceSizeForHeaderInSection section: Int) -> Size? {
    sections[section].headerSize
  }

  func flowLayout(_ layout: FlowLayout, referenceSizeForFooterInSection section: Int) -> Size? {
    sections[section].footerSize
  }
}
