"""Lessons, icons, styles and translations shipped with Backprop Lens.

Everything in this folder is package data: it is found with
``importlib.resources.files("resources")``, which works the same from a source
checkout, an editable install and an installed wheel. Lesson programs are data,
never imported or executed as Python: ``lessons/`` has no ``__init__.py``.

>>> "out.backward()" in read_lesson(DEFAULT_LESSON)
True
>>> read_lesson_info(DEFAULT_LESSON)["title"]["en"]
'Scalar backward: the 60-minute blitz'
"""

import json
from importlib.resources import files
from importlib.resources.abc import Traversable

DEFAULT_LESSON = "01_blitz_mean.py"


def lessons_folder() -> Traversable:
    """The folder of lesson programs (``NN_name.py``) and their texts."""
    return files(__name__) / "lessons"


def lesson_names() -> list[str]:
    """File names of the lesson programs, in teaching order (their NN_ prefix)."""
    return sorted(entry.name for entry in lessons_folder().iterdir()
                  if entry.is_file() and entry.name.endswith(".py"))


def read_lesson(name: str = DEFAULT_LESSON) -> str:
    """The program text of lesson ``name``, e.g. ``"01_blitz_mean.py"``."""
    if name not in lesson_names():
        raise FileNotFoundError(f"no lesson named {name!r}; lessons: {', '.join(lesson_names())}")
    return (lessons_folder() / name).read_text(encoding="utf-8")


def read_lesson_info(name: str = DEFAULT_LESSON) -> dict:
    """The texts of lesson ``name`` (its ``NN_name.json``): ``title``, ``text`` and
    ``look_at``, each keyed by language (``"en"``, ``"zh"``), and the ``checks``."""
    if name not in lesson_names():
        raise FileNotFoundError(f"no lesson named {name!r}; lessons: {', '.join(lesson_names())}")
    path = lessons_folder() / (name[:-len(".py")] + ".json")
    return json.loads(path.read_text(encoding="utf-8"))
