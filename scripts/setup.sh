#!/usr/bin/env bash
# Set up a development machine (Debian 12, Python 3.11): the apt packages Qt needs,
# .venv with the project installed editable with its test extra, the translations (.qm)
# built, and PyTorch 2.13.0 for the cross-checks when its CPU build is already on this machine.
# Idempotent: a second run installs nothing and takes about a second.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
# Offscreen Qt on a bare Debian 12 (research/qt-setup.md), plus a CJK font for Chinese text.
APT_PACKAGES=(libegl1 libgl1 libfontconfig1 libglib2.0-0 libxkbcommon0 libdbus-1-3 fonts-wqy-microhei)
TORCH_VERSION=2.13.0

say() { echo "setup: $*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        say "need root (or sudo) to run: $*" >&2
        exit 1
    fi
}

apt_missing=()
if command -v dpkg-query >/dev/null 2>&1; then
    for package in "${APT_PACKAGES[@]}"; do
        if [ "$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null)" != "installed" ]; then
            apt_missing+=("$package")
        fi
    done
    if [ ! -x "$VENV/bin/python" ]; then
        probe="$(mktemp -d)"
        if ! python3 -m venv "$probe/venv" >/dev/null 2>&1; then
            apt_missing+=(python3-venv)
        fi
        rm -rf "$probe"
    fi
else
    say "no dpkg-query: not a Debian system, skipping the apt packages (${APT_PACKAGES[*]})"
fi

if [ "${#apt_missing[@]}" -gt 0 ]; then
    say "installing apt packages: ${apt_missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${apt_missing[@]}" >/dev/null
fi

if [ ! -x "$VENV/bin/python" ]; then
    say "creating $VENV"
    python3 -m venv "$VENV"
fi

stamp="$VENV/.installed-$(sha256sum "$ROOT/pyproject.toml" | cut -d' ' -f1)"
if [ ! -e "$stamp" ]; then
    say "pip install -e \".[test]\" (first run: a minute or two)"
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check -e "$ROOT[test]"
    rm -f "$VENV"/.installed-*
    touch "$stamp"
fi

# The Chinese UI: compile resources/i18n/*.ts into the .qm files Qt loads (not committed),
# only when a .qm is missing or older than its .ts. The app does the same at start.
i18n="$("$VENV/bin/python" -m desktop.i18n build)" || { say "building the translations failed" >&2; exit 1; }
case "$i18n" in *"i18n: built"*) say "built the translations (${i18n##* })" ;; esac

torch_installed() {
    "$VENV/bin/python" - "$TORCH_VERSION" <<'PY' 2>/dev/null
import sys
from importlib.metadata import version
sys.exit(0 if version("torch").split("+")[0] == sys.argv[1] else 1)
PY
}

if ! torch_installed; then
    # Only a build already on this machine: a plain `pip install torch` downloads gigabytes.
    wheels="$(mktemp -d)"
    if "$VENV/bin/python" -m pip download -q --disable-pip-version-check --no-index --no-deps \
            "torch==$TORCH_VERSION" -d "$wheels" >/dev/null 2>&1; then
        say "installing torch==$TORCH_VERSION (local CPU build) for the PyTorch cross-checks"
        "$VENV/bin/python" -m pip install -q --disable-pip-version-check "torch==$TORCH_VERSION"
    else
        say "no local torch==$TORCH_VERSION build: the PyTorch cross-checks will be skipped"
    fi
    rm -rf "$wheels"
fi

say "ready ($VENV)"
