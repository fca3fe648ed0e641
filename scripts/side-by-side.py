#!/usr/bin/env python3
"""Measures the browser beside VisiData through a 120x40 pseudo-terminal, in one run.

For each task below, both programs run in the same pty harness (scripts/tuibench.py),
one after the other, and the table at the end gives each program's figure and the ratio:

  sort      the first screen sorted by amount, descending, on 1,000,000 rows
            (mosaic --sort -amount; VisiData replays open + sort-desc)
  filter    the count of records whose note contains "gift" on 1,000,000 rows
            (mosaic: & then "gift", until the count is on the screen; VisiData replays
            open + select-col-regex, until "selected N rows")
  freq      the frequency table of city on 1,000,000 rows (mosaic: F on city; VisiData
            replays open + freq-col), until the top count is on the screen
  json      the first screen of a 60 MB JSON array
  sqlite    the first screen of a 10,000,000-row SQLite table, then Down

The text each program must show (the record with the largest amount, the number of
matches, the top count) are computed here from the data, not written in. Times are from launch unless the
row says "after load": VisiData must finish loading a file before it can sort, filter or
count it, so its figures include loading; so do Mosaic's (its keys are sent as soon as its
first screen is up).

Usage:
  python3 scripts/side-by-side.py [--mosaic PATH] [--vd PATH] [--data DIR]
                                  [--reps N] [--only TASK,...] [--json FILE]

Needs a release build (`swift build -c release`) and VisiData (`pip install visidata`).
The data is generated into --data (default /tmp/mosaic-bench) when missing: about 90 MB of
CSV, a 60 MB JSON array and a 10,000,000-row SQLite file (about 1 GB, a minute to make).
"""

from __future__ import annotations

import argparse
import collections
import csv
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TUIBENCH = os.path.join(HERE, "tuibench.py")


def generate(data: str) -> dict:
    """Makes the data files that are missing; returns their paths."""
    os.makedirs(data, exist_ok=True)
    paths = {
        "csv": os.path.join(data, "rows.csv"),
        "json": os.path.join(data, "rows-array.json"),
        "db": os.path.join(data, "rows-10m.db"),
    }
    makers = {
        "csv": [sys.executable, os.path.join(ROOT, "demo-data", "make-rows.py")],
        "json": [sys.executable, os.path.join(ROOT, "demo-data", "make-json-array.py")],
        "db": [sys.executable, os.path.join(ROOT, "demo-data", "make-sqlite.py"),
               "--rows", "10000000"],
    }
    for key, path in paths.items():
        if os.path.exists(path):
            continue
        print(f"side-by-side: making {path}", file=sys.stderr, flush=True)
        command = makers[key]
        if key == "db":
            subprocess.run(command + [path + ".part"], check=True)
        else:
            with open(path + ".part", "wb") as out:
                subprocess.run(command, check=True, stdout=out)
        os.replace(path + ".part", path)
    return paths


def expected(paths: dict) -> dict:
    """What each program must show, read from the data itself."""
    largest, gifts, cities, first = None, 0, collections.Counter(), None
    with open(paths["csv"], newline="") as f:
        rows = csv.DictReader(f)
        for row in rows:
            first = first or row["customer"]
            amount = float(row["amount"])
            if largest is None or amount > largest[0]:
                largest = (amount, row["id"], row["amount"])
            if "gift" in row["note"].lower():
                gifts += 1
            cities[row["city"]] += 1
    with open(paths["json"], "rb") as f:
        head = f.read(4096).decode("utf-8", "replace")
    json_first = head.split('"customer":', 1)[1].split('"')[1] if '"customer":' in head else None
    db = sqlite3.connect(paths["db"])
    table = "orders"
    # VisiData lists the tables in the schema's order; its cursor goes down to this one.
    names = [name for name, in db.execute(
        "select name from sqlite_master where type in ('table', 'view') order by rowid")]
    table_row = names.index(table)
    db_first, = db.execute(f'select customer from "{table}" order by rowid limit 1').fetchone()
    db.close()
    city, top = cities.most_common(1)[0]
    return {"first": first, "largest": largest[1], "largest_amount": largest[2], "gifts": gifts, "city": city, "top": top,
            "json_first": json_first, "table": table, "table_row": table_row, "db_first": db_first}


def vd_replay(commands: list[dict]) -> str:
    """A VisiData command log (.vdj) that replays `commands`."""
    fd, path = tempfile.mkstemp(suffix=".vdj")
    with os.fdopen(fd, "w") as f:
        f.write("#!vd -p\n")
        for c in commands:
            row = {"sheet": "", "col": "", "row": "", "longname": "", "input": "",
                   "keystrokes": "", "comment": ""}
            row.update(c)
            f.write(json.dumps(row) + "\n")
    return path


def tuibench(label: str, command: str, reps: int, marker: str | None = None,
             keys: str | None = None, key_marker: str | None = None,
             quit: str = "q", key_max: float = 600) -> dict:
    """Runs one program through the harness; returns its summary."""
    fd, out = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    argv = [sys.executable, TUIBENCH, "--reps", str(reps), "--warmup", "0", "--quiet",
            "--label", label, "--quit", quit, "--key-max", str(key_max),
            "--startup-timeout", "600", "--json", out]
    if marker:
        argv += ["--marker", marker]
    argv += ["--keys", keys or "wait:0.2"]
    if key_marker:
        argv += ["--key-marker", key_marker]
    argv += ["--"] + command.split()
    subprocess.run(argv, check=True)
    with open(out) as f:
        result = json.load(f)["results"][0]
    os.unlink(out)
    return result


def phase(result: dict, label: str, field: str) -> float | None:
    for p in result["summary"]["phases"]:
        if p["label"] == label and p.get(field):
            return p[field]["median"]
    return None


def startup(result: dict, field: str = "marker_s") -> float | None:
    value = result["summary"]["startup"].get(field)
    return value["median"] if value else None


def rss(result: dict) -> float | None:
    value = result["summary"]["peak_rss_kb"]
    return value["median"] / 1024 if value else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--mosaic", default=os.path.join(ROOT, ".build", "release", "mosaic"))
    parser.add_argument("--vd", default=shutil.which("vd") or "vd")
    parser.add_argument("--data", default="/tmp/mosaic-bench")
    parser.add_argument("--reps", type=int, default=3, help="repetitions for mosaic (VisiData: 1)")
    parser.add_argument("--only", default="sort,filter,freq,json,sqlite")
    parser.add_argument("--json", help="write every figure to this file")
    options = parser.parse_args()
    tasks = options.only.split(",")
    if not os.path.exists(options.mosaic):
        print(f"side-by-side: no {options.mosaic}; run `swift build -c release`", file=sys.stderr)
        return 2
    paths = generate(options.data)
    want = expected(paths)
    mosaic, vd, csv_path = options.mosaic, options.vd, paths["csv"]
    rows = []  # (task, what, mosaic, vd, unit)

    def row(task, what, m, v, unit="s", m_rss=None, v_rss=None):
        rows.append((task, what, m, v, unit, m_rss, v_rss))
        print(f"  {task}: {what}: mosaic {fmt(m, unit)}  vd {fmt(v, unit)}", file=sys.stderr, flush=True)

    if "sort" in tasks:
        m = tuibench("mosaic", f"{mosaic} --sort -amount {csv_path}", options.reps,
                     marker=want["largest"])
        replay = vd_replay([{"longname": "open-file", "input": csv_path, "keystrokes": "o"},
                            {"sheet": "rows", "col": "amount", "longname": "sort-desc",
                             "keystrokes": "]"}])
        # VisiData cuts the id column short: its marker is the amount, in a column of its own.
        v = tuibench("vd", f"{vd} -p {replay}", 1, marker=want["largest_amount"], quit="g,q")
        row("sort", "sorted first screen, 1M rows", startup(m), startup(v), "s", rss(m), rss(v))
    if "filter" in tasks:
        count = f"{want['gifts']:,}"
        m = tuibench("mosaic", f"{mosaic} {csv_path}", options.reps, marker=want["first"],
                     keys="amp=&,typed=lit:gift", key_marker=f"typed={count}", quit="esc,esc,q")
        replay = vd_replay([{"longname": "open-file", "input": csv_path, "keystrokes": "o"},
                            {"sheet": "rows", "col": "note", "longname": "select-col-regex",
                             "input": "gift", "keystrokes": "|"}])
        v = tuibench("vd", f"{vd} -p {replay}", 1, marker=f"selected {want['gifts']} rows",
                     quit="g,q")
        launch = (startup(m, "ready_s") or 0) + (phase(m, "typed", "marker_ms") or 0) / 1000
        row("filter", f"match count ({count}), 1M rows, from launch", launch, startup(v), "s",
            rss(m), rss(v))
        row("filter", "match count after the key (mosaic)", phase(m, "typed", "marker_ms") / 1000,
            None)
    if "freq" in tasks:
        top = f"{want['top']:,}"
        m = tuibench("mosaic", f"{mosaic} {csv_path}", options.reps, marker=want["first"],
                     keys="field=tab,freq=F", key_marker=f"freq={top}", quit="esc,esc,q")
        replay = vd_replay([{"longname": "open-file", "input": csv_path, "keystrokes": "o"},
                            {"sheet": "rows", "col": "city", "longname": "freq-col",
                             "keystrokes": "F"}])
        v = tuibench("vd", f"{vd} -p {replay}", 1, marker=str(want["top"]), quit="g,q")
        launch = (startup(m, "ready_s") or 0) + (phase(m, "freq", "marker_ms") or 0) / 1000
        row("freq", "frequency table of city, 1M rows, from launch", launch, startup(v), "s",
            rss(m), rss(v))
        row("freq", "frequency table after the key (mosaic)", phase(m, "freq", "marker_ms") / 1000,
            None)
    if "json" in tasks:
        size = os.path.getsize(paths["json"]) / 1e6
        m = tuibench("mosaic", f"{mosaic} {paths['json']}", options.reps,
                     marker=want["json_first"])
        v = tuibench("vd", f"{vd} {paths['json']}", 1, marker=want["json_first"], quit="g,q")
        row("json", f"first screen of a {size:.0f} MB JSON array", startup(m), startup(v), "s",
            rss(m), rss(v))
    if "sqlite" in tasks:
        m = tuibench("mosaic", f"{mosaic} --table {want['table']} {paths['db']}", options.reps,
                     marker=want["db_first"], keys="down*50")
        v = tuibench("vd", f"{vd} {paths['db']}", 1, marker=want["table"],
                     keys=f"down*{want['table_row']},open=enter,down*50",
                     key_marker=f"open={want['db_first']}",
                     quit="g,q")
        v_first = (startup(v, "ready_s") or 0) + (phase(v, "open", "marker_ms") or 0) / 1000
        row("sqlite", "first screen of a 10M-row table", startup(m), v_first, "s", rss(m), rss(v))
        row("sqlite", "Down (paint, median)", phase(m, "down*50", "paint_ms"),
            phase(v, "down*50", "paint_ms"), "ms")
        row("sqlite", "bytes per Down", phase(m, "down*50", "bytes"), phase(v, "down*50", "bytes"),
            "B")

    print()
    print("| task | mosaic | VisiData | VisiData / mosaic | RSS mosaic / VisiData |")
    print("|---|---|---|---|---|")
    for task, what, m, v, unit, m_rss, v_rss in rows:
        ratio = f"{v / m:.0f}×" if m and v else "–"
        memory = f"{m_rss:.0f} MB / {v_rss:.0f} MB" if m_rss and v_rss else ""
        print(f"| {what} | {fmt(m, unit)} | {fmt(v, unit)} | {ratio} | {memory} |")
    if options.json:
        with open(options.json, "w") as f:
            json.dump({"expected": want, "rows": rows}, f, indent=1)
    return 0


def fmt(value, unit):
    if value is None:
        return "–"
    if unit == "s":
        return f"{value:.3f} s" if value < 10 else f"{value:.1f} s"
    if unit == "ms":
        return f"{value:.1f} ms"
    return f"{value:.0f} {unit}"


if __name__ == "__main__":
    sys.exit(main())
