#ifndef MOSAIC_CNCURSES_SHIM_H
#define MOSAIC_CNCURSES_SHIM_H

// SwiftPM drops the -D flags of ncursesw.pc, so the wide-character API is
// switched on here, before the header is read.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <langinfo.h>
#include <locale.h>
#include <stddef.h>
#include <string.h>
#include <ncursesw/curses.h>

// Swift cannot import function-like or expression macros; each one the
// terminal backend needs is wrapped here, so no attribute bit or mouse mask is
// ever hard-coded on the Swift side.

static inline attr_t mosaic_a_normal(void) { return A_NORMAL; }
static inline attr_t mosaic_a_bold(void) { return A_BOLD; }
static inline attr_t mosaic_a_reverse(void) { return A_REVERSE; }
static inline attr_t mosaic_a_underline(void) { return A_UNDERLINE; }
static inline attr_t mosaic_a_dim(void) { return A_DIM; }
static inline attr_t mosaic_color_pair(short pair) { return (attr_t)COLOR_PAIR(pair); }

static inline int mosaic_getmaxy(WINDOW *win) { return getmaxy(win); }
static inline int mosaic_getmaxx(WINDOW *win) { return getmaxx(win); }
static inline WINDOW *mosaic_stdscr(void) { return stdscr; }
static inline int mosaic_lines(void) { return LINES; }
static inline int mosaic_cols(void) { return COLS; }

// The window size of a terminal descriptor (ioctl is variadic, which Swift cannot call);
// returns -1 when the descriptor has none. The run loop asks after SIGWINCH, since curses no
// longer reads the input (where it would notice a resize itself).
#include <sys/ioctl.h>
static inline int mosaic_window_size(int descriptor, int *columns, int *rows) {
  struct winsize size = {0};
  if (ioctl(descriptor, TIOCGWINSZ, &size) != 0) return -1;
  *columns = size.ws_col;
  *rows = size.ws_row;
  return 0;
}

static inline short mosaic_color_black(void) { return COLOR_BLACK; }
static inline short mosaic_color_red(void) { return COLOR_RED; }
static inline short mosaic_color_green(void) { return COLOR_GREEN; }
static inline short mosaic_color_yellow(void) { return COLOR_YELLOW; }
static inline short mosaic_color_blue(void) { return COLOR_BLUE; }
static inline short mosaic_color_magenta(void) { return COLOR_MAGENTA; }
static inline short mosaic_color_cyan(void) { return COLOR_CYAN; }
static inline short mosaic_color_white(void) { return COLOR_WHITE; }
static inline int mosaic_color_pairs(void) { return COLOR_PAIRS; }
static inline int mosaic_colors(void) { return COLORS; }
static inline attr_t mosaic_a_attributes(void) { return A_ATTRIBUTES; }
static inline short mosaic_pair_number(attr_t attrs) { return (short)PAIR_NUMBER(attrs); }

static inline int mosaic_err(void) { return ERR; }
static inline int mosaic_ok(void) { return OK; }

static inline mmask_t mosaic_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t mosaic_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t mosaic_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t mosaic_button4_pressed(void) { return BUTTON4_PRESSED; }
#if defined(BUTTON5_PRESSED)
static inline mmask_t mosaic_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t mosaic_button5_pressed(void) { return 0; }
#endif

// tiparm is variadic, which Swift cannot call; this takes the one parameter
// that mouse-off and similar capabilities need.
static inline char *mosaic_tiparm1(const char *capability, int p1) {
  return tiparm(capability, p1);
}

// Which part of a glyph two columns wide the cell at y, x holds: 0 none (a narrow glyph), 1 its
// first column, 2 its second. ncurses marks the columns of a wide glyph in the A_CHARTEXT bits
// of the cell's attributes (1 the first, 2 the second; 0 in every other cell), which is all
// this reads: it runs before every glyph put.
static inline int mosaic_wide_part(WINDOW *win, int y, int x) {
  cchar_t cell;
  if (mvwin_wch(win, y, x, &cell) == ERR) return 0;
  attr_t part = cell.attr & A_CHARTEXT;
  return part == 0 ? 0 : part > 1 ? 2 : 1;
}

// Puts a blank at y, x in the cell's own attributes and colours.
static inline void mosaic_blank_cell(WINDOW *win, int y, int x) {
  cchar_t cell, blank;
  wchar_t characters[CCHARW_MAX + 1] = {0};
  attr_t attrs = 0;
  short pair = 0;
  if (mvwin_wch(win, y, x, &cell) == ERR) return;
  getcchar(&cell, characters, &attrs, &pair, NULL);
  wchar_t space[2] = {L' ', 0};
  setcchar(&blank, space, attrs, pair, NULL);
  mvwadd_wch(win, y, x, &blank);
}

// Blanks the other half of any wide glyph that putting `width` columns at y, x cuts in two. A
// terminal blanks it itself, but curses keeps it in the window, and then sends the half glyph
// as a whole one on a later update, covering a cell the terminal is not told of again: the
// terminal's screen and curses' idea of it part (a stray character stays behind).
static inline void mosaic_blank_cut_halves(WINDOW *win, int y, int x, int width) {
  if (x > 0 && mosaic_wide_part(win, y, x) == 2) mosaic_blank_cell(win, y, x - 1);
  int last = x + width - 1;
  if (last + 1 < getmaxx(win) && mosaic_wide_part(win, y, last) == 1) {
    mosaic_blank_cell(win, y, last + 1);
  }
}

// One glyph into the window at y, x: its spacing character and combining marks, NUL-terminated.
// Building the cchar_t here costs one C call per glyph instead of several from Swift. `cuts`:
// whether the window may hold a wide glyph this one could cut in half (a cell read to find out).
static inline int mosaic_put_glyph(WINDOW *win, int y, int x, const wchar_t *chars, attr_t attrs,
                                   short pair, int cuts) {
  cchar_t cell;
  if (cuts) {
    // No character below U+1100 is two columns wide: wcwidth only for the rest.
    int width = chars[0] < 0x1100 ? 1 : wcwidth(chars[0]);
    mosaic_blank_cut_halves(win, y, x, width > 1 ? width : 1);
  }
  setcchar(&cell, chars, attrs, pair, NULL);
  return mvwadd_wch(win, y, x, &cell);
}

// One single-scalar glyph (the common case) into the window at y, x.
static inline int mosaic_put_character(WINDOW *win, int y, int x, wchar_t character,
                                       attr_t attrs, short pair, int cuts) {
  wchar_t chars[2] = {character, 0};
  return mosaic_put_glyph(win, y, x, chars, attrs, pair, cuts);
}

// How ncurses keeps a window's line (struct ldat in its private curses.priv.h, unchanged since
// ncurses 5): the cells, then the first and last column changed since the last refresh
// (_NOCHANGE for none). curses.h shows WINDOW's fields but not this one's, so the layout is
// checked once against the public API (mosaic_lines_are_writable) before it is used.
#if !NCURSES_OPAQUE && defined(NCURSES_EXT_COLORS)
#define MOSAIC_LINES_VISIBLE 1
struct mosaic_line {
  cchar_t *text;
  NCURSES_SIZE_T firstchar;
  NCURSES_SIZE_T lastchar;
  NCURSES_SIZE_T oldindex;
};

static inline struct mosaic_line *mosaic_line_of(WINDOW *win, int y) {
  return (struct mosaic_line *)win->_line + y;
}

// Marks columns first..last of `line` changed, as ncurses' own CHANGED_RANGE does.
static inline void mosaic_line_changed(struct mosaic_line *line, int first, int last) {
  if (line->firstchar == _NOCHANGE || line->firstchar > first) line->firstchar = first;
  if (line->lastchar == _NOCHANGE || line->lastchar < last) line->lastchar = last;
}

// Whether ncurses would store cells as they are given: its wadd_wchnstr renders each with the
// window's attributes and pair and its background, which only a plain window leaves alone.
static inline int mosaic_renders_plainly(WINDOW *win) {
  return win->_attrs == A_NORMAL && win->_color == 0 && win->_bkgrnd.attr == A_NORMAL &&
         win->_bkgrnd.ext_color == 0 && win->_bkgrnd.chars[0] == L' ' &&
         win->_bkgrnd.chars[1] == 0;
}

// Whether `rows` rows of `columns` cells from y, x may be stored straight into the lines of
// `win`: `direct` (what mosaic_lines_are_writable answered), a window that renders plainly, and
// a rectangle inside it.
static inline int mosaic_stores_directly(WINDOW *win, int y, int x, int rows, int columns,
                                         int direct) {
  return direct && mosaic_renders_plainly(win) && rows > 0 && columns > 0 && y >= 0 &&
         y + rows - 1 <= win->_maxy && x >= 0 && x + columns - 1 <= win->_maxx;
}
#endif

// The cells of line y of `win`, in place (valid until curses changes the window); NULL where
// curses.h does not show a window's fields. Only for windows mosaic_lines_are_writable cleared.
static inline const cchar_t *mosaic_line_cells(WINDOW *win, int y) {
#if MOSAIC_LINES_VISIBLE
  return mosaic_line_of(win, y)->text;
#else
  (void)win;
  (void)y;
  return NULL;
#endif
}

// Clears the change marks of the lines of `win` whose changed cells already hold what `next`
// (curses' next screen) holds in the same place, and says how many lines are left marked: a
// frame drawn whole marks every line, yet a Down changes two or three, and wnoutrefresh copies
// a marked line cell by cell, comparing each. `win` must be a full-screen window at the origin
// whose line layout mosaic_lines_are_writable checked (as `next`'s is curses' own); 0 and
// nothing cleared otherwise.
static inline int mosaic_unmark_unchanged_lines(WINDOW *win, WINDOW *next) {
#if MOSAIC_LINES_VISIBLE
  if (!win || !next || win->_begy != 0 || win->_begx != 0 || win->_maxx != next->_maxx ||
      win->_maxy > next->_maxy || (win->_flags & _ISPAD)) {
    return 0;
  }
  int marked = 0;
  for (int y = 0; y <= win->_maxy; y++) {
    struct mosaic_line *line = mosaic_line_of(win, y);
    if (line->firstchar == _NOCHANGE) continue;
    int first = line->firstchar, last = line->lastchar > win->_maxx ? win->_maxx : line->lastchar;
    if (first <= last &&
        memcmp(line->text + first, mosaic_line_of(next, y)->text + first,
               (size_t)(last - first + 1) * sizeof(cchar_t)) != 0) {
      marked++;
      continue;
    }
    line->firstchar = _NOCHANGE;
    line->lastchar = _NOCHANGE;
  }
  return marked;
#else
  (void)win;
  (void)next;
  return 0;
#endif
}

// Whether a window's lines can be written directly (see struct mosaic_line): a scratch pad is
// changed through ncurses and read back through this layout, then written through the layout
// and read back through ncurses. 1 yes, 0 no; needs curses started (newterm). Run once.
static inline int mosaic_lines_are_writable(void) {
#if !MOSAIC_LINES_VISIBLE
  return 0;
#else
  WINDOW *pad = newpad(2, 8);
  if (!pad) return 0;
  int ok = 1;
  wtouchln(pad, 0, 2, 0);
  mvwaddch(pad, 1, 5, 'x');
  struct mosaic_line *line = mosaic_line_of(pad, 1);
  ok = ok && line->text && line->text[5].chars[0] == L'x' && line->firstchar == 5 &&
       line->lastchar == 5 && mosaic_line_of(pad, 0)->firstchar == _NOCHANGE;
  if (ok) {
    cchar_t cell;
    wchar_t a[2] = {L'A', 0};
    setcchar(&cell, a, A_BOLD, 0, NULL);
    line->text[2] = cell;
    mosaic_line_changed(line, 2, 2);
    cchar_t back[8];
    attr_t attrs = 0;
    short pair = 0;
    wchar_t chars[CCHARW_MAX + 1];
    ok = mvwin_wchnstr(pad, 1, 0, back, 8) != ERR &&
         getcchar(&back[2], chars, &attrs, &pair, NULL) != ERR && chars[0] == L'A' &&
         (attrs & A_BOLD) && is_linetouched(pad, 1) && !is_linetouched(pad, 0) &&
         line->firstchar == 2 && line->lastchar == 5;
  }
  delwin(pad);
  return ok;
#endif
}

// A run of printable ASCII bytes into row y from column x, one cell each, in one style: what
// mosaic_put_character would do byte by byte. The cells are stored straight into the window's
// line when its layout was checked and the window renders plainly (ncurses' wadd_wchnstr would
// merge a styled background or the window's attributes in, and costs some 90 instructions a cell: wcwidth and a render
// call each, a third of a table frame); otherwise they are copied in with mvwadd_wchnstr (no
// per-character wrapping, cursor or control-character handling, which ASCII does not need).
// An end of the run that cuts a wide glyph goes through wadd_wch, which handles the leftover
// half. `cuts`: whether the window may hold a wide glyph (the ends are read only then);
// `direct`: what mosaic_lines_are_writable answered.
static inline void mosaic_put_ascii(WINDOW *win, int y, int x, const unsigned char *bytes,
                                    int count, attr_t attrs, short pair, int cuts, int direct) {
  if (count <= 0) return;
  if (cuts && (mosaic_wide_part(win, y, x) || mosaic_wide_part(win, y, x + count - 1))) {
    for (int i = 0; i < count; i++) {
      mosaic_put_character(win, y, x + i, (wchar_t)bytes[i], attrs, pair, 1);
    }
    return;
  }
  cchar_t template;
  wchar_t space[2] = {L' ', 0};
  setcchar(&template, space, attrs, pair, NULL);
#if MOSAIC_LINES_VISIBLE
  if (mosaic_stores_directly(win, y, x, 1, count, direct)) {
    struct mosaic_line *line = mosaic_line_of(win, y);
    cchar_t *cells = line->text + x;
    for (int i = 0; i < count; i++) {
      cells[i] = template;
      cells[i].chars[0] = (wchar_t)bytes[i];
    }
    mosaic_line_changed(line, x, x + count - 1);
    return;
  }
#else
  (void)direct;
#endif
  enum { chunk = 64 };
  cchar_t cells[chunk];
  for (int done = 0; done < count; done += chunk) {
    int n = count - done < chunk ? count - done : chunk;
    for (int i = 0; i < n; i++) {
      cells[i] = template;
      cells[i].chars[0] = (wchar_t)bytes[done + i];
    }
    mvwadd_wchnstr(win, y, x + done, cells, n);
  }
}

// Fills `rows` rows of `columns` cells from y, x with one glyph (NUL-terminated characters).
// A one-column glyph of one character is stored straight into the window's lines where
// `direct` (what mosaic_lines_are_writable answered) and the window renders plainly, as
// mosaic_put_ascii does, each row copied from its first cell in doubling runs: whline_set
// renders and stores cell by cell, and every frame fills the whole view before drawing it.
static inline void mosaic_fill_glyph(WINDOW *win, int y, int x, int rows, int columns,
                                     const wchar_t *chars, attr_t attrs, short pair, int cuts,
                                     int direct) {
  cchar_t cell;
  setcchar(&cell, chars, attrs, pair, NULL);
  for (int row = y; cuts && row < y + rows; row++) mosaic_blank_cut_halves(win, row, x, columns);
#if MOSAIC_LINES_VISIBLE
  if (chars[0] && !chars[1] && wcwidth(chars[0]) == 1 &&
      mosaic_stores_directly(win, y, x, rows, columns, direct)) {
    for (int row = y; row < y + rows; row++) {
      struct mosaic_line *line = mosaic_line_of(win, row);
      cchar_t *cells = line->text + x;
      cells[0] = cell;
      for (int done = 1; done < columns;) {
        int count = done < columns - done ? done : columns - done;
        memcpy(cells + done, cells, (size_t)count * sizeof(cchar_t));
        done += count;
      }
      mosaic_line_changed(line, x, x + columns - 1);
    }
    return;
  }
#else
  (void)direct;
#endif
  if (columns == 1 && rows > 1) {
    // A box's side: one call down the column rather than one per row.
    mvwvline_set(win, y, x, &cell, rows);
    return;
  }
  for (int row = y; row < y + rows; row++) {
    mvwhline_set(win, row, x, &cell, columns);
  }
}

// Fills `rows` rows of `columns` cells from y, x with one single-scalar glyph.
static inline void mosaic_fill_character(WINDOW *win, int y, int x, int rows, int columns,
                                         wchar_t character, attr_t attrs, short pair, int cuts,
                                         int direct) {
  wchar_t chars[2] = {character, 0};
  mosaic_fill_glyph(win, y, x, rows, columns, chars, attrs, pair, cuts, direct);
}

// Mosaic's own sending of a frame's changed lines (see LineWriter.swift for why). The bytes that
// turn what the terminal shows (curses' curscr) into the frame are built here, sent by the
// caller with one write before curses' update, and the lines sent are copied into curscr, so
// that curses finds them already shown and sends only the lines left to it. Cursor moves are
// the terminal's own capabilities (tiparm), kept once made; attribute changes go through
// curses' vid_puts, which keeps its record of the terminal's attributes right.
#if MOSAIC_LINES_VISIBLE
#include <stdlib.h>
#include <wchar.h>

struct mosaic_line_writer {
  char *out;
  size_t used, capacity;
  // Move strings made by tiparm, kept by place: cup by line and column, hpa by column, vpa by
  // line (an empty string: not made yet). Sized for the screen they were made for.
  char (*cup)[16];
  char (*hpa)[16];
  char (*vpa)[16];
  int lines, columns;
  const char *cup_cap, *hpa_cap, *vpa_cap, *el_cap, *home_cap;
  int el_length;
  // The cursor after the bytes so far (-1: not known), and the attributes last set.
  int y, x;
  attr_t attrs;
  int pair;
  int attrs_known;
  int failed;
};

// The writer whose buffer vid_puts appends to (vid_puts' output function takes no context). A
// function's static, not a file's: Swift emits the header's functions it calls, with their
// statics, but not a file-scope variable they use.
static inline struct mosaic_line_writer **mosaic_writer_receiving(void) {
  static struct mosaic_line_writer *receiving;
  return &receiving;
}

static inline void mosaic_writer_append(struct mosaic_line_writer *w, const char *bytes,
                                        size_t count) {
  if (w->failed) return;
  if (w->used + count > w->capacity) {
    size_t capacity = w->capacity ? w->capacity : 8192;
    while (capacity < w->used + count) capacity *= 2;
    char *grown = (char *)realloc(w->out, capacity);
    if (!grown) {
      w->failed = 1;
      return;
    }
    w->out = grown;
    w->capacity = capacity;
  }
  memcpy(w->out + w->used, bytes, count);
  w->used += count;
}

static inline int mosaic_writer_putc(int c) {
  char byte = (char)c;
  struct mosaic_line_writer *w = *mosaic_writer_receiving();
  if (w) mosaic_writer_append(w, &byte, 1);
  return c;
}

// A writer for the terminal curses runs on, or NULL where it should not be used: no cursor
// addressing, or a terminal whose attributes take a cell (xmc), that shows "~" oddly (hz), or
// that must leave standout mode before moving (no msgr), all of which curses' own update
// handles and this writer does not.
static inline struct mosaic_line_writer *mosaic_line_writer_create(void) {
  char *cup = tigetstr("cup");
  if (!cup || cup == (char *)-1) return NULL;
  if (tigetnum("xmc") > 0 || tigetflag("hz") > 0 || tigetflag("msgr") <= 0) return NULL;
  struct mosaic_line_writer *w = (struct mosaic_line_writer *)calloc(1, sizeof *w);
  if (!w) return NULL;
  w->cup_cap = cup;
  char *hpa = tigetstr("hpa"), *vpa = tigetstr("vpa"), *el = tigetstr("el");
  w->hpa_cap = hpa && hpa != (char *)-1 ? hpa : NULL;
  w->vpa_cap = vpa && vpa != (char *)-1 ? vpa : NULL;
  w->el_cap = el && el != (char *)-1 && !strchr(el, '$') ? el : NULL;
  w->el_length = w->el_cap ? (int)strlen(w->el_cap) : 0;
  char *home = tigetstr("home");
  w->home_cap = home && home != (char *)-1 && !strchr(home, '$') && strlen(home) < 16 ? home : NULL;
  return w;
}

static inline void mosaic_line_writer_free(struct mosaic_line_writer *w) {
  if (!w) return;
  free(w->out);
  free(w->cup);
  free(w->hpa);
  free(w->vpa);
  free(w);
}

// A move string made once: `cache` holds it (or "" until made); NULL when the capability is
// missing or makes something unusable here (padding, or too long to keep).
static inline const char *mosaic_writer_move(char *cache, const char *capability, int count,
                                             int p1, int p2) {
  if (!capability) return NULL;
  if (cache[0]) return cache;
  char *made = count == 2 ? tiparm(capability, p1, p2) : tiparm(capability, p1);
  if (!made || strlen(made) >= 16 || strstr(made, "$<")) return NULL;
  strcpy(cache, made);
  return cache;
}

// Moves the cursor to y, x (if it is not there), by the shortest of the ways kept.
static inline void mosaic_writer_go(struct mosaic_line_writer *w, int y, int x) {
  if (w->y == y && w->x == x) return;
  const char *move = NULL;
  char carriage[24];
  if (y == 0 && x == 0 && w->home_cap) {
    move = w->home_cap;
  } else if (w->y == y && w->x >= 0) {
    move = x == 0 ? "\r" : mosaic_writer_move(w->hpa[x], w->hpa_cap, 1, x, 0);
  } else if (w->y >= 0 && x == 0) {
    const char *row = mosaic_writer_move(w->vpa[y], w->vpa_cap, 1, y, 0);
    if (row) {
      carriage[0] = '\r';
      strcpy(carriage + 1, row);
      move = carriage;
    }
  }
  if (!move) move = mosaic_writer_move(w->cup[(size_t)y * w->columns + x], w->cup_cap, 2, y, x);
  if (!move) {
    w->failed = 1;
    return;
  }
  mosaic_writer_append(w, move, strlen(move));
  w->y = y;
  w->x = x;
}

// Whether a cell is one the writer sends: one column, no part of a wide glyph, no alternate
// character set, printable (no control character, C1 included), its zero-width characters after it.
static inline int mosaic_cell_is_plain(const cchar_t *cell) {
  wchar_t c = cell->chars[0];
  if (cell->attr & (A_CHARTEXT | A_ALTCHARSET)) return 0;
  if (c >= 0x20 && c < 0x7F && cell->chars[1] == 0) return 1;
  if (c < 0xA0 || wcwidth(c) != 1) return 0;
  for (int i = 1; i < CCHARW_MAX && cell->chars[i]; i++) {
    if (cell->chars[i] < 0x300 || wcwidth(cell->chars[i]) != 0) return 0;
  }
  return 1;
}

// Whether a cell is a blank in the terminal's own colours, which clearing to the end of the line
// leaves.
static inline int mosaic_cell_is_blank(const cchar_t *cell) {
#if defined(NCURSES_EXT_COLORS)
  if (cell->ext_color != 0) return 0;
#endif
  return cell->chars[0] == L' ' && cell->chars[1] == 0 && (cell->attr & A_ATTRIBUTES) == 0;
}

static inline void mosaic_writer_glyph(struct mosaic_line_writer *w, const cchar_t *cell) {
  attr_t attrs = cell->attr & (A_ATTRIBUTES & ~A_COLOR);
#if defined(NCURSES_EXT_COLORS)
  int pair = cell->ext_color;
#else
  int pair = PAIR_NUMBER(cell->attr);
#endif
  if (!w->attrs_known || attrs != w->attrs || pair != w->pair) {
    vid_puts(attrs, (NCURSES_PAIRS_T)pair, NULL, mosaic_writer_putc);
    w->attrs = attrs;
    w->pair = pair;
    w->attrs_known = 1;
  }
  char bytes[CCHARW_MAX * 4];
  size_t count = 0;
  for (int i = 0; i < CCHARW_MAX && (i == 0 || cell->chars[i]); i++) {
    unsigned int c = (unsigned int)cell->chars[i];
    if (c < 0x80) {
      bytes[count++] = (char)c;
    } else if (c < 0x800) {
      bytes[count++] = (char)(0xC0 | c >> 6);
      bytes[count++] = (char)(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      bytes[count++] = (char)(0xE0 | c >> 12);
      bytes[count++] = (char)(0x80 | ((c >> 6) & 0x3F));
      bytes[count++] = (char)(0x80 | (c & 0x3F));
    } else {
      bytes[count++] = (char)(0xF0 | c >> 18);
      bytes[count++] = (char)(0x80 | ((c >> 12) & 0x3F));
      bytes[count++] = (char)(0x80 | ((c >> 6) & 0x3F));
      bytes[count++] = (char)(0x80 | (c & 0x3F));
    }
  }
  mosaic_writer_append(w, bytes, count);
  // A glyph in the last column leaves the cursor there or on the next line, by terminal: the
  // next move is made from nowhere known.
  if (++w->x >= w->columns) w->y = w->x = -1;
}

// Adds the bytes that turn line y of `shown` into line y of `frame` (both `columns` cells) and
// copies the line into `shown`: the cells that differ, an unchanged run of at most four cells
// between them rewritten rather than moved over, and a tail of blanks where the terminal showed
// something cleared to the end of the line. 0 (nothing added) when a cell of either line is not
// one this writer sends: the line is left to curses.
static inline int mosaic_writer_line(struct mosaic_line_writer *w, cchar_t *frame, cchar_t *shown,
                                     int y, int columns) {
  int first = 0;
  while (first < columns && memcmp(&frame[first], &shown[first], sizeof(cchar_t)) == 0) first++;
  if (first == columns) return 1;
  for (int i = 0; i < columns; i++) {
    if (!mosaic_cell_is_plain(&frame[i]) || !mosaic_cell_is_plain(&shown[i])) return 0;
  }
  int last = columns - 1;
  while (last > first && memcmp(&frame[last], &shown[last], sizeof(cchar_t)) == 0) last--;
  int blank_from = columns;
  while (blank_from > first && mosaic_cell_is_blank(&frame[blank_from - 1])) blank_from--;
  int clears = w->el_cap && blank_from <= last && last - blank_from + 1 > w->el_length;
  int end = clears ? blank_from - 1 : last;
  for (int i = first; i <= end;) {
    if (memcmp(&frame[i], &shown[i], sizeof(cchar_t)) == 0) {
      int run = i;
      while (run <= end && memcmp(&frame[run], &shown[run], sizeof(cchar_t)) == 0) run++;
      // Rewritten when shorter than a move, and only from where the cursor is.
      if (!(run - i <= 4 && w->y == y && w->x == i)) {
        i = run;
        continue;
      }
      for (; i < run; i++) mosaic_writer_glyph(w, &frame[i]);
      continue;
    }
    mosaic_writer_go(w, y, i);
    if (w->failed) return 0;
    mosaic_writer_glyph(w, &frame[i]);
    i++;
  }
  if (clears) {
    mosaic_writer_go(w, y, blank_from);
    if (w->failed) return 0;
    if (!w->attrs_known || w->attrs != A_NORMAL || w->pair != 0) {
      vid_puts(A_NORMAL, 0, NULL, mosaic_writer_putc);
      w->attrs = A_NORMAL;
      w->pair = 0;
      w->attrs_known = 1;
    }
    mosaic_writer_append(w, w->el_cap, (size_t)w->el_length);
  }
  memcpy(shown, frame, (size_t)columns * sizeof(cchar_t));
  return 1;
}

// Whether curses' line-move optimisation could find a line of `frame` that `shown` shows at
// another place: a changed line whose characters hash (as curses hashes them) to a value that
// exactly one line of each has, at different places. Only then can curses scroll lines, which
// can save far more than the writer does (a page of cards, whose borders a scroll lines up), and
// which the writer's lines, sent first, would keep it from finding.
static inline int mosaic_lines_may_move(WINDOW *frame, WINDOW *shown, int lines, int columns) {
  enum { most = 512 };
  if (lines > most) return 1;
  unsigned long old[most], new[most];
  for (int y = 0; y < lines; y++) {
    const cchar_t *o = mosaic_line_of(shown, y)->text, *n = mosaic_line_of(frame, y)->text;
    unsigned long a = 0, b = 0;
    for (int x = 0; x < columns; x++) {
      a += (a << 5) + (unsigned long)o[x].chars[0];
      b += (b << 5) + (unsigned long)n[x].chars[0];
    }
    old[y] = a;
    new[y] = b;
  }
  for (int i = 0; i < lines; i++) {
    if (new[i] == old[i]) continue;
    int in_old = 0, in_new = 0, at = -1;
    for (int j = 0; j < lines; j++) {
      if (old[j] == new[i]) {
        in_old++;
        at = j;
      }
      if (new[j] == new[i]) in_new++;
    }
    if (in_old == 1 && in_new == 1 && at != i) return 1;
  }
  return 0;
}

// Builds the bytes of the lines of `frame` (a full-screen window at the origin, its line layout
// checked by mosaic_lines_are_writable) that differ from `shown` (curses' curscr), all but the
// last line (whose last cell would scroll the screen), and copies them into `shown`. The cursor
// must be at the top-left corner, where curses takes it to be (the caller's updates end there):
// the bytes start with a move from nowhere known and end with a move back there. Returns how
// many bytes to send (w->out); -1 when the frame is left to curses whole (a repaint pending,
// windows of other sizes, lines curses may find moved, no room).
static inline long mosaic_line_writer_frame(struct mosaic_line_writer *w, WINDOW *frame,
                                            WINDOW *shown, WINDOW *next) {
  if (!w || !frame || !shown || !next || is_cleared(frame) || is_cleared(shown) ||
      is_cleared(next) || frame->_begy != 0 || frame->_begx != 0 ||
      frame->_maxx != shown->_maxx || frame->_maxy != shown->_maxy ||
      (frame->_flags & _ISPAD) || !mosaic_renders_plainly(frame)) {
    return -1;
  }
  int lines = frame->_maxy + 1, columns = frame->_maxx + 1;
  if (mosaic_lines_may_move(frame, shown, lines, columns)) return -1;
  if (w->lines != lines || w->columns != columns) {
    free(w->cup);
    free(w->hpa);
    free(w->vpa);
    w->cup = (char (*)[16])calloc((size_t)lines * columns, 16);
    w->hpa = (char (*)[16])calloc((size_t)columns, 16);
    w->vpa = (char (*)[16])calloc((size_t)lines, 16);
    if (!w->cup || !w->hpa || !w->vpa) {
      w->lines = w->columns = 0;
      return -1;
    }
    w->lines = lines;
    w->columns = columns;
  }
  // Room for the worst frame (a move, an attribute change and a glyph in every cell), taken
  // before anything is built: vid_puts records each change as sent, so no byte may be dropped.
  size_t room = (size_t)lines * (size_t)columns * 96 + 4096;
  if (w->capacity < room) {
    char *grown = (char *)realloc(w->out, room);
    if (!grown) return -1;
    w->out = grown;
    w->capacity = room;
  }
  w->used = 0;
  w->failed = 0;
  w->y = w->x = -1;
  w->attrs_known = 0;
  *mosaic_writer_receiving() = w;
  // A line stops at a move the terminal cannot make (never for one with cup): what was built
  // is sent, and the line, not copied into `shown`, is left to curses, which compares it with
  // what it last sent and so sends every cell the line still lacks.
  for (int y = 0; y + 1 < lines && !w->failed; y++) {
    struct mosaic_line *line = mosaic_line_of(frame, y);
    if (line->firstchar == _NOCHANGE) continue;
    mosaic_writer_line(w, line->text, mosaic_line_of(shown, y)->text, y, columns);
  }
  *mosaic_writer_receiving() = NULL;
  // Back where curses left the cursor (the caller has its update end at the top-left corner),
  // so that curses' idea of where the cursor is stays true.
  if (w->used > 0) {
    w->failed = 0;
    mosaic_writer_go(w, 0, 0);
  }
  return (long)w->used;
}


#endif

// curses' record of what the terminal shows, and the screen the next update sends.
static inline WINDOW *mosaic_curscr(void) { return curscr; }
static inline WINDOW *mosaic_newscr(void) { return newscr; }

// Reads up to `columns` cells of `row` of `win` into `cells` (at most `limit`), leaving the
// window's cursor where it was (curses keeps the terminal's cursor in curscr's); with `win`
// NULL, blank cells. Returns how many were read, or -1.
static inline int mosaic_read_row(WINDOW *win, int row, cchar_t *cells, int columns) {
  if (!win) {
    wchar_t space[2] = {L' ', 0};
    cchar_t blank;
    memset(&blank, 0, sizeof blank);
    setcchar(&blank, space, A_NORMAL, 0, NULL);
    for (int i = 0; i < columns; i++) cells[i] = blank;
    return columns;
  }
  int y, x;
  getyx(win, y, x);
  int read = mvwin_wchnstr(win, row, 0, cells, columns);
  wmove(win, y, x);
  return read == ERR ? -1 : columns;
}

// Reads rows `top`..<`top + count` of `win`, `columns` cells each (at most the window's width),
// into `cells`, row after row; rows that cannot be read are left blank.
static inline void mosaic_read_rows(WINDOW *win, int top, int count, cchar_t *cells,
                                    int columns) {
  for (int row = 0; row < count; row++) {
    if (mosaic_read_row(win, top + row, cells + (size_t)row * columns, columns) < 0) {
      mosaic_read_row(NULL, 0, cells + (size_t)row * columns, columns);
    }
  }
}

// An estimate of the bytes curses sends along a line, built cell by cell (mosaic_cost_step):
// the bytes so far, the length of the run of equal cells since the last differing one (-1:
// none yet), whether the line was cleared to its end, and the attributes curses last set.
struct mosaic_cost {
  int bytes, gap, cleared;
  attr_t attr;
  int color;
};

static inline struct mosaic_cost mosaic_cost_start(void) {
  struct mosaic_cost cost = {0, -1, 0, A_NORMAL, 0};
  return cost;
}

// Adds cell `i` of the new line to `cost`: nothing when it equals what is there (`same`); one
// clear to the end of the line for differing cells past `last`, the line's last non-blank
// cell; otherwise a cursor move (about 6 bytes) to a run that a short rewrite does not reach,
// an attribute change (about 10) where the style changes, and the glyph in UTF-8 (`glyph`).
static inline void mosaic_cost_step(struct mosaic_cost *cost, const cchar_t *cell, int same,
                                    int i, int last, int glyph) {
  if (same) {
    if (cost->gap >= 0) cost->gap++;
    return;
  }
  if (i > last) {
    if (!cost->cleared) cost->bytes += 3;
    cost->cleared = 1;
    return;
  }
  cost->bytes += cost->gap < 0 ? 6 : (cost->gap < 6 ? cost->gap : 6);
  cost->gap = 0;
#if defined(NCURSES_EXT_COLORS)
  int cell_color = cell->ext_color;
#else
  int cell_color = 0;
#endif
  if (cell->attr != cost->attr || cell_color != cost->color) {
    cost->bytes += 10;
    cost->attr = cell->attr;
    cost->color = cell_color;
  }
  cost->bytes += glyph;
}

// The bytes of a cell's glyph in UTF-8.
static inline int mosaic_glyph_bytes(const cchar_t *cell) {
  wchar_t c = cell->chars[0];
  return c < 0x80 ? 1 : (c < 0x800 ? 2 : (c < 0x10000 ? 3 : 4));
}

// The last cell of `cells` that is not `blank`, or -1.
static inline int mosaic_last_non_blank(const cchar_t *cells, const cchar_t *blank, int columns) {
  int last = columns - 1;
  while (last >= 0 && memcmp(&cells[last], blank, sizeof(cchar_t)) == 0) last--;
  return last;
}

// About how many bytes curses sends to turn the `columns` cells `old` (NULL: blank ones, each
// `blank`) into `new` where they stand (see mosaic_cost_step). An estimate for choosing between
// ways to update, shaped on what ncurses' doupdate sends.
static inline int mosaic_cells_cost(const cchar_t *new, const cchar_t *old, const cchar_t *blank,
                                    int columns) {
  // Lines brought into place by a shift are mostly equal: one comparison of the whole line.
  if (old && memcmp(new, old, (size_t)columns * sizeof(cchar_t)) == 0) return 0;
  int last = mosaic_last_non_blank(new, blank, columns);
  struct mosaic_cost cost = mosaic_cost_start();
  for (int i = 0; i < columns; i++) {
    int same = memcmp(&new[i], old ? &old[i] : blank, sizeof(cchar_t)) == 0;
    mosaic_cost_step(&cost, &new[i], same, i, last, mosaic_glyph_bytes(&new[i]));
  }
  return cost.bytes;
}

// A 64-bit digest of a line of `columns` cells, of what decides the bytes of sending it: each
// cell's attributes, character and colour. Lines with the same digest are taken to cost the
// same when line shifts are weighed; a collision (or two lines apart only in a combining
// character) can only make a shift cost more or fewer bytes than planned, never show a wrong
// cell: curses compares the cells themselves when it sends the frame. The attributes and the
// character are read as one word where cchar_t begins with them; two lanes, so that the
// multiplications do not all wait on each other.
static inline unsigned long long mosaic_cell_word(const cchar_t *cell) {
  unsigned long long word;
#if defined(NCURSES_EXT_COLORS)
  unsigned long long color = (unsigned long long)(unsigned)cell->ext_color << 43;
#else
  unsigned long long color = 0;
#endif
  if (offsetof(cchar_t, attr) == 0 && offsetof(cchar_t, chars) == 4 && sizeof(attr_t) == 4) {
    memcpy(&word, cell, 8);
  } else {
    word = (unsigned long long)cell->attr << 32 ^ (unsigned long long)(unsigned)cell->chars[0];
  }
  return word ^ color;
}

static inline unsigned long long mosaic_cells_digest(const cchar_t *cells, int columns) {
  unsigned long long even = 0x9E3779B97F4A7C15ull, odd = 0xC2B2AE3D27D4EB4Full;
  int i = 0;
  for (; i + 1 < columns; i += 2) {
    even = (even ^ mosaic_cell_word(&cells[i])) * 0xFF51AFD7ED558CCDull;
    odd = (odd ^ mosaic_cell_word(&cells[i + 1])) * 0xC4CEB9FE1A85EC53ull;
  }
  if (i < columns) even = (even ^ mosaic_cell_word(&cells[i])) * 0xFF51AFD7ED558CCDull;
  unsigned long long result = (even ^ (odd >> 29) ^ (unsigned long long)columns) *
                              0x9E3779B97F4A7C15ull;
  return result ^ (result >> 32);
}

// The hash ncurses' line-move optimisation gives a line of `columns` cells (its spacing
// characters only, over the screen's width), to tell whether that optimisation can tell the
// line from others.
static inline unsigned long mosaic_cells_hash(const cchar_t *cells, int columns) {
  unsigned long result = 0;
  for (int i = 0; i < columns; i++) result += (result << 5) + (unsigned long)cells[i].chars[0];
  return result;
}

#endif
