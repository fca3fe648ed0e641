#!/usr/bin/env python3
"""Writes packages.csv: every binary package in this machine's Debian package
index (about 63,000 on Debian 12 with main enabled), one row each.

Source: the Debian archive's package index as apt has downloaded it
(`apt-get update`, then `apt-cache dumpavail`). The file is large (~12 MB) and
depends on the mirror's state, so it is generated, not committed:

    apt-get update && python3 demo-data/make-packages.py > demo-data/packages.csv

Browse it grouped: mosaic demo-data/packages.csv --group-by section --title package
"""
import argparse
import csv
import subprocess
import sys

FIELDS = ["package", "section", "priority", "version", "architecture",
          "installed size KiB", "maintainer", "homepage", "description"]


def stanzas(text):
    """Yields each package stanza as a dict; continuation lines join their field."""
    record, key = {}, None
    for line in text.splitlines():
        if not line:
            if record:
                yield record
            record, key = {}, None
        elif line[0] in " \t" and key:
            record[key] += "\n" + line[1:]
        elif ":" in line:
            key, _, value = line.partition(":")
            record[key] = value.strip()
    if record:
        yield record


def main():
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    text = subprocess.run(["apt-cache", "dumpavail"], check=True, capture_output=True,
                          text=True).stdout
    seen = set()
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(FIELDS)
    count = 0
    for p in stanzas(text):
        name = p.get("Package")
        if not name or (name, p.get("Architecture")) in seen:
            continue
        seen.add((name, p.get("Architecture")))
        summary = p.get("Description", "").partition("\n")[0]
        writer.writerow([name, p.get("Section", ""), p.get("Priority", ""), p.get("Version", ""),
                         p.get("Architecture", ""), p.get("Installed-Size", ""),
                         p.get("Maintainer", ""), p.get("Homepage", ""), summary])
        count += 1
    if count < 50000:
        print(f"make-packages.py: only {count} packages; run apt-get update first",
              file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
