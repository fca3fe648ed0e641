#!/usr/bin/env python3
"""Writes a deterministic synthetic CSV for the benchmark: N rows (default
1,000,000, about 89 MB) of orders with ids, names, cities, amounts, dates and
notes; about one row in ten has a quoted field with an embedded comma or
escaped quotes, and one in a thousand a note with an embedded newline.

    python3 demo-data/make-rows.py [N] > /tmp/rows.csv

Not real data: it only gives the benchmark a file of a known shape and size.
"""
import argparse
import random
import sys

FIRST = ["Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Frances", "John", "Margaret",
         "Niklaus", "Radia", "Ken", "Dennis", "Bjarne", "Guido", "Anita", "Leslie", "Tony"]
LAST = ["Lovelace", "Turing", "Hopper", "Dijkstra", "Liskov", "Knuth", "Allen", "McCarthy",
        "Hamilton", "Wirth", "Perlman", "Thompson", "Ritchie", "Stroustrup", "Rossum", "Borg"]
CITIES = ["Lisbon", "Oslo", "Nairobi", "Lima", "Osaka", "Perth", "Quebec", "Tunis", "Hanoi",
          "Bergen", "Cusco", "Accra", "Graz", "Leeds", "Porto", "Turin", "Split", "Cork"]
STATUS = ["shipped", "pending", "returned", "cancelled", "delivered"]
NOTES = ["gift wrap", "leave at door", "call first", "fragile", "express", "", "", "", ""]


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("n", metavar="N", type=int, nargs="?", default=1_000_000,
                        help="the number of rows (default 1,000,000)")
    n = parser.parse_args().n
    rng = random.Random(42)
    out = sys.stdout
    out.write("id,customer,city,status,amount,quantity,rating,date,sku,note\n")
    for i in range(1, n + 1):
        customer = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        city = rng.choice(CITIES)
        roll = rng.random()
        if roll < 0.05:
            customer = f'"{rng.choice(LAST)}, {rng.choice(FIRST)}"'
        note = rng.choice(NOTES)
        if 0.05 <= roll < 0.10:
            note = f'"said ""{rng.choice(NOTES) or "thanks"}"", twice"'
        elif roll > 0.999:
            note = f'"line one\nline two {i}"'
        amount = f"{rng.randrange(100, 10_000_000) / 100:.2f}"
        date = f"20{rng.randrange(10, 26):02d}-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}"
        date += f"T{rng.randrange(24):02d}:{rng.randrange(60):02d}"
        sku = f"SKU-{rng.randrange(16**6):06X}-{rng.randrange(1000):03d}"
        out.write(f"{i},{customer},{city},{rng.choice(STATUS)},{amount},{rng.randrange(1, 50)},{rng.randrange(1, 6)},"
                  f"{date},{sku},{note}\n")


if __name__ == "__main__":
    main()
