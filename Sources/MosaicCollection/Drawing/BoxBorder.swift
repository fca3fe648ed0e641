/// The line style of a box that `Canvas.box` draws.
///
/// UIKit has no counterpart; it plays the part of a layer's border.
public enum BoxBorder: Hashable, Sendable, CaseIterable {
  /// Thin lines with square corners: `┌─┐│└┘`.
  case light
  /// Thin lines with rounded corners: `╭─╮│╰╯`.
  case rounded
  /// Thick lines: `┏━┓┃┗┛`.
  case heavy
  /// Double lines: `╔═╗║╚╝`.
  case double
  /// Plain ASCII, for terminals without line drawing: `+-+|++`.
  case ascii

  /// The six glyphs of a box in this style.
  public struct Glyphs: Hashable, Sendable {
    /// The top-left corner.
    public var topLeft: Character
    /// The top-right corner.
    public var topRight: Character
    /// The bottom-left corner.
    public var bottomLeft: Character
    /// The bottom-right corner.
    public var bottomRight: Character
    /// The top and bottom edges.
    public var horizontal: Character
    /// The left and right edges.
    public var vertical: Character
  }

  /// The glyphs of this style.
  public var glyphs: Glyphs {
    switch self {
    case .light:
      Glyphs(
        topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─",
        vertical: "│")
    case .rounded:
      Glyphs(
        topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─",
        vertical: "│")
    case .heavy:
      Glyphs(
        topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━",
        vertical: "┃")
    case .double:
      Glyphs(
        topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═",
        vertical: "║")
    case .ascii:
      Glyphs(
        topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-",
        vertical: "|")
    }
  }
}
