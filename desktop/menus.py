"""The main window's toolbar, menus and actions, declared in one place.

As Qt Designer's generated ``Ui_MainWindow.setupUi(window)`` does, each
function here makes the actions and menus of one part of the window, sets
them as the window's attributes (``window.run_action``, ``window.file_menu``
...) and connects them to the window's slots.  Their texts are translated in
the window's context, ``"MainWindow"`` (again as Designer's code does), so
the catalogue has them once, where they always were.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QLabel, QMenu, QProgressBar, QPushButton, QToolBar

from desktop.appearance.presenter import PRESENTER_SCALES
from desktop.appearance.theme import theme_choices
from desktop.exports import Exporter
from desktop.i18n import add_language_menu

translate = QCoreApplication.translate


def build_toolbar(w) -> QToolBar:
    """Run, Cancel, the progress, J row by row, and (presenter mode) Output and v."""
    bar = QToolBar(w)
    w.texts.bind(bar.setWindowTitle, lambda: translate("MainWindow", "Run"))
    bar.setObjectName("run-toolbar")
    bar.setMovable(False)
    w.addToolBar(bar)
    w.run_action = QAction(w)
    w.texts.bind(w.run_action.setText, lambda: translate("MainWindow", "Run"))
    w.run_action.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
    w.texts.bind(w.run_action.setToolTip, lambda: translate(
        "MainWindow", "Run the program and analyse it now (Ctrl+Enter); it also runs by itself a moment after each "
                      "edit"))
    w.run_action.triggered.connect(w.run_analysis)
    bar.addAction(w.run_action)
    w.cancel_button = QPushButton(w)
    w.texts.bind(w.cancel_button.setText, lambda: translate("MainWindow", "Cancel"))
    w.cancel_button.setEnabled(False)
    w.cancel_button.clicked.connect(w.cancel_analysis)
    bar.addWidget(w.cancel_button)
    w.progress = QProgressBar(w)
    w.progress.setRange(0, 1000)
    w.progress.setMaximumWidth(220)
    w.progress.setTextVisible(False)
    w.progress.hide()
    bar.addWidget(w.progress)
    w.progress_label = QLabel(w)
    bar.addWidget(w.progress_label)
    bar.addSeparator()
    w.rows_action = QAction(w)
    w.texts.bind(w.rows_action.setText, lambda: translate("MainWindow", "J row by row"))
    w.texts.bind(w.rows_action.setToolTip, lambda: translate(
        "MainWindow", "Build J one row at a time: one backward per one-hot v"))
    w.rows_action.triggered.connect(w.show_row_by_row)
    bar.addAction(w.rows_action)
    # presenter mode folds "Output and v" away, for the results; this unfolds it
    w.io_action = QAction(w)
    w.texts.bind(w.io_action.setText, lambda: translate("MainWindow", "Output and v"))
    w.io_action.setCheckable(True)
    w.texts.bind(w.io_action.setToolTip, lambda: translate(
        "MainWindow", "Show or hide the choice of the output and of v (presenter mode hides them to give the "
                      "results their room)"))
    w.io_action.toggled.connect(w.window_layout.io_toggled)
    w.io_action.setVisible(False)
    bar.addAction(w.io_action)
    for action in w.stepper.actions():
        w.addAction(action)
    return bar


def build_menus(w) -> None:
    """File, Export, View and Help, and the language menu."""
    files = w.files
    w.file_menu = file_menu = w.menuBar().addMenu("")
    w.texts.bind(w.file_menu.setTitle, lambda: translate("MainWindow", "&File"))
    w.new_action = file_menu.addAction("")
    w.texts.bind(w.new_action.setText, lambda: translate("MainWindow", "&New"))
    w.new_action.setShortcut(QKeySequence.StandardKey.New)
    w.new_action.triggered.connect(files.new_workspace)
    w.open_action = file_menu.addAction("")
    w.texts.bind(w.open_action.setText, lambda: translate("MainWindow", "&Open..."))
    w.open_action.setShortcut(QKeySequence.StandardKey.Open)
    w.texts.bind(w.open_action.setToolTip, lambda: translate(
        "MainWindow", "Open a workspace (.bplens) or a Python program (.py)"))
    w.open_action.triggered.connect(files.open_file)
    w.recent_menu = file_menu.addMenu("")
    w.texts.bind(w.recent_menu.setTitle, lambda: translate("MainWindow", "Open &Recent"))
    w.recent_menu.setToolTipsVisible(True)
    w.recent_menu.aboutToShow.connect(lambda: files.fill_recent_menu(w.recent_menu))
    file_menu.addSeparator()
    w.save_action = file_menu.addAction("")
    w.texts.bind(w.save_action.setText, lambda: translate("MainWindow", "&Save"))
    w.save_action.setShortcut(QKeySequence.StandardKey.Save)
    w.save_action.triggered.connect(files.save)
    w.save_as_action = file_menu.addAction("")
    w.texts.bind(w.save_as_action.setText, lambda: translate("MainWindow", "Save &As..."))
    w.save_as_action.setShortcut(QKeySequence.StandardKey.SaveAs)
    w.save_as_action.triggered.connect(files.save_as)
    w.save_program_action = file_menu.addAction("")
    w.texts.bind(w.save_program_action.setText, lambda: translate("MainWindow", "Save &program as..."))
    w.texts.bind(w.save_program_action.setToolTip, lambda: translate(
        "MainWindow", "Write only the program, as a .py file"))
    w.save_program_action.triggered.connect(files.save_program)
    file_menu.addSeparator()
    w.quit_action = quit_action = file_menu.addAction("")
    w.texts.bind(w.quit_action.setText, lambda: translate("MainWindow", "&Quit"))
    # some platforms bind no key to the standard Quit: Ctrl+Q then
    quit_action.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Quit) or [QKeySequence("Ctrl+Q")])
    quit_action.triggered.connect(w.request_close)
    w.view_menu = view_menu = w.menuBar().addMenu("")
    w.texts.bind(w.view_menu.setTitle, lambda: translate("MainWindow", "&View"))
    fit = view_menu.addAction("")
    w.texts.bind(fit.setText, lambda: translate("MainWindow", "&Fit graph"))
    fit.setShortcut(QKeySequence("Ctrl+0"))
    fit.triggered.connect(w.graph.fit)
    w.help_menu = help_menu = w.menuBar().addMenu("")
    w.texts.bind(w.help_menu.setTitle, lambda: translate("MainWindow", "&Help"))
    w.shortcuts_action = help_menu.addAction("")
    w.texts.bind(w.shortcuts_action.setText, lambda: translate("MainWindow", "&Keyboard shortcuts"))
    w.shortcuts_action.setShortcut(QKeySequence.StandardKey.HelpContents)
    w.shortcuts_action.triggered.connect(w.dialogs.show_shortcuts)
    w.about_action = help_menu.addAction("")
    w.texts.bind(w.about_action.setText, lambda: translate("MainWindow", "&About Backprop Lens"))
    w.about_action.triggered.connect(w.dialogs.show_about)
    w.exporter = Exporter(w, before_menu=view_menu)
    w.language_menu = add_language_menu(w, before=w.help_menu)


def build_lessons_menu(w) -> None:
    """Lessons: the browser (Ctrl+L), the selected lesson, the next and previous lesson."""
    browser = w.lessons_dock.browser
    w.lessons_action = w.lessons_dock.toggleViewAction()
    w.lessons_action.setShortcut(QKeySequence("Ctrl+L"))
    w.texts.bind(w.lessons_action.setToolTip, lambda: translate(
        "MainWindow", "Show or hide the lesson browser (Ctrl+L)"))
    # toggled only when the dock itself is shown or hidden, not when the window closes
    w.lessons_action.toggled.connect(w.lessons_toggled)
    w.lessons_action.triggered.connect(w.window_layout.lessons_shown_by_user)
    lessons_menu = QMenu(w)
    w.texts.bind(lessons_menu.setTitle, lambda: translate("MainWindow", "&Lessons"))
    lessons_menu.addAction(w.lessons_action)
    open_selected = lessons_menu.addAction("")
    w.texts.bind(open_selected.setText, lambda: translate("MainWindow", "&Open the selected lesson"))
    open_selected.triggered.connect(browser.open_selected)
    lessons_menu.addSeparator()
    # a clicker's keys step (PageDown / PageUp, presenter mode); with Ctrl they change the lesson
    w.next_lesson_action = lessons_menu.addAction("")
    w.texts.bind(w.next_lesson_action.setText, lambda: translate("MainWindow", "&Next lesson"))
    w.next_lesson_action.setShortcut(QKeySequence("Ctrl+PgDown"))
    w.next_lesson_action.triggered.connect(lambda: w.open_adjacent_lesson(1))
    w.previous_lesson_action = lessons_menu.addAction("")
    w.texts.bind(w.previous_lesson_action.setText, lambda: translate("MainWindow", "&Previous lesson"))
    w.previous_lesson_action.setShortcut(QKeySequence("Ctrl+PgUp"))
    w.previous_lesson_action.triggered.connect(lambda: w.open_adjacent_lesson(-1))
    for action in (w.next_lesson_action, w.previous_lesson_action):
        w.addAction(action)     # also with the menu bar out of reach
    w.menuBar().insertMenu(w.help_menu.menuAction(), lessons_menu)


def build_appearance_menus(w) -> None:
    """View ▸ Presenter mode (F5), Presenter text size and Theme."""
    w.presenter_action = QAction(w)
    w.texts.bind(w.presenter_action.setText, lambda: translate("MainWindow", "&Presenter mode"))
    w.presenter_action.setCheckable(True)
    w.presenter_action.setShortcut(QKeySequence(Qt.Key.Key_F5))
    w.texts.bind(w.presenter_action.setToolTip, lambda: translate(
        "MainWindow", "Full screen, large fonts, high contrast; ←/→ step, Esc or F5 leaves (F5)"))
    w.presenter_action.toggled.connect(w.set_presenter_mode)
    w.presenter.toggled.connect(w.presenter_action.setChecked)
    w.addAction(w.presenter_action)   # F5 also works with the menu bar hidden
    w.view_menu.addSeparator()
    w.view_menu.addAction(w.presenter_action)
    size_menu = w.view_menu.addMenu("")
    w.texts.bind(size_menu.setTitle, lambda: translate("MainWindow", "Presenter &text size"))
    size_group = QActionGroup(w)
    w.presenter_size_actions = {}
    for scale in PRESENTER_SCALES:
        action = size_menu.addAction(f"{scale:g}×")
        action.setCheckable(True)
        action.triggered.connect(lambda _checked=False, x=scale: w.presenter.set_font_scale(x))
        size_group.addAction(action)
        w.presenter_size_actions[scale] = action
    size_menu.aboutToShow.connect(w.check_presenter_size)
    theme_menu = w.view_menu.addMenu("")
    w.texts.bind(theme_menu.setTitle, lambda: translate("MainWindow", "&Theme"))
    group = QActionGroup(w)
    w.theme_actions = {}
    for choice, _text in theme_choices():
        action = theme_menu.addAction("")
        w.texts.bind(action.setText, lambda c=choice: dict(theme_choices())[c])
        action.setCheckable(True)
        action.triggered.connect(lambda _checked=False, c=choice: w.set_theme(c))
        group.addAction(action)
        w.theme_actions[choice] = action


def build_settings_menu(w) -> None:
    """Settings ▸ Settings... (the dialog) and Settings ▸ Limits (its Limits page, as core's
    LimitExceeded messages name it); before Help, after Lessons."""
    w.settings_menu = QMenu(w)
    w.texts.bind(w.settings_menu.setTitle, lambda: translate("MainWindow", "&Settings"))
    w.settings_action = w.settings_menu.addAction("")
    w.texts.bind(w.settings_action.setText, lambda: translate("MainWindow", "&Settings..."))
    # no platform but macOS binds Preferences to a key: Ctrl+, then, as in most editors
    w.settings_action.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Preferences)
                                   or [QKeySequence("Ctrl+,")])
    w.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
    w.texts.bind(w.settings_action.setToolTip, lambda: translate(
        "MainWindow", "Theme, text size, language and the limits of a run"))
    w.settings_action.triggered.connect(lambda: w.dialogs.show_settings())
    w.addAction(w.settings_action)    # also with the menu bar out of reach
    w.limits_action = w.settings_menu.addAction("")
    w.texts.bind(w.limits_action.setText, lambda: translate("MainWindow", "&Limits..."))
    w.texts.bind(w.limits_action.setToolTip, lambda: translate(
        "MainWindow", "The limits of a run: steps, seconds, tensor elements, memory..."))
    w.limits_action.triggered.connect(lambda: w.dialogs.show_limits())
    w.menuBar().insertMenu(w.help_menu.menuAction(), w.settings_menu)
