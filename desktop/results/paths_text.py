"""The Paths tab's text: the chain-rule paths that add up to one entry of J.

Elements are named as J names them (x₁₂, 1-based: :mod:`core.naming`), and the
text says once what that is in Python (x[0, 1]).  A step through a node with
several inputs says which one the path goes on through (``y * y`` has two
paths that differ only there: "via self, input 1 of 2" and "via other, input 2
of 2").  Each path is a link: clicking it marks the path on the graph.
"""
from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication

translate = QCoreApplication.translate

from core.naming import element_name, python_index
from desktop.results.values import subscript_label
from desktop.view_model import ChainPath, PathsAnswer, PathStep

PATH_SCHEME = "path"    # the links' scheme: path:N is the N-th path (0-based) of the result


def _element(name: str | None, index) -> str:
    return subscript_label(element_name(name, tuple(index))) if name else ""


def step_text(step: PathStep) -> str:
    """One step of a path: the node, the element it is at, the local partial, and (at a node with
    several inputs) which input the path goes on through."""
    text = step.grad_fn
    element = subscript_label(step.label) if step.label else ""
    if element:
        text += f" ({element})"
    text += f" ×{step.partial:.4g}"
    if step.inputs > 1 and step.via is not None:
        position = step.via + 1
        if step.via_name:
            text += " " + translate("PathsText", "via {0}, input {1} of {2}").format(
                step.via_name, position, step.inputs)
        else:
            text += " " + translate("PathsText", "via input {0} of {1}").format(position, step.inputs)
    return text


def path_text(path: ChainPath) -> str:
    """A whole path, output to leaf, with its product."""
    steps = path.steps
    chain = [step_text(s) for s in steps[:-1]]
    if steps:
        leaf = steps[-1]
        chain.append(_element(leaf.name, leaf.element) or leaf.grad_fn)
    return " → ".join(chain) + f" = {path.product:.6g}"


def paths_html(result: dict | PathsAnswer, output_name: str) -> str:
    """The Paths tab for core's paths ``result`` (a "paths" job's answer: its ``leaf``, ``total``,
    ``paths``, ``complete``); ``output_name`` is the analysed output's name."""
    result = result if isinstance(result, PathsAnswer) else PathsAnswer.from_json(result)
    paths, leaf = result.paths, result.leaf
    out_index = paths[0].steps[0].element if paths and paths[0].steps else None
    leaf_index = paths[0].steps[-1].element if paths and paths[0].steps else None
    out_label = _element(output_name, out_index) if out_index is not None else output_name
    leaf_label = _element(leaf, leaf_index) if leaf_index is not None else leaf
    head = translate("PathsText", "∂{0} / ∂{1} = {2:.6g}: the sum over {3} path(s)").format(
        out_label, leaf_label, result.total, len(paths))
    lines = [f"<b>{html.escape(head)}</b>"]
    said = [translate("PathsText", "{0} is {1}").format(label, python_index(name, index))
            for label, name, index in ((out_label, output_name, out_index), (leaf_label, leaf, leaf_index)) if index]
    if said:   # the 1-based names said once in Python's terms
        sentence = translate("PathsText", "Subscripts count from 1, as in J: {0} in Python.")
        lines.append("<small>" + html.escape(sentence.format(translate("PathsText", " and ").join(said)))
                     + "</small>")
    if not paths:
        lines.append(html.escape(translate("PathsText", "No path leads from this output element to this "
                                                      "leaf element: the entry of J is 0.")))
    for n, path in enumerate(paths):
        lines.append(f'{n + 1}. <a href="{PATH_SCHEME}:{n}">{html.escape(path_text(path))}</a>')
    if paths:
        lines.append("<small>" + html.escape(translate("PathsText", "Click a path to mark it on the graph."))
                     + "</small>")
    if not result.complete:
        lines.append(html.escape(translate("PathsText", "(more paths than shown)")))
    return "<br>".join(lines)


def path_index(url: str) -> int | None:
    """N for a ``path:N`` link, else None."""
    scheme, _, rest = url.partition(":")
    return int(rest) if scheme == PATH_SCHEME and rest.isdigit() else None
