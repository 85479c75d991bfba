#!/usr/bin/env bash
# The newcomer's `npm start` on the embedded database, restarted once the way a process manager
# restarts it: SIGTERM, and the next server started at once. The first start loads the demo data;
# the second waits for the first to release DATA_DIR, then serves the same data. Fails when a
# start does not become ready, when /v1 does not answer with the demo token, or when a 500 is seen.
set -euo pipefail
cd "$(dirname "$0")/.."

port="${SMOKE_PORT:-3311}"
dir="$(mktemp -d -t vmon-smoke.XXXXXX)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  rm -rf "$dir"
}
trap cleanup EXIT

start() {
  DATA_DIR="$dir/data" PORT="$port" BASE_URL="http://localhost:$port" node bin/start.js >>"$dir/server-$1.log" 2>&1 &
  pids+=("$!")
}

# Polls `path` until it answers `want`, for up to `seconds`; prints every status seen that is a 5xx.
wait_for() {
  local path="$1" want="$2" seconds="$3" status i
  for i in $(seq 1 $((seconds * 4))); do
    status="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$path" -H "Authorization: Token ${token:-none}" || true)"
    case "$status" in 5*) [ "$path" = /readyz ] || { echo "smoke: $path answered $status" >&2; return 1; } ;; esac
    [ "$status" = "$want" ] && return 0
    sleep 0.25
  done
  echo "smoke: $path did not answer $want within ${seconds}s (last: $status)" >&2
  return 1
}

echo "smoke: first start (demo data)"
start 1
wait_for /readyz 200 300 || { tail -n 40 "$dir/server-1.log" >&2; exit 1; }
token="$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).token)' "$dir/data/demo-credentials.json")"
wait_for /v1/token/validate/ 200 10

echo "smoke: restart (SIGTERM, and the next server at once)"
kill -TERM "${pids[0]}"
start 2
wait "${pids[0]}" || { echo "smoke: the first server did not exit 0" >&2; tail -n 40 "$dir/server-1.log" >&2; exit 1; }
wait_for /readyz 200 180 || { tail -n 40 "$dir/server-2.log" >&2; exit 1; }
wait_for /v1/token/validate/ 200 10
wait_for "/v1/cards/?limit=1" 200 10
grep -q "waiting for the previous server" "$dir/server-2.log" || { echo "smoke: the second server did not wait for the first" >&2; exit 1; }
if grep -q '"level":"error"' "$dir/server-1.log" "$dir/server-2.log"; then
  grep '"level":"error"' "$dir/server-1.log" "$dir/server-2.log" >&2
  exit 1
fi
kill -TERM "${pids[1]}"
wait "${pids[1]}" || { echo "smoke: the second server did not exit 0" >&2; exit 1; }
echo "smoke: passed"
