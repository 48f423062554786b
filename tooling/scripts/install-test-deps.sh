#!/usr/bin/env bash
# Installs the system programs the test suite drives: Debian's Chromium (end-to-end tests; never a browser
# download) and docker-compose (validates docker-compose.yml; no engine is needed for that).
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v docker-compose >/dev/null 2>&1 || missing+=(docker-compose)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
