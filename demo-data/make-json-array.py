#!/usr/bin/env python3
"""Writes a deterministic synthetic JSON file for the benchmark: one top-level
array of N order objects (default 230,000, about 60 MB), pretty-printed one
object per line, with nested tags and a nested address, and strings holding
escapes, commas, brackets and non-ASCII text, so a reader that finds elements
by scanning bytes has to follow strings, escapes and nesting.

    python3 demo-data/make-json-array.py [N] > /tmp/orders.json

Not real data: it only gives the benchmark a JSON array of a known shape and
size (mosaic indexes it lazily, element by element, like JSON Lines).
"""
import argparse
import json
import random
import sys

FIRST = ["Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Frances", "John", "Margaret",
         "Niklaus", "Radia", "Ken", "Dennis", "Bjarne", "Guido", "Anita", "Leslie", "Tony"]
LAST = ["Lovelace", "Turing", "Hopper", "Dijkstra", "Liskov", "Knuth", "Allen", "McCarthy",
        "Hamilton", "Wirth", "Perlman", "Thompson", "Ritchie", "Stroustrup", "Rossum", "Borg"]
CITIES = ["Lisbon", "Oslo", "Nairobi", "Lima", "Ōsaka", "Perth", "Québec", "Tunis", "Hà Nội",
          "Bergen", "Cusco", "Accra", "Graz", "Leeds", "Porto", "Turin", "Split", "Cork"]
STATUS = ["shipped", "pending", "returned", "cancelled", "delivered"]
TAGS = ["gift", "fragile", "express", "bulk", "repeat", "promo", "b2b"]
NOTES = ["leave at door", "call first", 'said "thanks", twice', "brackets ] and } inside",
         "path C:\\orders\\new", "tab\there", "line one\nline two", "", "", ""]


def main():
    parser = argparse.ArgumentParser(
        description="Write a synthetic JSON array of order objects (about 260 bytes each) "
                    "to standard output, for mosaic's JSON-array benchmark.")
    parser.add_argument("count", nargs="?", type=int, default=230_000,
                        help="number of objects (default 230,000, about 60 MB)")
    args = parser.parse_args()
    rng = random.Random(42)
    out = sys.stdout
    out.write("[\n")
    for i in range(1, args.count + 1):
        order = {
            "id": i,
            "customer": f"{rng.choice(FIRST)} {rng.choice(LAST)}",
            "city": rng.choice(CITIES),
            "status": rng.choice(STATUS),
            "amount": round(rng.randrange(100, 10_000_000) / 100, 2),
            "quantity": rng.randrange(1, 50),
            "paid": rng.random() < 0.8,
            "coupon": None if rng.random() < 0.7 else f"C{rng.randrange(10_000):04d}",
            "tags": rng.sample(TAGS, rng.randrange(0, 4)),
            "address": {"street": f"{rng.randrange(1, 300)} {rng.choice(LAST)} Road",
                        "zip": f"{rng.randrange(10000, 99999)}"},
            "note": rng.choice(NOTES),
        }
        out.write("  " + json.dumps(order, ensure_ascii=rng.random() < 0.5))
        out.write(",\n" if i < args.count else "\n")
    out.write("]\n")


if __name__ == "__main__":
    main()
