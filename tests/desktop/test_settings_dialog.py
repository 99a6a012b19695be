"""The Settings dialog (Ctrl+,): theme, text size, presenter text size and language applied at once
and undone by Cancel, the limits kept on OK, Restore defaults, everything kept in QSettings and
restored at start, and each choice listed from its one declaration (offscreen, pytest-qt)."""
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from desktop.appearance import settings as app_settings
from desktop.appearance.presenter import PRESENTER_SCALES
from desktop.appearance.text_size import TEXT_SCALES, applied_scale
from desktop.appearance.theme import THEMES, ThemeManager
from desktop.i18n import language
from desktop.main_window import MainWindow
from desktop.settings_dialog import plain

PROGRAM = "import torch\nx = torch.ones(2, requires_grad=True)\nout = (x * 3).sum()\nout.backward()\n"


@pytest.fixture(autouse=True)
def isolated(appearance_restored, monkeypatch):
    """Settings in tmp_path; font, text size and theme as they were afterwards; English, with
    "system" meaning English here."""
    monkeypatch.setattr(language, "system_language", lambda ui_languages=None: language.ENGLISH)
    language.set_language(language.SYSTEM, save=False)
    yield appearance_restored
    language.set_language(language.SYSTEM, save=False)


@pytest.fixture
def window(qtbot):
    w = MainWindow(PROGRAM, "p.py", autorun=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow, timeout=3000)
    yield w
    if w.dialogs.settings_dialog is not None:
        w.dialogs.settings_dialog.reject()
    w.close()


def open_settings(qtbot, w):
    qtbot.keyClick(w.editor, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    dialog = w.dialogs.settings_dialog
    assert dialog is not None and dialog.isVisible() and dialog.isModal()
    return dialog


def pick(combo, value):
    combo.setCurrentIndex(combo.findData(value))


def sizes(w):
    return {"app": QApplication.font().pointSizeF(), "editor": w.editor.font().pointSizeF(),
            "console": w.console.browser().font().pointSizeF(), "header": w.inspector.header.font().pointSizeF(),
            "graph": w.graph.style_.label_scale}


def test_ctrl_comma_opens_settings_at_appearance_and_the_menu_has_it(qtbot, window):
    dialog = open_settings(qtbot, window)
    assert dialog.current_page() == "appearance" and dialog.tabs.tabText(0) == "Appearance"
    assert window.settings_action in window.settings_menu.actions()
    qtbot.waitUntil(dialog.theme_combo.hasFocus, timeout=3000)      # the keyboard can go on from there
    dialog.reject()
    assert window.dialogs.settings_dialog is None


def test_each_choice_is_listed_from_its_one_declaration(qtbot, window):
    dialog = open_settings(qtbot, window)
    combo = dialog.theme_combo
    assert [combo.itemData(i) for i in range(combo.count())] == list(THEMES) == list(window.theme_actions)
    assert [combo.itemText(i) for i in range(combo.count())] == [plain(a.text()) for a in window.theme_actions.values()]
    menu = window.language_menu.actions()
    combo = dialog.language_combo
    assert [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())] == [(a.data(), a.text()) for a in menu]
    combo = dialog.text_size_combo
    assert [combo.itemData(i) for i in range(combo.count())] == list(TEXT_SCALES)
    assert combo.currentText() == "100% (normal)"
    combo = dialog.presenter_size_combo
    assert [combo.itemData(i) for i in range(combo.count())] == list(PRESENTER_SCALES)
    assert combo.currentData() == 1.6
    assert list(dialog.limits.editors)[:2] == ["max_tensor_elements", "max_steps"]


def test_the_theme_applies_at_once_and_cancel_puts_it_back(qtbot, window):
    theme = ThemeManager.instance()
    dialog = open_settings(qtbot, window)
    pick(dialog.theme_combo, "dark")
    assert theme.choice() == "dark" and QApplication.palette().window().color().lightness() < 80
    assert window.theme_actions["dark"].isChecked()                     # the menu agrees
    assert app_settings.load(app_settings.THEME) == "dark"
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)                           # Cancel
    assert not dialog.isVisible() and theme.choice() == "system"
    assert app_settings.load(app_settings.THEME) == "system" and window.theme_actions["system"].isChecked()


def test_ok_keeps_the_theme_and_the_menu_shows_it_in_the_dialog(qtbot, window):
    window.theme_actions["light"].trigger()
    dialog = open_settings(qtbot, window)
    assert dialog.theme_combo.currentData() == "light"
    pick(dialog.theme_combo, "dark")
    dialog.ok_button.click()
    assert ThemeManager.instance().choice() == "dark" and app_settings.load(app_settings.THEME) == "dark"


def test_the_text_size_scales_every_text_at_once_and_cancel_gives_back_the_sizes(qtbot, window):
    before = sizes(window)
    dialog = open_settings(qtbot, window)
    pick(dialog.text_size_combo, 1.3)
    after = sizes(window)
    for key in ("app", "editor", "console", "header", "graph"):
        assert after[key] == pytest.approx(before[key] * 1.3), key
    assert window.text_scale() == 1.3 and app_settings.load(app_settings.TEXT_SCALE) == 1.3
    dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()
    assert sizes(window) == pytest.approx(before) and window.text_scale() == 1.0
    assert app_settings.load(app_settings.TEXT_SCALE) == 1.0


def test_the_text_size_is_kept_and_a_new_window_opens_with_it(qtbot, window):
    base = sizes(window)
    dialog = open_settings(qtbot, window)
    pick(dialog.text_size_combo, 1.5)
    dialog.ok_button.click()
    second = MainWindow(PROGRAM, "q.py", autorun=False)
    qtbot.addWidget(second)
    assert second.text_scale() == 1.5 and applied_scale() == 1.5
    assert second.editor.font().pointSizeF() == pytest.approx(base["editor"] * 1.5)
    assert QApplication.font().pointSizeF() == pytest.approx(base["app"] * 1.5)     # not 1.5 x 1.5
    second.close()


def test_a_stored_text_size_applies_at_start(qtbot):
    base = QApplication.font().pointSizeF()
    app_settings.store(app_settings.TEXT_SCALE, 1.15)
    w = MainWindow(PROGRAM, "p.py", autorun=False)
    qtbot.addWidget(w)
    assert w.text_scale() == 1.15 and QApplication.font().pointSizeF() == pytest.approx(base * 1.15)
    w.close()


@pytest.mark.parametrize("stored, used", [(7.5, 2.0), (0.1, 0.9), ("big", 1.0), (-2, 1.0), ("nan", 1.0)])
def test_a_stored_text_size_out_of_range_is_brought_within_it(qtbot, stored, used):
    app_settings.settings().setValue(app_settings.TEXT_SCALE, stored)
    w = MainWindow(PROGRAM, "p.py", autorun=False)
    qtbot.addWidget(w)
    assert w.text_scale() == used
    w.close()


def test_presenter_mode_presents_at_its_own_size_whatever_the_text_size(qtbot, window):
    base = sizes(window)
    window.set_text_scale(1.3)
    window.set_presenter_mode(True)                  # a 1080-line screen: 1.6 x the platform's size
    assert QApplication.font().pointSizeF() == pytest.approx(base["app"] * 1.6)
    assert window.editor.font().pointSizeF() == pytest.approx(base["editor"] * 1.6)
    assert window.graph.style_.label_scale == pytest.approx(1.6)
    window.set_text_scale(1.15)                      # changed while presenting: still presenting, same size
    assert window.is_presenter_mode() and QApplication.font().pointSizeF() == pytest.approx(base["app"] * 1.6)
    window.set_presenter_mode(False)
    assert sizes(window) == pytest.approx({k: v * 1.15 for k, v in base.items()})
    window.set_text_scale(2.0)                       # larger than the presenter size: never made smaller
    window.set_presenter_mode(True)
    assert QApplication.font().pointSizeF() == pytest.approx(base["app"] * 2.0)
    window.set_presenter_mode(False)


def test_the_presenter_text_size_is_set_here_too(qtbot, window):
    dialog = open_settings(qtbot, window)
    pick(dialog.presenter_size_combo, 2.5)
    assert window.presenter.font_scale() == 2.5 and app_settings.load(app_settings.PRESENTER_FONT_SCALE) == 2.5
    window.check_presenter_size()      # as the View ▸ Presenter text size menu opens: it agrees
    assert [s for s, a in window.presenter_size_actions.items() if a.isChecked()] == [2.5]
    dialog.reject()
    assert window.presenter.font_scale() == 1.6


def test_the_language_switches_live_in_the_window_and_the_dialog_and_cancel_puts_it_back(qtbot, window):
    dialog = open_settings(qtbot, window)
    pick(dialog.language_combo, "zh_CN")
    assert language.current_language() == "zh_CN"
    assert window.file_menu.title() != "&File"
    assert dialog.windowTitle() == "设置" and dialog.tabs.tabText(0) != "Appearance"
    assert dialog.language_combo.currentData() == "zh_CN"
    assert dialog.theme_combo.itemText(1) != "Light"
    assert language.manager().saved_choice() == "zh_CN"
    dialog.reject()
    assert language.current_language() == "en" and window.file_menu.title() == "&File"
    assert language.manager().saved_choice() == "system"


def test_restore_defaults_puts_every_setting_back_and_ok_keeps_the_limits(qtbot, window):
    window.set_theme("dark")
    window.set_text_scale(1.3)
    app_settings.store_limits({"max_steps": 5000})
    sent = []
    submit = window.host.submit
    window.host.submit = lambda job: sent.append(job) or submit(job)
    dialog = open_settings(qtbot, window)
    assert dialog.limits.changed() == {"max_steps": 5000}
    qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
    assert dialog.chosen() == dialog.defaults()
    assert ThemeManager.instance().choice() == "system" and window.text_scale() == 1.0    # at once
    assert dialog.limits.changed() == {} and app_settings.load_limits() == {"max_steps": 5000}   # on OK
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        dialog.ok_button.click()
    assert app_settings.load_limits() == {} and sent[-1].kind == "analyze" and sent[-1].limits is None


def test_cancel_after_restore_defaults_undoes_it(qtbot, window):
    window.set_theme("light")
    window.set_text_scale(1.15)
    app_settings.store_limits({"max_steps": 5000})
    dialog = open_settings(qtbot, window)
    dialog.restore_defaults()
    dialog.reject()
    assert ThemeManager.instance().choice() == "light" and window.text_scale() == 1.15
    assert app_settings.load_limits() == {"max_steps": 5000}


def test_the_dialog_fits_a_1024x768_projector(qtbot, window):
    projector = next(s for s in QApplication.screens() if s.geometry().width() == 1024)
    window.setScreen(projector)
    window.move(projector.geometry().topLeft())
    dialog = window.dialogs.show_limits("max_seconds")
    qtbot.waitExposed(dialog)
    assert dialog.current_page() == "limits"
    assert dialog.width() <= 1024 and dialog.height() <= 768
    qtbot.waitUntil(lambda: dialog.limits.editors["max_seconds"].hasFocus(), timeout=3000)
    again = window.dialogs.show_settings("appearance")       # already open: the same dialog, at that page
    assert again is dialog and dialog.current_page() == "appearance"
