#!/usr/bin/env python3
"""Writes a deterministic synthetic SQLite database for the tests and the benchmark.

    python3 demo-data/make-sqlite.py [--rows N] OUTPUT.db

Tables:
  orders     N rows (default 100,000; 10,000,000 for the benchmark, about 700 MB) of
             orders: id (INTEGER PRIMARY KEY), customer, city, status, amount (REAL),
             quantity (INTEGER), note (TEXT, empty in most rows, NULL in some).
  cities     the 18 cities with their countries and populations.
  statuses   the 5 order statuses, a WITHOUT ROWID table.
  big_orders a view: the orders with an amount over 90,000.

Not real data: it only gives the tests and the benchmark a database of a known shape.
An existing OUTPUT is replaced.
"""
import argparse
import os
import random
import sqlite3

FIRST = ["Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Frances", "John", "Margaret",
         "Niklaus", "Radia", "Ken", "Dennis", "Bjarne", "Guido", "Anita", "Leslie", "Tony"]
LAST = ["Lovelace", "Turing", "Hopper", "Dijkstra", "Liskov", "Knuth", "Allen", "McCarthy",
        "Hamilton", "Wirth", "Perlman", "Thompson", "Ritchie", "Stroustrup", "Rossum", "Borg"]
CITIES = [("Lisbon", "Portugal", 545923), ("Oslo", "Norway", 709037),
          ("Nairobi", "Kenya", 4397073), ("Lima", "Peru", 9751717), ("Osaka", "Japan", 2753862),
          ("Perth", "Australia", 2192229), ("Quebec", "Canada", 549459),
          ("Tunis", "Tunisia", 638845), ("Hanoi", "Vietnam", 8053663),
          ("Bergen", "Norway", 286930), ("Cusco", "Peru", 428450), ("Accra", "Ghana", 2291352),
          ("Graz", "Austria", 291072), ("Leeds", "United Kingdom", 536280),
          ("Porto", "Portugal", 231800), ("Turin", "Italy", 848885),
          ("Split", "Croatia", 160577), ("Cork", "Ireland", 224004)]
STATUS = [("shipped", "on its way"), ("pending", "not yet sent"), ("returned", "sent back"),
          ("cancelled", "never sent"), ("delivered", "arrived")]
NOTES = ["gift wrap", "leave at door", "call first", "fragile", "express", "", "", "", ""]


def main():
    parser = argparse.ArgumentParser(
        description="Write a synthetic SQLite database of orders (tables orders, cities, "
                    "statuses and the view big_orders) for Mosaic's tests and benchmark.")
    parser.add_argument("--rows", type=int, default=100_000,
                        help="rows in the orders table (default 100,000)")
    parser.add_argument("output", help="the database file to write (replaced if it exists)")
    args = parser.parse_args()
    if args.rows < 0:
        parser.error("--rows must be 0 or more")
    if os.path.exists(args.output):
        os.remove(args.output)
    db = sqlite3.connect(args.output)
    db.execute("PRAGMA journal_mode = OFF")
    db.execute("PRAGMA synchronous = OFF")
    db.execute("CREATE TABLE cities (name TEXT PRIMARY KEY, country TEXT, population INTEGER)")
    db.executemany("INSERT INTO cities VALUES (?, ?, ?)", CITIES)
    db.execute("CREATE TABLE statuses (status TEXT PRIMARY KEY, meaning TEXT) WITHOUT ROWID")
    db.executemany("INSERT INTO statuses VALUES (?, ?)", STATUS)
    db.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT, city TEXT, "
               "status TEXT, amount REAL, quantity INTEGER, note TEXT)")
    rng = random.Random(42)

    def rows():
        for i in range(1, args.rows + 1):
            note = rng.choice(NOTES)
            if i % 97 == 0:
                note = None
            yield (i, f"{rng.choice(FIRST)} {rng.choice(LAST)}", rng.choice(CITIES)[0],
                   rng.choice(STATUS)[0], rng.randrange(100, 10_000_000) / 100,
                   rng.randrange(1, 50), note)

    db.executemany("INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?, ?)", rows())
    db.execute("CREATE VIEW big_orders AS SELECT * FROM orders WHERE amount > 90000")
    db.commit()
    db.close()


if __name__ == "__main__":
    main()
