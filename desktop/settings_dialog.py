"""Settings (Ctrl+,): how the app looks and the limits of a run, in one dialog.

Two pages.  **Appearance**: the theme, the text size outside presenter mode,
presenter mode's text size and the language.  These apply at once, as the
user picks them, so the window shows what they look like; Cancel (or Esc)
puts back what they were when the dialog opened.  **Limits**: every limit
core declares (:class:`~desktop.limits_editor.LimitsEditor`); they are kept on
OK, and the program runs again with them.  "Restore defaults" puts every
setting of both pages back at its default (Cancel still undoes it).

The choices come from their one declaration each: the themes from
:func:`~desktop.appearance.theme.theme_choices` (the View ▸ Theme menu's too),
the languages from :func:`~desktop.i18n.language.language_choices` (the
Language menu's), the text sizes from
:data:`~desktop.appearance.text_size.TEXT_SCALES`, the presenter sizes from
:data:`~desktop.appearance.presenter.PRESENTER_SCALES`, the limits from core.
The dialog changes them only through the window (``set_theme``,
``set_text_scale``, ``presenter.set_font_scale``) and :func:`set_language`,
which keep them in QSettings.
"""
from __future__ import annotations

import re

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QTabWidget, QVBoxLayout,
                               QWidget)

from desktop.appearance import settings as app_settings
from desktop.appearance.presenter import PRESENTER_SCALES
from desktop.appearance.text_size import TEXT_SCALES
from desktop.appearance.theme import SYSTEM as SYSTEM_THEME
from desktop.appearance.theme import theme_choices
from desktop.i18n.language import SYSTEM as SYSTEM_LANGUAGE
from desktop.i18n.language import language_choices, manager, set_language
from desktop.limits_editor import LimitsEditor

APPEARANCE, LIMITS = "appearance", "limits"     # the pages
_MNEMONIC = re.compile(r"\s*\(&\w\)")            # "跟随系统(&S)": the menu's key, not part of the name


def plain(text: str) -> str:
    """A menu text without its mnemonic ("Follow the &system" -> "Follow the system")."""
    return _MNEMONIC.sub("", text).replace("&&", "\0").replace("&", "").replace("\0", "&")


class SettingsDialog(QDialog):
    """The Settings dialog of ``window`` (a :class:`~desktop.main_window.MainWindow`), open at
    ``page`` (:data:`APPEARANCE` or :data:`LIMITS`); ``highlight`` names the limit to show first."""

    def __init__(self, window, page: str = APPEARANCE, highlight: str | None = None):
        super().__init__(window)
        self.window_ = window
        self.setObjectName("settings-dialog")
        self.setModal(True)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        # what the live settings were when the dialog opened: Cancel puts them back
        self.original = self._live()

        self.tabs = QTabWidget(self)
        appearance = QWidget(self.tabs)
        form = QFormLayout(appearance)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.theme_combo = QComboBox(appearance)
        self.theme_combo.setObjectName("theme")
        self.text_size_combo = QComboBox(appearance)
        self.text_size_combo.setObjectName("text-size")
        self.presenter_size_combo = QComboBox(appearance)
        self.presenter_size_combo.setObjectName("presenter-text-size")
        self.language_combo = QComboBox(appearance)
        self.language_combo.setObjectName("language")
        self.captions = {}
        for key, combo in (("theme", self.theme_combo), ("text", self.text_size_combo),
                           ("presenter", self.presenter_size_combo), ("language", self.language_combo)):
            caption = QLabel(appearance)
            caption.setBuddy(combo)
            self.captions[key] = caption
            form.addRow(caption, combo)
        self.appearance_note = QLabel(appearance)
        self.appearance_note.setWordWrap(True)
        form.addRow(self.appearance_note)
        self.limits = LimitsEditor(app_settings.load_limits(), self.tabs, highlight=highlight)
        self.tabs.addTab(appearance, "")
        self.tabs.addTab(self.limits, "")
        self.pages = {APPEARANCE: appearance, LIMITS: self.limits}

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
                                        | QDialogButtonBox.StandardButton.RestoreDefaults, self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.restore_button = self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        self.restore_button.clicked.connect(self.restore_defaults)
        self.restore_button.setAutoDefault(False)   # Enter in an editor means OK, never "Restore defaults"

        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.buttons)

        self._retranslate()
        self._show(self.original)
        for combo, slot in ((self.theme_combo, self._theme_picked), (self.text_size_combo, self._text_size_picked),
                            (self.presenter_size_combo, self._presenter_size_picked),
                            (self.language_combo, self._language_picked)):
            combo.currentIndexChanged.connect(slot)
        self.show_page(page, highlight)
        self._fit()

    # -- pages -------------------------------------------------------------------------
    def show_page(self, page: str, highlight: str | None = None) -> None:
        """Bring ``page`` forward (on the Limits page, with the focus on limit ``highlight``)."""
        self.tabs.setCurrentWidget(self.pages.get(page, self.pages[APPEARANCE]))
        if page == LIMITS:
            self.limits.highlight(highlight)
        else:
            self.theme_combo.setFocus()

    def current_page(self) -> str:
        return LIMITS if self.tabs.currentWidget() is self.limits else APPEARANCE

    # -- what the settings are ---------------------------------------------------------
    def _live(self) -> dict:
        """The settings that apply at once, as they are now."""
        w = self.window_
        return {"theme": w.theme.choice(), "text": w.text_scale(), "presenter": w.presenter.font_scale(),
                "language": manager().choice()}

    @staticmethod
    def defaults() -> dict:
        """Every live setting's default (the limits' are core's)."""
        return {"theme": SYSTEM_THEME, "text": app_settings.DEFAULTS[app_settings.TEXT_SCALE],
                "presenter": app_settings.DEFAULTS[app_settings.PRESENTER_FONT_SCALE], "language": SYSTEM_LANGUAGE}

    def chosen(self) -> dict:
        """The live settings as the dialog shows them."""
        return {"theme": self.theme_combo.currentData(), "text": self.text_size_combo.currentData(),
                "presenter": self.presenter_size_combo.currentData(), "language": self.language_combo.currentData()}

    def _show(self, values: dict) -> None:
        """Show ``values`` in the combos, without applying anything."""
        for combo, value in ((self.theme_combo, values["theme"]), (self.text_size_combo, values["text"]),
                             (self.presenter_size_combo, values["presenter"]),
                             (self.language_combo, values["language"])):
            combo.blockSignals(True)
            index = combo.findData(value)
            if index < 0 and isinstance(value, float):     # a size not offered (an older setting): the nearest
                sizes = [combo.itemData(i) for i in range(combo.count())]
                index = sizes.index(min(sizes, key=lambda s: abs(s - value)))
            combo.setCurrentIndex(max(0, index))
            combo.blockSignals(False)

    def _apply(self, values: dict) -> None:
        """Make ``values`` the live settings (each kept in QSettings by its owner), those that differ."""
        w, now = self.window_, self._live()
        if values["theme"] != now["theme"]:
            w.set_theme(values["theme"])
        if abs(values["text"] - now["text"]) > 1e-9:
            w.set_text_scale(values["text"])
        if abs(values["presenter"] - now["presenter"]) > 1e-9:
            w.presenter.set_font_scale(values["presenter"])
        if values["language"] != now["language"]:
            set_language(values["language"])

    # -- the user's choices -----------------------------------------------------------
    def _theme_picked(self, _index: int) -> None:
        self.window_.set_theme(self.theme_combo.currentData())

    def _text_size_picked(self, _index: int) -> None:
        self.window_.set_text_scale(self.text_size_combo.currentData())
        self._fit()

    def _presenter_size_picked(self, _index: int) -> None:
        self.window_.presenter.set_font_scale(self.presenter_size_combo.currentData())

    def _language_picked(self, _index: int) -> None:
        set_language(self.language_combo.currentData())

    def restore_defaults(self) -> None:
        """Every setting of both pages back at its default: the live ones at once, the limits on OK."""
        defaults = self.defaults()
        self._show(defaults)
        self._apply(defaults)
        self.limits.restore_defaults()

    def limits_changed(self) -> dict:
        """The limits as the Limits page shows them, those that differ from their defaults."""
        return self.limits.changed()

    # keeping or undoing -------------------------------------------------------------
    def reject(self) -> None:
        """Cancel: the live settings go back to what they were; the limits stay as they were."""
        self._apply(self.original)
        super().reject()

    # -- texts ---------------------------------------------------------------------------
    def _retranslate(self) -> None:
        self.setWindowTitle(self.tr("Settings"))
        self.tabs.setTabText(0, self.tr("Appearance"))
        self.tabs.setTabText(1, self.tr("Limits"))
        self.captions["theme"].setText(self.tr("&Theme:"))
        self.captions["text"].setText(self.tr("Te&xt size:"))
        self.captions["presenter"].setText(self.tr("&Presenter text size:"))
        self.captions["language"].setText(self.tr("&Language:"))
        self.text_size_combo.setToolTip(self.tr("The size of all text outside presenter mode: the program, "
                                                "the results, the graph and the menus"))
        self.presenter_size_combo.setToolTip(self.tr("How large text is in presenter mode (F5), on a screen "
                                                     "1080 pixels high; smaller on a smaller one"))
        self.appearance_note.setText(self.tr("These apply at once. Cancel puts them back as they were; the "
                                             "limits are kept on OK."))
        self.restore_button.setToolTip(self.tr("Every setting on both pages back at its default (Cancel "
                                               "undoes it)"))
        self._fill(self.theme_combo, [(choice, plain(text)) for choice, text in theme_choices()])
        self._fill(self.text_size_combo, [(scale, self._percent(scale)) for scale in TEXT_SCALES])
        self._fill(self.presenter_size_combo, [(scale, f"{scale:g}×") for scale in PRESENTER_SCALES])
        self._fill(self.language_combo, language_choices())

    def _percent(self, scale: float) -> str:
        percent = f"{round(scale * 100)}%"
        return self.tr("{0} (normal)").format(percent) if scale == 1.0 else percent

    @staticmethod
    def _fill(combo: QComboBox, items: list) -> None:
        """Set the combo's items (value, text), keeping the current value and emitting nothing."""
        current = combo.currentData()
        combo.blockSignals(True)
        if combo.count() == len(items) and all(combo.itemData(i) == v for i, (v, _t) in enumerate(items)):
            for i, (_value, text) in enumerate(items):
                combo.setItemText(i, text)
        else:
            combo.clear()
            for value, text in items:
                combo.addItem(text, value)
            combo.setCurrentIndex(max(0, combo.findData(current)))
        combo.blockSignals(False)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()

    def _fit(self) -> None:
        """As large as the limits' table, within 90% of the screen (the table scrolls on a small one)."""
        screen = (self.parentWidget() or self).screen() or QGuiApplication.primaryScreen()
        room = screen.availableGeometry().size() * 0.9
        wanted = self.limits.preferred_size()
        margins = self.layout().contentsMargins()
        chrome_w = margins.left() + margins.right() + 24
        chrome_h = (margins.top() + margins.bottom() + self.layout().spacing() + self.buttons.sizeHint().height()
                    + self.tabs.tabBar().sizeHint().height() + 24)
        width = min(room.width(), max(wanted.width() + chrome_w, self.minimumSizeHint().width()))
        height = min(room.height(), max(wanted.height() + chrome_h, self.minimumSizeHint().height()))
        self.resize(width, height)
