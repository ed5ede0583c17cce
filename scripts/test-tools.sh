#!/bin/sh
# What the test suite needs beside Python packages, installed where this machine allows it.
#
# Required: git, Python's venv module and bubblewrap (the sandbox every repository test runs in).
# Optional, each skipped with a line when it cannot be had (the tests that need it skip too):
# Chromium (the dashboard pages and charts in a browser), Universal Ctags (the code-graph benchmark's peer),
# kubectl and docker-compose (deploy/ rendered offline), Node.js with jest and vitest (the
# JavaScript runner tests, in ~/.cache/smith/js-tools).
#
# As root on Debian or Ubuntu it installs them with apt-get; otherwise it says what is missing
# and how to install it, and leaves the rest to the suite (which stops at once, in one line,
# without bubblewrap).
set -u

have() { command -v "$1" >/dev/null 2>&1; }
apt_install() {  # quiet, no recommends; prints one warning line on failure
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" \
    >/dev/null 2>&1 || { echo "warning: could not install: $*"; return 1; }
}

if have apt-get && [ "$(id -u)" = 0 ]; then
  apt-get update -qq >/dev/null 2>&1 || echo "warning: apt-get update failed"
  # Required: stop here only when one is still missing after the attempt.
  apt_install git python3-venv bubblewrap \
    || { have git && have bwrap && python3 -c "import ensurepip" >/dev/null 2>&1; } || exit 1
  apt_install chromium
  apt_install universal-ctags
  # Separately: a package that clashes with one already there must not take the others along.
  apt_install kubernetes-client
  apt_install docker-compose
  have npm || apt_install nodejs npm
else
  missing=""
  for tool in git bwrap; do have "$tool" || missing="$missing $tool"; done
  python3 -c "import ensurepip" >/dev/null 2>&1 || missing="$missing python3-venv"
  if [ -n "$missing" ]; then
    echo "missing:$missing — install them as root (Debian/Ubuntu: sudo apt-get install git" \
         "python3-venv bubblewrap), or run this script as root"
  fi
fi

if have npm; then
  tools="$HOME/.cache/smith/js-tools"
  npm install --silent --no-audit --no-fund --prefix "$tools" jest@29 jest-junit@16 \
    >/dev/null 2>&1 || echo "warning: jest could not be installed; the JavaScript runner tests will skip"
  # vitest 3: the last major that runs on Node 20 (vitest 4+ needs Node 22.12); its v8
  # coverage provider (same version) for the vitest coverage campaign tests.
  npm install --silent --no-audit --no-fund --prefix "$tools" vitest@3 @vitest/coverage-v8@3 \
    >/dev/null 2>&1 || echo "warning: vitest could not be installed; the vitest gate tests will skip"
fi
exit 0
