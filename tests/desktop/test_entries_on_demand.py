"""Symbolic entries on demand in the window (issue 13): where the symbolic J did not fit its budget but its
expressions are whole, J's entries show "not computed"; clicking one sends an "entries" job for exactly that
entry and fills the number in when the answer arrives."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QObject, Signal

from core.analysis import entries
from core.analysis.budget import Budget
from core.analysis.pipeline import analyse_source
from desktop.results.side_by_side import SideBySidePanel
from desktop.results.values import format_number
from desktop.worker import Job

TANH = """import torch
torch.manual_seed(0)
W = torch.randn(4, 4, requires_grad=True)
x = torch.randn(4)
out = torch.tanh(W @ torch.tanh(W @ x))
out.backward(torch.ones(4))
"""


class Signals(QObject):
    entriesReady = Signal(int, object)


class FakeHost:
    """What the panel uses of desktop.worker.WorkerHost: submit(job) and worker.entriesReady."""

    def __init__(self):
        self.worker = Signals()
        self.jobs: list[Job] = []

    def submit(self, job):
        self.jobs.append(job)
        return job


@pytest.fixture(scope="module")
def over_budget():
    analysis = analyse_source(TANH, pytorch="off", symbolic_seconds=0.0).analysis
    return analysis, analysis.to_json()


def test_a_click_on_an_entry_not_computed_asks_for_it_and_fills_it_in(qtbot, private_settings, over_budget):
    analysis, a = over_budget
    assert a["jacobian"] == {} and a["witnesses"]["symbolic"]["on_demand"] is True
    panel = SideBySidePanel()
    qtbot.addWidget(panel)
    host = FakeHost()
    panel.serve_entries(host)
    panel.set_analysis(a)
    table = panel.entry_table("W")
    assert table is not None and (table.rowCount(), table.columnCount()) == (4, 16)
    assert {text for row in table.displayed_text() for text in row} == {"not computed"}
    assert table.values() == [[None] * 16 for _ in range(4)]

    table.cellClicked.emit(2, 7)
    (job,) = host.jobs
    assert (job.kind, job.leaf, job.i, job.k) == ("entries", "W", 2, 7)
    assert job.message()["entries"] is None and table.displayed_text()[2][7] == "computing…"

    # the service's answer (computed here as core.service does)
    result = entries.for_analysis(analysis, entries.selection_of(analysis.expressions, "W", 2, 7), Budget.fixed(30))
    host.worker.entriesReady.emit(job.id, result)
    value = result["entries"][0]["value"]
    assert value == pytest.approx(analysis.engine_jacobian["W"].reshape(4, 16)[2, 7], rel=1e-4, abs=1e-7)
    assert table.displayed_text()[2][7] == format_number(value)
    assert table.values()[2][7] == pytest.approx(float(format_number(value).replace("−", "-")))
    assert sum(v is None for row in table.values() for v in row) == 4 * 16 - 1

    # a computed entry clicked again asks for nothing; an answer for another analysis is ignored
    table.cellClicked.emit(2, 7)
    assert len(host.jobs) == 1
    panel.set_analysis(a)
    host.worker.entriesReady.emit(job.id, result)
    assert panel.entry_table("W").displayed_text()[2][7] == "not computed"


def test_an_entry_over_its_budget_says_so(qtbot, private_settings, over_budget):
    analysis, a = over_budget
    panel = SideBySidePanel()
    qtbot.addWidget(panel)
    host = FakeHost()
    panel.serve_entries(host)
    panel.set_analysis(a)
    panel.entry_table("W").cellClicked.emit(0, 0)
    result = entries.for_analysis(analysis, "out[1]:W[1,1]", Budget.fixed(0.0))
    assert result["entries"][0]["state"] == "over_budget"
    host.worker.entriesReady.emit(host.jobs[0].id, result)
    assert panel.entry_table("W").displayed_text()[0][0] == "over budget"


def test_no_clickable_entries_when_the_symbols_were_not_followed(qtbot, private_settings):
    a = analyse_source("import torch\nw = torch.ones(200, 200, requires_grad=True)\n(w * w).sum().backward()\n",
                       pytorch="off").analysis.to_json()
    assert a["witnesses"]["symbolic"]["on_demand"] is False
    panel = SideBySidePanel()
    qtbot.addWidget(panel)
    panel.set_analysis(a)
    assert panel.entry_table("w") is None


def test_a_click_on_a_row_s_name_asks_for_the_whole_row(qtbot, private_settings, over_budget):
    analysis, a = over_budget
    panel = SideBySidePanel()
    qtbot.addWidget(panel)
    host = FakeHost()
    panel.serve_entries(host)
    panel.set_analysis(a)
    table = panel.entry_table("W")
    table.verticalHeader().sectionClicked.emit(3)
    (job,) = host.jobs
    assert (job.kind, job.entries) == ("entries", "out_4:W")
    assert table.displayed_text()[3] == ["computing…"] * 16
    result = entries.for_analysis(analysis, job.entries, Budget.fixed(30))
    assert [(e["row"], e["column"]) for e in result["entries"]] == [(3, k) for k in range(16)]
    host.worker.entriesReady.emit(job.id, result)
    J = analysis.engine_jacobian["W"].reshape(4, 16)
    assert table.values()[3] == pytest.approx(
        [float(format_number(x).replace("−", "-")) for x in J[3]], rel=1e-4, abs=1e-6)
    assert all(v is None for row in table.values()[:3] for v in row)
