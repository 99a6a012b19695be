"""The build backend (pyproject.toml's ``build-backend``): setuptools', plus the compiled
translations in the wheel.

The ``.qm`` files Qt loads are never committed (``resources/i18n/*.ts`` are the sources).
A wheel is built with them: ``build_py`` compiles each ``.ts`` with PySide6's ``lrelease``
(:func:`desktop.i18n.catalog.build`, the compiler the app and ``scripts/setup.sh`` use) into
the wheel's ``resources/i18n``, so the installed app finds its translation shipped and
never writes into site-packages. A wheel therefore needs PySide6 at build time
(``get_requires_for_build_wheel`` adds the project's own PySide6 requirement); an editable
install and the sdist do not (``scripts/setup.sh`` builds the ``.qm`` of a checkout in place).
"""
from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (  # every other hook is setuptools' own
    build_editable, build_sdist, build_wheel, get_requires_for_build_editable, get_requires_for_build_sdist,
    prepare_metadata_for_build_editable, prepare_metadata_for_build_wheel)
from setuptools.command.build_py import build_py

__all__ = ["build_editable", "build_sdist", "build_wheel", "get_requires_for_build_editable",
           "get_requires_for_build_sdist", "get_requires_for_build_wheel", "prepare_metadata_for_build_editable",
           "prepare_metadata_for_build_wheel"]

ROOT = Path(__file__).resolve().parent.parent


def _qt_requirements() -> list[str]:
    """The project's own PySide6 requirement (pyproject.toml's dependencies), for lrelease."""
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    return [d for d in dependencies if d.lower().startswith("pyside6")]


def get_requires_for_build_wheel(config_settings=None):
    return _setuptools.get_requires_for_build_wheel(config_settings) + _qt_requirements()


class BuildPyWithTranslations(build_py):
    """setuptools' build_py, then every translation compiled into the build's resources/i18n."""

    def run(self):
        super().run()
        if not self.editable_mode:
            self._translations = self._compile_translations()

    def _compile_translations(self) -> list[str]:
        if str(ROOT) not in sys.path:          # the project's own catalog, from the tree being built
            sys.path.insert(0, str(ROOT))
        from desktop.i18n import catalog
        built = []
        for language in catalog.TRANSLATED_LANGUAGES:
            target = Path(self.build_lib) / "resources" / "i18n" / catalog.qm_name(language)
            catalog.build(language, target)
            self.announce(f"compiled {catalog.ts_path(language).name} -> {target}", level=2)
            built.append(str(target))
        return built

    def get_outputs(self, include_bytecode=True):
        return super().get_outputs(include_bytecode) + getattr(self, "_translations", [])
