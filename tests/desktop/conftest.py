"""Fixtures shared by the desktop tests."""
import uuid

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths

import desktop.recovery as recovery


@pytest.fixture
def private_settings(tmp_path, monkeypatch, qapp):
    """Settings (QSettings, under a fresh organisation name) and recovery files in tmp_path,
    never the user's; everything as it was afterwards.  Yields tmp_path."""
    monkeypatch.setenv(recovery.DATA_DIR_ENV, str(tmp_path / "data"))
    default = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    organization = QCoreApplication.organizationName()
    QCoreApplication.setOrganizationName(f"backprop-lens-test-{uuid.uuid4().hex}")
    yield tmp_path
    QCoreApplication.setOrganizationName(organization)
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, default)


# --- screens ------------------------------------------------------------------------------------
# Qt's offscreen platform has one 800x600 screen unless told otherwise.  The desktop tests get a
# 1920x1080 screen (primary) and, beside it, a 1024x768 projector (see PROJECTOR_SCREEN), so a
# window can be tried on a small screen by moving it there.  Set before the QApplication exists.
import json  # noqa: E402
import os  # noqa: E402
import tempfile  # noqa: E402

PROJECTOR_SCREEN = "projector"
_SCREENS = {"screens": [
    {"name": "full-hd", "x": 0, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96,
     "physicalWidth": 508, "physicalHeight": 286},
    {"name": PROJECTOR_SCREEN, "x": 1920, "y": 0, "width": 1024, "height": 768, "logicalDpi": 96,
     "physicalWidth": 270, "physicalHeight": 203}]}
if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
    _screens_file = os.path.join(tempfile.mkdtemp(prefix="backprop-lens-screens-"), "screens.json")
    with open(_screens_file, "w", encoding="utf-8") as f:
        json.dump(_SCREENS, f)
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={_screens_file}"


@pytest.fixture
def appearance_restored(private_settings):
    """Settings and recovery files in tmp_path (``private_settings``): never the user's; the
    application's font, text size and theme as they were, afterwards (presenter mode, the text
    size and the theme change them)."""
    from PySide6.QtWidgets import QApplication

    from desktop.appearance.text_size import APPLIED_PROPERTY
    from desktop.appearance.theme import SYSTEM, ThemeManager
    font = QApplication.font()
    scale = QApplication.instance().property(APPLIED_PROPERTY)
    yield private_settings
    theme = ThemeManager.instance()
    theme.set_high_contrast(False)
    theme.set_choice(SYSTEM, save=False)
    QApplication.setFont(font)
    QApplication.instance().setProperty(APPLIED_PROPERTY, scale)
