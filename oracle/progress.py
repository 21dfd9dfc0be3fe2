"""Progress of long commands on standard error, shown only when standard error is a terminal
(issue 15 item 12): ``ambiguities``, ``difftest``, ``vectors`` and long ``replay``s. Standard
output stays clean for ``--json``. The bar is tqdm's (a well-kept library), not a hand-written one.
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Iterator


class _Silent:
    """The bar when standard error is not a terminal: every call does nothing."""

    def update(self, n: int = 1) -> None:
        pass

    def set_description_str(self, text: str) -> None:
        pass


@contextmanager
def bar(total: int | None, desc: str, unit: str = "step", stream=None) -> Iterator:
    """A progress bar of ``total`` ``unit``s on ``stream`` (default stderr) if it is a terminal."""
    stream = stream or sys.stderr
    if not (hasattr(stream, "isatty") and stream.isatty()):
        yield _Silent()
        return
    from tqdm import tqdm  # ~60 ms to import, needed only when standard error is a terminal

    try:
        cols, rows = os.get_terminal_size(stream.fileno())
    except (OSError, ValueError, AttributeError):
        cols = rows = 0
    # A terminal that reports no size (a bare pty) gets 80 x 24: tqdm hides a bar beyond the
    # terminal's last row, which for a size of 0 is every bar.
    with tqdm(total=total, desc=desc, unit=unit, file=stream, leave=False, mininterval=0.5,
              ncols=cols or 80, nrows=rows or 24) as b:
        yield b
