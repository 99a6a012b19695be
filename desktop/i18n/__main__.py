"""``python -m desktop.i18n update|build|check``.

update  re-extract the strings of desktop/ and core's _T texts (explain, analysis) into resources/i18n/*.ts
        (existing translations kept; new strings arrive as type="unfinished")
build   compile each .ts into its .qm when the .qm is missing or older (what the app does at start)
check   list the messages still untranslated; exit status 1 if there are any
"""
import sys

from desktop.i18n import catalog


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "update":
        for language in catalog.TRANSLATED_LANGUAGES:
            print(catalog.update(language).strip())
        return _check()
    if command == "build":
        for language in catalog.TRANSLATED_LANGUAGES:
            fresh = catalog.is_built(language)
            qm = catalog.ensure_built(language)
            print(f"i18n: {'up to date' if fresh else 'built'} {qm}")
        return 0
    if command == "check":
        return _check()
    print(__doc__.strip(), file=sys.stderr)
    return 2


def _check() -> int:
    missing = 0
    for language in catalog.TRANSLATED_LANGUAGES:
        path = catalog.ts_path(language)
        todo = [m for m in catalog.read_ts(path) if not m.finished or not m.translation]
        missing += len(todo)
        for m in todo:
            print(f"{path.name}: untranslated [{m.context}] {m.source!r}")
        print(f"{path.name}: {len(todo)} untranslated")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
