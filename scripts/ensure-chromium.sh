#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (/usr/bin/chromium): install it when missing.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "Chromium is missing: run 'apt-get install chromium' as root" >&2; exit 1; }
    SUDO="sudo"
fi
echo "Installing Debian's chromium for the browser tests..."
$SUDO apt-get update -qq || true
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
