/* Origin: copied unchanged (below this note) from peers/ncgrid.c of the tuibench benchmark
 * kit that scripts/tuibench.py also comes from; the kit gives no licence. It is issue 11's
 * reference C grid, kept here so that scripts/limits.py builds it from the repository:
 *   cc -O2 -o ncgrid scripts/peers/ncgrid.c -lncursesw
 */
/* ncgrid.c - a minimal native ncurses grid over a CSV: the "lean native"
 * reference for tuibench (what a straightforward C/ncursesw grid costs).
 *
 * Loads the file with mmap and indexes line starts (no field parsing up
 * front), then shows a header row, a page of rows with fixed column widths
 * (fields split on commas, honouring "quotes"; widths by wcwidth, so CJK and
 * emoji are 2 cells), a highlighted cursor row and a status line.
 * Each key: erase() + draw every visible row + refresh(); ncurses' own
 * diffing decides what reaches the terminal.
 *
 * keys: Down/j Up/k PgDn/PgUp Home/g End/G, q quits
 * usage: ncgrid [-s] FILE.csv      (-s: idlok(TRUE), allowing ncurses to
 *        scroll with insert/delete-line instead of repainting rows)
 * build: cc -O2 -o ncgrid ncgrid.c -lncursesw
 */
#define _XOPEN_SOURCE 700
#define _XOPEN_SOURCE_EXTENDED 1
#include <fcntl.h>
#include <locale.h>
#include <ncursesw/curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wchar.h>

static const char *data;
static size_t size;
static size_t *lines;   /* start offset of each line; lines[nlines] = size */
static long nlines;     /* including the header line */

static const int widths[] = {8, 18, 12, 10, 11, 0}; /* 0 = rest of screen */
#define NCOLS 6

/* draw field [s,e) (CSV-quoted or not) at (y,x) in w cells */
static void draw_field(int y, int x, int w, const char *s, const char *e) {
    wchar_t wbuf[512];
    int n = 0;
    mbstate_t st;
    memset(&st, 0, sizeof st);
    int quoted = (s < e && *s == '"');
    if (quoted) { s++; if (e > s && e[-1] == '"') e--; }
    int cells = 0;
    while (s < e && n < 511) {
        wchar_t wc;
        size_t k = mbrtowc(&wc, s, (size_t)(e - s), &st);
        if (k == (size_t)-1 || k == (size_t)-2) { wc = L'?'; k = 1; memset(&st, 0, sizeof st); }
        if (k == 0) k = 1;
        if (quoted && wc == L'"' && s + 1 < e && s[1] == '"') k = 2; /* "" -> " */
        s += k;
        int cw = wcwidth(wc);
        if (cw < 0) cw = 1;
        if (cells + cw > w) break;
        wbuf[n++] = wc;
        cells += cw;
    }
    wbuf[n] = 0;
    mvaddnwstr(y, x, wbuf, n);
    for (int i = cells; i < w; i++) addch(' ');
}

static void draw_row(int y, long li, int cols) {
    const char *s = data + lines[li], *end = data + lines[li + 1];
    while (end > s && (end[-1] == '\n' || end[-1] == '\r')) end--;
    int x = 0;
    for (int c = 0; c < NCOLS && x < cols; c++) {
        const char *f = s;
        int inq = 0;
        while (s < end && (inq || *s != ',')) { if (*s == '"') inq = !inq; s++; }
        int w = widths[c] ? widths[c] : cols - x;
        if (x + w > cols) w = cols - x;
        draw_field(y, x, w - (widths[c] ? 1 : 0), f, s);
        if (widths[c]) addch(' ');
        x += w;
        if (s < end) s++; /* skip comma */
    }
}

int main(int argc, char **argv) {
    int scroll_opt = 0, ai = 1;
    if (argc > 1 && !strcmp(argv[1], "-s")) { scroll_opt = 1; ai++; }
    if (ai >= argc) { fprintf(stderr, "usage: ncgrid [-s] FILE.csv\n"); return 2; }
    setlocale(LC_ALL, "");
    int fd = open(argv[ai], O_RDONLY);
    struct stat sb;
    if (fd < 0 || fstat(fd, &sb) < 0) { perror(argv[ai]); return 1; }
    size = (size_t)sb.st_size;
    data = size ? mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0) : "";
    if (data == MAP_FAILED) { perror("mmap"); return 1; }
    size_t cap = 1024;
    lines = malloc(cap * sizeof *lines);
    nlines = 0;
    lines[nlines++] = 0;
    for (const char *p = data, *e = data + size; p < e;) {
        const char *nl = memchr(p, '\n', (size_t)(e - p));
        if (!nl) break;
        p = nl + 1;
        if ((size_t)nlines + 1 >= cap) { cap *= 2; lines = realloc(lines, cap * sizeof *lines); }
        lines[nlines++] = (size_t)(p - data);
    }
    if (lines[nlines - 1] != size) lines[nlines] = size; else nlines--;
    lines[nlines] = size;
    long nrows = nlines - 1; /* data rows */

    initscr(); cbreak(); noecho(); keypad(stdscr, TRUE); curs_set(0);
    if (scroll_opt) idlok(stdscr, TRUE);
    long top = 0, cur = 0;
    for (;;) {
        int H = LINES, W = COLS, page = H - 2;
        if (page < 1) page = 1;
        if (cur < top) top = cur;
        if (cur >= top + page) top = cur - page + 1;
        erase();
        attron(A_BOLD | A_UNDERLINE);
        draw_row(0, 0, W);
        attroff(A_BOLD | A_UNDERLINE);
        for (int i = 0; i < page && top + i < nrows; i++) {
            if (top + i == cur) attron(A_REVERSE);
            draw_row(1 + i, 1 + top + i, W);
            if (top + i == cur) attroff(A_REVERSE);
        }
        mvprintw(H - 1, 0, "ncgrid  %s  row %ld/%ld", argv[ai], cur + 1, nrows);
        refresh();
        int ch = getch();
        if (ch == 'q' || ch == ERR) break;
        page = LINES - 2 < 1 ? 1 : LINES - 2;
        switch (ch) {
        case KEY_DOWN: case 'j': cur++; break;
        case KEY_UP: case 'k': cur--; break;
        case KEY_NPAGE: cur += page; top += page; break;
        case KEY_PPAGE: cur -= page; top -= page; break;
        case KEY_HOME: case 'g': cur = 0; break;
        case KEY_END: case 'G': cur = nrows - 1; break;
        default: break;
        }
        if (cur >= nrows) cur = nrows - 1;
        if (cur < 0) cur = 0;
        if (top > cur) top = cur;
        if (top < 0) top = 0;
        if (top > nrows - page) top = nrows - page;
        if (top < 0) top = 0;
    }
    endwin();
    return 0;
}
