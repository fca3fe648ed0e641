import MosaicLayout

extension LayoutReport {
  /// Writes the report as the JSON document of the `mosaic layout` contract, one element per line.
  ///
  /// Keys come in the contract's order; numbers in their shortest form (`320`,
  /// `67.5`, `1e-05`). Elements are written as they are produced, so the output
  /// can be streamed.
  ///
  /// - Complexity: as `forEachElement(_:)`.
  public func write(to output: inout some TextOutputStream) {
    output.write("{\n  \"contentSize\": ")
    let size = contentSize
    output.write(
      "{\"width\": \(Self.jsonNumber(size.width)), \"height\": \(Self.jsonNumber(size.height))}")
    output.write(",\n  \"elements\": [")
    var first = true
    forEachElement { element in
      output.write(first ? "\n    " : ",\n    ")
      first = false
      output.write(Self.json(element))
    }
    output.write(first ? "]\n}\n" : "\n  ]\n}\n")
  }

  /// The whole report as the contract's JSON document.
  public var json: String {
    var text = ""
    write(to: &text)
    return text
  }

  /// One element as a one-line JSON object, keys in the contract's order.
  static func json(_ element: Element) -> String {
    let frame = element.frame
    let cells = element.cells
    var text = "{\"kind\": \"\(element.kind.rawValue)\", \"section\": \(element.section)"
    if let item = element.item { text += ", \"item\": \(item)" }
    text += ", \"frame\": {\"x\": \(jsonNumber(frame.minX)), \"y\": \(jsonNumber(frame.minY))"
    text += ", \"width\": \(jsonNumber(frame.width)), \"height\": \(jsonNumber(frame.height))}"
    text += ", \"cells\": {\"column\": \(cells.column), \"row\": \(cells.row)"
    text += ", \"columns\": \(cells.columns), \"rows\": \(cells.rows)}}"
    return text
  }

  /// A finite number in its shortest round-trip form, as valid JSON: `320`, `67.5`, `-40`, `1e-05`.
  ///
  /// Swift's shortest representation, without its `.0` on whole numbers; it
  /// switches to exponent form where JavaScript would not always do so, but
  /// every form it prints is valid JSON and reads back to the same `Double`.
  /// Negative zero prints as `0`. Non-finite values cannot occur in a report
  /// (its input is validated); they print as `null` rather than invalid JSON.
  public static func jsonNumber(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == 0 { return "0" }
    // Whole numbers below 2^53 print exactly as integers, without the cost of description.
    if value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 {
      return String(Int64(value))
    }
    let text = value.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}
