"""The adapter protocol, oracle side: an implementation under test driven over its stdin/stdout.

The protocol (version 2, which keeps every message of version 1; published as
oracle/data/adapter.schema.json; guide: docs/adapter.md) is JSON Lines. The oracle writes one request per line; the implementation answers each with exactly
one line carrying the same ``id``, in order::

    {"id": 1, "cmd": "reset", "game": "labyrinth", "scenario": "lets_roll", "length": "standard",
     "rulings": {...every switch...}, "seed": 7}          -> {"id": 1, "ok": true, "protocol": 1}
    {"id": 2, "cmd": "legal_actions"}                      -> {"id": 2, "ok": true, "player": "chance",
                                                                "actions": [{"card": 1}, ...]}
    {"id": 3, "cmd": "apply", "action": {"card": 17}}      -> {"id": 3, "ok": true}
    {"id": 4, "cmd": "state"}                              -> {"id": 4, "ok": true, "state": {...}}
    {"id": 5, "cmd": "quit"}                               -> {"id": 5, "ok": true}, then exit

Version 2 adds one thing: an adapter that answers ``reset`` with ``"protocol": 2`` accepts
``"report": true`` on ``apply``, and its answer then also carries ``player``, ``actions`` and
``state`` after the action, so that a step of difftest is one round trip instead of three. An
adapter that answers ``"protocol": 1`` is driven with the three requests, as before.

A solo game (Labyrinth chapter 9) adds ``"options": {"solo": true, "ideology": "potent",
"minidecks": false}`` to ``reset``; a two-player game sends no ``options``.

``ok: false`` with an ``error`` text answers a request the implementation refuses (an action it
holds illegal). ``state`` is the canonical state (``State.canonical()``), the common language in
which the two states are compared. At a chance node ``legal_actions`` lists the outcomes and the
oracle applies the one it chose: the implementation never rolls its own dice while under test.

The other process is never trusted. :class:`Implementation` starts it without a shell, and every
request either returns a well-formed response or raises :class:`ImplFailure` with a verdict kind:

* ``timeout``: no full answer line within the per-request timeout (a hang);
* ``crash``: the process exited (its status and the last lines of its stderr are kept);
* ``oversized``: an answer line longer than the limit;
* ``malformed``: an answer that is not a JSON object on one line (NaN and Infinity are not JSON);
* ``protocol``: valid JSON that breaks the protocol (a wrong or out-of-order id, a key given twice,
  a missing field, a value of the wrong type -- ``true`` or ``2.0`` where the schema says integer --,
  an unexpected refusal).

A failure never hangs or crashes the oracle: reads happen on a reader thread with a deadline,
and the process is killed when the session closes.
"""
from __future__ import annotations

import json
import os
import queue
import shlex
import subprocess
import threading
import time
from collections import deque
from typing import Any

from cdg_oracle.oracle.fileio import DuplicateKey, loads_strict
from cdg_oracle.oracle.games import carried_options
from cdg_oracle.oracle.textsafe import printable, printable_lines

PROTOCOL_VERSION = 2            # the newest protocol the oracle speaks
PROTOCOLS = (1, 2)              # what an adapter may answer to reset
POLL = 0.05  # seconds between looks at the process while waiting for an answer
EXIT_GRACE = 0.25  # after the process exited, how long a last answer line may still take to arrive
STDERR_CHUNK = 1 << 16  # bytes read from the implementation's stderr at a time
FAILURE_KINDS = ("timeout", "crash", "oversized", "malformed", "protocol")


class ImplFailure(Exception):
    """The implementation under test failed to answer a request properly."""

    def __init__(self, kind: str, message: str, request: dict | None = None, stderr_tail: str = ""):
        assert kind in FAILURE_KINDS
        message = printable(message)  # it quotes the implementation's words (issue 28 item 11)
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.request = request
        self.stderr_tail = printable_lines(stderr_tail)


class OutOfBudget(Exception):
    """The run's time budget (:attr:`Implementation.deadline`) ran out while the oracle waited for
    an answer: not a failure of the implementation, but the end of the run (issue 28.6)."""

    def __init__(self, request: dict):
        super().__init__(f"the time budget ran out waiting for the answer to {request.get('cmd')!r}")
        self.request = request


def split_command(command: str | list[str]) -> list[str]:
    """The argument vector of ``--impl``: a list is used as is, a string is split as a POSIX shell
    would split words (quotes respected) but no shell runs it: no pipes, globs or variables."""
    if isinstance(command, list):
        return command
    try:
        argv = shlex.split(command)
    except ValueError as e:
        raise ValueError(f"--impl {command!r}: cannot split into words ({e})") from None
    if not argv:
        raise ValueError("--impl: empty command")
    return argv


class Implementation:
    """One running implementation under test.

    ``timeout`` is the limit, in seconds, for each answer; ``max_line`` the largest answer line
    accepted, in bytes (a canonical Labyrinth state is about 10 kB).
    """

    protocol = 1                # what the adapter answered to reset
    deadline: float | None = None  # a ``time.monotonic()`` end of the run's budget: no wait lasts past it

    def __init__(self, command: str | list[str], timeout: float = 10.0, max_line: int = 4_000_000,
                 cwd: str | None = None, env: dict | None = None):
        self.argv = split_command(command)
        self.timeout = timeout
        self.max_line = max_line
        self._next_id = 1
        self._lines: queue.Queue = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=20)
        self._times: list[float] = []
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=cwd, env=env, start_new_session=True)
        except OSError as e:
            raise ImplFailure("crash", f"cannot start {self.argv[0]!r}: {e.strerror or e}") from None
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    # -- reader threads: the only places that block on the other process ---------------------
    def _read_stdout(self) -> None:
        out = self.proc.stdout
        try:
            while True:
                line = out.readline(self.max_line + 1)
                if not line:
                    break
                if len(line) > self.max_line and not line.endswith(b"\n"):
                    self._lines.put(("oversized", len(line)))
                    # skip the rest of that line so the pipe keeps draining
                    while line and not line.endswith(b"\n"):
                        line = out.readline(1 << 20)
                    continue
                self._lines.put(("line", line))
        except (OSError, ValueError):
            pass
        self._lines.put(("eof", None))

    def _read_stderr(self) -> None:
        """Keep the last 20 lines of its stderr, 500 characters each: read in bounded chunks, so a
        process that writes gigabytes without a newline costs no memory (the rest of such a line
        is dropped)."""
        err = self.proc.stderr
        try:
            while True:
                chunk = err.readline(STDERR_CHUNK)
                if not chunk:
                    break
                whole = chunk.endswith(b"\n")
                self._stderr.append(printable(chunk.decode("utf-8", "replace").rstrip("\n")[:500]))
                while not whole:  # drop the rest of an overlong line
                    chunk = err.readline(STDERR_CHUNK)
                    if not chunk:
                        return
                    whole = chunk.endswith(b"\n")
        except (OSError, ValueError):
            pass

    def stderr_tail(self) -> str:
        return "\n".join(self._stderr)

    # -- requests ----------------------------------------------------------------------------
    def request(self, cmd: str, **fields: Any) -> dict:
        """Send one request and return its answer (``ok`` true or false); ImplFailure otherwise."""
        return self.receive(self.send(cmd, **fields))

    def send(self, cmd: str, **fields: Any) -> dict:
        """Write one request without waiting for its answer (:meth:`receive` reads it), so that
        the oracle can do its own work meanwhile. Returns the request."""
        req = {"id": self._next_id, "cmd": cmd, **fields}
        self._next_id += 1
        data = (json.dumps(req, sort_keys=True, separators=(",", ":")) + "\n").encode()
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise self._crashed(req) from None
        return req

    def receive(self, req: dict) -> dict:
        """The answer to ``req`` (sent by :meth:`send`), checked for the protocol's envelope."""
        cmd = req["cmd"]
        kind, payload = self._wait_line(req)
        if kind == "eof":
            self._lines.put(("eof", None))  # keep reporting the end
            raise self._crashed(req)
        if kind == "oversized":
            raise ImplFailure("oversized", f"answer to {cmd!r} longer than {self.max_line} bytes", req)
        try:
            resp = loads_strict(payload.decode("utf-8"))
        except DuplicateKey as e:  # valid JSON, but the protocol's objects name each key once
            raise ImplFailure("protocol", f"answer to {cmd!r} gives the key {e.key!r} twice: "
                              f"{_clip(payload)}", req) from None
        except (ValueError, RecursionError):  # not UTF-8, not JSON (NaN and Infinity are not),
            # nested too deep, a number too long
            raise ImplFailure("malformed", f"answer to {cmd!r} is not JSON: {_clip(payload)}", req) from None
        if not isinstance(resp, dict):
            raise ImplFailure("malformed", f"answer to {cmd!r} is not a JSON object: {_clip(payload)}", req)
        if not _is_int(resp.get("id")) or resp["id"] != req["id"]:
            raise ImplFailure("protocol", f"answer to request {req['id']} ({cmd!r}) carries id "
                              f"{json.dumps(resp.get('id'))} (answers must come in order, one per request)", req)
        if not isinstance(resp.get("ok"), bool):
            raise ImplFailure("protocol", f"answer to {cmd!r} has no boolean 'ok'", req)
        if not resp["ok"] and not isinstance(resp.get("error"), str):
            raise ImplFailure("protocol", f"refusal of {cmd!r} without an 'error' text", req)
        return resp

    def _wait_line(self, req: dict) -> tuple[str, Any]:
        """The next answer line, waiting at most the timeout, and never past :attr:`deadline` (the
        run's budget: :class:`OutOfBudget`, not a timeout verdict, when it ends the wait first).
        The process is watched meanwhile: once
        it has exited, a line still in the pipe is taken, and otherwise the verdict is a crash at
        once (a child that inherited its stdout and keeps it open must not turn a crash into a
        timeout). Each answer's time is recorded (:meth:`slowness`)."""
        start = time.monotonic()
        deadline = start + self.timeout
        budget_end = self.deadline if self.deadline is not None and self.deadline < deadline else None
        wait_end = deadline if budget_end is None else budget_end
        exited_at = None
        while True:
            now = time.monotonic()
            try:
                item = self._lines.get(timeout=max(0.0, min(POLL, wait_end - now)))
                self._times.append(time.monotonic() - start)
                return item
            except queue.Empty:
                pass
            now = time.monotonic()
            if self.proc.poll() is not None:
                if exited_at is None:
                    exited_at = now  # a last line may still be on its way from the reader thread
                elif now - exited_at > EXIT_GRACE:
                    raise self._crashed(req)
            if budget_end is not None and now >= budget_end:
                raise OutOfBudget(req)
            if now >= deadline:
                raise ImplFailure("timeout", f"no answer to {req['cmd']!r} within {self.timeout:g} s", req,
                                  self.stderr_tail())

    def slowness(self) -> dict:
        """How long its answers took: count, total and slowest seconds, and how many took more
        than half the timeout (an implementation just under the timeout makes a run crawl)."""
        t = self._times
        return {"answers": len(t), "seconds": round(sum(t), 3), "slowest": round(max(t, default=0.0), 3),
                "over_half_timeout": sum(1 for x in t if x > self.timeout / 2)}

    def _crashed(self, req: dict) -> ImplFailure:
        try:
            code = self.proc.wait(timeout=min(self.timeout, 2.0))
            status = f"exited with status {code}"
        except subprocess.TimeoutExpired:
            status = "closed its output"
        return ImplFailure("crash", f"the implementation {status} (request {req['id']}, {req['cmd']!r})",
                           req, self.stderr_tail())

    def expect_ok(self, cmd: str, **fields: Any) -> dict:
        """A request that must succeed: a refusal is a protocol failure."""
        resp = self.request(cmd, **fields)
        if not resp["ok"]:
            raise ImplFailure("protocol", f"{cmd!r} refused: {resp['error'][:300]}",
                              {"cmd": cmd, **fields})
        return resp

    # -- the five commands ---------------------------------------------------------------------
    def reset(self, game: str, scenario: str, length: str, rulings: dict, seed: int,
              options: dict | None = None, position: dict | None = None) -> None:
        """Start a new game; ``options`` (the game options) are sent only when they are not the
        game's defaults (games.carried_options: a Labyrinth solo game, a Twilight Struggle edition),
        ``position`` (a position document to start from, docs/positions.md) only when given: the
        adapter must then say ``"position": true`` in its answer."""
        extra = {}
        carried = carried_options(game, options)
        if carried is not None:
            extra["options"] = carried
        if position is not None:
            extra["position"] = position
        resp = self.expect_ok("reset", game=game, scenario=scenario, length=length, rulings=rulings, seed=seed,
                              **extra)
        if not _is_int(resp.get("protocol")) or resp["protocol"] not in PROTOCOLS:
            raise ImplFailure("protocol", f"reset answer says protocol {json.dumps(resp.get('protocol'))}, "
                              f"expected one of {', '.join(map(str, PROTOCOLS))}")
        if position is not None and resp.get("position") is not True:
            raise ImplFailure("protocol", "the implementation does not start from a position: its reset answer "
                              "lacks \"position\": true (docs/adapter.md, reset from a position)")
        self.protocol = resp["protocol"]

    def legal_actions(self) -> tuple[str, list]:
        return position_of(self.expect_ok("legal_actions"), "legal_actions")

    def apply(self, action: Any) -> dict:
        """Apply an action; the answer may be a refusal (``ok`` false), which the caller judges."""
        return self.request("apply", action=action)

    def send_apply(self, action: Any) -> dict:
        """Send ``apply``, with ``report`` under protocol 2 (the answer then also carries the
        player, the legal actions and the state after the action); :meth:`receive` reads it."""
        if self.protocol >= 2:
            return self.send("apply", action=action, report=True)
        return self.send("apply", action=action)

    def state(self) -> dict:
        return state_of(self.expect_ok("state"), "state")

    def close(self) -> None:
        """Ask it to quit, then make sure it is gone (killed after a short grace)."""
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write(b'{"cmd":"quit","id":%d}\n' % self._next_id)
                self.proc.stdin.flush()
                self.proc.stdin.close()
            except (OSError, ValueError):
                pass
            try:
                self.proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                self._kill()
        for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                pipe.close()
            except (OSError, ValueError):
                pass

    def _kill(self) -> None:
        try:
            os.killpg(self.proc.pid, 9)
        except (OSError, ProcessLookupError):
            try:
                self.proc.kill()
            except OSError:
                pass
        try:
            self.proc.wait(timeout=5.0)
        except subprocess.TimeoutExpired:
            pass

    def __enter__(self) -> "Implementation":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def position_of(resp: dict, cmd: str) -> tuple[str, list]:
    """The player and legal actions an answer carries (``legal_actions``, or ``apply`` with
    ``report``); a missing or ill-formed one is a protocol failure."""
    player, actions = resp.get("player"), resp.get("actions")
    if not isinstance(player, str) or not isinstance(actions, list):
        raise ImplFailure("protocol", f"{cmd} answer needs 'player' (string) and 'actions' (list)")
    for a in actions:
        if not _is_action(a):
            raise ImplFailure("protocol", f"{cmd} lists {_clip(json.dumps(a).encode())}, "
                              "not a string or a flat object")
    return player, actions


def state_of(resp: dict, cmd: str) -> dict:
    """The canonical state an answer carries (``state``, or ``apply`` with ``report``)."""
    if not isinstance(resp.get("state"), dict):
        raise ImplFailure("protocol", f"{cmd} answer needs 'state' (an object)")
    return resp["state"]


def _is_int(v: Any) -> bool:
    """A JSON integer: not a boolean (``true`` is not 1) and not a float (``2.0`` is not 2)."""
    return type(v) is int


def _is_action(a: Any) -> bool:
    if isinstance(a, str):
        return True
    return isinstance(a, dict) and all(
        isinstance(k, str) and (v is None or isinstance(v, (str, int, bool))) for k, v in a.items())


def _clip(payload: bytes, width: int = 80) -> str:
    text = payload.decode("utf-8", "replace").strip()
    return repr(text if len(text) <= width else text[:width] + "…")
