#!/usr/bin/env bash
# Installs the system programs the test suite drives: Debian's Chromium (end-to-end tests; never a browser
# download), docker-compose (validates docker-compose.yml; no engine is needed for that) and PostgreSQL (the
# API suite runs a second time on it). Then starts PostgreSQL's cluster and makes the test role and database.
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
psql_admin() { as_postgres psql -X -q -v ON_ERROR_STOP=1 -d postgres "$@"; }

if [ "$(psql_admin -tAc "SELECT 1 FROM pg_roles WHERE rolname = '$PG_TEST_USER'")" != 1 ]; then
  psql_admin -c "CREATE ROLE \"$PG_TEST_USER\" LOGIN CREATEDB PASSWORD '$PG_TEST_PASSWORD'"
fi
if [ "$(psql_admin -tAc "SELECT 1 FROM pg_database WHERE datname = '$PG_TEST_DB'")" != 1 ]; then
  psql_admin -c "CREATE DATABASE \"$PG_TEST_DB\" OWNER \"$PG_TEST_USER\""
fi
echo "PostgreSQL $cluster: postgres://$PG_TEST_USER:***@127.0.0.1:$(pg_lsclusters --no-header | awk -v v="$cluster" '$1 == v && $2 == "main" { print $3 }')/$PG_TEST_DB"
