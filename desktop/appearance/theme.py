"""Light and dark themes, following the system's colour scheme by default.

The theme is the application's palette.  Every view already reads its colours
from the palette and redraws on a palette change: the typeset math asks the
renderer (off the GUI thread) for pictures in the new text colour, the graph
restyles, the editor and console pick new syntax and message colours.  So this
module only chooses a palette and sets it; presenter mode lays a high-contrast
palette over whichever theme is chosen.
"""
from __future__ import annotations

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

from desktop.appearance import settings

SYSTEM, LIGHT, DARK = "system", "light", "dark"
THEMES = (SYSTEM, LIGHT, DARK)


def theme_choices() -> list[tuple[str, str]]:
    """(choice, what the user reads, with its menu mnemonic) for every theme, in THEMES' order: the
    one list of View ▸ Theme and of the Settings dialog."""
    texts = {SYSTEM: QCoreApplication.translate("Theme", "Follow the &system"),
             LIGHT: QCoreApplication.translate("Theme", "&Light"),
             DARK: QCoreApplication.translate("Theme", "&Dark")}
    return [(choice, texts[choice]) for choice in THEMES]

_R = QPalette.ColorRole
_G = QPalette.ColorGroup


def _palette(colors: dict, disabled: dict) -> QPalette:
    palette = QPalette()
    for role, color in colors.items():
        palette.setColor(role, QColor(color))
    for role, color in disabled.items():
        palette.setColor(_G.Disabled, role, QColor(color))
    return palette


def light_palette() -> QPalette:
    """Fusion's light palette: the same on every platform."""
    style = QStyleFactory.create("Fusion")
    try:
        return QPalette(style.standardPalette())
    finally:
        style.deleteLater()


def dark_palette() -> QPalette:
    """A dark palette: light grey text on near-black, a blue that reads on both."""
    return _palette({
        _R.Window: "#2b2d30", _R.WindowText: "#e3e3e3", _R.Base: "#1e1f22", _R.AlternateBase: "#27292c",
        _R.ToolTipBase: "#3c3f41", _R.ToolTipText: "#e3e3e3", _R.PlaceholderText: "#8f9297",
        _R.Text: "#e3e3e3", _R.Button: "#393b40", _R.ButtonText: "#e3e3e3", _R.BrightText: "#ff7b72",
        _R.Light: "#4e5157", _R.Midlight: "#43454a", _R.Mid: "#2f3134", _R.Dark: "#1a1b1d",
        _R.Shadow: "#0d0d0e", _R.Highlight: "#3574f0", _R.HighlightedText: "#ffffff",
        _R.Link: "#8ab4f8", _R.LinkVisited: "#c58af9", _R.Accent: "#3574f0",
    }, {
        _R.WindowText: "#7b7e83", _R.Text: "#7b7e83", _R.ButtonText: "#7b7e83",
        _R.Highlight: "#4a4d52", _R.HighlightedText: "#b0b0b0",
    })


def high_contrast_palette() -> QPalette:
    """White on black with a yellow highlight, for a projector in a bright room."""
    return _palette({
        _R.Window: "#000000", _R.WindowText: "#ffffff", _R.Base: "#000000", _R.AlternateBase: "#161616",
        _R.ToolTipBase: "#000000", _R.ToolTipText: "#ffffff", _R.PlaceholderText: "#d0d0d0",
        _R.Text: "#ffffff", _R.Button: "#101010", _R.ButtonText: "#ffffff", _R.BrightText: "#ff6e6e",
        _R.Light: "#ffffff", _R.Midlight: "#c8c8c8", _R.Mid: "#9a9a9a", _R.Dark: "#d8d8d8",
        _R.Shadow: "#ffffff", _R.Highlight: "#ffd400", _R.HighlightedText: "#000000",
        _R.Link: "#5ce1ff", _R.LinkVisited: "#ff9cf0", _R.Accent: "#ffd400",
    }, {
        _R.WindowText: "#a0a0a0", _R.Text: "#a0a0a0", _R.ButtonText: "#a0a0a0",
        _R.Highlight: "#6b5a00", _R.HighlightedText: "#ffffff",
    })


def deliver_application_changes() -> None:
    """Deliver now the font and palette changes that Qt posts to every widget, so
    widgets made next (and this function's caller) see the new ones."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.ApplicationFontChange)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.ApplicationPaletteChange)


def repolish_style_sheets(app) -> None:
    """Polish the widgets that have a style sheet again: they keep the palette and
    font they were polished with when the application's change."""
    for widget in app.allWidgets():
        if widget.styleSheet():
            widget.setStyleSheet(widget.styleSheet())


def is_dark(palette: QPalette) -> bool:
    return palette.color(_R.Window).lightness() < 128


class ThemeManager(QObject):
    """The application's palette: the chosen theme (System / Light / Dark) or, in
    presenter mode, high contrast.  One per application (:meth:`instance`)."""

    changed = Signal(str)   # the theme shown: "light", "dark" or "high-contrast"
    _instance: ThemeManager | None = None

    @classmethod
    def instance(cls) -> ThemeManager:
        if cls._instance is None or not shiboken6.isValid(cls._instance):
            cls._instance = ThemeManager(QApplication.instance())
        return cls._instance

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        hints = QGuiApplication.styleHints()
        self._system_scheme = hints.colorScheme()
        hints.colorSchemeChanged.connect(self._system_scheme_changed)
        self._choice = self._valid(settings.load(settings.THEME))
        self._high_contrast = False
        self._applied = "default"   # nothing set on the application yet

    # --- public -------------------------------------------------------------------
    def choice(self) -> str:
        """The theme chosen: "system", "light" or "dark"."""
        return self._choice

    def set_choice(self, choice: str, save: bool = True) -> None:
        """Use theme ``choice`` (and keep it for the next session when ``save``)."""
        self._choice = self._valid(choice)
        if save:
            settings.store(settings.THEME, self._choice)
        self.apply()

    def reload(self) -> None:
        """Read the chosen theme from the settings again, and apply it."""
        self._choice = self._valid(settings.load(settings.THEME))
        self.apply()

    def shown(self) -> str:
        """The theme on screen: "light", "dark" or "high-contrast"."""
        if self._high_contrast:
            return "high-contrast"
        if self._choice == SYSTEM:
            return DARK if self._system_scheme == Qt.ColorScheme.Dark else LIGHT
        return self._choice

    def high_contrast(self) -> bool:
        return self._high_contrast

    def set_high_contrast(self, on: bool) -> None:
        """Lay the high-contrast palette over the theme (presenter mode), or lift it."""
        self._high_contrast = bool(on)
        self.apply()

    def apply(self) -> None:
        """Set the application's palette for what :meth:`shown` says."""
        app = QApplication.instance()
        if app is None:
            return
        shown = self.shown()
        if shown == "high-contrast":
            self._set(app, "high-contrast", high_contrast_palette())
        elif self._choice == SYSTEM:
            # The platform's own palette, unless it has no dark one for a dark system.
            self._set(app, "default", None)
            if shown == DARK and not is_dark(app.palette()):
                self._set(app, DARK, dark_palette())
        elif shown == DARK:
            self._set(app, DARK, dark_palette())
        else:
            self._set(app, LIGHT, light_palette())
        self.changed.emit(shown)

    # --- internals ----------------------------------------------------------------
    @staticmethod
    def _valid(choice) -> str:
        return choice if choice in THEMES else SYSTEM

    def _set(self, app, key: str, palette: QPalette | None) -> None:
        if key == self._applied:
            return   # every palette change re-typesets the math: only real changes
        self._applied = key
        if palette is not None and app.style().name().lower() == "windowsvista":
            app.setStyle("Fusion")   # the Vista style draws with its own colours, not the palette
        # A palette with nothing set in it gives the application back the platform's palette.
        app.setPalette(palette if palette is not None else QPalette())
        deliver_application_changes()
        repolish_style_sheets(app)

    def _system_scheme_changed(self, scheme) -> None:
        self._system_scheme = scheme
        if self._choice == SYSTEM:
            # the platform's palette may have changed under the same key
            self._applied = "changed"
            self.apply()
