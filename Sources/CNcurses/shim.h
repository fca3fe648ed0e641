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

#include <locale.h>
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

static inline int mosaic_key_resize(void) { return KEY_RESIZE; }
static inline int mosaic_key_mouse(void) { return KEY_MOUSE; }
static inline int mosaic_err(void) { return ERR; }
static inline int mosaic_ok(void) { return OK; }

static inline mmask_t mosaic_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t mosaic_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
static inline mmask_t mosaic_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t mosaic_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t mosaic_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t mosaic_button4_pressed(void) { return BUTTON4_PRESSED; }
#if defined(BUTTON5_PRESSED)
static inline mmask_t mosaic_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t mosaic_button5_pressed(void) { return 0; }
#endif

#endif
