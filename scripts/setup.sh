#!/usr/bin/env bash
# Installs what the service and its tests need on a Debian machine, then the npm packages.
# System packages: Chromium for labels (never a browser download), Arabic-capable fonts,
# poppler/zbar, which the label tests use to read the real PDF back, and xmllint, with which the
# e-invoicing tests validate and canonicalise the XML independently of the code under test.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || missing+=(chromium)
# Not `grep -q`: it closes the pipe early and, under pipefail, fails the check.
fonts=$(fc-list 2>/dev/null || true)
grep -i 'Noto Sans Arabic' <<<"$fonts" >/dev/null || missing+=(fonts-noto-core)
command -v pdfinfo >/dev/null 2>&1 || missing+=(poppler-utils)
command -v zbarimg >/dev/null 2>&1 || missing+=(zbar-tools)
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

[ "${SETUP_SYSTEM_ONLY:-}" = "1" ] && exit 0
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
