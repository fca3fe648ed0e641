import MosaicData

/// The browser's settings as the user chose them, each from the first place that says: the
/// command line, then the environment (`MOSAIC_LAYOUT`, `MOSAIC_SMOOTH_SCROLL`), then the
/// configuration file (`ConfigFile`); what none says is left to the rules (`LayoutRule`, no
/// smooth scrolling, animation on).
///
/// UIKit has no counterpart: it is an app's launch arguments over its `UserDefaults`.
public struct BrowserSettings: Equatable, Sendable {
  /// The environment variable naming the layout, as `--layout` does.
  public static let layoutVariable = "MOSAIC_LAYOUT"
  /// The environment variable turning smooth scrolling on (`1`, `true`, `yes`, `on`) or off
  /// (`0`, `false`, `no`, `off`, empty), as `--smooth-scroll` and `--no-smooth-scroll` do.
  public static let smoothScrollVariable = "MOSAIC_SMOOTH_SCROLL"
  /// The environment variable listing missing-value tokens, as `--na` does.
  public static let missingTokensVariable = "MOSAIC_NA"

  /// A layout chosen by the user, and where, as a message quotes it (`--layout list`,
  /// `MOSAIC_LAYOUT=list`, `layout = list in ~/.config/mosaic/config`).
  public struct LayoutChoice: Equatable, Sendable {
    /// The layout.
    public var style: BrowserLayoutStyle
    /// Where it was chosen.
    public var origin: String
  }

  /// The layout the user chose, or nil to leave it to `LayoutRule`.
  public var layout: LayoutChoice?
  /// Whether pages and jumps glide.
  public var smoothScrolling = false
  /// Whether the configuration file turned animation off (`animation = false`).
  public var animationOff = false
  /// Which values are missing: empty ones, and the tokens `--na`, `MOSAIC_NA` or the config
  /// file's `na` give (the first of them given).
  public var missingValues = MissingValues.empty

  /// Settings with nothing chosen.
  public init() {}

  /// Resolves the settings: the command line's `layoutFlag` (already checked) and
  /// `smoothScrollFlag` (nil when neither `--smooth-scroll` nor `--no-smooth-scroll` was
  /// given) over `environment` over `config`.
  ///
  /// - Throws: `BrowserSettingsError` for an environment variable with a bad value.
  public static func resolve(
    layoutFlag: String?, smoothScrollFlag: Bool?, environment: [String: String],
    config: ConfigFile, configPath: String?, missingTokensFlag: String? = nil
  ) throws(BrowserSettingsError) -> BrowserSettings {
    var settings = BrowserSettings()
    let configOrigin = { (text: String) in "\(text) in \(configPath ?? "the configuration file")" }
    if let layoutFlag, let style = BrowserLayoutStyle(name: layoutFlag) {
      settings.layout = LayoutChoice(style: style, origin: "--layout \(layoutFlag)")
    } else if let name = environment[layoutVariable], !name.isEmpty {
      guard let style = BrowserLayoutStyle(name: name) else {
        throw BrowserSettingsError(
          variable: layoutVariable, value: name, reason: BrowserLayoutStyle.unknownNameReason(name))
      }
      settings.layout = LayoutChoice(style: style, origin: "\(layoutVariable)=\(name)")
    } else if let style = config.layout {
      settings.layout = LayoutChoice(style: style, origin: configOrigin("layout = \(style)"))
    }
    if let smoothScrollFlag {
      settings.smoothScrolling = smoothScrollFlag
    } else if let value = environment[smoothScrollVariable] {
      guard let flag = switchValue(value) else {
        throw BrowserSettingsError(
          variable: smoothScrollVariable, value: value,
          reason: "expected 1, true, yes or on, or 0, false, no or off")
      }
      settings.smoothScrolling = flag
    } else if let flag = config.smoothScroll {
      settings.smoothScrolling = flag
    }
    settings.animationOff = config.animation == false
    if let missingTokensFlag {
      settings.missingValues = MissingValues(list: missingTokensFlag)
    } else if let list = environment[missingTokensVariable] {
      settings.missingValues = MissingValues(list: list)
    } else if let tokens = config.missingTokens {
      settings.missingValues = MissingValues(tokens: tokens)
    }
    return settings
  }

  /// An environment variable's on or off: nil for a word that is neither.
  static func switchValue(_ value: String) -> Bool? {
    let word = value.lowercased().filter { !$0.isWhitespace }
    if ["1", "true", "yes", "on"].contains(word) { return true }
    if ["", "0", "false", "no", "off"].contains(word) { return false }
    return nil
  }
}
