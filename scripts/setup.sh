#!/usr/bin/env bash
# Set up a development machine (Debian 12, Python 3.11 or newer): the apt packages Qt needs,
# .venv with the project installed editable with its test extra, the translations (.qm)
# built, and PyTorch 2.13.0 for the cross-checks when its CPU build is already on this machine.
# Idempotent: a second run installs nothing and takes about a second.
#
#   PYTHON=python3.12 scripts/setup.sh   the Python that creates .venv (default python3; 3.11 or newer)
#   SKIP_APT=1 scripts/setup.sh          never run apt-get: only say what is missing
#
# Without root (and without sudo) nothing is installed with apt: when a package Qt cannot run
# without is missing, it says which and the command that installs them, and stops; packages
# only a real window or Chinese text needs are named, and the set-up goes on.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PYTHON="${PYTHON:-python3}"
# What Qt needs to run at all (offscreen: the tests, --screenshot; research/qt-setup.md).
APT_REQUIRED=(libegl1 libgl1 libfontconfig1 libglib2.0-0 libxkbcommon0 libdbus-1-3)
# What a real window on X11 needs besides: Qt 6's xcb platform plugin (libqxcb.so, whose ldd lists
# these; libxcb-cursor0 since Qt 6.5).
APT_WINDOW=(libx11-xcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0
            libxcb-render-util0 libxcb-shape0 libxcb-xfixes0 libxcb-xkb1 libxkbcommon-x11-0)
# Chinese text (the UI in 简体中文, the lessons' Chinese explanations).
APT_FONTS=(fonts-wqy-microhei)
TORCH_VERSION=2.13.0

say() { echo "setup: $*"; }

# -- Python 3.11 or newer ------------------------------------------------------------------------
if ! command -v "$PYTHON" >/dev/null 2>&1; then
    say "no $PYTHON on PATH: Backprop Lens needs Python 3.11 or newer." >&2
    say "  On Debian 12: apt-get install python3 python3-venv; elsewhere set PYTHON=/path/to/python3.11" >&2
    exit 1
fi
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    found="$("$PYTHON" -c 'import platform; print(platform.python_version())')"
    say "$PYTHON is Python $found; Backprop Lens needs Python 3.11 or newer." >&2
    say "  Install a newer one (Debian 12's python3 is 3.11) and run: PYTHON=/path/to/python3.11 $0" >&2
    exit 1
fi

# -- apt packages ------------------------------------------------------------------------------------
missing() {  # the packages among "$@" that dpkg does not have installed
    for package in "$@"; do
        if [ "$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null)" != "installed" ]; then
            echo "$package"
        fi
    done
}

can_be_root() { [ "$(id -u)" -eq 0 ] || { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; }; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

if command -v dpkg-query >/dev/null 2>&1; then
    mapfile -t required < <(missing "${APT_REQUIRED[@]}")
    mapfile -t optional < <(missing "${APT_WINDOW[@]}" "${APT_FONTS[@]}")
    if [ ! -x "$VENV/bin/python" ]; then
        probe="$(mktemp -d)"
        if ! "$PYTHON" -m venv "$probe/venv" >/dev/null 2>&1; then
            required+=(python3-venv)
        fi
        rm -rf "$probe"
    fi
    wanted=("${required[@]}" "${optional[@]}")
    if [ "${#wanted[@]}" -gt 0 ]; then
        if [ -z "${SKIP_APT:-}" ] && can_be_root; then
            say "installing apt packages: ${wanted[*]}"
            as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
            as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
                "${wanted[@]}" >/dev/null
        else
            why="$([ -n "${SKIP_APT:-}" ] && echo "SKIP_APT is set" || echo "not root, and no sudo without a password")"
            if [ "${#optional[@]}" -gt 0 ]; then
                say "missing, for a real window on X11 or for Chinese text: ${optional[*]}" >&2
            fi
            if [ "${#required[@]}" -gt 0 ]; then
                say "missing, Qt cannot run without them: ${required[*]}" >&2
            fi
            say "($why) to install them, as root:" >&2
            say "  apt-get install --no-install-recommends ${wanted[*]}" >&2
            if [ "${#required[@]}" -gt 0 ]; then
                exit 1
            fi
            say "going on without them: the tests and --screenshot work offscreen" >&2
        fi
    fi
else
    say "no dpkg-query: not a Debian system; install the equivalents of" \
        "${APT_REQUIRED[*]} ${APT_WINDOW[*]} ${APT_FONTS[*]} and python3-venv"
fi

if [ -x "$VENV/bin/python" ] && ! "$VENV/bin/python" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    say "$VENV was made with a Python older than 3.11: remove it (rm -rf .venv) and run this again" >&2
    exit 1
fi
if [ ! -x "$VENV/bin/python" ]; then
    say "creating $VENV with $PYTHON"
    "$PYTHON" -m venv "$VENV"
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

# The engine's one compiled piece (core/ops/native.py: exact float32 matrix products at speed), built
# into the user's cache now rather than on first use; without a C compiler the engine goes on without it.
"$VENV/bin/python" -m core.ops.native >/dev/null 2>&1 || say "no C compiler: large float32 products will be summed by numpy's BLAS (python -m core.ops.native says why)"

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
