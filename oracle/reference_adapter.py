"""The reference adapter: the model itself, exposed through the adapter protocol (docs/adapter.md).

    python -m oracle.reference_adapter [--mutant [GAME:]NAME]
    cdg-oracle adapter [--mutant [GAME:]NAME]

It reads requests from stdin and answers on stdout, one JSON line each (oracle/adapter.py has the
protocol). It is what ``cdg-oracle difftest`` runs when no ``--impl`` is given, so the whole
harness (process, protocol, comparison) is tested end to end against a known-correct
implementation; with ``--mutant NAME`` it runs a deliberately broken copy of the rules
(a mutant of the ``mutants`` of a game's checks record, properties/games.py: ``GAME:NAME``, or
``NAME`` for the default game's), which is how the harness's fault-detection rate is measured
(benchmarks/mutants.py). It is also a worked example for authors writing their own adapter.
"""
from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from cdg_oracle.model.core.errors import DataError, IllegalAction
from cdg_oracle.model.core.registry import DEFAULT_GAME

PROTOCOL_VERSION = 2


class Session:
    """The state of one adapter process: at most one game at a time."""

    def __init__(self) -> None:
        self.state = None

    def handle(self, req: Any) -> dict:
        """The answer to one request (a parsed JSON value)."""
        if not isinstance(req, dict) or not isinstance(req.get("id"), int):
            return {"id": req.get("id") if isinstance(req, dict) else None, "ok": False,
                    "error": "a request is an object with an integer 'id'"}
        rid, cmd = req["id"], req.get("cmd")
        try:
            if cmd == "reset":
                return {"id": rid, "ok": True, "protocol": PROTOCOL_VERSION, **self.reset(req)}
            if cmd == "quit":
                return {"id": rid, "ok": True}
            if self.state is None:
                return {"id": rid, "ok": False, "error": f"{cmd!r} before reset"}
            if cmd == "legal_actions":
                return {"id": rid, "ok": True, "player": self.state.current_player(),
                        "actions": self.state.legal_actions()}
            if cmd == "apply":
                if "action" not in req:
                    return {"id": rid, "ok": False, "error": "apply needs 'action'"}
                self.state.apply(req["action"])
                if req.get("report") is True:  # protocol 2: the position after, in the same answer
                    return {"id": rid, "ok": True, "player": self.state.current_player(),
                            "actions": self.state.legal_actions(), "state": self.state.canonical()}
                return {"id": rid, "ok": True}
            if cmd == "state":
                return {"id": rid, "ok": True, "state": self.state.canonical()}
            return {"id": rid, "ok": False, "error": f"unknown cmd {cmd!r}"}
        except (IllegalAction, DataError) as e:
            return {"id": rid, "ok": False, "error": str(e)}

    def reset(self, req: dict) -> dict:
        from cdg_oracle.oracle.games import new_state

        for key in ("game", "scenario", "length"):
            if not isinstance(req.get(key), str):
                raise DataError(f"reset needs {key!r} (a string)")
        rulings = req.get("rulings", {})
        if not isinstance(rulings, dict):
            raise DataError("reset: 'rulings' must be an object")
        options = req.get("options")  # a solo game (chapter 9); absent: two-player
        if options is not None and not isinstance(options, dict):
            raise DataError("reset: 'options' must be an object")
        position = req.get("position")  # start there, not at the scenario's start (docs/positions.md)
        if position is None:
            self.state = new_state(req["game"], req["scenario"], req["length"], rulings, options)
            return {}
        if not isinstance(position, dict):
            raise DataError("reset: 'position' must be an object (a position document)")
        from cdg_oracle.model.core.position import from_document

        state = from_document(position, "reset: position")
        if state.game != req["game"] or position.get("scenario") != req["scenario"]:
            raise DataError("reset: the position's game and scenario are not the reset's")
        self.state = state
        return {"position": True}


MAX_REQUEST = 16 * 2**20  # bytes of one request line (fileio.MAX_LINE_BYTES): a longer one ends the session


def serve(inp, out: TextIO) -> int:
    """Answer requests until ``quit`` or the end of input. Lines are read with a bound: a request
    line longer than ``MAX_REQUEST`` bytes (``cdg-oracle adapter </dev/zero``) is refused with one
    error line on stderr and exit status 2, before memory grows."""
    session = Session()
    raw = getattr(inp, "buffer", inp)
    while True:
        line = raw.readline(MAX_REQUEST + 1)
        if not line:
            break
        if len(line) > MAX_REQUEST:
            print(f"reference_adapter: error: a request line longer than {MAX_REQUEST} bytes", file=sys.stderr)
            return 2
        if isinstance(line, bytes):
            line = line.decode("utf-8", "replace")
        if not line.strip():
            continue
        req = None
        try:
            req = json.loads(line)
        except (ValueError, RecursionError) as e:
            answer = {"id": None, "ok": False, "error": f"not JSON: {getattr(e, 'msg', None) or type(e).__name__}"}
        else:
            answer = session.handle(req)
        out.write(json.dumps(answer, separators=(",", ":")) + "\n")  # key order is free (docs/adapter.md)
        out.flush()
        if isinstance(req, dict) and req.get("cmd") == "quit":
            break
    return 0


def main(argv: list[str] | None = None) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="reference_adapter", description=__doc__.splitlines()[0])
    p.add_argument("--mutant", metavar="[GAME:]NAME", help=MUTANT_HELP)
    args = p.parse_args(argv)
    return run(args.mutant)


#: ``--mutant``'s help, here and in ``cdg-oracle adapter``.
MUTANT_HELP = (f"run a deliberately broken copy of the rules: mutant NAME of GAME's checks record (GAME: "
               f"default {DEFAULT_GAME})")


def run(mutant: str | None) -> int:
    """Serve the model on stdin/stdout; with ``mutant`` (``GAME:NAME``, or ``NAME`` of the default
    game), that mutant of the game's checks record applied first."""
    if mutant:
        game, _, mutant = mutant.rpartition(":")
        game = game or DEFAULT_GAME
        from cdg_oracle.properties.games import checks

        try:
            mutants = checks(game).mutants
        except DataError as e:
            print(f"reference_adapter: error: {e}", file=sys.stderr)
            return 2
        if mutants is None or mutant not in mutants.MUTANTS:
            print(f"reference_adapter: error: unknown mutant {mutant!r} of {game} (its checks record's mutants)",
                  file=sys.stderr)
            return 2
        mutants.activate(mutant)
    return serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
