#!/usr/bin/env python3
"""Writes the hostile files of the `values` benchmark: a record with one huge
value, and records with very many fields. Not real data; nothing is committed.

    python3 demo-data/make-huge-values.py huge-csv MB > /tmp/huge.csv
        a CSV whose first record has an MB-megabyte quoted `notes` field with
        newlines, commas and doubled quotes, before two small records
    python3 demo-data/make-huge-values.py huge-jsonl MB > /tmp/huge.jsonl
        the same as JSON Lines (the value with escaped newlines and quotes)
    python3 demo-data/make-huge-values.py wide-csv N > /tmp/wide.csv
    python3 demo-data/make-huge-values.py wide-jsonl N > /tmp/wide.jsonl
        one record (plus a small one) with N fields named f1 ... fN
"""
import argparse
import json
import sys

LINE = 'Lorem ipsum dolor sit amet, "consectetur" adipiscing elit, sed do eiusmod tempor.'


def huge_text(megabytes):
    # Whole lines of ~80 bytes until the size is reached, each ending in a newline.
    target = int(megabytes * 1_000_000)
    lines = []
    size = 0
    n = 0
    while size < target:
        line = f"{n:07d} {LINE}"
        lines.append(line)
        size += len(line) + 1
        n += 1
    return "\n".join(lines)


def huge_csv(megabytes, out):
    out.write("id,name,notes,size\n")
    text = huge_text(megabytes).replace('"', '""')
    out.write(f'1,huge,"{text}",{megabytes}\n')
    out.write('2,small,"a short note",2\n')
    out.write('3,after,"another note",3\n')


def huge_jsonl(megabytes, out):
    out.write(json.dumps({"id": 1, "name": "huge", "notes": huge_text(megabytes),
                          "size": megabytes}) + "\n")
    out.write(json.dumps({"id": 2, "name": "small", "notes": "a short note", "size": 2}) + "\n")
    out.write(json.dumps({"id": 3, "name": "after", "notes": "another note", "size": 3}) + "\n")


def wide_csv(n, out):
    out.write(",".join(f"f{i}" for i in range(1, n + 1)) + "\n")
    out.write(",".join(f"value {i}" for i in range(1, n + 1)) + "\n")
    out.write(",".join(f"v{i}" for i in range(1, 4)) + "\n")


def wide_jsonl(n, out):
    out.write(json.dumps({f"f{i}": f"value {i}" for i in range(1, n + 1)}) + "\n")
    out.write(json.dumps({"f1": "v1", "f2": "v2"}) + "\n")


def main():
    kinds = {"huge-csv": (huge_csv, float), "huge-jsonl": (huge_jsonl, float),
             "wide-csv": (wide_csv, int), "wide-jsonl": (wide_jsonl, int)}
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=list(kinds), help="which file to write")
    parser.add_argument("size", help="megabytes (huge-*) or fields (wide-*)")
    arguments = parser.parse_args()
    make, parse = kinds[arguments.kind]
    try:
        size = parse(arguments.size)
    except ValueError:
        parser.error(f"size must be a number, not {arguments.size!r}")
    make(size, sys.stdout)


if __name__ == "__main__":
    main()
