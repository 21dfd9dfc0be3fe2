"""What ``cdg-oracle verify`` runs for a game: the generic checks every game gets (the hypothesis
state machine, a random campaign checked after every step) and the checks a game adds of its own.

A game adds its checks with a :class:`GameVerification`, the ``verification`` of its checks record
(properties/games.py; Labyrinth: ``properties/labyrinth/verification.py``: the map, the scenarios,
the z3 invariants and proofs, the victory analysis, the solo campaign). Each check gives a
:class:`Section`: its key in the JSON report, its data, whether it holds, its Markdown and a few
words for the one-line summary. ``oracle/verify.py`` assembles the report; this module never
imports the oracle.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from cdg_oracle.properties import games

@dataclass
class Section:
    """One part of a verification report: ``key`` in the JSON report, ``data`` there, ``ok``
    (the property holds), ``md`` its Markdown lines (a ``## title`` first), ``summary`` a few
    words for the command's last line (or empty)."""

    key: str
    data: Any
    ok: bool
    md: list[str]
    summary: str = ""


@dataclass
class ExtraCampaign:
    """A campaign a game adds after the random one (Labyrinth: solo games at every Ideology):
    its section, the work it was given (``work``: report keys and their values; ``planned`` and
    ``played``: games) and how that work reads in words (``work_words``, ``partial_words``)."""

    section: Section
    work: dict = field(default_factory=dict)
    planned: dict = field(default_factory=dict)
    played: int = 0
    work_words: str = ""
    partial_words: str = ""


class GameVerification:
    """The checks of one game beyond the generic ones. The defaults add nothing."""

    title = ""        # the report's title (default "<game> verification report")
    campaign_words = ("Complete games with uniformly random legal choices and seeded chance; after every step",
                      "the state is checked against the invariants, round-tripped through JSON, and checked to",
                      "offer a legal action.")   # the random campaign's explanation, as Markdown lines

    def __init__(self, game: str):
        self.game = game

    def checks(self, seed: int, say: Callable[[str], None]) -> list[Section]:
        """The game's own checks, run before the state machine, in report order."""
        return []

    def run_machine(self, examples: int, steps: int, seed: int, on_failure, refine: bool = False) -> dict:
        """The hypothesis state machine of the game: its own (the ``machine`` of its checks record),
        else the generic one (properties/stateful.py); ``refine``: every step also checked against
        the proved transitions (properties/refinement.py)."""
        record = games.checks(self.game)
        if record.machine is not None:
            return record.machine(examples, steps, seed, on_failure=on_failure, refine=refine)
        from cdg_oracle.properties.stateful import run_machine

        return run_machine(self.game, examples, steps, seed, on_failure=on_failure, refine=refine)

    def machine_games(self, stats: dict) -> str:
        """How the machine's games read in the report (after the runs and steps)."""
        return f"; {stats['games']} games." if stats.get("games") is not None else "."

    def extra_campaigns(self, scenarios: list[str], seed: int, games: int, budget: float | None,
                        progress, say: Callable[[str], None], jobs: int = 1) -> list[ExtraCampaign]:
        """Campaigns the game adds after the random one (the same seed, budget and jobs)."""
        return []


def mark(ok: bool) -> str:
    """How a report says a property holds or fails."""
    return "holds" if ok else "**FAILS**"


def checks_section(key: str, title: str, checks) -> Section:
    """A section of named checks, each ``(name, problems)`` (an empty list: it holds): a bullet
    each, with its first problems (a game's map checks)."""
    rows = [{"check": name, "ok": not bad, "violations": bad} for name, bad in checks]
    md = [f"## {title}", ""]
    for x in rows:
        md.append(f"- {x['check']}: {mark(x['ok'])}" + (f" — {', '.join(x['violations'][:5])}" if x["violations"] else ""))
    return Section(key, rows, all(x["ok"] for x in rows), md)


#: What a proof's result measures rather than proves: its seconds (this machine's) and z3's
#: resource count (z3_work.z3_steps: one z3 version's). Kept out of verification.json, the same
#: report on any machine and install; benchmarks/proofs.py writes them (reports/<game>/proofs.json).
MEASURED = ("seconds", "z3_steps")


def unmeasured(proof: dict) -> dict:
    """A proof's result without what it measured (:data:`MEASURED`): what the report records."""
    return {k: v for k, v in proof.items() if k not in MEASURED}


def proofs_section(title: str, intro: list[str], rows: list[dict], proofs: list[tuple[str, str, object, object]],
                   head: str = "transition") -> Section:
    """The section of a game's z3 proofs: ``proofs`` as ``(name, rules, verdict, witness)``, the
    verdict True (proved), False, or a prover's status (``"proved"``, ``"counterexample"``,
    ``"vacuous"``, ``"unknown"``); ``rows`` the report's data; a table with each verdict, a
    counterexample shown where there is one, and a query z3 could not decide said as such."""
    import json

    def proved(verdict) -> bool:
        return verdict is True or verdict == "proved"

    md = [f"## {title}", "", *intro, "", f"| {head} | rules | result |", "|---|---|---|"]
    for name, rules, verdict, witness in proofs:
        if proved(verdict):
            res = "proved"
        elif witness is not None:
            res = f"**counterexample** {json.dumps(witness, sort_keys=True)[:200]}"
        elif verdict == "vacuous":
            res = "**vacuous** (the transition is never enabled)"
        else:
            res = "**not proved** (no counterexample: z3 gave no answer within its resource limit)"
        md.append(f"| {name} | {rules} | {res} |")
    return Section("z3_proofs", rows, all(proved(p[2]) for p in proofs), md, f"{len(proofs)} proofs")


def verification(game: str) -> GameVerification:
    """The verification of ``game``: the one of its checks record, else the generic."""
    return games.checks(game).verification or GameVerification(game)
