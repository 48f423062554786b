#!/usr/bin/env bash
# Installs the system programs the test suite drives: Debian's Chromium (end-to-end tests; never a browser
# download), docker-compose (validates docker-compose.yml; no engine is needed for that) and PostgreSQL (the
# API suite runs a second time on it). Then starts the tests' own PostgreSQL cluster and makes the test role
# and database in it (and in Debian's main cluster, where `pnpm bench` measures).
# Idempotent: run it as often as you like (`pnpm test:setup`).
set -euo pipefail
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v docker-compose >/dev/null 2>&1 || missing+=(docker-compose)
command -v pg_ctlcluster >/dev/null 2>&1 && compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null ||
  missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The test database: the role and database the API tests connect to (TEST_DATABASE_URL overrides them). The
# role may create databases: each test file gets its own, copied from a migrated template.
PG_TEST_USER="${PG_TEST_USER:-app_test}"
PG_TEST_PASSWORD="${PG_TEST_PASSWORD:-app_test}"
PG_TEST_DB="${PG_TEST_DB:-app_test}"

# Debian's cluster tools: the newest installed major's "main" cluster (created by the package's postinst).
cluster="$(pg_lsclusters --no-header | awk '$2 == "main" { print $1 }' | sort -n | tail -1)"
if [ -z "$cluster" ]; then
  version="$(ls /usr/lib/postgresql | sort -n | tail -1)"
  $sudo pg_createcluster "$version" main
  cluster="$version"
fi
if ! pg_lsclusters --no-header | awk -v v="$cluster" '$1 == v && $2 == "main" { print $4 }' | grep -q online; then
  $sudo pg_ctlcluster "$cluster" main start
fi

as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"; elif [ "$(id -u)" -eq 0 ]; then su postgres -c "$(printf '%q ' "$@")"; else sudo -u postgres "$@"; fi
}
# psql_admin PORT ARGS...: psql as the superuser on the cluster listening on PORT.
psql_admin() {
  local port="$1"
  shift
  as_postgres psql -X -q -v ON_ERROR_STOP=1 -p "$port" -d postgres "$@"
}
cluster_port() { pg_lsclusters --no-header | awk -v v="$cluster" -v n="$1" '$1 == v && $2 == n { print $3 }'; }

# The tests' own cluster, `apptest` (port PG_TEST_PORT, 5433): it only ever holds the databases a test run copies
# from its template and drops again (about 2,000 a run), never data worth keeping, so it runs without crash
# safety. fsync, full_page_writes and synchronous_commit off make each copy and drop cheap (their checkpoints
# write to the page cache instead of waiting on the disk). Its data directory is in memory (tmpfs, /dev/shm)
# where the machine has one: each copy creates and each drop deletes about a thousand files, and on ext4 the
# inode allocator's search past recently deleted inodes made a copy and its drop cost 400-500 ms of kernel CPU
# after some hundreds of them (37 ms in memory). A machine restart empties it: this script then makes the
# cluster anew. Debian's main cluster, and any data of yours in it, is left as it is.
PG_TEST_PORT="${PG_TEST_PORT:-5433}"
PG_TEST_DIR=""
if [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] && [ -w /dev/shm ]; then
  PG_TEST_DIR="/dev/shm/app-pg-test/$cluster/apptest"
fi
cluster_dir() { pg_lsclusters --no-header | awk -v v="$cluster" -v n="$1" '$1 == v && $2 == n { print $6 }'; }
if [ -n "$(cluster_port apptest)" ]; then
  dir="$(cluster_dir apptest)"
  # Made before it moved to memory, or emptied by a restart: nothing in it is worth keeping.
  if { [ -n "$PG_TEST_DIR" ] && [ "$dir" != "$PG_TEST_DIR" ]; } || [ ! -f "$dir/PG_VERSION" ]; then
    $sudo pg_dropcluster --stop "$cluster" apptest
  fi
fi
if [ -z "$(cluster_port apptest)" ]; then
  $sudo pg_createcluster "$cluster" apptest --port "$PG_TEST_PORT" ${PG_TEST_DIR:+--datadir "$PG_TEST_DIR"} \
    -o max_connections=300 -o fsync=off -o full_page_writes=off -o synchronous_commit=off >/dev/null
fi
if ! pg_lsclusters --no-header | awk -v v="$cluster" '$1 == v && $2 == "apptest" { print $4 }' | grep -q online; then
  $sudo pg_ctlcluster "$cluster" apptest start
fi

for name in main apptest; do
  port="$(cluster_port "$name")"
  if [ "$(psql_admin "$port" -tAc "SELECT 1 FROM pg_roles WHERE rolname = '$PG_TEST_USER'")" != 1 ]; then
    psql_admin "$port" -c "CREATE ROLE \"$PG_TEST_USER\" LOGIN CREATEDB PASSWORD '$PG_TEST_PASSWORD'"
  fi
  if [ "$(psql_admin "$port" -tAc "SELECT 1 FROM pg_database WHERE datname = '$PG_TEST_DB'")" != 1 ]; then
    psql_admin "$port" -c "CREATE DATABASE \"$PG_TEST_DB\" OWNER \"$PG_TEST_USER\""
  fi
done
echo "PostgreSQL $cluster, the tests' cluster: postgres://$PG_TEST_USER:***@127.0.0.1:$(cluster_port apptest)/$PG_TEST_DB"
echo "PostgreSQL $cluster, main (pnpm bench): postgres://$PG_TEST_USER:***@127.0.0.1:$(cluster_port main)/$PG_TEST_DB"
