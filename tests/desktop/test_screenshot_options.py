"""``--screenshot`` renders any state of the window (issue 15, item 4): ``--size``, ``--presenter``,
``--step``, ``--theme``, with ``--language`` and ``--program``; tests and the README's pictures use it."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QImage

import resources
from desktop import launcher
from desktop.appearance import theme



@pytest.fixture
def mlp(tmp_path):
    program = tmp_path / "mlp.py"
    program.write_text(resources.read_lesson("15_tiny_mlp_step.py"), encoding="utf-8")
    return program


def mean_lightness(image: QImage) -> float:
    points = [(x, y) for x in range(10, image.width(), 37) for y in range(10, image.height(), 29)]
    return sum(image.pixelColor(x, y).lightness() for x, y in points) / len(points)


def test_a_size_is_the_pictures_size(appearance_restored, tmp_path, mlp):
    out = tmp_path / "small.png"
    assert launcher.main(["--program", mlp, "--screenshot", out, "--size", "800x600"]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (800, 600)


def test_presenter_mode_on_a_projector_in_chinese_at_a_step(appearance_restored, tmp_path, mlp, capsys):
    from desktop.i18n import language
    out = tmp_path / "presenter.png"
    try:
        assert launcher.main(["--program", mlp, "--screenshot", out, "--size", "1024x768", "--presenter",
                              "--step", "2", "--language", "zh_CN"]) == 0
    finally:
        language.set_language("en", save=False)
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1024, 768)     # full screen on the 1024x768 screen
    assert mean_lightness(image) < 80                           # presenter mode's high contrast: black ground
    assert "wrote" in capsys.readouterr().out


def test_the_dark_theme_is_darker_than_the_light_one(appearance_restored, tmp_path, mlp):
    light, dark = tmp_path / "light.png", tmp_path / "dark.png"
    assert launcher.main(["--program", mlp, "--screenshot", light, "--theme", "light"]) == 0
    assert launcher.main(["--program", mlp, "--screenshot", dark, "--theme", "dark"]) == 0
    assert mean_lightness(QImage(str(dark))) + 80 < mean_lightness(QImage(str(light)))
    assert theme.ThemeManager.instance().choice() == "dark"     # for this run only: nothing saved
    from desktop.appearance import settings
    assert settings.load(settings.THEME) != "dark"


@pytest.mark.parametrize("step, ok", [(-1, True), (0, True), (7, True), (8, False), (-2, False)])
def test_a_step_must_be_one_of_the_backward(appearance_restored, tmp_path, mlp, capsys, step, ok):
    out = tmp_path / "s.png"
    assert launcher.main(["--program", mlp, "--screenshot", out, "--step", str(step)]) == (0 if ok else 2)
    assert out.exists() == ok
    if not ok:
        assert "is not a step of this backward (steps 0 to 7, or -1 before the first)" in capsys.readouterr().err


@pytest.mark.parametrize("shown", [False, True])
def test_lessons_shows_the_browser_with_the_lesson_selected(appearance_restored, tmp_path, monkeypatch, shown):
    """``--lessons`` (the README's lesson_browser.png): the browser is shown, the program's lesson
    selected in it, and the choice is not kept for the next session."""
    from desktop import app
    from desktop.appearance import settings as app_settings
    seen = {}
    take = app._save_screenshot

    def save(qt_app, window, path, **kwargs):
        seen["browser shown"] = not window.lessons_dock.isHidden()
        seen["selected"] = window.lessons_dock.browser.selected()
        return take(qt_app, window, path, **kwargs)
    monkeypatch.setattr(app, "_save_screenshot", save)
    lesson = tmp_path / "10_jacobian_index_assign.py"     # the lesson's own name and text
    lesson.write_text(resources.read_lesson(lesson.name), encoding="utf-8")
    QCoreApplication.setApplicationName("Backprop Lens")      # as run_app names it: its settings
    app_settings.store(app_settings.LESSONS_VISIBLE, False)      # the user had hidden it
    args = ["--program", lesson, "--screenshot", tmp_path / "l.png", "--size", "1024x768"]
    assert launcher.main(args + (["--lessons"] if shown else [])) == 0
    assert seen["browser shown"] == shown
    assert seen["selected"] == "10_jacobian_index_assign.py"
    assert app_settings.load(app_settings.LESSONS_VISIBLE) is False


def test_path_lists_an_entrys_paths_and_marks_one_on_the_graph(appearance_restored, tmp_path, monkeypatch):
    """``--path LEAF:ROW:COLUMN[:N]``: the picture of a step with a chain-rule path highlighted."""
    from desktop import app
    seen = {}
    take = app._save_screenshot

    def save(qt_app, window, path, **kwargs):
        status = take(qt_app, window, path, **kwargs)
        seen["tab"] = window.side_tabs.currentWidget() is window.paths_view
        seen["marked"] = sorted(item.node.get("grad_fn") for item in window.graph.node_items() if item.on_path)
        seen["nodes"] = len(window.graph.node_items())
        seen["listed"] = window.paths_view.toPlainText()
        return status
    monkeypatch.setattr(app, "_save_screenshot", save)
    lesson = tmp_path / "10_jacobian_index_assign.py"
    lesson.write_text(resources.read_lesson(lesson.name), encoding="utf-8")
    out = tmp_path / "p.png"
    assert launcher.main(["--program", lesson, "--screenshot", out, "--path", "x:1:1", "--step", "3"]) == 0
    assert out.exists() and seen["tab"]
    assert "= 12" in seen["listed"]                     # ∂out₁₁/∂x₁₁ = 2·2x₁₁ = 12
    # the one path of x₁₁ into out₁₁: out = 2y, y's slot [0, 0] written by x[0, 0] ** 2 + x[0, 1]
    assert seen["marked"] == ["AccumulateGrad", "AddBackward0", "CopySlices", "CopySlices", "MulBackward0",
                              "PowBackward0", "SelectBackward0", "SelectBackward0"]
    assert seen["nodes"] > len(seen["marked"])


@pytest.mark.parametrize("path, said", [("w:1:1", "no leaf 'w' in this analysis (leaves: x)"),
                                        ("x:1:1:2", "entry 1, 1 of x has 1 path listed, not path 2")])
def test_a_path_that_is_not_there_is_refused(appearance_restored, tmp_path, mlp, capsys, path, said):
    lesson = tmp_path / "10_jacobian_index_assign.py"
    lesson.write_text(resources.read_lesson(lesson.name), encoding="utf-8")
    out = tmp_path / "p.png"
    assert launcher.main(["--program", lesson, "--screenshot", out, "--path", path]) == 2
    assert said in capsys.readouterr().err and not out.exists()


@pytest.mark.parametrize("path", ["x:0:1", "x:1", "x:a:1", ":1:1", "x:1:1:0"])
def test_a_path_that_is_no_path_is_refused_by_the_parser(capsys, path):
    assert launcher.main(["--screenshot", "x.png", "--path", path]) == 2
    assert "error: argument --path" in capsys.readouterr().err


@pytest.mark.parametrize("args", [["--presenter"], ["--step", "1"], ["--size", "800x600"], ["--theme", "dark"],
                                  ["--lessons"], ["--path", "x:1:1"]])
def test_picture_options_without_a_screenshot_are_a_usage_error(appearance_restored, capsys, args):
    assert launcher.main(args) == 2
    assert "only with --screenshot" in capsys.readouterr().err


@pytest.mark.parametrize("size", ["10x10", "800", "axb", "8000x600"])
def test_a_bad_size_is_refused_by_the_parser(capsys, size):
    assert launcher.main(["--screenshot", "x.png", "--size", size]) == 2
    assert "error: argument --size" in capsys.readouterr().err


def test_the_launchers_theme_names_are_the_apps():
    assert launcher._THEMES == theme.THEMES
