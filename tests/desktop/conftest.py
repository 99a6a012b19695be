"""Fixtures shared by the desktop tests."""
import uuid

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths

import desktop.workspace as wsmod


@pytest.fixture
def private_settings(tmp_path, monkeypatch, qapp):
    """Settings (QSettings, under a fresh organisation name) and recovery files in tmp_path,
    never the user's; everything as it was afterwards.  Yields tmp_path."""
    monkeypatch.setenv(wsmod.DATA_DIR_ENV, str(tmp_path / "data"))
    default = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    organization = QCoreApplication.organizationName()
    QCoreApplication.setOrganizationName(f"backprop-lens-test-{uuid.uuid4().hex}")
    yield tmp_path
    QCoreApplication.setOrganizationName(organization)
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, default)
