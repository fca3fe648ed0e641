/// The system clipboard as a scene sees it: text a scene hands to its run loop, which the
/// terminal backend sends to the terminal (OSC 52), only when the user asked for a copy.
///
/// UIKit: `UIPasteboard.general`, whose `string` an app sets; here the terminal owns the
/// clipboard, so the scene hands the text over (`Scene.takeClipboardText()`) instead.
public enum Clipboard {
  /// The most UTF-8 bytes of text sent: terminals drop (or cut) longer OSC 52 sequences, so a
  /// scene refuses a longer copy and says so instead of leaving half of it on the clipboard.
  public static let maximumBytes = 100_000

  /// Whether `text` is short enough to be copied.
  public static func canCopy(_ text: String) -> Bool {
    text.utf8.count <= maximumBytes
  }
}
