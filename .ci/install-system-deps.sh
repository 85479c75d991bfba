#!/usr/bin/env bash
# Install the system-level dependencies the test suite needs on a Debian
# bookworm machine:
#   1. Chromium (plus fonts so screenshots are readable)
#   2. the pgvector extension for the local PostgreSQL server
#   3. a running PostgreSQL server
#   4. PgBouncer (the cluster test starts its own instance)
#
# Idempotent: every step checks first and does nothing when already satisfied,
# so a re-run on a provisioned machine only costs a few checks.
#
# Environment overrides:
#   PG_MAJOR       PostgreSQL major version (default: the single cluster in /etc/postgresql, else 15)
#   PG_CLUSTER     cluster name (default: main)
#   PG_HOST        host used for the readiness check (default: 127.0.0.1)
#   PGVECTOR_SUITE Debian suite whose pgvector source package is built (default: trixie)
set -euo pipefail

log() { printf '[install-system-deps] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || die "must run as root (or have sudo)"
  SUDO="sudo"
fi

WORK_DIR="$(mktemp -d -t install-system-deps.XXXXXX)"
cleanup() { rm -rf "$WORK_DIR"; }
trap cleanup EXIT

# Run a noisy command with its output captured; show the output only on failure.
run_quiet() {
  local out="$WORK_DIR/cmd.log"
  if ! "$@" >"$out" 2>&1; then
    log "command failed: $*"
    tail -n 60 "$out" >&2
    return 1
  fi
}

export DEBIAN_FRONTEND=noninteractive
APT_OPTS=(-q -y -o Dpkg::Use-Pty=0 -o DPkg::Lock::Timeout=300)

APT_UPDATED=0
apt_update_once() {
  if [ "$APT_UPDATED" -eq 0 ]; then
    log "apt-get update"
    run_quiet $SUDO apt-get "${APT_OPTS[@]}" update
    APT_UPDATED=1
  fi
}

pkg_installed() {
  [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null || true)" = "installed" ]
}

# Install the given packages that are not installed yet (no-op if all are).
apt_install() {
  local missing=() p
  for p in "$@"; do
    pkg_installed "$p" || missing+=("$p")
  done
  [ "${#missing[@]}" -eq 0 ] && return 0
  apt_update_once
  log "apt-get install ${missing[*]}"
  run_quiet $SUDO apt-get "${APT_OPTS[@]}" install --no-install-recommends "${missing[@]}"
}

# ---------------------------------------------------------------------------
# 1. Chromium + fonts
# ---------------------------------------------------------------------------
install_chromium() {
  if [ -x /usr/bin/chromium ]; then
    log "chromium already installed"
  else
    apt_install chromium
  fi
  # Cheap fonts so rendered pages/screenshots are not tofu.
  apt_install fonts-liberation fonts-dejavu-core
  [ -x /usr/bin/chromium ] || die "/usr/bin/chromium still missing after install"
}

# ---------------------------------------------------------------------------
# 2. pgvector
# ---------------------------------------------------------------------------
detect_pg_major() {
  if [ -n "${PG_MAJOR:-}" ]; then
    printf '%s\n' "$PG_MAJOR"
    return
  fi
  local versions=()
  if [ -d /etc/postgresql ]; then
    mapfile -t versions < <(ls -1 /etc/postgresql 2>/dev/null | sort -V)
  fi
  if [ "${#versions[@]}" -ge 1 ]; then
    printf '%s\n' "${versions[-1]}"
  else
    printf '15\n'
  fi
}

# The Debian archive URI already configured for this machine (first "debian"
# archive entry in the one-line or deb822 sources), so the extra source index
# comes from the same mirror.
detect_debian_mirror() {
  local uri
  uri="$(
    {
      [ -f /etc/apt/sources.list ] && awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; break } }' /etc/apt/sources.list
      for f in /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list; do
        [ -f "$f" ] || continue
        case "$f" in
          *.sources) awk 'tolower($1) == "uris:" { for (i = 2; i <= NF; i++) print $i }' "$f" ;;
          *.list) awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; break } }' "$f" ;;
        esac
      done
    } 2>/dev/null | grep -E '/debian/?$' | head -n1 || true
  )"
  printf '%s\n' "${uri:-http://deb.debian.org/debian}"
}

install_pgvector() {
  local pg_major pg_config sharedir pkglibdir
  pg_major="$(detect_pg_major)"
  pg_config="/usr/lib/postgresql/${pg_major}/bin/pg_config"
  sharedir="/usr/share/postgresql/${pg_major}"
  pkglibdir="/usr/lib/postgresql/${pg_major}/lib"

  if [ -f "$sharedir/extension/vector.control" ] && [ -f "$pkglibdir/vector.so" ]; then
    log "pgvector already available for PostgreSQL $pg_major"
    return 0
  fi

  log "pgvector not available for PostgreSQL $pg_major; building it from Debian source"
  apt_install "postgresql-server-dev-${pg_major}" build-essential dpkg-dev
  [ -x "$pg_config" ] || die "$pg_config not found"

  # The source package is fetched through a throw-away apt configuration
  # (own sources dir + own lists dir) holding only a deb-src entry. Nothing
  # is added to the system's apt sources, so apt can never install or upgrade
  # binary packages from that suite, and later "apt-get update" runs are not
  # slowed down by an extra index.
  local suite="${PGVECTOR_SUITE:-trixie}" mirror apt_dir
  mirror="$(detect_debian_mirror)"
  apt_dir="$WORK_DIR/apt"
  mkdir -p "$apt_dir/sources.list.d" "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
  cat >"$apt_dir/sources.list.d/${suite}-src.sources" <<EOF
Types: deb-src
URIs: ${mirror}
Suites: ${suite}
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  local iso=(
    -o "Dir::Etc::SourceList=$apt_dir/none.list"
    -o "Dir::Etc::SourceParts=$apt_dir/sources.list.d"
    -o "Dir::State::Lists=$apt_dir/lists"
    -o "Dir::Cache=$apt_dir/cache"
    -o "Dir::Cache::pkgcache="
    -o "Dir::Cache::srcpkgcache="
    -o "APT::Sandbox::User=root"
  )
  : >"$apt_dir/none.list"

  log "fetching $suite source index (deb-src only, isolated apt config, mirror $mirror)"
  run_quiet apt-get -q "${iso[@]}" update

  local src_dir="$WORK_DIR/src"
  mkdir -p "$src_dir"
  log "downloading pgvector source package from $suite"
  (cd "$src_dir" && run_quiet apt-get -q "${iso[@]}" source --download-only pgvector)

  local dsc
  dsc="$(ls -1 "$src_dir"/pgvector_*.dsc 2>/dev/null | head -n1 || true)"
  [ -n "$dsc" ] || die "pgvector .dsc not downloaded"
  log "unpacking $(basename "$dsc")"
  (cd "$src_dir" && run_quiet dpkg-source -x "$dsc" pgvector)

  log "building pgvector against $pg_config"
  run_quiet make -C "$src_dir/pgvector" -j"$(nproc)" PG_CONFIG="$pg_config"
  run_quiet $SUDO make -C "$src_dir/pgvector" install PG_CONFIG="$pg_config"

  [ -f "$sharedir/extension/vector.control" ] || die "vector.control not installed into $sharedir/extension"
  log "pgvector $(sed -n "s/^default_version *= *'\(.*\)'/\1/p" "$sharedir/extension/vector.control") installed"
}

# ---------------------------------------------------------------------------
# 3. PostgreSQL server running
# ---------------------------------------------------------------------------
ensure_postgres_running() {
  local host="${PG_HOST:-127.0.0.1}" pg_major cluster="${PG_CLUSTER:-main}" i
  if pg_isready -q -h "$host"; then
    log "PostgreSQL is accepting connections on $host"
    return 0
  fi
  pg_major="$(detect_pg_major)"
  log "starting PostgreSQL cluster $pg_major/$cluster"
  run_quiet $SUDO pg_ctlcluster --skip-systemctl-redirect "$pg_major" "$cluster" start
  for i in $(seq 1 30); do
    pg_isready -q -h "$host" && { log "PostgreSQL is up"; return 0; }
    sleep 1
  done
  die "PostgreSQL did not become ready on $host"
}

# ---------------------------------------------------------------------------
# 4. PgBouncer (the cluster test: scripts/cluster-up.sh)
# ---------------------------------------------------------------------------
install_pgbouncer() {
  if command -v pgbouncer >/dev/null 2>&1; then
    log "pgbouncer already installed"
    return 0
  fi
  apt_install pgbouncer
  # The package enables a system service on the default port; the test starts its own.
  if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet pgbouncer 2>/dev/null; then
    $SUDO systemctl stop pgbouncer || true
  fi
}

start_ts=$SECONDS
install_chromium
install_pgbouncer
install_pgvector
ensure_postgres_running
log "done in $((SECONDS - start_ts))s"
