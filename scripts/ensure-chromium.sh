#!/usr/bin/env bash
# The browser tests use Debian's Chromium at /usr/bin/chromium (no tool downloads a browser of its
# own here). Installs it when it is missing and this user can; otherwise says how.
set -euo pipefail

CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then
  exit 0
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
  if [ -x "$CHROMIUM" ]; then
    echo "Installed $("$CHROMIUM" --version 2>/dev/null || echo chromium)."
    exit 0
  fi
fi

cat >&2 <<MSG
The browser tests need Chromium at $CHROMIUM, and it is not installed.
Install it, then run the tests again:
  sudo apt-get update && sudo apt-get install -y chromium
(or point CHROMIUM_PATH at another Chromium or Chrome binary).
MSG
exit 1
