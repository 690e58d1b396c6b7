#!/usr/bin/env bash
# Install LLVM 19 (clang-19, lld-19, llvm-19): the only Debian LLVM that knows gfx942 (MI300).
# `kagent asm` and its tests use llvm-objdump-19, llvm-mc-19, ld.lld-19 and clang-19.
# Idempotent: does nothing when the tools are already there; runs `apt-get update` at most once,
# and only when the packages are not known to apt yet.
set -euo pipefail

need=(clang-19 ld.lld-19 llvm-mc-19 llvm-objdump-19)
missing=0
for tool in "${need[@]}"; do
  if ! command -v "$tool" >/dev/null 2>&1 && [ ! -x "/usr/lib/llvm-19/bin/${tool%-19}" ]; then
    missing=1
  fi
done
if [ "$missing" = 0 ]; then
  echo "install-llvm19: LLVM 19 already installed"
  exit 0
fi

SUDO=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "install-llvm19: need root (or sudo) to apt-get install clang-19 lld-19 llvm-19" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
if ! apt-cache show llvm-19 >/dev/null 2>&1; then
  $SUDO apt-get update
fi
$SUDO apt-get install -y --no-install-recommends clang-19 lld-19 llvm-19
echo "install-llvm19: installed $(llvm-mc-19 --version | grep -m1 -i version)"
