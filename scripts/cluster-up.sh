#!/usr/bin/env bash
# A scaled-out deployment on one machine (docs/deployment.md), for the cluster test and benchmark:
#   a PostgreSQL primary of its own (port 5441) and a streaming replica made with pg_basebackup
#   (5442), PgBouncer in transaction mode in front of the primary (6441), two web instances
#   (3501, 3502: WORKERS=off, reads on the replica) and one `vmon worker`.
#
#   scripts/cluster-up.sh up              build and start everything (the web instances seed the demo data)
#   scripts/cluster-up.sh down            stop everything and remove its files
#   scripts/cluster-up.sh stop-replica    stop the replica (reads go to the primary)
#   scripts/cluster-up.sh start-replica   start it again
#
# A primary of its own rather than a replica of an existing server: pg_basebackup copies the whole
# server it is pointed at (every database on it), and a test must not reconfigure a shared server.
# Needs PostgreSQL's server binaries (Debian's postgresql-15) and pgbouncer
# (.ci/install-system-deps.sh installs both). When run as root, the database processes run as the
# `postgres` user. Variables: CLUSTER_DIR (default /tmp/vmon-cluster), CLUSTER_WEB_PORTS (default
# "3501 3502"), CLUSTER_PRIMARY_PORT, CLUSTER_REPLICA_PORT, CLUSTER_BOUNCER_PORT.
# `up` writes $CLUSTER_DIR/cluster.env with the URLs (read by tests/cluster and bench/cluster.ts).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIR="${CLUSTER_DIR:-/tmp/vmon-cluster}"
PRIMARY_PORT="${CLUSTER_PRIMARY_PORT:-5441}"
REPLICA_PORT="${CLUSTER_REPLICA_PORT:-5442}"
BOUNCER_PORT="${CLUSTER_BOUNCER_PORT:-6441}"
read -r -a WEB_PORTS <<<"${CLUSTER_WEB_PORTS:-3501 3502}"
DB=vmon

log() { printf '[cluster] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

pg_bin() {
  local dir
  dir="$(ls -1d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)"
  [ -n "$dir" ] && [ -x "$dir/initdb" ] || die "PostgreSQL server binaries not found under /usr/lib/postgresql"
  printf '%s\n' "$dir"
}

# Database processes may not run as root.
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

wait_http() {
  local url="$1" seconds="$2" i
  for i in $(seq 1 "$seconds"); do
    curl -fsS -o /dev/null "$url" 2>/dev/null && return 0
    sleep 1
  done
  return 1
}

web_env() {
  local port="$1"
  printf '%s\n' \
    "DATABASE_URL=postgresql://postgres@127.0.0.1:${BOUNCER_PORT}/${DB}" \
    "DATABASE_DIRECT_URL=postgresql://postgres@127.0.0.1:${PRIMARY_PORT}/${DB}" \
    "DATABASE_READ_URLS=postgresql://postgres@127.0.0.1:${REPLICA_PORT}/${DB}" \
    "PREPARED_STATEMENTS=0" \
    "HTTP_PROCESSES=1" \
    "AUTH_SECRET=$(cat "$DIR/auth-secret")" \
    "LOG_LEVEL=${CLUSTER_LOG_LEVEL:-warn}" \
    "NEXT_TELEMETRY_DISABLED=1" \
    "PORT=${port}" \
    "BASE_URL=http://localhost:${port}"
}

# Starts a process of the deployment with the variables of $DIR/<name>.env, in a process group of
# its own (what it forks stops with it); its pid (= the group's id) goes to $DIR/<name>.pid.
start_bg() {
  local name="$1"; shift
  local envfile="$DIR/$name.env"
  # shellcheck disable=SC2046
  (cd "$ROOT" && exec setsid env $(cat "$envfile") "$@" >"$DIR/$name.log" 2>&1) &
  echo $! >"$DIR/$name.pid"
}

up() {
  command -v pgbouncer >/dev/null || die "pgbouncer not installed (apt-get install pgbouncer)"
  [ -d "$DIR" ] && down
  local bin; bin="$(pg_bin)"
  mkdir -p "$DIR"
  head -c 32 /dev/urandom | base64 | tr -d '\n=+/' >"$DIR/auth-secret"
  mkdir -p "$DIR/pg"
  [ "$(id -u)" -eq 0 ] && chown postgres "$DIR/pg"

  log "primary on $PRIMARY_PORT"
  as_pg "$bin/initdb" -D "$DIR/pg/primary" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$DIR/initdb.log"
  cat >>"$DIR/pg/primary/postgresql.conf" <<CONF
port = $PRIMARY_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$DIR/pg'
max_connections = 300
shared_buffers = 512MB
wal_level = replica
max_wal_senders = 4
hot_standby = on
synchronous_commit = off
CONF
  echo "host replication postgres 127.0.0.1/32 trust" | as_pg tee -a "$DIR/pg/primary/pg_hba.conf" >/dev/null
  as_pg "$bin/pg_ctl" -D "$DIR/pg/primary" -l "$DIR/pg/primary.log" -w start >/dev/null
  as_pg "$bin/createdb" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres "$DB"

  log "replica on $REPLICA_PORT (pg_basebackup, streaming)"
  as_pg pg_basebackup -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$DIR/pg/replica" -R -X stream -c fast
  echo "port = $REPLICA_PORT" | as_pg tee -a "$DIR/pg/replica/postgresql.auto.conf" >/dev/null
  as_pg "$bin/pg_ctl" -D "$DIR/pg/replica" -l "$DIR/pg/replica.log" -w start >/dev/null

  log "pgbouncer on $BOUNCER_PORT (transaction mode)"
  as_pg tee "$DIR/pg/pgbouncer.ini" >/dev/null <<CONF
[databases]
$DB = host=127.0.0.1 port=$PRIMARY_PORT dbname=$DB connect_query='SET jit = off'

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $BOUNCER_PORT
unix_socket_dir = $DIR/pg
auth_type = trust
auth_file = $DIR/pg/userlist.txt
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 40
ignore_startup_parameters = extra_float_digits,options
logfile = $DIR/pg/pgbouncer.log
pidfile = $DIR/pg/pgbouncer.pid
CONF
  echo '"postgres" ""' | as_pg tee "$DIR/pg/userlist.txt" >/dev/null
  as_pg pgbouncer -d "$DIR/pg/pgbouncer.ini"

  # The first instance migrates and seeds; the second starts once it is up.
  local i=0 port
  for port in "${WEB_PORTS[@]}"; do
    i=$((i + 1))
    { web_env "$port"; echo "DATA_DIR=$DIR/web$i"; echo "WORKERS=off"; [ "$i" -eq 1 ] && echo "DEMO_SEED=1" || echo "DEMO_SEED=0"; } >"$DIR/web$i.env"
    log "web instance $i on $port"
    start_bg "web$i" node bin/start.js
    wait_http "http://127.0.0.1:$port/readyz" 600 || { tail -n 40 "$DIR/web$i.log" >&2; die "web instance $i did not start"; }
    if [ "$i" -eq 1 ] && [ -f "$DIR/web1/demo-credentials.json" ]; then
      for j in $(seq 2 "${#WEB_PORTS[@]}"); do mkdir -p "$DIR/web$j" && cp "$DIR/web1/demo-credentials.json" "$DIR/web$j/"; done
    fi
  done

  log "vmon worker"
  { web_env 0 | grep -v -e '^PORT=' -e '^BASE_URL='; echo "DATA_DIR=$DIR/worker"; } >"$DIR/worker.env"
  start_bg worker node bin/vmon.js worker
  sleep 1
  kill -0 "$(cat "$DIR/worker.pid")" 2>/dev/null || { cat "$DIR/worker.log" >&2; die "the worker did not start"; }

  local urls=() port2
  for port2 in "${WEB_PORTS[@]}"; do urls+=("http://localhost:$port2"); done
  cat >"$DIR/cluster.env" <<ENV
VMON_CLUSTER_WEB_URLS=$(IFS=,; echo "${urls[*]}")
VMON_CLUSTER_PRIMARY_URL=postgresql://postgres@127.0.0.1:${PRIMARY_PORT}/${DB}
VMON_CLUSTER_REPLICA_URL=postgresql://postgres@127.0.0.1:${REPLICA_PORT}/${DB}
VMON_CLUSTER_BOUNCER_URL=postgresql://postgres@127.0.0.1:${BOUNCER_PORT}/${DB}
VMON_CLUSTER_DATA_DIR=$DIR/web1
ENV
  log "up: ${urls[*]} (env in $DIR/cluster.env)"
}

stop_pid() {
  local file="$1" pid i
  [ -f "$file" ] || return 0
  pid="$(cat "$file")"
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for i in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  fi
  rm -f "$file"
}

down() {
  [ -d "$DIR" ] || return 0
  local bin f; bin="$(pg_bin)"
  for f in "$DIR"/web*.pid "$DIR"/worker.pid; do [ -e "$f" ] && stop_pid "$f"; done
  [ -f "$DIR/pg/pgbouncer.pid" ] && { kill -TERM "$(cat "$DIR/pg/pgbouncer.pid")" 2>/dev/null || true; }
  for f in replica primary; do
    [ -f "$DIR/pg/$f/postmaster.pid" ] && as_pg "$bin/pg_ctl" -D "$DIR/pg/$f" -m fast -w stop >/dev/null 2>&1 || true
  done
  rm -rf "$DIR"
  log "down"
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  stop-replica) as_pg "$(pg_bin)/pg_ctl" -D "$DIR/pg/replica" -m fast -w stop >/dev/null ;;
  start-replica) as_pg "$(pg_bin)/pg_ctl" -D "$DIR/pg/replica" -l "$DIR/pg/replica.log" -w start >/dev/null ;;
  *) echo "usage: $0 up|down|stop-replica|start-replica" >&2; exit 2 ;;
esac
