#!/usr/bin/env bash
# A copy of the local PostgreSQL server with shared_buffers sized for a benchmark's data, so that a
# benchmark can be run against a server configured as a deployment of that size would be, without
# changing the machine's own server or seeding again.
#
#   bash bench/sized-server.sh start [DIR] [PORT] [SHARED_BUFFERS]   (defaults: /var/tmp/vm-sized-pg 5499 8GB)
#   bash bench/sized-server.sh stop  [DIR]
#   BENCH_PG=postgresql://postgres@127.0.0.1:5499/test npm run bench:semantic
#
# `start` copies the running server's data directory online (PostgreSQL's low-level backup API:
# pg_backup_start, a file copy, pg_backup_stop, then the WAL written meanwhile), writes its own
# postgresql.conf and pg_hba.conf (trust on 127.0.0.1 and the socket in DIR), and starts it as the
# postgres user. The source is read only. Needs root (for runuser) and free disk for the copy.
set -euo pipefail

cmd=${1:-start}
dir=${2:-/var/tmp/vm-sized-pg}
port=${3:-5499}
shared=${4:-8GB}
src=${BENCH_SOURCE_PG:-postgresql://postgres@127.0.0.1:5432/postgres}
as_pg() { runuser -u postgres -- "$@"; }
bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)

if [ "$cmd" = stop ]; then
  as_pg "$bindir/pg_ctl" -D "$dir" -m fast stop
  exit 0
fi
[ "$cmd" = start ] || { echo "usage: $0 start|stop [DIR] [PORT] [SHARED_BUFFERS]" >&2; exit 2; }
[ ! -e "$dir" ] || { echo "$dir exists: stop it and remove it first" >&2; exit 1; }

data=$(psql "$src" -Atc "SHOW data_directory")
mkdir -p "$dir" && chown postgres:postgres "$dir" && chmod 700 "$dir"
echo "copying $data to $dir (online backup)…"
# One session holds the backup open while the files are copied.
as_pg psql "$src" -q -v ON_ERROR_STOP=1 <<SQL
SELECT pg_backup_start('vm-sized-server', true);
\! tar -C "$data" --exclude=./pg_wal --exclude=./postmaster.pid --exclude=./postmaster.opts -cf - . | tar -C "$dir" -xf -
\pset tuples_only on
\pset format unaligned
SELECT labelfile FROM pg_backup_stop(false) \g $dir/backup_label
SQL
mkdir -p "$dir/pg_wal"
cp -a "$data/pg_wal/." "$dir/pg_wal/"
chown -R postgres:postgres "$dir"
cat > "$dir/postgresql.conf" <<CONF
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
shared_buffers = $shared
effective_cache_size = 16GB
max_connections = 100
CONF
printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' > "$dir/pg_hba.conf"
rm -f "$dir/postgresql.auto.conf"
chown postgres:postgres "$dir/postgresql.conf" "$dir/pg_hba.conf"
as_pg "$bindir/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 600 start
echo "sized server up: postgresql://postgres@127.0.0.1:$port/ (shared_buffers $shared)"
