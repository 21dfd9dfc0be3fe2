"""The CLI's bad-argument error, in a module of its own: ``oracle.cli`` and the command modules
raise and catch this one class, also when the CLI runs as ``python -m oracle.cli`` (where the CLI
module itself is ``__main__``, and a class defined there would be another class than the one the
command modules import)."""
from __future__ import annotations


class UsageError(Exception):
    """A bad command-line argument: the CLI prints one line and exits 2."""
