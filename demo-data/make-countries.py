#!/usr/bin/env python3
"""Writes countries.csv: the 249 entries of ISO 3166-1 with region and facts.

Sources:
  - names and codes: Debian's iso-codes package
    (/usr/share/iso-codes/json/iso_3166-1.json; `apt-get install iso-codes`);
  - region, subregion, capital, population and area: the `countryinfo`
    package (PyPI, MIT licence; `pip install countryinfo==1.0.1`), whose
    figures date from the mid-2010s;
  - the region of Heard Island and McDonald Islands, which countryinfo leaves
    without one: `pycountry-convert`'s continent table
    (`pip install pycountry-convert==0.7.2`); Antarctica, which neither
    package places, is its own continent.

Run: python3 demo-data/make-countries.py > demo-data/countries.csv
"""
import argparse
import csv
import json
import sys

ISO = "/usr/share/iso-codes/json/iso_3166-1.json"
CONTINENTS = {"AF": "Africa", "AN": "Antarctica", "AS": "Asia", "EU": "Europe",
              "NA": "Americas", "OC": "Oceania", "SA": "Americas"}


def main():
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    # Imported here so that --help works without the packages installed.
    from countryinfo import CountryInfo
    import pycountry_convert

    with open(ISO, encoding="utf-8") as f:
        entries = json.load(f)["3166-1"]
    rows = []
    for entry in entries:
        code = entry["alpha_2"]
        info = CountryInfo(code).info()
        region = info.get("region") or ""
        if not region and code == "AQ":
            region = "Antarctica"
        elif not region:
            region = CONTINENTS[pycountry_convert.country_alpha2_to_continent_code(code)]
        capital = info.get("capital") or ""
        rows.append({
            "name": entry.get("common_name") or entry["name"],
            "official name": entry.get("official_name") or entry["name"],
            "code": code,
            "alpha3": entry["alpha_3"],
            "numeric": entry["numeric"],
            "region": region,
            "subregion": info.get("subregion") or "",
            "capital": capital,
            "population": info.get("population") or "",
            "area km2": info.get("area") or "",
        })
    rows.sort(key=lambda r: r["name"])
    writer = csv.DictWriter(sys.stdout, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)


if __name__ == "__main__":
    main()
