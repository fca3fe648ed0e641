#!/usr/bin/env python3
"""Writes elements.json: the 118 chemical elements, grouped by category.

Facts come from the `mendeleev` package (PyPI, MIT licence), which compiles them
from published sources (IUPAC atomic weights, CRC Handbook, WebElements; see
its documentation). Install it with `pip install mendeleev==1.3.0`, then run:

    python3 demo-data/make-elements.py > demo-data/elements.json

The output is the {"sections": [{"title": ..., "items": [...]}]} shape: one
section per category in the order of mendeleev's series table, elements by
atomic number inside each. One element per line keeps diffs readable.
"""
import argparse
import json
import math
import sys


def clean(value, digits=None):
    """NaN becomes None; floats are rounded to `digits` significant digits."""
    if value is None:
        return None
    if isinstance(value, float):
        if math.isnan(value):
            return None
        if digits is not None and value != 0:
            value = float(f"{value:.{digits}g}")
        if value == int(value) and abs(value) < 1e15:
            return int(value)
    if hasattr(value, "item"):  # numpy scalar
        return clean(value.item(), digits)
    return value


def main():
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    # Imported here so that --help works without the package installed.
    from mendeleev.fetch import fetch_table

    elements = fetch_table("elements").sort_values("atomic_number")
    series = fetch_table("series").set_index("id")["name"]
    sections = []
    for series_id, category in series.items():
        rows = elements[elements.series_id == series_id]
        items = []
        for _, e in rows.iterrows():
            discoverers = (e.discoverers or "").strip().rstrip(".")
            items.append({
                "number": clean(e.atomic_number),
                "symbol": e.symbol,
                "name": e["name"],
                "category": category,
                "period": clean(e.period),
                "group": clean(e.group_id),
                "block": e.block,
                "mass": clean(e.atomic_weight, 9),
                "density": clean(e.density, 5),
                "electronegativity": clean(e.en_pauling, 4),
                "discovered": clean(e.discovery_year),
                "discoverers": discoverers or None,
                "origin": (e.name_origin or "").strip() or None,
            })
        sections.append((category, items))
    count = sum(len(items) for _, items in sections)
    if count != 118:
        sys.exit(f"make-elements.py: expected 118 elements, got {count}")
    out = sys.stdout
    out.write('{"sections": [\n')
    for s, (title, items) in enumerate(sections):
        out.write(f'  {{"title": {json.dumps(title)}, "items": [\n')
        for i, item in enumerate(items):
            comma = "," if i + 1 < len(items) else ""
            out.write("    " + json.dumps(item, ensure_ascii=False) + comma + "\n")
        out.write("  ]}" + ("," if s + 1 < len(sections) else "") + "\n")
    out.write("]}\n")


if __name__ == "__main__":
    main()
