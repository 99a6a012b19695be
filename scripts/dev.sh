#!/usr/bin/env bash
# Everyday commands. Each one first runs scripts/setup.sh (fast when nothing changed).
#   scripts/dev.sh app [ARGS]         run the app (ARGS go to backprop-lens)
#   scripts/dev.sh test [PYTEST ARGS] run the tests; with no ARGS (the README's command, which CI
#                                     runs), first the minimum-versions check below
#   scripts/dev.sh minimum            the tests that use the dependencies, with the oldest releases
#                                     pyproject.toml allows (scripts/minimum_versions.py)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

usage() {
    echo "usage: scripts/dev.sh app [ARGS]          run the app (e.g. --program FILE, --screenshot OUT.png)" >&2
    echo "       scripts/dev.sh test [PYTEST ARGS]  run the tests" >&2
    echo "       scripts/dev.sh minimum             the dependencies' oldest allowed releases, tested" >&2
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
        if [ $# -eq 0 ]; then   # the whole suite: the declared lower bounds first (a minute, half once made)
            "$ROOT/.venv/bin/python" "$ROOT/scripts/minimum_versions.py" || status=$?
        fi
        rc=0
        "$ROOT/.venv/bin/python" -m pytest "$@" || rc=$?
        if [ "$rc" -eq 5 ]; then
            echo "dev.sh: pytest collected no tests: counted as a failure" >&2
            rc=1
        fi
        [ "$rc" -ne 0 ] && status=$rc
        exit "$status"
        ;;
    minimum)
        "$ROOT/scripts/setup.sh"
        exec "$ROOT/.venv/bin/python" "$ROOT/scripts/minimum_versions.py" "$@"
        ;;
    *)
        usage
        exit 2
        ;;
esac
