"""The size of the text outside presenter mode (Settings ▸ Appearance ▸ Text size).

One factor, kept in the settings (:data:`~desktop.appearance.settings.TEXT_SCALE`),
scales the whole application's text: the application font (menus, panels, the
results and their typeset math, which follow it), every font a widget sets for
itself, the editor's and the console's point sizes, and the graph's readable
text (its label scale).  The factor on screen is kept on the QApplication
(:data:`APPLIED_PROPERTY`), so changing it multiplies the fonts by the ratio of
the new factor to the old one, and a window opened later starts from fonts
already at the right size.

Presenter mode multiplies this size further, up to its own (View ▸ Presenter
text size); it never makes text smaller than this.
"""
from __future__ import annotations

from PySide6.QtWidgets import QApplication

from desktop.appearance import settings
from desktop.appearance.presenter import follow_parent_fonts, own_font_widgets, scaled_font
from desktop.appearance.theme import deliver_application_changes, repolish_style_sheets

TEXT_SCALES = (0.9, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0)   # the sizes offered (1.0: the platform's own)
APPLIED_PROPERTY = "backpropLensTextScale"            # on the QApplication: the factor its font carries now


def valid_scale(scale) -> float:
    """``scale`` as a number within the sizes offered (the default for what is no size)."""
    try:
        scale = float(scale)
    except (TypeError, ValueError):
        return settings.DEFAULTS[settings.TEXT_SCALE]
    if not scale > 0:       # NaN, or nothing a size can be (QSettings reads text that is no number as 0)
        return settings.DEFAULTS[settings.TEXT_SCALE]
    return min(TEXT_SCALES[-1], max(TEXT_SCALES[0], scale))


def stored_scale() -> float:
    """The text size kept in the settings."""
    return valid_scale(settings.load(settings.TEXT_SCALE))


def applied_scale() -> float:
    """The factor the application's font carries now (1.0 before any was applied)."""
    app = QApplication.instance()
    value = app.property(APPLIED_PROPERTY) if app is not None else None
    return float(value) if isinstance(value, (int, float)) and value > 0 else 1.0


def apply_scale(scale: float) -> float:
    """Scale the application's text to ``scale`` (from whatever it carries now); returns the
    factor applied.  Windows that size text themselves (the main window's editor, console and
    graph) take it up with ``text_scale_changed(scale)``, called here for each one that has it when the
    factor changes."""
    app = QApplication.instance()
    scale = valid_scale(scale)
    ratio = scale / applied_scale()
    windows = QApplication.topLevelWidgets()
    if abs(ratio - 1.0) <= 1e-9:
        return scale        # nothing to change (a window made now sizes its own text from ``scale``)
    # fonts of their own were made from the old application font: each is scaled once
    own = []
    for window in windows:
        skip = tuple(w for w in (getattr(window, "editor", None), getattr(window, "console", None)) if w)
        own += [(widget, widget.font()) for widget in own_font_widgets(window, skip)]
    app.setFont(scaled_font(app.font(), ratio))
    deliver_application_changes()
    for window in windows:
        follow_parent_fonts(window)
    for widget, font in own:
        widget.setFont(scaled_font(font, ratio))
    repolish_style_sheets(app)
    app.setProperty(APPLIED_PROPERTY, scale)
    for window in windows:
        changed = getattr(window, "text_scale_changed", None)
        if callable(changed):
            changed(scale)
    return scale
