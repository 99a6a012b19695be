"""core.files.write_atomic, the one writer of the command line's exports and the desktop's files:
all or nothing, through a symlink, private when asked."""
from __future__ import annotations

import os

import pytest

from core import files
from core.export import write_atomic as exported_write_atomic
from core.files import OutputPathError, write_atomic


def leftovers(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_the_exports_write_with_the_same_writer():
    assert exported_write_atomic is write_atomic


def test_text_and_bytes_are_written(tmp_path):
    write_atomic(tmp_path / "a.txt", "x ✓")
    write_atomic(tmp_path / "b.bin", b"\x00\xff")
    write_atomic(tmp_path / "c.txt", "é", encoding="latin-1")
    assert (tmp_path / "a.txt").read_text(encoding="utf-8") == "x ✓"
    assert (tmp_path / "b.bin").read_bytes() == b"\x00\xff"
    assert (tmp_path / "c.txt").read_bytes() == b"\xe9"
    assert leftovers(tmp_path) == ["a.txt", "b.bin", "c.txt"]


def test_an_export_through_a_symlink_replaces_the_file_it_points_at(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    real = elsewhere / "report.html"
    real.write_text("old")
    real.chmod(0o640)
    link = tmp_path / "report.html"
    link.symlink_to(real)
    assert write_atomic(link, "<html>new</html>") == link
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == "<html>new</html>" and real.stat().st_mode & 0o777 == 0o640
    assert leftovers(elsewhere) == ["report.html"] and leftovers(tmp_path) == ["elsewhere", "report.html"]


def test_a_dangling_symlink_gets_its_file_made(tmp_path):
    link = tmp_path / "out.tex"
    link.symlink_to(tmp_path / "made.tex")
    write_atomic(link, "\\begin{document}")
    assert link.is_symlink() and (tmp_path / "made.tex").read_text() == "\\begin{document}"


def test_private_files_are_the_owners_only(tmp_path):
    new = tmp_path / "new.bplens"
    write_atomic(new, b"{}", private=True)
    assert new.stat().st_mode & 0o777 == 0o600
    old = tmp_path / "old.bplens"
    old.write_text("{}")
    old.chmod(0o644)
    write_atomic(old, b"{}", private=True)       # private wins over the old file's permissions
    assert old.stat().st_mode & 0o777 == 0o600


def test_a_new_file_gets_the_usual_permissions(tmp_path):
    umask = os.umask(0o022)
    try:
        write_atomic(tmp_path / "new.py", "pass\n")
    finally:
        os.umask(umask)
    assert (tmp_path / "new.py").stat().st_mode & 0o777 == 0o644


@pytest.mark.parametrize("broken", ["replace", "fsync", "fchmod"])
def test_a_failure_keeps_the_old_file_and_leaves_no_temporary_file(tmp_path, monkeypatch, broken):
    target = tmp_path / "out.html"
    target.write_text("old")

    def fail(*args, **kwargs):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(files.os, broken, fail)
    with pytest.raises(OutputPathError, match="No space left") as info:
        write_atomic(target, "new", private=broken == "fchmod")
    assert info.value.path == target and info.value.reason == "No space left on device"
    assert str(info.value) == f"cannot write {target}: No space left on device"
    assert target.read_text() == "old" and leftovers(tmp_path) == ["out.html"]


def test_a_failure_through_a_symlink_keeps_the_link_and_the_file(tmp_path, monkeypatch):
    real = tmp_path / "real.bplens"
    real.write_text("old")
    link = tmp_path / "link.bplens"
    link.symlink_to(real)
    monkeypatch.setattr(files.os, "replace", lambda src, dst: (_ for _ in ()).throw(OSError(5, "I/O error")))
    with pytest.raises(OutputPathError):
        write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "old" and leftovers(tmp_path) == ["link.bplens", "real.bplens"]


def test_the_file_and_its_folder_are_flushed_to_disk(tmp_path, monkeypatch):
    synced = []
    real_fsync = os.fsync

    def fsync(fd):
        synced.append(os.path.realpath(f"/proc/self/fd/{fd}") if os.path.exists("/proc/self/fd") else fd)
        real_fsync(fd)
    monkeypatch.setattr(files.os, "fsync", fsync)
    write_atomic(tmp_path / "out.svg", "<svg/>")
    assert len(synced) == 2
    if os.path.exists("/proc/self/fd"):
        assert synced[0].startswith(str(tmp_path / ".out.svg.")) and synced[1] == str(tmp_path)


def test_a_missing_folder_is_refused_before_writing(tmp_path):
    with pytest.raises(OutputPathError, match="does not exist"):
        write_atomic(tmp_path / "missing" / "r.html", "new")
    assert leftovers(tmp_path) == []


def test_a_read_only_file_is_refused(tmp_path):
    target = tmp_path / "ro.html"
    target.write_text("old")
    target.chmod(0o444)
    with pytest.raises(OutputPathError, match="read-only"):
        write_atomic(target, "new")
    assert target.read_text() == "old" and leftovers(tmp_path) == ["ro.html"]


def test_a_lone_surrogate_is_written_as_its_escape_not_a_crash(tmp_path):
    # a program's print("\ud800") reaches the report as a str UTF-8 cannot encode
    target = tmp_path / "r.html"
    target.write_text("old")
    write_atomic(target, "<pre>a\ud800b\udc80</pre>")
    assert target.read_bytes() == b"<pre>a\\ud800b\\udc80</pre>"   # as repr shows it, valid UTF-8
    assert leftovers(tmp_path) == ["r.html"]


def test_a_lone_surrogate_in_json_text_reads_back_as_it_was(tmp_path):
    import json
    obj = {"stdout": "\ud800 é\n", "program": 'print("\\ud800")'}
    write_atomic(tmp_path / "w.json", json.dumps(obj, ensure_ascii=False))
    assert json.loads((tmp_path / "w.json").read_bytes()) == obj
