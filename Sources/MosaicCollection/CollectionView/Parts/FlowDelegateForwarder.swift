import Foundation
import MosaicLayout

/// Turns a `CollectionViewDelegateFlowLayout` delegate's answers into the `FlowLayoutMetrics`
/// a flow layout asks: the collection view's part in "the layout reaches the delegate through
/// the collection view".
///
/// A default implementation of the delegate protocol reports through `noteDefaultAnswer()`
/// that it ran; the forwarder then answers nil, "use the layout's property", as UIKit's layout
/// does when `respondsToSelector` says no. So a delegate that does not implement
/// `sizeForItemAt` leaves a section on the layout's arithmetic path, whatever its item count.
final class FlowDelegateForwarder: FlowLayoutMetrics {
  /// The delegate asked, set by the collection view whenever its `delegate` changes.
  weak var delegate: (any CollectionViewDelegateFlowLayout)?
  /// The collection view passed to the delegate.
  private unowned let collectionView: CollectionView
  /// Whether a default implementation ran since the current question was asked.
  private var answeredByDefault = false

  /// A forwarder for `collectionView`'s delegate.
  init(collectionView: CollectionView) {
    self.collectionView = collectionView
  }

  /// Called by the protocol's default implementations: the question is not implemented.
  func noteDefaultAnswer() { answeredByDefault = true }

  /// The delegate's answer to `question`, or nil when a default implementation gave it.
  private func ask<Answer>(
    _ question: (any CollectionViewDelegateFlowLayout, CollectionView) -> Answer
  ) -> Answer? {
    guard let delegate else { return nil }
    answeredByDefault = false
    let answer = question(delegate, collectionView)
    defer { answeredByDefault = false }
    return answeredByDefault ? nil : answer
  }

  /// The delegate's answer under Mosaic's former name (`FlowLayoutMetrics`'s), asked when the
  /// UIKit-named method is not implemented; an answer is a porting note, once.
  private func former<Answer>(
    _ name: String, renamed newName: String,
    _ question: (any CollectionViewDelegateFlowLayout) -> Answer?
  ) -> Answer? {
    guard let delegate, let answer = question(delegate) else { return nil }
    PortingNotes.record(
      "\(type(of: delegate)) answers flowLayout(_:\(name):), Mosaic's former name: rename it "
        + "collectionView(_:layout:\(newName):) (UIKit's), returning the value itself")
    return answer
  }

  func flowLayout(_ layout: FlowLayout, uniformSizeForItemsInSection section: Int) -> Size? {
    delegate?.collectionView(collectionView, layout: layout, uniformSizeForItemsInSection: section)
      ?? former("uniformSizeForItemsInSection", renamed: "uniformSizeForItemsInSection") {
        $0.flowLayout(layout, uniformSizeForItemsInSection: section)
      }
  }

  func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
    ask { $0.collectionView($1, layout: layout, sizeForItemAt: indexPath) }
      ?? former("sizeForItemAt", renamed: "sizeForItemAt") {
        $0.flowLayout(layout, sizeForItemAt: indexPath)
      }
  }

  func flowLayout(_ layout: FlowLayout, insetForSectionAt section: Int) -> EdgeInsets? {
    ask { $0.collectionView($1, layout: layout, insetForSectionAt: section) }
      ?? former("insetForSectionAt", renamed: "insetForSectionAt") {
        $0.flowLayout(layout, insetForSectionAt: section)
      }
  }

  func flowLayout(_ layout: FlowLayout, minimumLineSpacingForSectionAt section: Int) -> Double? {
    ask { $0.collectionView($1, layout: layout, minimumLineSpacingForSectionAt: section) }
      ?? former("minimumLineSpacingForSectionAt", renamed: "minimumLineSpacingForSectionAt") {
        $0.flowLayout(layout, minimumLineSpacingForSectionAt: section)
      }
  }

  func flowLayout(_ layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int)
    -> Double?
  {
    ask { $0.collectionView($1, layout: layout, minimumInteritemSpacingForSectionAt: section) }
      ?? former(
        "minimumInteritemSpacingForSectionAt", renamed: "minimumInteritemSpacingForSectionAt"
      ) { $0.flowLayout(layout, minimumInteritemSpacingForSectionAt: section) }
  }

  func flowLayout(_ layout: FlowLayout, referenceSizeForHeaderInSection section: Int) -> Size? {
    ask { $0.collectionView($1, layout: layout, referenceSizeForHeaderInSection: section) }
      ?? former("referenceSizeForHeaderInSection", renamed: "referenceSizeForHeaderInSection") {
        $0.flowLayout(layout, referenceSizeForHeaderInSection: section)
      }
  }

  func flowLayout(_ layout: FlowLayout, referenceSizeForFooterInSection section: Int) -> Size? {
    ask { $0.collectionView($1, layout: layout, referenceSizeForFooterInSection: section) }
      ?? former("referenceSizeForFooterInSection", renamed: "referenceSizeForFooterInSection") {
        $0.flowLayout(layout, referenceSizeForFooterInSection: section)
      }
  }
}

extension CollectionView {
  /// The delegate's flow-layout answers, when the delegate adopts
  /// `CollectionViewDelegateFlowLayout`; nil otherwise.
  ///
  /// UIKit: none; a flow layout with no `delegate` of its own reads it (it is the layout's way
  /// to `collectionView.delegate` without knowing the collection view's type).
  public var flowLayoutMetrics: (any FlowLayoutMetrics)? {
    flowDelegateForwarder.delegate == nil ? nil : flowDelegateForwarder
  }
}
