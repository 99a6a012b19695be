"""The texts a widget shows, kept as the calls that make them, set again when the language changes.

Qt's way (Designer's ``retranslateUi``) is to set every text in one method that
runs once at the start and again on ``QEvent.LanguageChange``.  :class:`Texts`
is that method kept as data: a widget binds each of its texts as a setter and a
call that makes the text in the current language (``self.tr("Run")`` inside a
lambda, so lupdate still finds the string in its class's context; or a
:class:`core.translatable.Text` through :func:`~desktop.i18n.composed.translate_text`,
or a format with its values).  The text is set at once, and again on every
LanguageChange: the :class:`Texts` is a child of its widget, and a widget hands
LanguageChange on to every child.  Nothing shown is ever read back.

>>> from PySide6.QtWidgets import QApplication, QLabel
>>> app = QApplication.instance() or QApplication([])
>>> label = QLabel()
>>> texts = Texts(label)
>>> texts.bind(label.setText, lambda: "step {0} of {1}".format(3, 7))
>>> label.text()
'step 3 of 7'
"""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtWidgets import QAbstractButton, QWidget


class Texts(QObject):
    """The bound texts of one widget (its parent): ``bind(setter, make)``; ``retranslate()`` sets them all again."""

    def __init__(self, parent: QObject):
        super().__init__(parent)
        self._bound: dict[object, tuple[Callable[[str], object], Callable[[], str]]] = {}

    def bind(self, setter: Callable[[str], object], make: Callable[[], str], key: object = None) -> None:
        """Set ``setter(make())`` now and on each LanguageChange; a later bind of the same setter (or the
        same ``key``) replaces it.  A bound method is its own key (``label.setText``)."""
        if key is None:
            owner = getattr(setter, "__self__", None)
            key = (id(owner), getattr(setter, "__name__", None)) if owner is not None else setter
        self._bound[key] = (setter, make)
        setter(make())

    def retranslate(self) -> None:
        """Every bound text in the current language; a setter whose widget is gone is forgotten."""
        for key, (setter, make) in list(self._bound.items()):
            try:
                setter(make())
            except RuntimeError:        # its C++ object was deleted
                self._bound.pop(key, None)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            return True
        return super().event(event)


# Qt's own texts that its widgets set once, when they are made, and not again on LanguageChange
# (qtbase_*.qm translates them): the scroll buttons of a tab bar, the buttons of a dock widget.
QT_BUTTONS = {"ScrollLeftButton": ("QTabBar", "Scroll Left"), "ScrollRightButton": ("QTabBar", "Scroll Right"),
              "qt_dockwidget_closebutton": ("QDockWidget", "Close"),
              "qt_dockwidget_floatbutton": ("QDockWidget", "Float")}


def retranslate_qt_buttons(root: QWidget) -> None:
    """Set Qt's own button names under ``root`` again, in the language installed now."""
    for name, (context, source) in QT_BUTTONS.items():
        for button in root.findChildren(QAbstractButton, name):
            button.setAccessibleName(QCoreApplication.translate(context, source))
