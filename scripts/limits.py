#!/usr/bin/env python3
"""Prints every figure of issue 11 ("At the limit"), beside a C grid and VisiData, in one run.

Through a 120x40 pseudo-terminal (scripts/tuibench.py, every program interleaved in one run,
the same keys for each) on the 1,000,000-row CSV:

  mosaic cards            --layout cards --no-animation, and gliding (--smooth-scroll)
  mosaic table            --layout table --no-animation, the defaults (a CSV opens as the
                          table, pages land at once), gliding (--smooth-scroll), and with only
                          the fields the C grid shows (--fields customer,city,status,amount,quantity)
  C grid                  scripts/peers/ncgrid.c built with `cc -O2 -lncursesw` (skipped with
                          a message when cc is missing), without and with -s (idlok scrolling)
  VisiData                `vd` (skipped with a message when missing)

  first screen (s), Down and PgDn paint median / p95 (ms), bytes per Down and PgDn, peak RSS,
  then the ratios mosaic / C grid and VisiData / mosaic.

In process (the release `mosaic-bench`; a figure whose benchmark mode does not exist yet
prints n/a):

  search counting every match of "e", 1M and 10M rows; group-by a field of a million distinct
  values (id): time and peak memory; the sorted first screen by a numeric field (amount), 1M;
  the 10M-row file fully indexed; the first screen of 10M vs 10k rows and peak memory / file
  size; End at once on the 10M rows still being indexed; bytes per Down and PgDn in each
  layout beside their floors (the lines a Down brings; a full repaint). And through the pty,
  mosaic on the 10M-row and the 10k-row file: first screen, End pressed as soon as it is up
  (while the big file is still being indexed) to the last record on screen, peak memory and
  its share of the file.

The data is made with demo-data/make-rows.py into --data when missing (rows.csv, rows-10m.csv,
rows-10k.csv; --rows and --big-rows pick other sizes for a quick run, --skip-big leaves the
10M-row figures out).

Usage:
  python3 scripts/limits.py [--mosaic PATH] [--bench PATH] [--vd PATH] [--cc PATH]
                            [--data DIR] [--rows N] [--big-rows N] [--skip-big]
                            [--csv FILE] [--big-csv FILE] [--reps N] [--downs N] [--pgdns N]
                            [--only pty,process] [--json FILE]

Needs release builds: `swift build -c release --product mosaic` and
`swift build -c release --product mosaic-bench`.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TUIBENCH = os.path.join(HERE, "tuibench.py")
NCGRID_SOURCE = os.path.join(HERE, "peers", "ncgrid.c")
MAKE_ROWS = os.path.join(ROOT, "demo-data", "make-rows.py")
NA = "n/a"


def log(message: str) -> None:
    print(f"limits: {message}", file=sys.stderr, flush=True)


def data_file(directory: str, rows: int, explicit: str | None) -> str:
    """The CSV of `rows` rows: `explicit` when given, else made in `directory` when missing."""
    if explicit:
        return explicit
    names = {1_000_000: "rows.csv", 10_000_000: "rows-10m.csv", 10_000: "rows-10k.csv"}
    path = os.path.join(directory, names.get(rows, f"rows-{rows}.csv"))
    if not os.path.exists(path):
        os.makedirs(directory, exist_ok=True)
        log(f"making {path} ({rows:,} rows)")
        partial = f"{path}.{os.getpid()}.partial"
        with open(partial, "wb") as out:
            subprocess.run([sys.executable, MAKE_ROWS, str(rows)], check=True, stdout=out)
        os.replace(partial, path)
    return path


def first_customer(path: str) -> str:
    """The first record's customer: the text every program's first screen shows."""
    with open(path, newline="") as f:
        return next(csv.DictReader(f))["customer"]


def build_ncgrid(cc: str | None, directory: str) -> str | None:
    """Builds the C grid from the repository's copy; None (with a message) without cc."""
    compiler = cc or shutil.which("cc")
    if not compiler:
        log("no C compiler (cc): the C grid is left out")
        return None
    output = os.path.join(directory, "ncgrid")
    result = subprocess.run([compiler, "-O2", "-o", output, NCGRID_SOURCE, "-lncursesw"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        log(f"the C grid did not build, left out: {result.stderr.strip()}")
        return None
    return output


# --------------------------------------------------------------------------
# through the pty


def run_tuibench(arguments: list[str], commands: list[str], options) -> list:
    """Runs tuibench at 120x40 with `arguments` over `commands`, interleaved; returns its
    results, one per command."""
    fd, out = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    argv = [sys.executable, TUIBENCH, "--size", "120x40", "--reps", str(options.reps),
            "--json", out] + arguments
    if not options.verbose:
        argv.append("--quiet")
    subprocess.run(argv + ["--compare"] + commands, stdout=subprocess.DEVNULL)
    try:
        with open(out) as f:
            return json.load(f)["results"]
    finally:
        os.unlink(out)


def pty_figures(programs: list[tuple[str, str, str]], marker: str, options) -> dict:
    """Runs `programs` (label, command, quit keys) interleaved through tuibench; returns each
    label's figures."""
    keys = f"down*{options.downs},pgdn*{options.pgdns}"
    arguments = ["--keys", keys, "--key-quiet-ms", str(options.key_quiet_ms), "--marker", marker]
    for label, _, quit_keys in programs:
        arguments += ["--label", label, "--quit", quit_keys]
    log(f"pty: {len(programs)} programs x {options.reps} reps, keys {keys}")
    results = run_tuibench(arguments, [command for _, command, _ in programs], options)
    figures = {}
    down, pgdn = f"down*{options.downs}", f"pgdn*{options.pgdns}"
    for result in results:
        summary = result["summary"]
        phases = {p["label"]: p for p in summary["phases"]}
        startup = summary["startup"].get("marker_s") or summary["startup"].get("content_s")
        rss = summary["peak_rss_kb"]
        row = {
            "first_screen_s": startup["median"] if startup else None,
            "peak_rss_mb": rss["median"] / 1024 if rss else None,
            "failed": summary["reps"] - summary["ok"],
            "errors": summary["errors"][:1],
        }
        for name, label in (("down", down), ("pgdn", pgdn)):
            phase = phases.get(label)
            row[f"{name}_paint_ms"] = phase["paint_ms"]["median"] if phase else None
            row[f"{name}_paint_p95_ms"] = phase["paint_ms"]["p95"] if phase else None
            row[f"{name}_bytes"] = phase["bytes"]["median"] if phase else None
        figures[result["label"]] = row
    return figures


# --------------------------------------------------------------------------
# in process: mosaic-bench


class Bench:
    """Runs mosaic-bench commands once each and finds figures in what they print."""

    def __init__(self, path: str):
        self.path = path
        self.outputs: dict[tuple, str | None] = {}

    def output(self, *arguments: str) -> str | None:
        if arguments not in self.outputs:
            log("mosaic-bench " + " ".join(arguments))
            try:
                result = subprocess.run([self.path, *arguments], capture_output=True, text=True,
                                        timeout=900)
                self.outputs[arguments] = result.stdout if result.returncode == 0 else None
            except (OSError, subprocess.TimeoutExpired) as error:
                log(f"mosaic-bench {' '.join(arguments)}: {error}")
                self.outputs[arguments] = None
        return self.outputs[arguments]

    def number(self, arguments: tuple, pattern: str) -> float | None:
        """The first number the pattern's group captures in the output, or None."""
        text = self.output(*arguments)
        if not text:
            return None
        match = re.search(pattern, text, re.MULTILINE)
        return float(match.group(1).replace(",", "")) if match else None


def process_figures(bench: Bench, csv_1m: str, csv_10m: str | None, csv_10k: str) -> list:
    """Rows of (figure, seconds, CPU seconds, peak MB or another value, unit of it, target)."""
    rows = []

    def one(kind: str, path: str, argument: str, what: str, target: str) -> None:
        # mosaic-bench allrows-one: one measurement in a process of its own, printed as
        # | label | seconds | CPU seconds | peak MB | result |
        text = bench.output("allrows-one", kind, path, argument) or ""
        match = re.search(r"^\| [^|]+ \| ([0-9.]+) \| ([0-9.]+) \| ([0-9.]+) \|", text, re.M)
        values = [float(match.group(i)) for i in (1, 2, 3)] if match else [None] * 3
        rows.append((what, values[0], values[1], values[2], "MB", target))

    one("search", csv_1m, "e", 'search counting every "e", 1M rows', "≤ 0.1 s")
    if csv_10m:
        one("search", csv_10m, "e", 'search counting every "e", 10M rows', "≤ 1 s")
    one("group", csv_1m, "id", "group by id (1M distinct values), data layer", "≤ 1 s, ≤ 150 MB")
    one("grouped-screen", csv_1m, "id",
        "group by id through the card grid, to the grouped screen drawn (whole process)",
        "≤ 1 s, ≤ 150 MB")
    one("screen", csv_1m, "amount", "sorted first screen by amount (numeric), 1M rows",
        "≤ 0.5 s")
    seconds = r"\s+([0-9.]+) s"
    if csv_10m:
        # mosaic-bench bigfile BIG SMALL (issue 11 items 5 and 6); the plain data benchmark
        # gives the index time and the first screens where that mode is missing.
        big = ("bigfile", csv_10m, csv_10k)
        old_big, old_small = ("data", csv_10m, "qqqzzz"), ("data", csv_10k, "qqqzzz")
        first = r"first 100 records' values read \(first screen\)" + seconds

        def either(pattern, fallback, fallback_pattern):
            value = bench.number(big, pattern)
            return value if value is not None else bench.number(fallback, fallback_pattern)

        rows.append(("10M rows fully indexed",
                     either(r"full index of [0-9,]+ records \(wall\)" + seconds, old_big,
                            r"full index" + seconds),
                     bench.number(big, r"full index, CPU time of every thread" + seconds),
                     None, "", "≤ 0.5 s"))
        rows.append(("first screen, 10M rows",
                     either(r"first screen of \S+ \([0-9,]+ indexed\)" + seconds, old_big, first),
                     None, None, "", "as 10k rows"))
        rows.append(("first screen, 10k rows",
                     either(r"first screen, [0-9,]+ records indexed" + seconds, old_small, first),
                     None, None, "", ""))
        rows.append(("10M rows: peak memory / file size (open, End, full index)", None, None,
                     bench.number(big, r"peak resident memory [0-9.]+ MB, ([0-9.]+)× the file"),
                     "×", "≤ 0.075×"))
        rows.append(("End at once while indexing, 10M rows (last records found and read)",
                     bench.number(big, r"End at once \(.*?\)" + seconds), None, None, "",
                     "at once"))
    return rows


# The fields the C grid shows after the id (mosaic's table pins the id as its title column).
GRID_FIELDS = "customer,city,status,amount,quantity"


def wire_rows(bench: Bench, csv_1m: str) -> list[str]:
    """The table `mosaic-bench wire` prints (bytes per key beside their floors, each layout with
    and without the line shifts, and the table with the C grid's fields), header included; empty
    when that mode does not exist."""
    text = bench.output("wire", csv_1m, "60", GRID_FIELDS) or ""
    lines = [line for line in text.splitlines() if line.startswith("|")]
    return lines if any(re.match(r"^\| (grid|list|table)", line) for line in lines) else []


# --------------------------------------------------------------------------
# output


def fmt(value, unit: str) -> str:
    if value is None:
        return NA
    if unit == "s":
        return f"{value:.3f} s"
    if unit == "ms":
        return f"{value:.2f} ms" if value < 10 else f"{value:.1f} ms"
    if unit == "B":
        return f"{value:,.0f} B"
    if unit == "MB":
        return f"{value:,.1f} MB"
    if unit == "×":
        return f"{value:.3f}×"
    return f"{value} {unit}"


def ratio(a, b) -> str:
    return f"{a / b:.2f}" if a is not None and b not in (None, 0) else NA


def last_id(path: str) -> str:
    """The id of the file's last record, read back from its end: the text End must show."""
    with open(path, "rb") as f:
        f.seek(max(0, os.path.getsize(path) - 65536))
        tail = f.read().decode("utf-8", "replace")
    last = [line for line in tail.split("\n") if re.match(r"^[0-9]+,", line)][-1]
    return last.split(",", 1)[0]


def big_file_figures(mosaic: str, files: list[tuple[str, str]], marker: str, options) -> dict:
    """First screen, End to the last record on screen and peak memory for each (label, path),
    through the pty: End is pressed as soon as the first screen is up, while a big file is
    still being indexed."""
    arguments = ["--keys", "end", "--key-max", "10", "--marker", marker,
                 # Ready, and End sent, 20 ms after the first screen: the big file is still
                 # being indexed (its progress redraws the status bar ten times a second).
                 "--quiet-ms", "20"]
    for label, path in files:
        arguments += ["--label", label, "--key-marker", f"end={last_id(path)}"]
    log(f"pty: first screen, End and memory of {', '.join(label for label, _ in files)}")
    results = run_tuibench(
        arguments, [f"{mosaic} --no-animation {path}" for _, path in files], options)
    figures = {}
    for (label, path), result in zip(files, results):
        summary = result["summary"]
        startup = summary["startup"].get("marker_s")
        end = next((p for p in summary["phases"] if p["label"] == "end"), None)
        rss = summary["peak_rss_kb"]
        figures[label] = {
            "size_mb": os.path.getsize(path) / 1e6,
            "first_screen_s": startup["median"] if startup else None,
            "end_ms": end["marker_ms"]["median"] if end and end.get("marker_ms") else None,
            "end_shown": bool(end and end.get("marker_ms")),
            "peak_rss_mb": rss["median"] / 1024 if rss else None,
        }
    return figures


def print_big_files(figures: dict) -> None:
    print("| file | first screen | End, key to the last record on screen | peak RSS "
          "| peak RSS / file size |")
    print("|---|---:|---:|---:|---:|")
    for label, f in figures.items():
        share = f["peak_rss_mb"] / f["size_mb"] if f["peak_rss_mb"] else None
        print(f"| {label} ({f['size_mb']:,.1f} MB) | {fmt(f['first_screen_s'], 's')} "
              f"| {fmt(f['end_ms'], 'ms') if f['end_shown'] else 'not within 10 s'} "
              f"| {fmt(f['peak_rss_mb'], 'MB')} "
              f"| {fmt(share, '×')} |")
    print()


def print_pty(figures: dict, options) -> None:
    print(f"### Through a 120x40 pty, {options.reps} reps interleaved "
          f"(Down×{options.downs}, PgDn×{options.pgdns}; medians, p95 after /)\n")
    print("| program | first screen | Down paint | PgDn paint | bytes / Down | bytes / PgDn "
          "| peak RSS |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, f in figures.items():
        failed = f" ({f['failed']} reps failed: {f['errors'][0]})" if f["failed"] else ""
        print(f"| {label}{failed} | {fmt(f['first_screen_s'], 's')} "
              f"| {fmt(f['down_paint_ms'], 'ms')} / {fmt(f['down_paint_p95_ms'], 'ms')} "
              f"| {fmt(f['pgdn_paint_ms'], 'ms')} / {fmt(f['pgdn_paint_p95_ms'], 'ms')} "
              f"| {fmt(f['down_bytes'], 'B')} | {fmt(f['pgdn_bytes'], 'B')} "
              f"| {fmt(f['peak_rss_mb'], 'MB')} |")
    mosaics = [label for label in figures if label.startswith("mosaic")]
    grids = [label for label in figures if label.startswith("C grid")]
    if grids:
        print("\n| mosaic / C grid | Down paint | Down paint p95 | PgDn paint | bytes / Down "
              "| bytes / PgDn |")
        print("|---|---:|---:|---:|---:|---:|")
        for m in mosaics:
            for g in grids:
                a, b = figures[m], figures[g]
                print(f"| {m} / {g} | {ratio(a['down_paint_ms'], b['down_paint_ms'])} "
                      f"| {ratio(a['down_paint_p95_ms'], b['down_paint_p95_ms'])} "
                      f"| {ratio(a['pgdn_paint_ms'], b['pgdn_paint_ms'])} "
                      f"| {ratio(a['down_bytes'], b['down_bytes'])} "
                      f"| {ratio(a['pgdn_bytes'], b['pgdn_bytes'])} |")
    if "VisiData" in figures:
        v = figures["VisiData"]
        print("\n| VisiData / mosaic | first screen | Down paint | PgDn paint | peak RSS |")
        print("|---|---:|---:|---:|---:|")
        for m in mosaics:
            a = figures[m]
            print(f"| VisiData / {m} | {ratio(v['first_screen_s'], a['first_screen_s'])} "
                  f"| {ratio(v['down_paint_ms'], a['down_paint_ms'])} "
                  f"| {ratio(v['pgdn_paint_ms'], a['pgdn_paint_ms'])} "
                  f"| {ratio(v['peak_rss_mb'], a['peak_rss_mb'])} |")
    print()


def print_process(rows: list, wire: list[str]) -> None:
    print("### In process (mosaic-bench, release)\n")
    print("| figure | seconds | CPU seconds | memory | target |")
    print("|---|---:|---:|---:|---|")
    for what, wall, cpu, other, unit, target in rows:
        print(f"| {what} | {fmt(wall, 's')} | {fmt(cpu, 's')} | {fmt(other, unit)} | {target} |")
    print()
    print("Bytes per key beside their floors (mosaic-bench wire, 120 × 40 pty, xterm-256color; "
          "targets: a scrolling Down ≤ 1.15× its floor in the cards, a PgDn ≤ a full repaint):\n")
    for line in wire or ["| layout | bytes per key |", "|---|---|", f"| {NA} | {NA} |"]:
        print(line)
    print()


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    release = os.path.join(ROOT, ".build", "release")
    parser.add_argument("--mosaic", default=os.path.join(release, "mosaic"))
    parser.add_argument("--bench", default=os.path.join(release, "mosaic-bench"))
    parser.add_argument("--vd", default=shutil.which("vd"), help="VisiData (default: vd on PATH)")
    parser.add_argument("--cc", help="the C compiler for the C grid (default: cc on PATH)")
    parser.add_argument("--data", default=os.path.join(tempfile.gettempdir(), "mosaic-bench"),
                        help="where the generated CSVs are kept")
    parser.add_argument("--rows", type=int, default=1_000_000, help="rows of the main CSV")
    parser.add_argument("--big-rows", type=int, default=10_000_000, help="rows of the big CSV")
    parser.add_argument("--small-rows", type=int, default=10_000, help="rows of the small CSV")
    parser.add_argument("--skip-big", action="store_true", help="leave out the big-file figures")
    parser.add_argument("--csv", help="use this CSV as the main one instead of generating it")
    parser.add_argument("--big-csv", help="use this CSV as the big one")
    parser.add_argument("--reps", type=int, default=3, help="pty repetitions (default 3)")
    parser.add_argument("--downs", type=int, default=60, help="Downs per rep (default 60)")
    parser.add_argument("--pgdns", type=int, default=20, help="PgDns per rep (default 20)")
    parser.add_argument("--key-quiet-ms", type=float, default=80,
                        help="quiet time that ends a key's paint (default 80 ms)")
    parser.add_argument("--only", default="pty,process", help="pty, process or both")
    parser.add_argument("--verbose", action="store_true", help="tuibench's progress lines")
    parser.add_argument("--json", help="write every figure to this file")
    options = parser.parse_args()
    parts = set(options.only.split(","))

    for path, what in ((options.mosaic, "mosaic"), (options.bench, "mosaic-bench")):
        if not os.path.exists(path):
            log(f"no {what} at {path}: run `swift build -c release --product {what}`")
            return 2
    csv_main = data_file(options.data, options.rows, options.csv)
    csv_big = None if options.skip_big else data_file(options.data, options.big_rows,
                                                      options.big_csv)
    csv_small = data_file(options.data, options.small_rows, None)
    print(f"## Issue 11 figures: {os.path.basename(csv_main)} "
          f"({os.path.getsize(csv_main) / 1e6:.0f} MB), load {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores\n")
    report: dict = {"csv": csv_main, "big_csv": csv_big, "load_start": os.getloadavg()[0]}

    if "pty" in parts:
        mosaic = options.mosaic
        programs = [
            ("mosaic cards", f"{mosaic} --no-animation --layout cards {csv_main}", "q"),
            ("mosaic cards gliding",
             f"{mosaic} --layout cards --smooth-scroll {csv_main}", "q"),
            ("mosaic table", f"{mosaic} --no-animation --layout table {csv_main}", "q"),
            ("mosaic table, the defaults", f"{mosaic} {csv_main}", "q"),
            ("mosaic table gliding",
             f"{mosaic} --layout table --smooth-scroll {csv_main}", "q"),
            ("mosaic table, the C grid's fields",
             f"{mosaic} --no-animation --layout table --fields {GRID_FIELDS} {csv_main}", "q"),
        ]
        with tempfile.TemporaryDirectory() as build:
            ncgrid = build_ncgrid(options.cc, build)
            if ncgrid:
                programs += [("C grid", f"{ncgrid} {csv_main}", "q"),
                             ("C grid -s", f"{ncgrid} -s {csv_main}", "q")]
            if options.vd and os.path.exists(options.vd):
                programs.append(("VisiData", f"{options.vd} {csv_main}", "g,q"))
            else:
                log("no VisiData (vd): left out")
            figures = pty_figures(programs, first_customer(csv_main), options)
        print_pty(figures, options)
        report["pty"] = figures
        files = [("10M rows", csv_big)] if csv_big else []
        files.append((f"{options.small_rows:,} rows", csv_small))
        big = big_file_figures(options.mosaic, files, first_customer(csv_small), options)
        print_big_files(big)
        report["big_files"] = big
    if "process" in parts:
        bench = Bench(options.bench)
        rows = process_figures(bench, csv_main, csv_big, csv_small)
        wire = wire_rows(bench, csv_main)
        print_process(rows, wire)
        report["process"] = rows
        report["wire"] = wire
    report["load_end"] = os.getloadavg()[0]
    print(f"(load {report['load_start']:.1f} at the start, {report['load_end']:.1f} at the end)")
    if options.json:
        with open(options.json, "w") as f:
            json.dump(report, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
