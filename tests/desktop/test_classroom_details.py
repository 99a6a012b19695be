"""Issue 15, item 10, "smaller" things a class notices: the Step tab while stepping, panes that stay
put while playing, a restored work's name in exports, Save As's suffix, the window's size between
sessions, the lesson browser after New and Open, framed menus in presenter mode, and a note when
the v on screen is not the one the program printed with (offscreen, pytest-qt, core in its process)."""
import json

import pytest
from PySide6.QtCore import QRect, Qt, QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QMessageBox

import desktop.recovery as recmod
import desktop.workspace as wsmod
import resources
from desktop.appearance import settings as app_settings
from desktop.main_window import MainWindow
from desktop.workspace import Workspace, load_workspace

LESSON = "10_jacobian_index_assign.py"     # 16 backward steps, node names of every length
PRINTS_GRAD = ("import torch\n"
               "x = torch.tensor([1., 2.], requires_grad=True)\n"
               "out = x * x\n"
               "out.backward(torch.ones(2))\n"
               "print(x.grad)\n")


@pytest.fixture(autouse=True)
def isolated(appearance_restored):
    """Settings and recovery files in tmp_path; the font and theme as they were afterwards."""
    yield appearance_restored


@pytest.fixture
def windows(qtbot):
    made = []

    def make(program=None, name=None, size=(1280, 800), show=True):
        w = MainWindow(program, name, autorun=False)
        qtbot.addWidget(w)
        made.append(w)
        if show:
            if size:
                w.resize(*size)
            w.show()
            qtbot.waitExposed(w)
        return w
    yield make
    for w in made:
        try:
            w.close()
            if w.files.close_prompt is not None:
                w.files.close_prompt.button(QMessageBox.StandardButton.Discard).click()
        except RuntimeError:
            pass    # already deleted


def analysed(qtbot, w):
    with qtbot.waitSignal(w.state.resultsChanged, timeout=60000):
        w.run_analysis()


# -- the Step tab comes forward when stepping ----------------------------------------------------
def test_stepping_brings_the_step_tab_forward_from_the_paths_tab(qtbot, windows):
    w = windows(resources.read_lesson(LESSON), LESSON)
    analysed(qtbot, w)
    w.side_tabs.setCurrentWidget(w.paths_view)      # as a click on an entry of J leaves it
    w.stepper.next_action.trigger()                 # →
    assert w.state.step == 0 and w.side_tabs.currentWidget() is w.inspector
    w.side_tabs.setCurrentWidget(w.paths_view)
    w.set_presenter_mode(True)
    qtbot.keyClick(w.editor, Qt.Key.Key_PageDown)   # a clicker, in presenter mode
    assert w.state.step == 1 and w.side_tabs.currentWidget() is w.inspector
    w.set_presenter_mode(False)
    w.stepper.previous_action.trigger()
    w.side_tabs.setCurrentWidget(w.paths_view)
    w.stepper.previous_action.trigger()             # back before the first step: nothing to inspect
    assert w.state.step == -1 and w.side_tabs.currentWidget() is w.paths_view


# -- the layout stays put while playing ----------------------------------------------------------
def test_the_panes_do_not_move_while_the_backward_pass_plays(qtbot, windows):
    """The inspector's least width followed its header (a grad_fn's name in a large bold font), so
    on a small window each step moved the dividers: the program's column and the graph jumped."""
    w = windows(resources.read_lesson(LESSON), LESSON, size=(1000, 720))
    analysed(qtbot, w)
    main, _left, _right, bottom = w.splitters
    bottom.setSizes([10_000, 0])            # the Step tab as narrow as it may be
    main.setSizes([10_000, 0])              # and the right column too
    qtbot.wait(20)
    seen = []
    w.stepper.stepChanged.connect(lambda _i: seen.append([tuple(s.sizes()) for s in w.splitters]))
    w.stepper.set_base_interval(30)
    w.stepper.play()
    qtbot.waitUntil(lambda: w.state.step == len(w.state.trace) - 1, timeout=20000)
    qtbot.wait(50)
    seen.append([tuple(s.sizes()) for s in w.splitters])
    assert len(seen) >= len(w.state.trace) and all(sizes == seen[0] for sizes in seen), seen


def test_the_inspectors_least_size_does_not_follow_what_a_step_shows(qtbot, windows):
    w = windows(resources.read_lesson(LESSON), LESSON)
    analysed(qtbot, w)
    sizes = set()
    for i in range(len(w.state.trace)):
        w.state.set_step(i)
        sizes.add((w.inspector.minimumSizeHint().width(), w.side_tabs.minimumSizeHint().width(),
                   w.side_tabs.minimumSizeHint().height()))
    assert len(sizes) == 1, sizes


# -- a restored work keeps its own name in exports ------------------------------------------------
def test_after_a_restore_exports_are_named_after_the_restored_work(qtbot, windows, isolated, tmp_path):
    session = recmod.RecoverySession(isolated / "data" / "recovery")
    session.save(Workspace(PRINTS_GRAD), "pendulum.bplens", None, None)
    session._lock.unlock()      # as if its process had died
    w = windows()               # opens with the first lesson
    assert w.document.name == resources.DEFAULT_LESSON and w.document.recovery_offered()
    with qtbot.waitSignal(w.state.resultsChanged, timeout=60000):
        assert w.files.restore_recovered()
    assert w.document.name == "pendulum.bplens"
    assert w.exporter._suggested_name("html") == "pendulum.html"          # was the lesson's name
    assert w.exporter._suggested_name("script") == "pendulum_pytorch.py"
    sent = []
    submit = w.host.submit
    w.host.submit = lambda job: sent.append(job) or submit(job)
    out = tmp_path / "report.html"
    with qtbot.waitSignal(w.exporter.exported, timeout=120000):
        w.exporter.export_to("html", str(out))
    assert sent[-1].options["filename"] == "pendulum.bplens"             # was "program.py"
    html = out.read_text(encoding="utf-8")
    assert "<code>pendulum.bplens</code>" in html and "program.py" not in html


def test_a_program_file_names_its_exports_and_their_folder(qtbot, windows, tmp_path):
    program = tmp_path / "lessons" / "my_net.py"
    program.parent.mkdir()
    program.write_text(PRINTS_GRAD, encoding="utf-8")
    w = windows()
    assert w.open_path(program)
    assert w.exporter._suggested_name("png") == "my_net_graph.png"
    assert w.document.folder() == str(program.parent)


# -- Save As adds .bplens -------------------------------------------------------------------------
def save_as_typing(qtbot, w, typed: str) -> bool:
    """Save As, typing ``typed`` in Qt's own file dialog (the one every platform can show)."""
    made = w.files.save_as_dialog

    def dialog(suggestion):
        d = made(suggestion)
        d.setOption(QFileDialog.Option.DontUseNativeDialog, True)

        def type_name():
            d.findChild(QLineEdit, "fileNameEdit").setText(typed)
            d.accept()
        QTimer.singleShot(50, type_name)
        return d
    w.files.save_as_dialog = dialog
    return w.files.save_as()


@pytest.mark.parametrize("typed, saved", [("lesson", "lesson.bplens"), ("lesson.v2", "lesson.v2.bplens"),
                                          ("notes.BPLENS", "notes.BPLENS")])
def test_save_as_gives_the_file_the_workspace_suffix(qtbot, windows, tmp_path, typed, saved):
    folder = tmp_path / "out"
    folder.mkdir()
    w = windows(PRINTS_GRAD, "work.py", show=False)
    assert w.files.save_as_dialog(str(folder / "x.bplens")).defaultSuffix() == "bplens"
    assert save_as_typing(qtbot, w, str(folder / typed))
    assert sorted(p.name for p in folder.iterdir()) == [saved]
    assert load_workspace(folder / saved).program == PRINTS_GRAD
    assert w.document.path == str(folder / saved) and w.document.name == saved


def test_save_as_never_writes_a_workspace_over_a_program(qtbot, windows, tmp_path):
    program = tmp_path / "x.py"
    program.write_text("import torch\n", encoding="utf-8")
    w = windows(PRINTS_GRAD, "work.py", show=False)
    assert save_as_typing(qtbot, w, str(program))
    assert program.read_text(encoding="utf-8") == "import torch\n"
    assert load_workspace(tmp_path / "x.py.bplens").program == PRINTS_GRAD
    # the file it would write exists now: asked about that name (not "x.py"); No keeps it, Yes replaces it
    w.editor.setPlainText("import torch\n# changed\n")
    for button, program_kept in ((QMessageBox.StandardButton.No, PRINTS_GRAD),
                                 (QMessageBox.StandardButton.Yes, "import torch\n# changed\n")):
        seen = []
        answer_next(button, seen)
        assert save_as_typing(qtbot, w, str(program)) is (button == QMessageBox.StandardButton.Yes)
        assert seen == ["x.py.bplens already exists. Replace it?"]
        assert load_workspace(tmp_path / "x.py.bplens").program == program_kept
    assert program.read_text(encoding="utf-8") == "import torch\n"


def answer_next(button, seen: list):
    """Click ``button`` in the next modal message box (run from the box's own event loop)."""
    def click():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, click)
            return
        seen.append(box.text())
        box.button(button).click()
    QTimer.singleShot(0, click)


# -- the window's size between sessions ----------------------------------------------------------
def test_the_window_size_place_and_dividers_are_remembered(qtbot, windows):
    a = windows(size=(1100, 700))
    a.move(60, 40)
    main = a.splitters[0]
    main.setSizes([300, sum(main.sizes()) - 300])
    qtbot.wait(20)
    geometry, sizes = a.geometry(), [s.sizes() for s in a.splitters]
    other = windows(size=(900, 600))
    other.close()                               # a close from code (a test, a script) keeps nothing
    assert app_settings.load(app_settings.WINDOW_GEOMETRY) == ""
    assert a.request_close()                    # Quit: the user's close
    assert app_settings.load(app_settings.WINDOW_GEOMETRY) == "{},{},{},{}".format(*geometry.getRect())
    b = windows(size=None)
    assert b.geometry() == geometry
    qtbot.waitUntil(lambda: [s.sizes() for s in b.splitters] == sizes, timeout=3000)


def test_a_maximised_window_opens_maximised_with_its_normal_size_kept(qtbot, windows):
    a = windows(size=(1000, 700))
    normal = a.geometry()
    a.showMaximized()
    qtbot.waitUntil(lambda: a.isMaximized(), timeout=3000)
    assert a.request_close()
    assert app_settings.load(app_settings.WINDOW_MAXIMIZED) is True
    assert app_settings.load(app_settings.WINDOW_GEOMETRY) == "{},{},{},{}".format(*normal.getRect())
    b = windows(size=None)
    assert b.isMaximized()


def projector():
    return next(s for s in QApplication.screens() if s.geometry().width() == 1024)


@pytest.mark.parametrize("saved", ["1930,10,1280,800",      # a large window, saved on the projector
                                   "1500,100,1280,800",     # mostly on the projector
                                   "2900,700,1280,800"])    # partly off the projector's right edge
def test_a_1024x768_projector_never_gets_a_1280x800_window(qtbot, windows, saved):
    app_settings.store(app_settings.WINDOW_GEOMETRY, saved)
    w = windows(size=None)
    screen = projector().availableGeometry()
    assert w.screen() is projector()
    assert w.width() <= 1024 and w.height() <= 768
    assert screen.contains(w.frameGeometry()) or w.isMaximized()


@pytest.mark.parametrize("saved", ["9000,9000,800,600", "-5000,300,900,700"])
def test_a_window_saved_on_a_screen_that_is_gone_opens_on_a_screen_there_is(qtbot, windows, saved):
    app_settings.store(app_settings.WINDOW_GEOMETRY, saved)
    w = windows(size=None)
    primary = QApplication.primaryScreen().availableGeometry()
    assert primary.contains(w.frameGeometry()), w.frameGeometry()
    assert w.size().toTuple() == tuple(int(n) for n in saved.split(",")[2:])


@pytest.mark.parametrize("saved", ["", "garbage", "1,2,3", "0,0,0,0", "0,0,99999999,5", "a,b,c,d"])
def test_a_damaged_saved_geometry_is_ignored(qtbot, windows, saved):
    app_settings.store(app_settings.WINDOW_GEOMETRY, saved)
    app_settings.store(app_settings.WINDOW_SPLITTERS, "[[1, 2], [3]]" if saved else "not json")
    w = windows(size=None)
    assert w.size().toTuple() == (1280, 800)


def test_a_workspaces_own_dividers_win_over_the_last_sessions(qtbot, windows, tmp_path):
    remembered = [[200, 1000], [500, 200], [400, 300], [300, 300]]
    app_settings.store(app_settings.WINDOW_SPLITTERS, json.dumps(remembered))
    own = [[700, 500], [400, 300], [300, 400], [500, 100]]
    path = tmp_path / "w.bplens"
    wsmod.save_workspace(path, Workspace(PRINTS_GRAD, view={"splitters": own}))
    w = windows(size=None, show=False)
    assert w.open_path(path)
    w.show()
    qtbot.waitExposed(w)
    qtbot.wait(50)
    main = w.splitters[0].sizes()
    assert main[0] > main[1]        # the workspace's 700:500, not the remembered 200:1000


# -- the lesson browser shows the lesson in the editor, or none ----------------------------------
def test_the_lesson_browser_selects_no_lesson_after_new_open_or_another_program(qtbot, windows, tmp_path):
    w = windows()
    browser = w.lessons_dock.browser
    assert browser.selected() == resources.DEFAULT_LESSON
    with qtbot.waitSignal(w.state.resultsChanged, timeout=60000):
        assert w.files.new_workspace()
    assert browser.selected() is None and not browser.open_button.isEnabled()
    with qtbot.waitSignal(w.state.resultsChanged, timeout=60000):
        assert w.open_lesson(LESSON)
    assert browser.selected() == LESSON
    program = tmp_path / "mine.py"
    program.write_text(PRINTS_GRAD, encoding="utf-8")
    with qtbot.waitSignal(w.state.resultsChanged, timeout=60000):
        assert w.open_path(program)
    assert browser.selected() is None
    other = windows(PRINTS_GRAD, "mine.py")        # --program mine.py
    assert other.lessons_dock.browser.selected() is None


# -- presenter mode's menus have a frame ----------------------------------------------------------
def test_presenter_menus_have_a_frame_that_shows_against_the_window(qtbot, windows):
    w = windows()
    w.set_presenter_mode(True)
    menu = w.view_menu
    menu.popup(w.mapToGlobal(w.rect().center()))
    qtbot.waitUntil(menu.isVisible, timeout=3000)
    image = menu.grab().toImage()
    window_colour = QApplication.palette().window().color()
    assert window_colour == QColor("#000000")
    for x, y in ((0, image.height() // 2), (image.width() // 2, 0), (image.width() - 1, image.height() // 2)):
        assert image.pixelColor(x, y).lightness() > 200, (x, y, image.pixelColor(x, y).name())
    menu.hide()
    w.set_presenter_mode(False)
    assert type(menu.style()).__name__ != "FramedMenuStyle"      # the application's style again


# -- the console's output and the v on screen ------------------------------------------------------
def test_a_note_says_when_the_v_shown_is_not_the_one_the_program_printed_with(qtbot, windows):
    w = windows(PRINTS_GRAD, "grad.py")
    analysed(qtbot, w)
    assert not w.v_note.isVisibleTo(w) and w.v_editor.program_button.isEnabled()
    assert "comes from its own backward" not in w.console.browser().toPlainText()
    with qtbot.waitSignal(w.state.resultsChanged, timeout=60000):
        w.v_editor.apply_one_hot(0)
    assert w.state.analysis["grad_tensor"] == [1.0, 0.0] and "tensor([2., 4.])" in w.state.run["stdout"]
    assert w.v_note.isVisibleTo(w) and "its own v" in w.v_note.text()
    assert "comes from its own backward" in w.console.browser().toPlainText()
    with qtbot.waitSignal(w.state.resultsChanged, timeout=60000):
        w.v_editor.program_button.click()           # "From the program": the same v again
    assert w.state.v == [1.0, 1.0] and not w.v_note.isVisibleTo(w)
    assert "comes from its own backward" not in w.console.browser().toPlainText()


def test_the_v_note_is_in_chinese_too(qtbot, windows):
    from desktop.i18n import set_language
    w = windows(PRINTS_GRAD, "grad.py")
    analysed(qtbot, w)
    with qtbot.waitSignal(w.state.resultsChanged, timeout=60000):
        w.v_editor.apply_one_hot(1)
    english = w.v_note.text()
    try:
        set_language("zh_CN", save=False)
        assert w.v_note.text() != english and any("\u4e00" <= c <= "\u9fff" for c in w.v_note.text())
    finally:
        set_language("en", save=False)


def test_geometry_helpers_clamp_to_a_screen():
    from desktop.window_layout import _fitted, _parse_rect
    assert _parse_rect("10,20,300,400") == QRect(10, 20, 300, 400)
    assert _parse_rect("10,20,-3,400") is None and _parse_rect("") is None
    screen = QRect(1920, 0, 1024, 768)
    assert _fitted(QRect(1930, 10, 1280, 800), screen) == QRect(1920, 0, 1024, 768)
    assert _fitted(QRect(2800, 600, 400, 300), screen) == QRect(2544, 468, 400, 300)
