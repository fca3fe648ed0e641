import Foundation
import MosaicJSON
import MosaicLayout

extension LayoutSpec {
  /// The largest `items` a section may have, 10^12: far beyond any real collection, and small
  /// enough that counts times lengths stay exact enough to report.
  public static let maximumItemCount = 1_000_000_000_000

  /// The largest length (size, spacing, inset, bounds, query extent, cell metric) a spec may
  /// give, 10^12 points.
  public static let maximumLength = 1e12

  /// Parses and validates a spec from JSON text, as `mosaic layout` reads it.
  ///
  /// Unknown keys are ignored. Validation stops at the first problem, checking
  /// keys in the contract's order, so the error always names one key path.
  ///
  /// - Throws: `LayoutSpecError.invalidJSON` for a syntax error,
  ///   `LayoutSpecError.invalid` for a missing key or a bad value.
  /// - Complexity: O(n) in the length of the text.
  public init(json: Data) throws(LayoutSpecError) {
    try self.init(json: [UInt8](json))
  }

  /// Parses and validates a spec from the bytes of a JSON text; see `init(json:)` for `Data`.
  public init(json bytes: [UInt8]) throws(LayoutSpecError) {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      throw .invalidJSON(line: error.line, column: error.column, reason: error.reason)
    }
    try self.init(value: value)
  }

  init(value: JSONValue) throws(LayoutSpecError) {
    let root = try SpecReader.object(value, at: "(top level)")
    let read = SpecReader(object: root, path: "")
    self.init(bounds: try read.requiredSize("bounds", positive: true))
    if let direction = root["scrollDirection"] {
      let expected = "must be \"vertical\" or \"horizontal\""
      guard case .string(let name) = direction else {
        throw .invalid(
          path: "scrollDirection", reason: "\(expected), not \(direction.typeDescription)")
      }
      guard let parsed = ScrollDirection(rawValue: name) else {
        throw .invalid(path: "scrollDirection", reason: expected)
      }
      scrollDirection = parsed
    }
    itemSize = try read.size("itemSize") ?? itemSize
    minimumLineSpacing = try read.length("minimumLineSpacing") ?? minimumLineSpacing
    minimumInteritemSpacing = try read.length("minimumInteritemSpacing") ?? minimumInteritemSpacing
    sectionInset = try read.insets("sectionInset") ?? sectionInset
    headerReferenceSize = try read.size("headerReferenceSize") ?? headerReferenceSize
    footerReferenceSize = try read.size("footerReferenceSize") ?? footerReferenceSize
    if let metrics = try read.child("cellMetrics") {
      cellMetrics = CellMetrics(
        pointsPerColumn: try metrics.requiredLength("pointsPerColumn", positive: true),
        pointsPerRow: try metrics.requiredLength("pointsPerRow", positive: true))
    }
    if let query = try read.child("query") {
      self.query = Rect(
        x: try query.coordinate("x"), y: try query.coordinate("y"),
        width: try query.requiredLength("width"),
        height: try query.requiredLength("height"))
    }
    guard let sectionList = root["sections"] else {
      throw .invalid(path: "sections", reason: "is required")
    }
    guard case .array(let sectionValues) = sectionList else {
      throw .invalid(
        path: "sections", reason: "must be an array, not \(sectionList.typeDescription)")
    }
    sections = []
    sections.reserveCapacity(sectionValues.count)
    for (index, sectionValue) in sectionValues.enumerated() {
      sections.append(try Section(value: sectionValue, path: "sections[\(index)]"))
    }
  }
}

extension LayoutSpec.Section {
  init(value: JSONValue, path: String) throws(LayoutSpecError) {
    let read = SpecReader(object: try SpecReader.object(value, at: path), path: path)
    var items: Int?
    if let count = read.object["items"] {
      let expected = "must be a whole number >= 0"
      guard case .number(let literal) = count else {
        throw .invalid(
          path: read.path("items"), reason: "\(expected), not \(count.typeDescription)")
      }
      let number = literal.value
      guard number >= 0, number.rounded(.towardZero) == number, number.isFinite else {
        throw .invalid(path: read.path("items"), reason: expected)
      }
      guard number <= Double(LayoutSpec.maximumItemCount) else {
        throw .invalid(path: read.path("items"), reason: "must be at most 1e12")
      }
      items = Int(number)
    }
    var itemSizes: [Size]?
    if let sizes = read.object["itemSizes"] {
      let sizesPath = read.path("itemSizes")
      guard case .array(let values) = sizes else {
        throw .invalid(path: sizesPath, reason: "must be an array, not \(sizes.typeDescription)")
      }
      var parsed: [Size] = []
      parsed.reserveCapacity(values.count)
      for (index, sizeValue) in values.enumerated() {
        parsed.append(try SpecReader.size(sizeValue, at: "\(sizesPath)[\(index)]"))
      }
      if let items, items != parsed.count {
        throw .invalid(
          path: sizesPath,
          reason:
            "has \(parsed.count) \(parsed.count == 1 ? "size" : "sizes") but items is \(items); they must match"
        )
      }
      itemSizes = parsed
    }
    self.init(
      items: items, itemSizes: itemSizes,
      inset: try read.insets("inset"),
      minimumLineSpacing: try read.length("minimumLineSpacing"),
      minimumInteritemSpacing: try read.length("minimumInteritemSpacing"),
      headerSize: try read.size("headerSize"),
      footerSize: try read.size("footerSize"))
  }
}

/// Reads typed values out of one JSON object of a spec, naming the key path of anything wrong.
private struct SpecReader {
  let object: [String: JSONValue]
  /// The key path of `object` itself; empty at the top level.
  let pathPrefix: String

  init(object: [String: JSONValue], path: String) {
    self.object = object
    self.pathPrefix = path
  }

  func path(_ key: String) -> String {
    pathPrefix.isEmpty ? key : "\(pathPrefix).\(key)"
  }

  func missingKey(_ key: String) -> LayoutSpecError {
    .invalid(path: path(key), reason: "is required")
  }

  func requiredLength(_ key: String, positive: Bool = false) throws(LayoutSpecError) -> Double {
    guard let length = try length(key, positive: positive) else { throw missingKey(key) }
    return length
  }

  func requiredSize(_ key: String, positive: Bool = false) throws(LayoutSpecError) -> Size {
    guard let size = try size(key, positive: positive) else { throw missingKey(key) }
    return size
  }

  static func object(_ value: JSONValue, at path: String) throws(LayoutSpecError)
    -> [String: JSONValue]
  {
    guard case .object(let members) = value else {
      throw .invalid(path: path, reason: "must be an object, not \(value.typeDescription)")
    }
    // A key given twice keeps its last value, as JavaScript does.
    return Dictionary(members, uniquingKeysWith: { _, last in last })
  }

  /// The nested object at `key`, or nil when the key is absent.
  func child(_ key: String) throws(LayoutSpecError) -> SpecReader? {
    guard let value = object[key] else { return nil }
    return SpecReader(object: try Self.object(value, at: path(key)), path: path(key))
  }

  /// A finite number >= 0 (> 0 when `positive`), or nil when the key is absent.
  func length(_ key: String, positive: Bool = false) throws(LayoutSpecError) -> Double? {
    guard let value = object[key] else { return nil }
    return try Self.length(value, at: path(key), positive: positive)
  }

  static func length(_ value: JSONValue, at path: String, positive: Bool = false)
    throws(LayoutSpecError) -> Double
  {
    let expected = positive ? "must be a finite number > 0" : "must be a finite number >= 0"
    guard let number = value.doubleValue else {
      throw .invalid(path: path, reason: "\(expected), not \(value.typeDescription)")
    }
    guard number.isFinite, positive ? number > 0 : number >= 0 else {
      throw .invalid(path: path, reason: expected)
    }
    guard number <= LayoutSpec.maximumLength else {
      throw .invalid(path: path, reason: "must be at most 1e12")
    }
    // -0 is >= 0; keep it out of the output as 0.
    return number == 0 ? 0 : number
  }

  /// A required finite number of any sign.
  func coordinate(_ key: String) throws(LayoutSpecError) -> Double {
    guard let value = object[key] else { throw missingKey(key) }
    let expected = "must be a finite number"
    guard let number = value.doubleValue else {
      throw .invalid(path: path(key), reason: "\(expected), not \(value.typeDescription)")
    }
    guard number.isFinite else { throw .invalid(path: path(key), reason: expected) }
    return number == 0 ? 0 : number
  }

  /// A `{"width", "height"}` object, or nil when the key is absent.
  func size(_ key: String, positive: Bool = false) throws(LayoutSpecError) -> Size? {
    guard let value = object[key] else { return nil }
    return try Self.size(value, at: path(key), positive: positive)
  }

  static func size(_ value: JSONValue, at path: String, positive: Bool = false)
    throws(LayoutSpecError) -> Size
  {
    let read = SpecReader(object: try object(value, at: path), path: path)
    return Size(
      width: try read.requiredLength("width", positive: positive),
      height: try read.requiredLength("height", positive: positive))
  }

  /// A `{"top", "left", "bottom", "right"}` object whose missing edges are 0, or nil when absent.
  func insets(_ key: String) throws(LayoutSpecError) -> EdgeInsets? {
    guard let read = try child(key) else { return nil }
    return EdgeInsets(
      top: try read.length("top") ?? 0, left: try read.length("left") ?? 0,
      bottom: try read.length("bottom") ?? 0, right: try read.length("right") ?? 0)
  }
}
