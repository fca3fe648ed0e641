import MosaicCollection

/// A card of `mosaic demo remote`: the record once it has arrived, a dim "loading…" with the
/// record's number until then.
final class RemoteRecordCell: CollectionViewCell {
  /// The record's number, shown while it loads.
  var number = 0
  /// The record, or nil while it has not arrived.
  var record: RemoteRecord?

  override func prepareForReuse() {
    super.prepareForReuse()
    record = nil
  }

  override func draw(in canvas: Canvas) {
    let state = TextStyle(attributes: stateAttributes)
    canvas.fill(style: state)
    canvas.box(style: state.adding(isFocused ? [] : .dim))
    let width = canvas.columns - 4
    guard let record else {
      let dim = state.adding(.dim)
      canvas.text("loading…", column: 2, row: 1, maxWidth: width, style: dim)
      canvas.text("#\(number.groupedDigits())", column: 2, row: 2, maxWidth: width, style: dim)
      return
    }
    canvas.text(record.name, column: 2, row: 1, maxWidth: width, style: state.adding(.bold))
    canvas.text(
      "\(record.city) · \(record.balance.groupedDigits())", column: 2, row: 2, maxWidth: width,
      style: state)
  }
}
