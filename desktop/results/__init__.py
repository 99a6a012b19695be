"""The results pane: symbolic J and vᵀJ beside the engine's backward, and the v editor.

``math_view`` typesets LaTeX off the GUI thread, ``matrix_table`` shows a labelled
matrix, ``side_by_side`` lays out one analysis, ``v_editor`` edits the grad_tensor v.
``values`` holds the Qt-free helpers (shapes, number formatting).
"""
