"""The program editor: ``CodeEditor`` (line numbers, error marks) and its ``PythonHighlighter``."""

from desktop.editor.code_editor import CodeEditor
from desktop.editor.highlighter import PythonHighlighter

__all__ = ["CodeEditor", "PythonHighlighter"]
