#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server with demo data in a temporary directory and prints the
# mosaic command that opens it: the PostgreSQL source tried (or its tests reproduced) in one
# command. The server listens only on a Unix socket in that directory; run as root it runs as
# the postgres account (PostgreSQL refuses root).
#
#   scripts/pg-demo.sh [ROWS]        ROWS of the orders table, default 1000000
#   scripts/pg-demo.sh --stop DIR    stops the server started in DIR and deletes DIR
#
# Needs PostgreSQL's server binaries (apt-get install postgresql).
set -euo pipefail

usage() {
  echo "usage: scripts/pg-demo.sh [ROWS] | --stop DIR"
  echo
  sed -n '2,/^set /{/^set /d;s/^# \{0,1\}//;p}' "$0"
}

bindir() {
  local dir
  dir="$(pg_config --bindir 2>/dev/null || true)"
  if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then echo "$dir"; return; fi
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ]; then echo "$dir"; return; fi
  done
  echo "pg-demo: PostgreSQL's server binaries are not installed (apt-get install postgresql)" >&2
  exit 2
}

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  -h | --help) usage; exit 0 ;;
  --stop)
    dir="${2:?usage: scripts/pg-demo.sh --stop DIR}"
    as_owner "$(bindir)/pg_ctl" -D "$dir/data" stop -m fast
    rm -rf "$dir"
    exit 0
    ;;
esac
rows="${1:-1000000}"
if ! [[ "$rows" =~ ^[1-9][0-9]*$ ]] || (($# > 1)); then
  echo "usage: scripts/pg-demo.sh [ROWS] | --stop DIR  (ROWS a whole number >= 1; --help)" >&2
  exit 2
fi
bin="$(bindir)"
dir="$(mktemp -d /tmp/mosaic-pg-demo.XXXXXX)"
[ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir"
as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
  --no-sync >/dev/null
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-k $dir -c listen_addresses=''" start >/dev/null
psql=("$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir" -U postgres)
"${psql[@]}" -d postgres -c "CREATE DATABASE demo"
"${psql[@]}" -d demo <<SQL
CREATE TABLE orders (id bigint PRIMARY KEY, customer text, city text, amount numeric,
  placed timestamptz, paid boolean);
INSERT INTO orders SELECT i, 'customer ' || (i % 50000),
  (ARRAY['Lisbon', 'Oslo', 'Lima', 'Kyoto', 'Accra'])[1 + i % 5],
  round(((i::bigint * 7919) % 100000) / 100.0, 2), timestamptz '2026-01-01' + i * interval '37 s',
  i % 7 <> 0
  FROM generate_series(1, $rows) AS i;
CREATE TABLE cities (name text PRIMARY KEY, country text);
INSERT INTO cities VALUES ('Lisbon', 'Portugal'), ('Oslo', 'Norway'), ('Lima', 'Peru'),
  ('Kyoto', 'Japan'), ('Accra', 'Ghana');
CREATE VIEW big_orders AS SELECT * FROM orders WHERE amount > 900;
VACUUM ANALYZE;
SQL
echo "server: $dir (stop it with scripts/pg-demo.sh --stop $dir)"
echo "open it: mosaic 'host=$dir dbname=demo user=postgres'"
