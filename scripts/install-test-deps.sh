#!/usr/bin/env bash
# System packages the test suite uses: LLVM 19 (kagent asm), bubblewrap (the OS sandbox every
# candidate runs in) and Chromium (the batch HTML report is checked in a real headless browser).
# Idempotent; needs root or sudo for apt-get.
set -euo pipefail
cd "$(dirname "$0")"
bash ./install-llvm19.sh
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
want=()
command -v bwrap >/dev/null 2>&1 || want+=(bubblewrap)
command -v chromium >/dev/null 2>&1 || want+=(chromium)
if [ ${#want[@]} -eq 0 ]; then
  echo "install-test-deps: bubblewrap and chromium already installed"
  exit 0
fi
apt-cache show "${want[@]}" >/dev/null 2>&1 || $SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends "${want[@]}"
