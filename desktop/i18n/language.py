"""Which language the UI speaks: chosen, saved, installed, and switched while the app runs.

The choice is ``"system"`` (the default: Chinese when the system's UI languages
start with a Chinese one, else English), ``"en"`` or ``"zh_CN"``; the Language
menu saves it with QSettings.  Switching installs the app's translator (the
.qm built from ``resources/i18n``) and Qt's own (``qtbase_zh_CN.qm``, for the
buttons of Qt's dialogs), and Qt sends ``QEvent.LanguageChange`` to every
widget.  It is delivered at once, so each widget has set its texts again (its
``_retranslate()`` or :class:`desktop.i18n.texts.Texts`, from the sources or data
it keeps) before :meth:`LanguageManager.set_choice` returns.  Nothing shown is
ever read back.
"""
from __future__ import annotations

import sys

from PySide6.QtCore import QCoreApplication, QEvent, QLibraryInfo, QLocale, QObject, QSettings, QTranslator, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from desktop.i18n import catalog

SYSTEM = "system"
ENGLISH = catalog.SOURCE_LANGUAGE
CHINESE = "zh_CN"
LANGUAGES = (ENGLISH, CHINESE)
# Each language named in itself, so a reader finds theirs whatever the UI speaks now.
NATIVE_NAMES = {ENGLISH: "English", CHINESE: "简体中文"}
SETTINGS_KEY = "ui/language"
QT_CATALOGUES = ("qtbase",)     # Qt's own strings: dialog buttons, context menus
_APP = "Backprop Lens"


def settings() -> QSettings:
    """Where the choice is kept: the app's settings, shared with the other preferences."""
    return QSettings(QCoreApplication.organizationName() or _APP, QCoreApplication.applicationName() or _APP)


def system_language(ui_languages: list[str] | None = None) -> str:
    """The supported language the system prefers: the first of its UI languages that we have.

    >>> system_language(["zh-Hans-CN", "en-US"]), system_language(["de-DE", "en-GB"]), system_language(["C"])
    ('zh_CN', 'en', 'en')
    """
    if ui_languages is None:
        ui_languages = QLocale.system().uiLanguages()
    for tag in ui_languages:
        primary = tag.replace("_", "-").split("-")[0].lower()
        if primary == "zh":
            return CHINESE      # Simplified is the one we have; closer than English for any Chinese reader
        if primary == "en":
            return ENGLISH
    return ENGLISH


def resolve(choice: str, ui_languages: list[str] | None = None) -> str:
    """The language a choice means: ``"system"`` is resolved, an unknown value is English."""
    if choice == SYSTEM:
        return system_language(ui_languages)
    return choice if choice in LANGUAGES else ENGLISH


class LanguageManager(QObject):
    """The app's one language switch (``manager()``): emits ``languageChanged(language)``."""

    languageChanged = Signal(str)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._choice = SYSTEM
        self._language = ENGLISH
        self._translators: list[QTranslator] = []

    def choice(self) -> str:
        """What the user chose: ``"system"``, ``"en"`` or ``"zh_CN"``."""
        return self._choice

    def language(self) -> str:
        """The language shown now (``"en"`` or ``"zh_CN"``)."""
        return self._language

    def saved_choice(self) -> str:
        value = settings().value(SETTINGS_KEY, SYSTEM)
        return value if value in (SYSTEM, *LANGUAGES) else SYSTEM

    def install(self, choice: str | None = None) -> str:
        """At start: apply ``choice`` (default: the saved one) without saving it."""
        return self.set_choice(choice or self.saved_choice(), save=False)

    def set_choice(self, choice: str, save: bool = True) -> str:
        """Switch to ``choice`` now (and remember it); returns the language shown."""
        if choice not in (SYSTEM, *LANGUAGES):
            raise ValueError(f"unknown language {choice!r}; choose one of {SYSTEM}, {', '.join(LANGUAGES)}")
        self._choice = choice
        if save:
            stored = settings()
            stored.setValue(SETTINGS_KEY, choice)
            stored.sync()
        language = resolve(choice)
        if language != self._language:
            self._language = self._install_translators(language)
            # installTranslator posted LanguageChange to every widget: deliver it now, so every
            # widget has set its texts again when the switch returns.
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
            self.languageChanged.emit(self._language)
        return self._language

    # -- internals -----------------------------------------------------------------------
    def _install_translators(self, language: str) -> str:
        app = QCoreApplication.instance()
        for translator in self._translators:
            app.removeTranslator(translator)
        self._translators = []
        if language == ENGLISH:
            return ENGLISH
        try:
            qm = catalog.ensure_built(language)
        except (OSError, RuntimeError) as error:   # no lrelease, nowhere to write, a broken .ts
            print(f"backprop-lens: the {NATIVE_NAMES[language]} translation cannot be built, "
                  f"showing English: {error}", file=sys.stderr)
            return ENGLISH
        own = QTranslator(self)
        if not own.load(str(qm)):
            print(f"backprop-lens: cannot load {qm}, showing English", file=sys.stderr)
            return ENGLISH
        translators = [own]
        qt_folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        for name in QT_CATALOGUES:
            qt = QTranslator(self)
            if qt.load(f"{name}_{language}", qt_folder):
                translators.append(qt)
        for translator in translators:
            app.installTranslator(translator)
        self._translators = translators
        return language


_manager: LanguageManager | None = None


def manager() -> LanguageManager:
    """The one LanguageManager of this QApplication."""
    global _manager
    if _manager is None:
        _manager = LanguageManager(QCoreApplication.instance())
    return _manager


def install(choice: str | None = None) -> str:
    """Install the saved (or given) language; call once the QApplication exists, before the window."""
    return manager().install(choice)


def set_language(choice: str, save: bool = True) -> str:
    """Switch the UI to ``choice`` (``"system"``, ``"en"``, ``"zh_CN"``) now."""
    return manager().set_choice(choice, save)


def current_language() -> str:
    """``"en"`` or ``"zh_CN"``: e.g. which text of a lesson to show."""
    return manager().language()


def language_choices() -> list[tuple[str, str]]:
    """(choice, what the user reads) for every choice of language: "system", then each language in
    its own name.  The one list of the Language menu and of the Settings dialog."""
    return ([(SYSTEM, QCoreApplication.translate("LanguageMenu", "System language"))]
            + [(language, NATIVE_NAMES[language]) for language in LANGUAGES])


def add_language_menu(window: QWidget, before: QMenu | None = None) -> QMenu:
    """A Language menu (System / English / 简体中文) in ``window``'s menu bar, before the
    menu ``before`` (else last); choosing switches at once and is saved."""
    from desktop.i18n.texts import Texts
    menu = QMenu(window)
    texts = Texts(menu)         # the menu's texts, set again on each switch
    texts.bind(menu.setTitle, lambda: QCoreApplication.translate("LanguageMenu", "Lan&guage"))
    if before is not None:
        window.menuBar().insertMenu(before.menuAction(), menu)
    else:
        window.menuBar().addMenu(menu)
    menu.setObjectName("language-menu")
    group = QActionGroup(menu)
    group.setExclusive(True)
    current = manager().choice()
    for choice, _text in language_choices():
        action = QAction(menu)
        texts.bind(action.setText, lambda c=choice: dict(language_choices())[c])
        action.setCheckable(True)
        action.setChecked(choice == current)
        action.setData(choice)
        action.setObjectName(f"language-{choice}")
        group.addAction(action)
        menu.addAction(action)
        action.triggered.connect(lambda _checked=False, c=choice: set_language(c))
    menu.aboutToShow.connect(lambda: _check(group))
    return menu


def _check(group: QActionGroup) -> None:
    """Tick the current choice (it may have been changed elsewhere, e.g. by another window)."""
    current = manager().choice()
    for action in group.actions():
        action.setChecked(action.data() == current)
