import CNcurses

/// Sends the lines of a frame that changed, in place of curses' own update for those lines.
///
/// Curses' update weighs every cursor move it makes against four others, each built with
/// `tparm` and measured with `strlen` (and, to the left of a non-ASCII glyph such as the
/// table's rule, cell by cell): on a table's Page Down that was two fifths of the program's
/// work, and more than curses' work for the C grid's whole frame. This writer compares the
/// frame's lines with what curses last sent (its `curscr`) and builds their bytes itself: each
/// changed cell, a short unchanged run between two rewritten rather than moved over, a blank
/// tail cleared to the end of the line, every move made once from the terminal's own
/// capabilities and kept. Attribute changes go through curses (`vid_puts`), which records them;
/// the bytes go out in a write of their own, before curses' update (`putp`, which could have put
/// them in curses' output, writes to standard output here, not to curses' descriptor).
/// The lines sent are copied into `curscr`, so curses' update finds them shown and sends only
/// what is left to it (the last line, lines with wide glyphs). Curses keeps its own idea of where
/// the cursor is, which nothing public sets: so every update of the terminal's ends with the
/// cursor at the top-left corner (`leaveok` off, the window's cursor there; the cursor is
/// hidden), and the writer's bytes end with a move back there. The screen is the same cell for
/// cell; the bytes are about as many.
///
/// Only where the shim could check curses' line layout (`mosaic_lines_are_writable`), and not for
/// terminals whose attributes need care curses takes and this does not (see
/// `mosaic_line_writer_create`). UIKit has no counterpart (Core Animation composites layers).
final class LineWriter {
  private let writer: UnsafeMutablePointer<mosaic_line_writer>
  /// The frames whose changed lines this writer sent.
  private(set) var frames = 0

  /// The writer for the terminal curses runs on now; nil where it should not be used.
  init?() {
    guard let writer = mosaic_line_writer_create() else { return nil }
    self.writer = writer
  }

  deinit { mosaic_line_writer_free(writer) }

  /// Hands `write` the bytes that send the lines of `window` (the frame) that differ from
  /// curses' record of the screen, and records them there; false when the frame is left to
  /// curses whole (a repaint pending) or no line changed. Curses has flushed its output: the
  /// bytes go first.
  @discardableResult
  func send(
    _ window: UnsafeMutablePointer<WINDOW>, write: (UnsafeRawBufferPointer) -> Void
  ) -> Bool {
    let count = mosaic_line_writer_frame(writer, window, mosaic_curscr(), mosaic_newscr())
    guard count > 0, let bytes = writer.pointee.out else { return false }
    write(UnsafeRawBufferPointer(start: bytes, count: count))
    frames += 1
    return true
  }
}
