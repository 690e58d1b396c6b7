#!/usr/bin/env bash
# System packages the test suite uses: LLVM 19 (kagent asm) and Chromium (the batch HTML report is
# checked in a real headless browser). Idempotent; needs root or sudo for apt-get.
set -euo pipefail
cd "$(dirname "$0")"
bash ./install-llvm19.sh
if command -v chromium >/dev/null 2>&1; then
  echo "install-test-deps: chromium already installed"
  exit 0
fi
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
apt-cache show chromium >/dev/null 2>&1 || $SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends chromium
