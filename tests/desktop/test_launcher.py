import core.cli
from desktop import launcher


def test_run_and_report_are_forwarded_to_core_cli(monkeypatch):
    received = []
    monkeypatch.setattr(core.cli, "main", lambda argv: received.append(argv) or 7)
    assert launcher.main(["run", "prog.py", "--json"]) == 7
    assert launcher.main(["report", "prog.py"]) == 7
    assert received == [["run", "prog.py", "--json"], ["report", "prog.py"]]
