"""The UI in English and Simplified Chinese, through Qt's translation system.

- ``resources/i18n/backprop_lens_zh_CN.ts``: every ``tr()`` string of ``desktop/``,
  every sentence of ``core/explain.py`` (context ``explain``) and every ``_T``
  template of the analysis (context ``analysis``), with its translation.
  ``python -m desktop.i18n update`` re-extracts them (keeping the translations);
  ``python -m desktop.i18n build`` compiles the ``.qm`` files.
- :mod:`~desktop.i18n.catalog`: the files, lupdate and lrelease (no Qt import).
- :mod:`~desktop.i18n.language`: the choice (system / English / 简体中文),
  saved with QSettings, the translators, switching at run time, the menu.
- :mod:`~desktop.i18n.texts`: a widget's texts kept as the calls that make them, set
  again on ``QEvent.LanguageChange`` (Qt's retranslateUi, as data); nothing shown is read back.
- :mod:`~desktop.i18n.composed`: ``translate_text(text)``, the texts core composes
  in English (notes, errors, progress) in the UI's language: each is a
  :class:`core.translatable.Text`, whose template is looked up (context
  ``analysis``) and whose values are put in; nothing is parsed back.

The names below are loaded on first use, so ``python -m desktop.i18n build``
(run by scripts/setup.sh) does not load Qt.
"""
from importlib import import_module

_EXPORTS = {
    "build_all": "catalog", "ensure_built": "catalog", "update": "catalog",
    "CHINESE": "language", "ENGLISH": "language", "LANGUAGES": "language", "NATIVE_NAMES": "language",
    "SYSTEM": "language", "add_language_menu": "language", "current_language": "language",
    "language_choices": "language",
    "install": "language", "manager": "language", "resolve": "language", "set_language": "language",
    "system_language": "language", "translate_text": "composed",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        return getattr(import_module(f"{__name__}.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
