#!/usr/bin/env bash
# The browser tests use Debian's Chromium at /usr/bin/chromium (no tool downloads a browser of its
# own here), with an explicit, complete set of fonts, so that every machine draws pages alike and the
# screenshot tests (tests/e2e/screenshots.spec.ts) compare like with like:
#   fonts-dejavu-core       the default sans-serif and monospace faces (what system-ui resolves to)
#   fonts-liberation2       metric-compatible Arial, Helvetica and Courier (Mermaid's and Redoc's font stacks)
#   fonts-noto-color-emoji  emoji
# Installs what is missing when this user can; otherwise says how.
set -euo pipefail

CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
FONT_PACKAGES=(fonts-dejavu-core fonts-liberation2 fonts-noto-color-emoji)

missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
for package in "${FONT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  if [ -x "$CHROMIUM" ]; then
    echo "Installed $("$CHROMIUM" --version 2>/dev/null || echo chromium) and fonts: ${FONT_PACKAGES[*]}."
    exit 0
  fi
fi

cat >&2 <<MSG
The browser tests need Chromium at $CHROMIUM and the fonts ${FONT_PACKAGES[*]}; missing: ${missing[*]}.
Install them, then run the tests again:
  sudo apt-get update && sudo apt-get install -y chromium ${FONT_PACKAGES[*]}
(or point CHROMIUM_PATH at another Chromium or Chrome binary).
MSG
exit 1
