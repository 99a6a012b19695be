#!/usr/bin/env bash
# Everyday commands. Each one first runs scripts/setup.sh (fast when nothing changed).
#   scripts/dev.sh app [ARGS]         run the app (ARGS go to backprop-lens)
#   scripts/dev.sh test [PYTEST ARGS] run the tests
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

usage() {
    echo "usage: scripts/dev.sh app [ARGS]          run the app (e.g. --program FILE, --screenshot OUT.png)" >&2
    echo "       scripts/dev.sh test [PYTEST ARGS]  run the tests" >&2
}

command="${1:-}"
[ $# -gt 0 ] && shift

case "$command" in
    app)
        "$ROOT/scripts/setup.sh"
        if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ] \
                && [[ " $* " != *" --screenshot "* ]] && [[ " $* " != *" --screenshot="* ]]; then
            echo "dev.sh: no screen here (neither DISPLAY nor WAYLAND_DISPLAY is set)." >&2
            echo "  Render the window to a file:  scripts/dev.sh app --screenshot out.png" >&2
            echo "  or run it without a screen:   QT_QPA_PLATFORM=offscreen scripts/dev.sh app" >&2
            exit 1
        fi
        exec "$ROOT/.venv/bin/backprop-lens" "$@"
        ;;
    test)
        "$ROOT/scripts/setup.sh"
        cd "$ROOT"
        status=0
        "$ROOT/.venv/bin/python" -m pytest "$@" || status=$?
        if [ "$status" -eq 5 ]; then
            echo "dev.sh: pytest collected no tests: counted as a failure" >&2
            exit 1
        fi
        exit "$status"
        ;;
    *)
        usage
        exit 2
        ;;
esac
