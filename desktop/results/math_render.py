"""LaTeX to pictures, off the GUI thread: ziamath → SVG → QSvgRenderer → QImage.

ziamath is pure Python and slow on big expressions (a symbolic 3×3 Jacobian
takes about a second; its cost grows faster than the expression), so:

* rendering runs in a :class:`QThreadPool` worker that only emits a signal
  and can be cancelled between pieces (:class:`MathRenderer`);
* a sympy matrix ``\\left[\\begin{matrix} … \\end{matrix}\\right]`` is typeset
  entry by entry and laid out here on a grid with drawn brackets: the entries
  separately cost a fraction of the whole matrix (29 s → 6 s for the biggest
  example Jacobian), and a cancel takes effect after the entry in progress;
* pictures are cached by (LaTeX, size, colour, device pixel ratio).

``ziamath.config.svg2 = False`` is required: with SVG2 ``<use href>`` output
QSvgRenderer draws the brackets but no glyphs (research/qt-setup.md §5).
"""
from __future__ import annotations

import atexit
import importlib
import math
import re
import threading
import time
from collections import OrderedDict

import shiboken6
from PySide6.QtCore import QByteArray, QCoreApplication, QObject, QPointF, QRectF, QRunnable, QThreadPool, Qt, Signal
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPixmap
from PySide6.QtSvg import QSvgRenderer

_ZIAMATH_LOCK = threading.Lock()  # ziamath keeps module-level state; one render at a time
_MATRIX = re.compile(r"^\s*\\left\[\s*\\begin\{matrix\}(?P<body>.*)\\end\{matrix\}\s*\\right\]\s*$", re.S)

# Layout of a matrix typeset entry by entry, in ems (the font size).
COLUMN_GAP, ROW_GAP, BRACKET_PAD, BRACKET_TICK, BRACKET_STROKE, MARGIN = 1.0, 0.45, 0.35, 0.3, 0.06, 0.15


class RenderCancelled(Exception):
    """The picture is no longer wanted."""


def render_svg(tex: str, color: str = "#000000", size: float = 20.0) -> bytes:
    """SVG 1.1 (plain ``<path>`` glyphs) of ``tex`` typeset by ziamath in ``color``.

    Raises whatever ziamath raises for LaTeX it cannot read.
    """
    with _ZIAMATH_LOCK:
        import ziamath  # loaded by load_ziamath on the GUI thread before any worker gets here
        ziamath.config.svg2 = False
        return ziamath.Latex(tex, size=size, color=color).svg().encode("utf-8")


def load_ziamath() -> None:
    """Import ziamath (0.5 s, once) on the calling thread.  The renderer calls it on the GUI
    thread before its first worker starts: ziamath's first import from a worker thread went
    through PySide's import hook there and could crash the process."""
    importlib.import_module("ziamath")


def split_matrix(tex: str) -> list[list[str]] | None:
    """The entries of sympy's ``\\left[\\begin{matrix}a & b\\\\c & d\\end{matrix}\\right]``
    as rows of LaTeX strings, or None when ``tex`` is not such a matrix.

    >>> split_matrix(r"\\left[\\begin{matrix}x_{1} & 2\\\\\\frac{1}{2} & 0\\end{matrix}\\right]")
    [['x_{1}', '2'], ['\\\\frac{1}{2}', '0']]
    """
    m = _MATRIX.match(tex)
    if not m:
        return None
    body = m.group("body")
    rows, cell, depth, i = [[]], [], 0, 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and body.startswith("\\\\", i) and depth == 0:
            rows[-1].append("".join(cell).strip())
            rows.append([])
            cell = []
            i += 2
            continue
        if ch == "\\" and i + 1 < len(body):  # an escaped character or a command: keep both
            cell.append(body[i:i + 2])
            i += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "&" and depth == 0:
            rows[-1].append("".join(cell).strip())
            cell = []
            i += 1
            continue
        if "begin{matrix}" in "".join(cell[-2:]) + ch:
            return None  # a nested matrix: leave it to ziamath whole
        cell.append(ch)
        i += 1
    rows[-1].append("".join(cell).strip())
    if any(len(r) != len(rows[0]) for r in rows) or depth != 0:
        return None
    return rows


def render_image(tex: str, color: str = "#000000", size: float = 20.0, dpr: float = 1.0,
                 should_stop=None) -> QImage:
    """``tex`` as a transparent QImage (thread-safe: QImage, not QPixmap).

    ``should_stop()`` is polled between the entries of a matrix; when it returns
    True, :class:`RenderCancelled` is raised.
    """
    cells = split_matrix(tex)
    if cells is None:
        renderer = _svg_renderer(render_svg(tex, color, size))
        box = renderer.viewBoxF()
        image = _blank_image(box.width(), box.height(), dpr)
        painter = QPainter(image)
        painter.scale(dpr, dpr)
        renderer.render(painter, QRectF(0, 0, box.width(), box.height()))
        painter.end()
        return image
    return _render_matrix(cells, color, size, dpr, should_stop or (lambda: False))


def _svg_renderer(svg: bytes) -> QSvgRenderer:
    renderer = QSvgRenderer(QByteArray(svg))
    if not renderer.isValid():
        raise ValueError("ziamath produced SVG that Qt cannot read")
    return renderer


def _blank_image(width: float, height: float, dpr: float) -> QImage:
    image = QImage(max(1, math.ceil(width * dpr)), max(1, math.ceil(height * dpr)),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    image.setDevicePixelRatio(dpr)
    return image


def _render_matrix(cells, color, size, dpr, should_stop) -> QImage:
    pieces = []  # rows of (renderer, width, ascent, descent); baseline at y = 0 in ziamath's SVG
    for row in cells:
        pieces.append([])
        for entry in row:
            if should_stop():
                raise RenderCancelled()
            if not entry:
                pieces[-1].append((None, 0.0, 0.0, 0.0))
                continue
            renderer = _svg_renderer(render_svg(entry, color, size))
            box = renderer.viewBoxF()
            pieces[-1].append((renderer, box.width(), -box.y(), box.y() + box.height()))
    em = size
    n_cols = len(cells[0])
    col_width = [max(row[c][1] for row in pieces) for c in range(n_cols)]
    row_ascent = [max([p[2] for p in row] + [0.6 * em]) for row in pieces]
    row_descent = [max([p[3] for p in row] + [0.2 * em]) for row in pieces]
    stroke, tick, pad, margin = BRACKET_STROKE * em, BRACKET_TICK * em, BRACKET_PAD * em, MARGIN * em
    content_w = sum(col_width) + COLUMN_GAP * em * (n_cols - 1)
    content_h = sum(row_ascent) + sum(row_descent) + ROW_GAP * em * (len(pieces) - 1)
    left = margin + stroke + pad
    top = margin + stroke + 0.15 * em
    width = 2 * left + content_w
    height = 2 * top + content_h
    image = _blank_image(width, height, dpr)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(dpr, dpr)
    y = top
    for r, row in enumerate(pieces):
        baseline = y + row_ascent[r]
        x = left
        for c, (renderer, w, ascent, descent) in enumerate(row):
            if renderer is not None:  # columns centred, as LaTeX's matrix does
                renderer.render(painter, QRectF(x + (col_width[c] - w) / 2, baseline - ascent, w, ascent + descent))
            x += col_width[c] + COLUMN_GAP * em
        y = baseline + row_descent[r] + ROW_GAP * em
    pen = QPen(QColor(color), stroke)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    painter.setPen(pen)
    x0, x1 = margin + stroke / 2, width - margin - stroke / 2
    y0, y1 = margin + stroke / 2, height - margin - stroke / 2
    painter.drawPolyline([QPointF(x0 + tick, y0), QPointF(x0, y0), QPointF(x0, y1), QPointF(x0 + tick, y1)])
    painter.drawPolyline([QPointF(x1 - tick, y0), QPointF(x1, y0), QPointF(x1, y1), QPointF(x1 - tick, y1)])
    painter.end()
    return image


class _Job:
    """One picture being made; shared by the GUI thread and a worker."""

    def __init__(self, key):
        self.key = key
        self.owners: set[int] = set()
        self.cancelled = threading.Event()
        self.worker: _Worker | None = None


class _Signals(QObject):
    done = Signal(object, object, str, float)  # _Job, QImage | None, error ("" = none), seconds


class _Worker(QRunnable):
    def __init__(self, job: _Job, signals: _Signals):
        super().__init__()
        self.setAutoDelete(False)  # the renderer keeps it until its signal arrives
        self.job, self.signals = job, signals

    def run(self):
        job = self.job
        tex, size, color, dpr = job.key
        start = time.perf_counter()
        try:
            if job.cancelled.is_set():
                raise RenderCancelled()
            image = render_image(tex, color, size, dpr, job.cancelled.is_set)
        except RenderCancelled:
            self.signals.done.emit(job, None, "cancelled", time.perf_counter() - start)
        except Exception as error:  # noqa: BLE001 - any ziamath failure: the source text stays
            self.signals.done.emit(job, None, f"{type(error).__name__}: {error}", time.perf_counter() - start)
        else:
            self.signals.done.emit(job, image, "", time.perf_counter() - start)


def _shutdown_at_exit(renderer) -> None:
    try:
        renderer.shutdown()
    except RuntimeError:  # the QApplication, and the renderer with it, is already gone
        pass


class MathRenderer(QObject):
    """The one place that turns LaTeX into pictures: a worker pool, a cache, and
    who is waiting for what.  Widgets ask with :meth:`request` and listen to
    :attr:`finished`; nothing here ever blocks the GUI thread."""

    finished = Signal(object, bool)  # key, the picture is in the cache (False: it failed)
    CACHE_BYTES = 96 * 1024 * 1024  # a big symbolic matrix is a few MB of pixels
    _instance: MathRenderer | None = None

    @classmethod
    def instance(cls) -> MathRenderer:
        """The renderer of this QApplication (made on first use)."""
        if cls._instance is None or not shiboken6.isValid(cls._instance):
            cls._instance = MathRenderer(QCoreApplication.instance())
            app = QCoreApplication.instance()
            if app is not None:
                app.aboutToQuit.connect(cls._instance.shutdown)
            atexit.register(_shutdown_at_exit, cls._instance)
        return cls._instance

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._pool = QThreadPool(self)
        # Two threads share one ziamath lock, taken per matrix entry, so a small
        # formula is not stuck behind a big matrix.
        self._pool.setMaxThreadCount(2)
        self._signals = _Signals()
        self._signals.done.connect(self._on_done)
        self._cache: OrderedDict = OrderedDict()  # key -> QPixmap, least recently used first
        self._cache_bytes = 0
        self._failures: dict = {}
        self._jobs: dict = {}
        self._running: set = set()  # workers started and not yet reported
        self._owner_key: dict[int, tuple] = {}
        self.timings: dict = {}  # key -> seconds spent rendering it, for the pictures in the cache

    def request(self, owner: int, key: tuple):
        """``key = (tex, size, colour, dpr)`` for ``owner`` (a number unique to the asking widget).

        Returns the cached QPixmap, a str (why rendering failed), or None when a
        worker is on it (then :attr:`finished` follows).  The owner's previous
        request is released.
        """
        if self._owner_key.get(owner) != key:
            self.release(owner)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        if key in self._failures:
            return self._failures[key]
        self._owner_key[owner] = key
        load_ziamath()
        job = self._jobs.get(key)
        if job is None:
            job = self._jobs[key] = _Job(key)
            job.worker = _Worker(job, self._signals)
            self._running.add(job.worker)
            self._pool.start(job.worker)
        job.owners.add(owner)
        return None

    def release(self, owner: int) -> None:
        """``owner`` no longer wants its picture: cancel it when nobody else does."""
        key = self._owner_key.pop(owner, None)
        job = self._jobs.get(key)
        if job is None:
            return
        job.owners.discard(owner)
        if not job.owners:
            job.cancelled.set()
            del self._jobs[key]
            if self._pool.tryTake(job.worker):
                self._running.discard(job.worker)

    def cached(self, key: tuple):
        return self._cache.get(key)

    def pending(self) -> int:
        """How many pictures are still wanted and not made yet."""
        return len(self._jobs)

    def shutdown(self) -> None:
        """Cancel everything and wait for the pieces in progress (at most one entry)."""
        for job in self._jobs.values():
            job.cancelled.set()
        self._jobs.clear()
        self._owner_key.clear()
        self._pool.clear()
        self._pool.waitForDone(10000)

    def _store(self, key, pixmap: QPixmap, seconds: float) -> None:
        if key in self._cache:
            old = self._cache.pop(key)
            self._cache_bytes -= old.width() * old.height() * 4
        self._cache[key] = pixmap
        self._cache_bytes += pixmap.width() * pixmap.height() * 4
        self.timings[key] = seconds
        while self._cache_bytes > self.CACHE_BYTES and len(self._cache) > 1:
            old_key, old = self._cache.popitem(last=False)
            self._cache_bytes -= old.width() * old.height() * 4
            self.timings.pop(old_key, None)

    def _on_done(self, job: _Job, image, error: str, seconds: float) -> None:
        key = job.key
        self._running.discard(job.worker)
        if image is not None:  # kept even when cancelled meanwhile: it was made, so it is worth caching
            self._store(key, QPixmap.fromImage(image), seconds)
        elif error != "cancelled":
            self._failures[key] = error
        if self._jobs.get(key) is job:
            del self._jobs[key]
            for owner in list(job.owners):
                self._owner_key.pop(owner, None)
        if error != "cancelled" or image is not None:
            self.finished.emit(key, image is not None)
