#!/usr/bin/env python3
"""Measures questions answered over every row of a CSV: mosaic beside DuckDB, in one run.

Four questions, each asked of the whole file, timed from launch to the answer on the screen
(mosaic, through a 120x40 pseudo-terminal with scripts/tuibench.py) and from a fresh process to
the result (DuckDB's Python package, each query in its own `python3 -c`, so nothing is cached
between runs but the operating system's page cache, which both programs share):

  sort     the first screen sorted by amount, descending: `mosaic --sort -amount FILE` until
           the largest amount (as written) is on the screen; DuckDB: ORDER BY amount DESC
           LIMIT 20
  filter   the count of a two-condition expression (default `city = 'Hanoi' and amount >
           500`): `mosaic --filter EXPR FILE` until the status bar shows the final count
           (`: 55,510 of 1,000,000`, no `+`); with --typed: launch, `&`, the expression typed
           as one keystroke, Enter; DuckDB: count(*) WHERE
  freq     the frequency table of status under that filter: after the count, Tab to status
           and F, until the top count is on the screen; DuckDB: GROUP BY status
  summary  the summary of amount under that filter: after the count, Tab to amount and I,
           until the right maximum is on the screen; DuckDB: count, min, max, avg WHERE

Mosaic's figure is the wall time from its spawn to the answer first on the screen (the send
time of the last key, from spawn, plus that key's time to the answer). It includes the
harness's own pauses: it waits for the first screen to stay quiet (--quiet-ms) before the first
key and for each key's output to stay quiet (--key-quiet-ms) before the next, as a quick typist
would. Beside it: mosaic's time with those pauses taken out (its first screen until settled,
plus each key's time until its output settled, or until its answer for a key that waits for
one; background work that ran during a pause is then not counted, so the truth lies between
the two), and the time after the last key alone. The ratio is the launch-to-answer figure over
DuckDB's query time (in brackets: the figure with the pauses out). The answers (the largest amount and its
record, the count, the top value and its count, the maximum as written) are computed here with
Python's csv module, never read from mosaic, and DuckDB's answers are checked against them too
(this checks all three): a run with a wrong or missing answer counts as failed, is left out of
the medians, and the table says so (the exit status is then 1). Each mosaic run's
final screen is also checked (the filter's expression beside the count, the top value beside
its count, `maximum` beside the maximum and `values` beside the count, the titles, `field:
status` or `field: amount` on the status bar after the Tabs). The repetitions are
interleaved: rep 1 of every question for both programs, then rep 2, ...; the figures are
medians. Mosaic runs with --no-animation (--animation leaves it on), its peak resident memory
(the harness's VmHWM) shown against the file's size.

With --sqlite the same questions are asked of a SQLite table holding the CSV's rows (typed
columns: id, quantity and rating INTEGER, amount REAL; made beside the CSV as rows-10m.db for rows-10m.csv, table
`rows`, with Python's sqlite3 when missing): `mosaic FILE.db --table rows`, each question pushed
down to SQLite, beside the same SQL run by Python's sqlite3 module in a fresh process (in the
DuckDB columns). Numbers are then shown as SQLite writes a REAL (`99998.1` for `99998.10`). A
fifth question, `end`, measures End pressed as soon as the first screen shows, while the count
still runs, until the last row (the largest id) is focused.

Usage:
  python3 scripts/questions.py [--mosaic PATH] [--data DIR] [--rows N | --csv FILE]
                               [--reps N] [--only Q,...] [--city NAME] [--above AMOUNT]
                               [--json FILE] [--sqlite]

  python3 scripts/questions.py --rows 10000000 --reps 3 --sqlite   # the SQLite figures

  python3 scripts/questions.py --reps 3                  # 1,000,000 rows (89 MB)
  python3 scripts/questions.py --rows 10000000 --reps 1  # 10,000,000 rows (0.9 GB)

Needs a release build (`swift build -c release --product mosaic`) and DuckDB's Python package
(`pip install duckdb`). The CSV is made with demo-data/make-rows.py into --data (default
/tmp/mosaic-bench: rows.csv, or rows-10m.csv for --rows 10000000) when missing; the expected
answers are cached beside it (FILE.answers.json, keyed by the file's size and time).
"""

from __future__ import annotations

import argparse
import collections
import csv
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TUIBENCH = os.path.join(HERE, "tuibench.py")
QUESTIONS = ("sort", "filter", "freq", "summary")
SQLITE_QUESTIONS = QUESTIONS + ("end",)
# The cards' fields in file order; the cards' title is id, the field focused at launch is
# customer (--first-field), and each Tab moves the focus one field on.
FIELDS = ["id", "customer", "city", "status", "amount", "quantity", "rating", "date", "sku", "note"]


def data_path(data: str, rows: int) -> str:
    if rows == 1_000_000:
        return os.path.join(data, "rows.csv")
    if rows % 1_000_000 == 0:
        return os.path.join(data, f"rows-{rows // 1_000_000}m.csv")
    return os.path.join(data, f"rows-{rows}.csv")


def generate(path: str, rows: int, timeout: float) -> None:
    """Writes `rows` rows with demo-data/make-rows.py when the file is missing."""
    if os.path.exists(path):
        return
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    print(f"questions: making {path} ({rows:,} rows)", file=sys.stderr, flush=True)
    with open(path + ".part", "wb") as out:
        subprocess.run([sys.executable, os.path.join(ROOT, "demo-data", "make-rows.py"),
                        str(rows)], check=True, stdout=out, timeout=timeout)
    os.replace(path + ".part", path)


def make_database(csv_path: str) -> str:
    """The CSV's rows as table `rows` of FILE.db (typed columns), made when missing."""
    import sqlite3
    path = (csv_path[:-4] if csv_path.endswith(".csv") else csv_path) + ".db"
    if os.path.exists(path):
        return path
    print(f"questions: making {path}", file=sys.stderr, flush=True)
    part = path + ".part"
    if os.path.exists(part):
        os.unlink(part)
    db = sqlite3.connect(part)
    db.execute("PRAGMA journal_mode = OFF")
    db.execute("PRAGMA synchronous = OFF")
    db.execute("CREATE TABLE rows (id INTEGER, customer TEXT, city TEXT, status TEXT, "
               "amount REAL, quantity INTEGER, rating INTEGER, date TEXT, sku TEXT, note TEXT)")
    with open(csv_path, newline="") as f:
        reader = csv.reader(f)
        next(reader)
        db.executemany("INSERT INTO rows VALUES (?,?,?,?,?,?,?,?,?,?)", reader)
    db.commit()
    db.close()
    os.replace(part, path)
    return path


def as_sqlite_writes(text: str) -> str:
    """A CSV number as SQLite writes the REAL it became (`99998.1`, `100.0`)."""
    return repr(float(text))


def expected(path: str, city: str, above: float) -> dict:
    """The answers, read from the data with the csv module (mosaic's semantics: `=` on text
    ignores case, `>` compares numbers); cached beside the file."""
    stat = os.stat(path)
    key = {"size": stat.st_size, "mtime": stat.st_mtime, "city": city, "above": above}
    cache = path + ".answers.json"
    try:
        with open(cache) as f:
            saved = json.load(f)
        if saved.get("key") == key:
            return saved["answers"]
    except (OSError, ValueError):
        pass
    print(f"questions: reading {path} for the answers", file=sys.stderr, flush=True)
    records, first, largest, largest_ids = 0, None, None, []
    kept, statuses = 0, collections.Counter()
    amounts: list[tuple[float, str]] = []  # (value, as written) of the kept records
    low = city.lower()
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            records += 1
            first = first or row["customer"]
            amount = float(row["amount"])
            if largest is None or amount > largest[0]:
                largest, largest_ids = (amount, row["amount"]), [row["id"]]
            elif amount == largest[0]:
                largest_ids.append(row["id"])
            if row["city"].lower() == low and amount > above:
                kept += 1
                statuses[row["status"]] += 1
                amounts.append((amount, row["amount"]))
    counts = statuses.most_common()
    top_status, top_count = counts[0]
    ties = [s for s, c in counts if c == top_count]
    maximum = max(amounts)
    answers = {
        "records": records, "first": first,
        "largest": largest[1], "largest_value": largest[0], "largest_ids": largest_ids,
        "kept": kept, "top_status": top_status, "top_count": top_count, "top_ties": ties,
        "statuses": dict(counts), "distinct_statuses": len(counts),
        "maximum": maximum[1], "maximum_value": maximum[0],
        "minimum_value": min(amounts)[0], "mean": sum(a for a, _ in amounts) / len(amounts),
    }
    try:
        with open(cache, "w") as f:
            json.dump({"key": key, "answers": answers}, f, indent=1)
    except OSError:
        pass
    return answers


def tuibench(command: list[str], marker: str, keys: str, key_markers: dict[str, str],
             timeout: float, quiet_ms: float, key_quiet_ms: float,
             quit: str = "esc,esc,esc,q") -> dict:
    """One run of mosaic through the harness (no warm-up); returns that run's record."""
    fd, out = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    argv = [sys.executable, TUIBENCH, "--reps", "1", "--warmup", "0", "--quiet",
            "--label", "mosaic", "--quit", quit, "--key-max", str(timeout),
            "--startup-timeout", str(timeout), "--quiet-ms", str(quiet_ms),
            "--key-quiet-ms", str(key_quiet_ms), "--per-key", "--screens",
            "--json", out, "--marker", marker, "--keys", keys]
    if key_markers:
        argv += ["--key-marker", ";".join(f"{k}={v}" for k, v in key_markers.items())]
    argv += ["--"] + command
    try:
        subprocess.run(argv, stdout=subprocess.DEVNULL, timeout=timeout * 3 + 60)
        with open(out) as f:
            return json.load(f)["results"][0]["runs"][0]
    except (subprocess.TimeoutExpired, OSError, ValueError, KeyError, IndexError) as e:
        return {"error": f"tuibench: {e}"}
    finally:
        os.unlink(out)


def mosaic_run(question: str, mosaic: str, path: str, want: dict, expression: str,
               options) -> dict:
    """Asks mosaic one question; returns {seconds, after_key, rss_mb, error}."""
    of = f" of {want['records']:,}"
    counted = f": {want['kept']:,}{of}"
    extra = ["--no-animation"] if options.no_animation else []
    # The file, or the database's table: what every launch below opens.
    opened = [path, "--table", "rows"] if options.sqlite else [path]
    if question == "end":
        last = f"{want['records']:,}/{want['records']:,}"
        run = tuibench([mosaic, *extra, *opened], want["first"], "end=end", {"end": str(want["records"])},
                       options.timeout, options.quiet_ms, options.key_quiet_ms)
        result = _result(run)
        if "error" in result:
            return result
        final = run["keys"]["phases"][0]["per_key"][-1]
        if final.get("marker_ms") is None:
            result["error"] = f"no {want['records']} after End"
            return result
        result["seconds"] = final["sent_s"] + final["marker_ms"] / 1000
        result["after_key"] = result["own"] = final["marker_ms"] / 1000
        screen = run.get("screens", {}).get(run["keys"]["phases"][0]["label"], [])
        if not any(f"{want['records']:,}/" in line for line in screen[-1:]):
            result["error"] = f"the status bar does not read {last!r} (≈ allowed)"
        return result
    if question == "sort":
        run = tuibench([mosaic, *extra, "--sort", "-amount", *opened], want["largest"], "wait:0.1",
                       {}, options.timeout, options.quiet_ms, options.key_quiet_ms)
        result = _result(run)
        if "error" not in result:
            result["seconds"] = result["own"] = run["startup"]["marker_s"]
            result["after_key"] = None
            screen = run.get("screens", {}).get("startup", [])
            if not any(i in line for line in screen for i in want["largest_ids"]):
                result["error"] = f"no record {want['largest_ids']} beside {want['largest']}"
        return result
    if options.typed:
        keys = ["amp=&", f"typed=lit:{expression}", "enter=enter"]
        markers = {"enter": counted}
        last = "enter"
        launch = [mosaic, *extra, *opened]
        first = want["first"]
    else:
        # The question asked on the command line, as DuckDB is asked it: --filter EXPR.
        keys, markers, last = [], {}, None
        launch = [mosaic, *extra, "--filter", expression, *opened]
        first = counted
    if question == "filter" and not options.typed:
        run = tuibench(launch, counted, "wait:0.1", {}, options.timeout, options.quiet_ms,
                       options.key_quiet_ms)
        result = _result(run)
        if "error" not in result:
            result["seconds"] = result["own"] = run["startup"]["marker_s"]
            result["after_key"] = None
            screen = run.get("screens", {}).get("startup", [])
            if not any(counted in line and expression in line for line in screen):
                result["error"] = f"the status bar does not read {expression!r}{counted!r}"
        return result
    if question in ("freq", "summary"):
        field = "status" if question == "freq" else "amount"
        tabs = FIELDS.index(field) - options.first_field
        keys += [f"field=tab*{tabs}" if tabs > 1 else "field=tab"] if tabs else []
        last = "freq" if question == "freq" else "summary"
        keys.append(f"{last}={'F' if question == 'freq' else 'I'}")
        markers[last] = f"{want['top_count']:,}" if question == "freq" else want["maximum"]
    run = tuibench(launch, first, ",".join(keys), markers,
                   options.timeout, options.quiet_ms, options.key_quiet_ms)
    result = _result(run)
    if "error" in result:
        return result
    phases = {p["label"].split("*")[0]: p for p in run["keys"]["phases"]}
    final = phases[last]["per_key"][-1]
    if final.get("marker_ms") is None:
        result["error"] = f"no {markers[last]!r} after {last}"
        return result
    result["seconds"] = final["sent_s"] + final["marker_ms"] / 1000
    result["after_key"] = final["marker_ms"] / 1000
    # mosaic's own time: the first screen, then each key until its output settled (its
    # answer, for a key with a marker), without the harness's quiet waits between them
    own = run["startup"]["ready_s"]
    for p in run["keys"]["phases"]:
        for k in p["per_key"]:
            own += (k["marker_ms"] if k.get("marker_ms") is not None else k["paint_ms"] or 0) / 1000
    result["own"] = own
    screens = run.get("screens", {})
    screen = screens.get(phases[last]["label"], [])
    if question == "filter":
        if not any(counted in line and expression in line for line in screen):
            result["error"] = f"the status bar does not read {expression!r}{counted!r}"
    elif question == "freq":
        field_screen = screens.get(phases["field"]["label"], []) if "field" in phases else []
        if not any("field: status" in line for line in field_screen[-1:]):
            result["error"] = "the status bar does not read 'field: status' after the Tabs"
        elif not any(want["top_status"] in line and f"{want['top_count']:,}" in line
                     for line in screen):
            result["error"] = f"no line with {want['top_status']} and {want['top_count']:,}"
        elif not any("status where" in line for line in screen):
            result["error"] = "no title 'status where …'"
    elif question == "summary":
        field_screen = screens.get(phases["field"]["label"], []) if "field" in phases else []
        if not any("field: amount" in line for line in field_screen[-1:]):
            result["error"] = "the status bar does not read 'field: amount' after the Tabs"
        elif not any("maximum" in line and want["maximum"] in line for line in screen):
            result["error"] = f"no line with maximum and {want['maximum']}"
        elif not any("values" in line and f"{want['kept']:,}" in line for line in screen):
            result["error"] = f"no line with values and {want['kept']:,}"
        elif not any("amount where" in line for line in screen):
            result["error"] = "no title 'amount where …'"
    if "error" in result and options.verbose:
        print("\n".join(screen), file=sys.stderr)
    return result


def _result(run: dict) -> dict:
    if "error" in run:
        return {"error": run["error"], "rss_mb": (run.get("peak_rss_kb") or 0) / 1024}
    return {"rss_mb": (run.get("peak_rss_kb") or 0) / 1024}


DUCKDB_CHILD = """
import json, sys, time
t0 = time.perf_counter()
import duckdb
duckdb.sql("SET enable_progress_bar = false")  # it writes to standard output after 2 s
t1 = time.perf_counter()
rows = duckdb.sql(sys.argv[1]).fetchall()
t2 = time.perf_counter()
print(json.dumps({"import_s": t1 - t0, "query_s": t2 - t1, "rows": rows}, default=str))
"""


SQLITE_CHILD = """
import json, sqlite3, sys, time
t1 = time.perf_counter()
db = sqlite3.connect("file:" + sys.argv[2] + "?mode=ro", uri=True)
rows = db.execute(sys.argv[1]).fetchall()
t2 = time.perf_counter()
print(json.dumps({"import_s": 0, "query_s": t2 - t1, "rows": rows}, default=str))
"""


def duckdb_sql(question: str, path: str, city: str, above: float) -> str:
    source = "read_csv_auto('" + path.replace("'", "''") + "')"
    if path.endswith(".db"):
        source = "rows"
    if question == "end":
        return f"SELECT id FROM {source} ORDER BY rowid DESC LIMIT 1"
    where = "city = '" + city.replace("'", "''") + f"' AND amount > {above!r}"
    return {
        "sort": f"SELECT id, amount FROM {source} ORDER BY amount DESC LIMIT 20",
        "filter": f"SELECT count(*) FROM {source} WHERE {where}",
        "freq": f"SELECT status, count(*) AS n FROM {source} WHERE {where} "
                "GROUP BY status ORDER BY n DESC",
        "summary": f"SELECT count(amount), min(amount), max(amount), avg(amount) FROM {source} "
                   f"WHERE {where}",
    }[question]


def duckdb_run(question: str, path: str, want: dict, options) -> dict:
    """Asks DuckDB one question in a fresh process; returns {process_s, query_s, error}."""
    sql = duckdb_sql(question, path, options.city, options.above)
    child = [sys.executable, "-c", SQLITE_CHILD, sql, path] if options.sqlite \
        else [sys.executable, "-c", DUCKDB_CHILD, sql]
    start = time.perf_counter()
    try:
        done = subprocess.run(child, capture_output=True, text=True, timeout=options.timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"duckdb: no answer in {options.timeout} s"}
    process_s = time.perf_counter() - start
    if done.returncode != 0:
        return {"error": "duckdb: " + (done.stderr.strip().splitlines() or ["?"])[-1]}
    try:
        answer = json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {"error": f"duckdb: no answer in {done.stdout[-200:]!r}"}
    rows, error = answer["rows"], None
    if question == "end":
        if str(rows[0][0]) != str(want["records"]):
            error = f"the last id {rows[0][0]} is not {want['records']}"
    elif question == "sort":
        if float(rows[0][1]) != want["largest_value"] or str(rows[0][0]) not in want["largest_ids"]:
            error = f"duckdb's largest {rows[0]} is not {want['largest']} of {want['largest_ids']}"
    elif question == "filter":
        if rows[0][0] != want["kept"]:
            error = f"duckdb counts {rows[0][0]}, not {want['kept']}"
    elif question == "freq":
        if {s: n for s, n in rows} != want["statuses"]:
            error = f"duckdb's counts {rows} are not {want['statuses']}"
    elif question == "summary":
        n, low, high, mean = rows[0]
        if (n, float(low), float(high)) != (want["kept"], want["minimum_value"],
                                            want["maximum_value"]) \
                or abs(float(mean) - want["mean"]) > 1e-6 * abs(want["mean"]):
            error = f"duckdb's summary {rows[0]} is not {want['kept']}, {want['maximum']}…"
    result = {"process_s": process_s, "query_s": answer["query_s"], "import_s": answer["import_s"]}
    if error:
        result["error"] = error
    return result


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt(value, digits=3):
    if value is None:
        return "–"
    return f"{value:.{digits}f}" if value < 10 else f"{value:.1f}"


def loadavg() -> str:
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--mosaic", default=os.path.join(ROOT, ".build", "release", "mosaic"))
    parser.add_argument("--data", default="/tmp/mosaic-bench",
                        help="where the generated CSV goes (default /tmp/mosaic-bench)")
    parser.add_argument("--rows", type=int, default=1_000_000,
                        help="rows of the generated CSV (default 1,000,000)")
    parser.add_argument("--csv", help="a CSV of make-rows.py's shape to use instead")
    parser.add_argument("--reps", type=int, default=3, help="repetitions of each (default 3)")
    parser.add_argument("--only", default=",".join(QUESTIONS),
                        help="questions to ask (default " + ",".join(QUESTIONS) + ")")
    parser.add_argument("--city", default="Hanoi", help="the filter's city (default Hanoi)")
    parser.add_argument("--above", type=float, default=500,
                        help="the filter's amount > AMOUNT (default 500)")
    parser.add_argument("--timeout", type=float, default=600,
                        help="seconds one run may take (default 600)")
    parser.add_argument("--quiet-ms", type=float, default=100,
                        help="quiet time that ends mosaic's first screen (default 100)")
    parser.add_argument("--key-quiet-ms", type=float, default=50,
                        help="quiet time after a key before the next (default 50)")
    parser.add_argument("--first-field", type=int, default=1,
                        help="index of the field focused at launch (default 1: customer)")
    parser.add_argument("--animation", dest="no_animation", action="store_false",
                        help="leave mosaic's animations on (default --no-animation)")
    parser.add_argument("--json", help="write every figure to this file")
    parser.add_argument("--verbose", action="store_true", help="print a failed run's screen")
    parser.add_argument("--typed", action="store_true",
                        help="type the filter at & after launch instead of giving --filter")
    parser.add_argument("--sqlite", action="store_true",
                        help="ask a SQLite table of the same rows (FILE.db), beside Python's "
                             "sqlite3, and time End while counting too")
    options = parser.parse_args()
    questions = [q for q in options.only.split(",") if q]
    unknown = [q for q in questions if q not in (SQLITE_QUESTIONS if options.sqlite else QUESTIONS)]
    if unknown:
        parser.error(f"unknown questions {unknown} (known: {', '.join(QUESTIONS)})")
    if not os.path.exists(options.mosaic):
        print(f"questions: no {options.mosaic}; run `swift build -c release --product mosaic`",
              file=sys.stderr)
        return 2
    if not options.sqlite and subprocess.run([sys.executable, "-c", "import duckdb"],
                                             capture_output=True, timeout=120).returncode != 0:
        print("questions: DuckDB's Python package is missing (pip install duckdb)", file=sys.stderr)
        return 2
    path = options.csv or data_path(options.data, options.rows)
    if not options.csv:
        generate(path, options.rows, timeout=3600)
    want = expected(path, options.city, options.above)
    if options.sqlite:
        path = make_database(path)
        want = dict(want, largest=as_sqlite_writes(want["largest"]),
                    maximum=as_sqlite_writes(want["maximum"]))
    above = f"{options.above:g}"
    expression = f"city = '{options.city}' and amount > {above}"
    size_mb = os.path.getsize(path) / 1e6
    # Read the file once so that both programs start from the page cache.
    with open(path, "rb") as f:
        while f.read(1 << 24):
            pass
    print(f"questions: {path}: {size_mb:.0f} MB, {want['records']:,} records; "
          f"load average {loadavg()}", file=sys.stderr, flush=True)

    figures = {q: {"mosaic": [], "duckdb": []} for q in questions}
    load = [loadavg()]
    for rep in range(options.reps):
        for q in questions:
            m = mosaic_run(q, options.mosaic, path, want, expression, options)
            d = duckdb_run(q, path, want, options)
            figures[q]["mosaic"].append(m)
            figures[q]["duckdb"].append(d)
            print(f"  [rep {rep + 1}/{options.reps}] {q}: mosaic {fmt(m.get('seconds'))} s "
                  f"(after the key {fmt(m.get('after_key'))} s, {m.get('rss_mb', 0):.0f} MB)"
                  + (f" ERROR {m['error']}" if "error" in m else "")
                  + f"; duckdb query {fmt(d.get('query_s'))} s, process "
                  f"{fmt(d.get('process_s'))} s" + (f" ERROR {d['error']}" if "error" in d else ""),
                  file=sys.stderr, flush=True)
    load.append(loadavg())

    answers = {
        "sort": f"largest amount {want['largest']} (id {', '.join(want['largest_ids'])})",
        "filter": f"`{expression}`: {want['kept']:,} of {want['records']:,}",
        "freq": f"status where …: top {want['top_status']} {want['top_count']:,}"
                + (f" (tied: {', '.join(want['top_ties'])})" if len(want["top_ties"]) > 1 else ""),
        "summary": f"amount where …: maximum {want['maximum']}",
        "end": f"End while counting: row {want['records']:,}",
    }
    titles = {"sort": "sorted first screen (`--sort -amount`)",
              "filter": "filter count (`--filter`, two conditions)",
              "freq": "frequency table of status under the filter (`F`)",
              "summary": "summary of amount under the filter (`I`)",
              "end": "End as soon as the first screen shows"}
    print()
    kind = "SQLite database" if options.sqlite else "CSV"
    other = "sqlite3" if options.sqlite else "DuckDB"
    print(f"{want['records']:,} records, {size_mb:.0f} MB {kind} ({path}); {options.reps} rep(s), "
          f"medians; load average {load[0]} before, {load[1]} after")
    print()
    print("| question | answer | mosaic s, launch → answer | mosaic s, pauses out "
          f"| mosaic s after the last key | {other} query s | {other} process s "
          f"| mosaic / {other} query | mosaic peak RSS |")
    print("|---|---|---|---|---|---|---|---|---|")
    summary = {}
    for q in questions:
        ms = [m for m in figures[q]["mosaic"] if "error" not in m]
        ds = [d for d in figures[q]["duckdb"] if "error" not in d]
        row = {
            "mosaic_s": median([m.get("seconds") for m in ms]),
            "mosaic_after_key_s": median([m.get("after_key") for m in ms]),
            "mosaic_own_s": median([m.get("own") for m in ms]),
            "duckdb_query_s": median([d["query_s"] for d in ds]),
            "duckdb_process_s": median([d["process_s"] for d in ds]),
            "rss_mb": max((m["rss_mb"] for m in figures[q]["mosaic"] if m.get("rss_mb")),
                          default=None),
            "mosaic_ok": len(ms), "duckdb_ok": len(ds), "reps": options.reps,
        }
        summary[q] = row
        failed = ""
        if len(ms) < options.reps or len(ds) < options.reps:
            failed = f" ({options.reps - len(ms)} mosaic, {options.reps - len(ds)} DuckDB failed)"
        ratio = "–"
        if row["mosaic_s"] and row["duckdb_query_s"]:
            ratio = f"{row['mosaic_s'] / row['duckdb_query_s']:.1f}×"
            if row["mosaic_own_s"] and q != "sort":
                ratio += f" ({row['mosaic_own_s'] / row['duckdb_query_s']:.1f}×)"
        rss = (f"{row['rss_mb']:.0f} MB ({row['rss_mb'] / size_mb:.2f}× the file)"
               if row["rss_mb"] else "–")
        print(f"| {titles[q]}{failed} | {answers[q]} | {fmt(row['mosaic_s'])} "
              f"| {fmt(row['mosaic_own_s'])} | {fmt(row['mosaic_after_key_s'])} | {fmt(row['duckdb_query_s'])} "
              f"| {fmt(row['duckdb_process_s'])} | {ratio} | {rss} |")
    if options.json:
        with open(options.json, "w") as f:
            json.dump({"file": path, "size_mb": size_mb, "answers": want, "load": load,
                       "expression": expression, "summary": summary, "runs": figures}, f,
                      indent=1)
    ok = all(r["mosaic_ok"] == r["duckdb_ok"] == options.reps for r in summary.values())
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
