"""The app's analysis process has a wall clock too (issue 14, the second wall): an analysis still
running after the whole budget of its limits (core's Limits.command_seconds, plus a grace) is
stopped with its process, its job fails with the reason, and the next job runs on a new process."""
from core.interp.limits import Limits
from desktop.worker import Job, WorkerHost

SMALL = "import torch\nx = torch.tensor([1., 2.], requires_grad=True)\n(x * x).sum().backward()\n"


def test_the_budget_is_cores_whole_command_budget():
    assert WorkerHost.budget_seconds(Job("analyze", source=SMALL)) == Limits().command_seconds() == 45
    job = Job("analyze", source=SMALL, limits={"max_seconds": 2, "max_analysis_seconds": 3})
    assert WorkerHost.budget_seconds(job) == 7
    assert WorkerHost.budget_seconds(Job("analyze", source=SMALL, limits={"max_seconds": 1e300})) == 45


def test_an_overdue_analysis_is_stopped_and_the_next_one_runs(qtbot, monkeypatch):
    host = WorkerHost()
    try:
        monkeypatch.setattr(WorkerHost, "OVERDUE_GRACE_S", -0.029)   # 0.001 s: overdue before any answer
        failed = []
        host.worker.failed.connect(lambda job_id, why: failed.append((job_id, why)))
        old = host._process
        job = Job("analyze", source=SMALL, limits={"max_seconds": 0.01, "max_analysis_seconds": 0.01})
        with qtbot.waitSignal(host.worker.failed, timeout=10000):
            host.submit(job)
        assert failed[0][0] == job.id and "whole budget" in failed[0][1]
        assert old.poll() is not None and host._process is not old      # stopped and restarted
        monkeypatch.setattr(WorkerHost, "OVERDUE_GRACE_S", 5.0)
        with qtbot.waitSignal(host.worker.finished, timeout=60000) as blocker:
            nxt = host.submit(Job("analyze", source=SMALL))
        assert blocker.args[0] == nxt.id and blocker.args[1].analysis["backward"] == {"x": [2.0, 4.0]}
    finally:
        host.shutdown()
