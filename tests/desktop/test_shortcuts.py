"""Help ▸ Keyboard shortcuts lists the window's keys, in the UI's language."""
import pytest
from PySide6.QtGui import QAction

from desktop.i18n import set_language
from desktop.main_window import MainWindow


@pytest.fixture
def window(qtbot):
    w = MainWindow("import torch\n", autorun=False)
    qtbot.addWidget(w)
    yield w
    w.close()


def test_f1_lists_every_action_with_keys_once(window):
    assert window.shortcuts_action.shortcut().toString() == "F1"
    dialog = window.dialogs.show_shortcuts()
    rows = dict(dialog.rows())
    assert rows["Run"] == "Ctrl+Return, Ctrl+Enter" and rows["Presenter mode"] == "F5"
    assert rows["Quit"] == "Ctrl+Q" and rows["Next step"] == "Right" and rows["Report (HTML)"] == "Ctrl+E"
    assert rows["Leave presenter mode"] == "Esc"
    with_keys = {a.text().replace("&", "").rstrip(".") for a in window.findChildren(QAction)
                 if not a.shortcut().isEmpty() and a.text()}
    assert with_keys <= set(rows)
    assert len(dialog.rows()) == len(set(dialog.rows()))
    assert not dialog.isModal()
    dialog.close()


def test_the_table_speaks_chinese(window):
    set_language("zh_CN", save=False)
    try:
        rows = dict(window.dialogs.show_shortcuts().rows())
        assert rows["演示模式"] == "F5" and rows["退出演示模式"] == "Esc" and rows["键盘快捷键"] == "F1"
        assert not any("(" in text and ")" in text and text.endswith(")") and "HTML" not in text for text in rows)
    finally:
        set_language("en", save=False)
