"""What conformance vectors cover, for any game of the registry: the decision windows of a seeded
game, the targets a set of vectors aims at, and the policies that play the searched games.

A *window* is one decision of a side and the chance steps after it, read through the game
contract alone: the player, the choice, the question answered (``decision()["question"]``), what
was being resolved (``context()``: the running procedures, the card, the side) and the rules each
step applied. A *target* is a thing to cover (an operation, a card's event, a rule) with a
``match(window)`` that says whether a window shows it and how well.

Each game says what its vectors cover with a :class:`Coverage`, the ``coverage`` of its checks
record (properties/games.py; Labyrinth: ``properties/labyrinth/coverage.py``: every operation, Reserves
and the 120 events, with a search directed at rare cards). A game that gives none is covered by
:class:`DiscoveredCoverage`: every question and every rule number its searched games meet, each by
the first window that shows it -- what a new game gets on its first day, before anyone writes its
list. ``oracle/vectors.py`` turns the windows into vector files; this module never imports the
oracle.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from cdg_oracle.model.core.game import action_key
from cdg_oracle.properties.sampling import sample_chance
from cdg_oracle.properties import games

@dataclass
class Window:
    """One decision of a side in a searched game and the chance steps after it: the unit a vector
    is cut from. ``procedures``, ``card`` and ``side`` are ``context()`` before the choice
    (outermost procedure first); ``post_procedures`` the procedures when the next decision is posed
    (empty at the end of the game); ``question`` the identifier of the question answered."""

    index: int                    # position of the choice in the game's list of actions
    player: str
    choice: Any
    question: str
    procedures: list
    card: Any = None
    side: str | None = None
    applies: list = field(default_factory=list)   # applied_rules() of the choice, then of each chance step
    chance: int = 0
    post_procedures: list = field(default_factory=list)

    def rules(self) -> list[str]:
        """The rules applied by the choice and the chance steps, each once, in order of first use."""
        out: list[str] = []
        for step in self.applies:
            for r in step:
                if r not in out:
                    out.append(r)
        return out

    def completes(self, k: int) -> bool:
        """The procedure at index ``k`` of ``procedures`` has finished by the end of the window."""
        return len(self.post_procedures) <= k or self.post_procedures[k] != self.procedures[k]


@dataclass(frozen=True)
class Target:
    """A thing to cover: ``id`` (the vector's file name), ``covers`` (rule numbers, ``card N``,
    ``op NAME``), ``what`` it is in words, ``key`` (the dispatch key of the windows that may show it)
    and ``match(window)``: None if the window does not show it, else a rank (lower is better: 0 the
    plain case, 1 a fallback such as an event triggered rather than played); ``card``, the card of an
    event target (what a directed search aims at); ``options``, the game options its games are
    played under (a Twilight Struggle edition: ``(("edition", "seed"),)``; empty: the defaults)."""

    id: str
    covers: tuple[str, ...]
    what: str
    key: str
    match: Callable[[Window], int | None]
    card: Any = None
    options: tuple = ()   # the game options its games are played under, as sorted (key, value) pairs (() : the defaults)

    def options_dict(self) -> dict | None:
        """The game options of the target's games (None: the game's defaults)."""
        return dict(self.options) if self.options else None


class RandomPolicy:
    """The searching player: a uniformly random legal choice (``random.Random(seed).randrange``),
    chance drawn with its exact probabilities (``properties.sampling.sample_chance``) from the same
    generator."""

    name = "random"
    text = ("a uniformly random legal choice (random.Random(seed).randrange); chance drawn with its exact "
            "probabilities (properties.sampling.sample_chance) from the same generator")

    def decide(self, rng: random.Random, st, legal: list) -> Any:
        return legal[rng.randrange(len(legal))]

    def chance(self, rng: random.Random, st) -> Any:
        return sample_chance(rng, st.chance_outcomes())


class Coverage:
    """What a game's vectors cover. A game subclasses it (or uses :class:`DiscoveredCoverage`):

    * ``targets()``: every target, in file order;
    * ``keys(window)``: the dispatch keys of a window (a target is tried on a window when its
      ``key`` is among them);
    * ``policy``: the policy of the shortest-set-up search; ``directed(target)``: the policy of a
      search aimed at a target still missing (None: more games of ``policy``);
    * ``discover``: targets are found in the games rather than listed beforehand;
    * ``perft_variants``: ``(name, options)`` pairs, the option sets besides the defaults that
      perft counts from."""

    discover = False
    policy: Any = RandomPolicy()
    #: Named sets of game options besides the defaults whose perft counts perft.json holds too
    #: (Twilight Struggle: the Deluxe edition, with and without its optional cards), in file order.
    perft_variants: tuple = ()
    order_text = ("shortest: seeds 0..games-1, for each seed every scenario in turn; the occurrence of lowest "
                  "rank, then fewest set-up steps, then earliest game")

    def targets(self) -> list[Target]:
        return []

    def keys(self, w: Window) -> set[str]:
        return {f"choice:{action_key(w.choice)}", f"question:{w.question}"}

    def directed(self, target: Target):
        return None

    def discovered(self, w: Window) -> list[Target]:
        return []


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def discovered_target(tid: str, covers: tuple, what: str, key: str) -> Target:
    """A target found in the games (:class:`DiscoveredCoverage`): every window with its key shows it."""
    return Target(tid, tuple(covers), what, key, lambda _w: 0)


class DiscoveredCoverage(Coverage):
    """The coverage of a game that lists no targets: every question a side answers in the searched
    games (``question-<id>``) and every rule number a step applies (``rule-<number>``), each shown
    by the window of fewest set-up steps. What the games never meet is not known, so nothing is
    listed as not covered: the index says the targets were discovered."""

    discover = True
    order_text = ("discovered: every question answered and every rule applied in seeds 0..games-1 of every "
                  "scenario, each by the occurrence of fewest set-up steps, then earliest game")

    def keys(self, w: Window) -> set[str]:
        return {f"question:{w.question}"} | {f"rule:{r}" for r in w.rules()}

    def discovered(self, w: Window) -> list[Target]:
        out = [discovered_target(f"question-{_slug(w.question)}", (w.question,),
                                 f"a {w.player} decision: {w.question}", f"question:{w.question}")]
        for r in w.rules():
            out.append(discovered_target(f"rule-{_slug(r)}", (r,), f"rule {r} applied", f"rule:{r}"))
        return out


def coverage(game: str) -> Coverage:
    """The coverage of ``game``: the one of its checks record, else discovered."""
    return games.checks(game).coverage or DiscoveredCoverage()


#: The answer that plays a card as its event, in every game with card-driven play.
USE_EVENT = {"use": "event"}


class EventsPolicy:
    """A searching player for card games: the event whenever a card may be played for it
    (``{"use": "event"}``), otherwise a uniformly random legal choice (as the oracle's random
    player); chance drawn with its exact probabilities (``properties.sampling.sample_chance``) from
    the same generator. Each game's coverage module uses it, and its directed search extends it."""

    name = "events"
    text = ('events first: {"use": "event"} whenever offered, otherwise a uniformly random legal choice '
            "(random.Random(seed).randrange); chance drawn with its exact probabilities "
            "(properties.sampling.sample_chance) from the same generator")

    def decide(self, rng: random.Random, st, legal: list) -> Any:
        if USE_EVENT in legal:
            return USE_EVENT
        return legal[rng.randrange(len(legal))]

    def chance(self, rng: random.Random, st) -> Any:
        return sample_chance(rng, st.chance_outcomes())
