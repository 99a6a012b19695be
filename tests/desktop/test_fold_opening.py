"""One fold opened at a time in the window (issue 13, item 4): double-clicking a fold node asks core
for the graph laid out again with that fold's nodes shown (a "graph" job), the other folds staying
folded and the step kept; double-clicking one of those nodes folds them again."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtTest import QTest

from core.analysis import analyze
from core.analysis.trace import ExpandError, expand_folds
from desktop.graph.graph_view import GraphView
from desktop.worker import Job
from tests.core.test_fold_expansion import TWO_LOOPS


class Signals(QObject):
    graphReady = Signal(int, object)


class LocalHost:
    """desktop.worker.WorkerHost's submit and worker.graphReady, answered as core.service answers a
    "graph" job (core.analysis.trace.expand_folds, in this process), after the event loop turns."""

    def __init__(self, graph):
        self.worker = Signals()
        self.graph = graph
        self.jobs: list[Job] = []

    def submit(self, job):
        self.jobs.append(job)
        try:
            result = {"graph": expand_folds(self.graph, job.expand), "expand": job.expand, "error": None}
        except ExpandError as e:
            result = {"graph": None, "expand": job.expand, "error": e.args[0]}
        QTimer.singleShot(0, lambda: self.worker.graphReady.emit(job.id, result))
        return job


@pytest.fixture(scope="module")
def analysis():
    return analyze(TWO_LOOPS, pytorch="off").to_json()


@pytest.fixture
def view(qtbot, analysis):
    view = GraphView()
    qtbot.addWidget(view)
    view.resize(700, 500)
    host = LocalHost(analysis["graph"])
    view.serve_folds(host)
    view.set_graph(analysis["graph"])
    view.show_step(analysis["trace"], 5)
    view.host = host
    return view


def fold_ids(view):
    return [item.node_id for item in view.node_items() if item.kind == "fold"]


def test_a_double_click_opens_that_fold_only_at_the_same_step(view, analysis, qtbot):
    first, second = fold_ids(view)
    hidden = view.node_item(first).node["folded"]
    assert "Double-click to show its nodes." in view.node_item(first).toolTip()
    item = view.node_item(first)
    view.centerOn(item)
    qtbot.wait(10)
    with qtbot.waitSignal(view.host.worker.graphReady, timeout=10000):
        QTest.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(item.sceneBoundingRect().center()))
    qtbot.wait(10)
    assert [job.kind for job in view.host.jobs] == ["graph"] and view.host.jobs[0].expand == [first]
    assert fold_ids(view) == [second]
    assert all(view.node_item(i) is not None for i in hidden)
    assert view.graph_scene.step_index == 5
    assert "Double-click to fold these nodes again." in view.node_item(hidden[3]).toolTip()
    # and back: a double-click on one of its nodes folds them again
    assert view.close_fold(hidden[3])
    qtbot.waitUntil(lambda: len(view.host.jobs) == 2 and sorted(fold_ids(view)) == sorted([first, second]),
                    timeout=10000)
    assert view.host.jobs[1].expand == [] and view.graph_scene.step_index == 5


def test_two_folds_open_together(view, qtbot):
    first, second = fold_ids(view)
    assert view.open_fold(first)
    qtbot.waitUntil(lambda: fold_ids(view) == [second], timeout=10000)
    assert view.open_fold(second)
    qtbot.waitUntil(lambda: fold_ids(view) == [], timeout=10000)
    assert view.host.jobs[-1].expand == [first, second]


def test_an_answer_for_a_graph_no_longer_shown_is_dropped(view, analysis, qtbot):
    first, second = fold_ids(view)
    assert view.open_fold(first)
    view.set_graph(analysis["graph"])          # a new analysis arrives before the answer
    qtbot.wait(50)
    assert sorted(fold_ids(view)) == sorted([first, second])


def test_a_fold_that_cannot_be_opened_says_why(view, qtbot, monkeypatch):
    import core.analysis.trace as trace
    monkeypatch.setattr(trace, "MAX_DOT_NODES", 5)
    first, second = fold_ids(view)
    with qtbot.waitSignal(view.message, timeout=10000) as said:
        assert view.open_fold(first)
    assert "the graph shows at most 5" in said.args[0]()     # a call making it in the UI's language
    assert sorted(fold_ids(view)) == sorted([first, second])


def test_without_the_service_a_double_click_shows_every_node(qtbot, analysis):
    view = GraphView()
    qtbot.addWidget(view)
    view.set_graph(analysis["graph"])
    first, _ = fold_ids(view)
    assert not view.open_fold(first) and view.expand_fold(first) and fold_ids(view) == []
