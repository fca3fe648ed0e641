/// How text is drawn: a foreground and background colour and a set of attributes.
///
/// UIKit has no direct counterpart; it plays the part of a label's `textColor`
/// and font weight. Colours are named, not numbered: the terminal backend
/// allocates its colour pairs as they are first used, and drops colour under
/// `NO_COLOR` or on a terminal without it.
public struct TextStyle: Hashable, Sendable {
  /// A text attribute the terminal can show.
  public struct Attributes: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates attributes from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Bold (or bright) text.
    public static let bold = Attributes(rawValue: 1 << 0)
    /// Foreground and background swapped.
    public static let reverse = Attributes(rawValue: 1 << 1)
    /// Underlined text.
    public static let underline = Attributes(rawValue: 1 << 2)
    /// Dim (half-bright) text.
    public static let dim = Attributes(rawValue: 1 << 3)
  }

  /// The foreground colour.
  public var foreground: TerminalColor
  /// The background colour.
  public var background: TerminalColor
  /// The attributes.
  public var attributes: Attributes

  /// The terminal's own colours and no attribute.
  public static let plain = TextStyle()

  /// Creates a style.
  public init(
    foreground: TerminalColor = .default, background: TerminalColor = .default,
    attributes: Attributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// This style with `attributes` added.
  public func adding(_ extra: Attributes) -> TextStyle {
    var copy = self
    copy.attributes.formUnion(extra)
    return copy
  }
}

/// One of the eight standard terminal colours, or the terminal's default.
public enum TerminalColor: UInt8, Hashable, Sendable, CaseIterable {
  /// The terminal's own foreground or background.
  case `default`
  /// Black.
  case black
  /// Red.
  case red
  /// Green.
  case green
  /// Yellow.
  case yellow
  /// Blue.
  case blue
  /// Magenta.
  case magenta
  /// Cyan.
  case cyan
  /// White.
  case white
}
