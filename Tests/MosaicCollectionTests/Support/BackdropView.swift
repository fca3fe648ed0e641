import MosaicCollection
import MosaicLayout

/// A decoration view that fills itself with "D" and counts what the collection view does to it.
final class BackdropView: ReusableView {
  var applied: [LayoutAttributes] = []
  var reuses = 0

  override func prepareForReuse() {
    super.prepareForReuse()
    reuses += 1
  }

  override func apply(_ layoutAttributes: LayoutAttributes) {
    applied.append(layoutAttributes)
  }

  override func draw(in canvas: Canvas) { canvas.fill(with: "D") }
}
