"""Settings ▸ Limits (the Limits page of the Settings dialog): one row per limit core declares, kept with the
app's settings, used by every run."""
from dataclasses import fields

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from core.interp.limits import Limits, LimitsError
from desktop.appearance import settings as app_settings
from desktop.limits_editor import LimitsEditor, limit_named_in, limit_specs
from desktop.main_window import MainWindow

LIMIT_NAMES = [f.name for f in fields(Limits) if f.name.startswith("max_")]
LOOP = "import torch\nx = torch.ones(3, requires_grad=True)\nfor i in range(100):\n    x = x * 1\ny = x.sum()\n"


@pytest.fixture
def window(qtbot, private_settings):
    w = MainWindow("import torch\n", autorun=False)
    qtbot.addWidget(w)
    w.show()
    yield w
    w.close()


def test_every_limit_core_declares_has_a_row_with_its_range_and_default(qtbot):
    dialog = LimitsEditor()
    qtbot.addWidget(dialog)
    assert list(dialog.editors) == LIMIT_NAMES == [s.name for s in limit_specs()]
    defaults = Limits()
    for name, editor in dialog.editors.items():
        assert dialog.values()[name] == getattr(defaults, name)
        assert editor.decimals() == (2 if isinstance(getattr(defaults, name), float) else 0)
        # the editor's ends are core's: both accepted, a step past either refused
        Limits.checked_value(name, editor.minimum())
        Limits.checked_value(name, editor.maximum())
        for outside in (editor.minimum() - 0.01, editor.maximum() * 2):
            with pytest.raises(LimitsError):
                Limits.checked_value(name, outside)
    assert dialog.editors["max_steps"].maximum() == 10 ** 15     # past QSpinBox's 2**31 - 1
    assert dialog.changed() == {}


def test_restore_defaults_puts_every_limit_back(qtbot):
    dialog = LimitsEditor({"max_seconds": 3.0, "max_steps": 50})
    qtbot.addWidget(dialog)
    assert dialog.changed() == {"max_seconds": 3.0, "max_steps": 50}
    dialog.editors["max_memory_mb"].setValue(100)
    dialog.restore_defaults()
    assert dialog.changed() == {} and dialog.values() == {n: getattr(Limits(), n) for n in LIMIT_NAMES}


def test_limits_are_kept_as_chosen_and_a_default_leaves_no_key(private_settings):
    assert app_settings.load_limits() == {}
    app_settings.store_limits({})
    assert not list((private_settings / "settings").rglob("*"))     # nothing changed: no file
    app_settings.store_limits({"max_seconds": 3, "max_steps": 5000})
    assert app_settings.load_limits() == {"max_seconds": 3.0, "max_steps": 5000}
    app_settings.store_limits({"max_steps": 5000})
    assert app_settings.load_limits() == {"max_steps": 5000}
    assert not app_settings.settings().contains("limits/max_seconds")
    with pytest.raises(LimitsError):
        app_settings.store_limits({"max_steps": 0, "max_seconds": 4})
    assert app_settings.load_limits() == {"max_steps": 5000}       # nothing written


def test_a_stored_value_out_of_range_is_ignored_and_its_default_used(private_settings):
    s = app_settings.settings()
    for name, raw in (("max_steps", 0), ("max_seconds", "nan"), ("max_call_depth", "a hundred"),
                      ("max_int_bits", 10 ** 16), ("max_analysis_seconds", 86_401), ("max_memory_mb", "true"),
                      ("max_loop_iterations", "500"), ("max_output_chars", 1000)):
        s.setValue(app_settings.LIMITS + name, raw)
    s.sync()
    assert app_settings.load_limits() == {"max_loop_iterations": 500, "max_output_chars": 1000}
    dialog = LimitsEditor(app_settings.load_limits())
    assert dialog.values()["max_steps"] == Limits().max_steps and dialog.values()["max_loop_iterations"] == 500
    dialog.deleteLater()


def test_the_limit_a_message_names_is_found():
    assert limit_named_in(str(_exceeded("max_loop_iterations"))) == "max_loop_iterations"
    assert limit_named_in(str(_exceeded("max_tensor_elements"))) == "max_tensor_elements"
    assert limit_named_in(str(_exceeded("max_total_tensor_elements"))) == "max_total_tensor_elements"
    assert limit_named_in(str(_exceeded("max_seconds"))) == "max_seconds"
    assert limit_named_in("division by zero") is None and limit_named_in(None) is None


def _exceeded(name):
    from core.interp.limits import LimitExceeded
    return LimitExceeded(Limits(), name)


def test_settings_limits_is_in_the_menu_and_settings_has_ctrl_comma(window):
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles.index("&Settings") == titles.index("&Help") - 1
    assert window.settings_action.shortcut().toString() == "Ctrl+,"
    assert window.limits_action in window.settings_menu.actions()
    rows = dict(window.dialogs.show_shortcuts().rows())
    assert rows["Settings"] == "Ctrl+,"


def test_ok_keeps_the_limits_and_runs_the_program_again_with_them(qtbot, window):
    window.editor.set_program(LOOP)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        window.run_analysis()
    assert window.state.run["error"] is None and window.dialogs.limits_button is None
    window.limits_action.trigger()
    dialog = window.dialogs.settings_dialog
    assert dialog.isVisible() and dialog.isModal() and dialog.current_page() == "limits"
    editors = dialog.limits.editors
    qtbot.waitUntil(lambda: editors["max_tensor_elements"].hasFocus(), timeout=3000)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)                # keyboard: the next limit
    assert editors["max_steps"].hasFocus()
    editors["max_loop_iterations"].setValue(50)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        qtbot.keyClick(editors["max_loop_iterations"], Qt.Key.Key_Return)   # Enter is OK
    error = window.state.run["error"]
    assert error["kind"] == "limit" and "50 iterations of one loop" in error["message"]
    assert app_settings.load_limits() == {"max_loop_iterations": 50}
    # the status bar offers the dialog, at the limit that stopped the run
    assert window.dialogs.limits_button.isVisible()
    qtbot.mouseClick(window.dialogs.limits_button, Qt.MouseButton.LeftButton)
    dialog = window.dialogs.settings_dialog
    assert dialog.isVisible() and dialog.current_page() == "limits"
    qtbot.waitUntil(lambda: dialog.limits.editors["max_loop_iterations"].hasFocus(), timeout=3000)
    assert dialog.limits.labels["max_loop_iterations"].font().bold()       # the limit that stopped it
    dialog.limits.editors["max_loop_iterations"].setValue(1000)
    dialog.reject()                                      # Cancel: nothing kept, nothing runs
    assert app_settings.load_limits() == {"max_loop_iterations": 50} and not window.state.busy


def test_the_limits_outlive_the_window_and_apply_to_the_next_one(qtbot, window):
    app_settings.store_limits({"max_loop_iterations": 50})
    window.close()
    again = MainWindow(LOOP, autorun=False)
    qtbot.addWidget(again)
    sent = []
    submit = again.host.submit
    again.host.submit = lambda job: sent.append(job) or submit(job)
    with qtbot.waitSignal(again.state.resultsChanged, timeout=60000):
        again.run_analysis()
    assert sent[-1].limits == {"max_loop_iterations": 50}
    assert "50 iterations" in again.state.run["error"]["message"]
    # back at the defaults: the job overrides nothing, the run goes through, the offer goes
    dialog = again.dialogs.show_limits()
    qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(again.state.resultsChanged, timeout=60000):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert sent[-1].limits is None and again.state.run["error"] is None
    assert not again.dialogs.limits_button.isVisible() and app_settings.load_limits() == {}
    again.close()
