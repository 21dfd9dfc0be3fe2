"""A hypothesis state machine that walks the decision protocol of Labyrinth (DESIGN.md, "What must
always hold": hypothesis; issue 4, item 4).

One run of the machine plays games of a scenario, one atomic step at a time:

* ``start_game`` (the initialize rule) picks the scenario among ``scenario_names()``, the game
  length, the rulings (every switch, its default first, so that a failure shrinks to Let's Roll!,
  the standard length and the default readings) and the game options: a two-player game (first, so
  that a failure shrinks to one when solo play does not matter) or a solo game (chapter 9) with an
  Ideology (9.7, ``normal`` first) and the mini-decks option (9.2, off first);
* ``step`` lets hypothesis draw the index of a legal action at a decision, or of an outcome at a
  chance node. Outcomes are drawn by index, not by weight: the search wants reach, not realism, and
  an index shrinks to 0 (the first card of the deck, a die of 1), so a failure shrinks to a
  minimal game. Once a game is over, the next ``step`` starts another one.

After every step the machine checks (:meth:`Walk.check`, in this order):

1. the rulebook invariants hold (``cdg_oracle.model.labyrinth.consistency.check_all``; in a solo game also
   ``solo_invariants``: no Jihadist decision node, the 9.3.3 plot markers, the Jihadist draw stack);
2. a game that is not over offers a legal action (no dead end); a game that is over offers none and
   says who won, why and by which rule;
3. at a chance node the outcomes are the legal actions, each with a positive exact probability,
   and the probabilities sum to exactly 1;
4. actions are small JSON values (a string or a flat object), all distinct;
5. a game ends within ``max_game_steps`` steps (non-termination);
6. the state round-trips through JSON exactly -- and the game goes on from the restored copy;
7. determinism: a second game, started fresh and fed the same actions but never serialized (the
   *shadow*), is identical after every step. Together with 6 this catches state held outside the
   JSON at the step where it first matters. When a game ends, when a run ends, and every
   ``check_every`` steps, the actions are also replayed from scratch in a third game, and a clone
   is checked to be equal to and independent of its original.

Every failure is recorded with the game's scenario, length, rulings, options and its actions from
the start, so that it can be written as a replayable trace (its header carries the options);
:func:`recheck` walks an action list with the same checks and returns the same words.
``properties`` never imports ``oracle``: the caller writes the trace with ``cdg_oracle.oracle.trace``
(``on_failure`` of :func:`run_machine`, or a test helper).

The machine, the walk and the checks are the game-generic ones of ``properties/stateful.py``; what
is Labyrinth's here is the configuration: the scenario order (Let's Roll! first), the game options
(two-player or solo, with the chapter-9 ``solo_*`` switches drawn only for a solo game), the
invariants (``campaign.py``'s, through the game's checks record), and the
report's ``solo_games`` count.
"""
from __future__ import annotations

from hypothesis import strategies as st

from cdg_oracle.model.labyrinth import scenario_names
from cdg_oracle.model.labyrinth.rulings import LabyrinthRulings
from cdg_oracle.model.labyrinth.scenarios import LENGTHS
from cdg_oracle.model.labyrinth.options import IDEOLOGIES
from cdg_oracle.model.labyrinth.state import SIDES
from cdg_oracle.properties import stateful as generic
from cdg_oracle.properties.stateful import (  # noqa: F401  (re-exported)
    CHECK_EVERY, MAX_GAME_STEPS, PHASES, PROFILES, ProtocolViolation, Recorder, action_values,
    chance_distribution, clone_differs, machine_settings, round_trip, step_limit,
)

GAME = "labyrinth"

# Let's Roll! first (the base scenario a failure shrinks to when the scenario does not matter);
# lengths in the order of LENGTHS, standard (the shortest game) first.
SCENARIOS = sorted(scenario_names(), key=lambda name: (name != "lets_roll", name))


def dead_end(state) -> str | None:
    """A game that is not over offers a legal action; one that is over offers none and says who
    won (US or Jihadist), why and by which rule (2.1-2.3)."""
    return generic.dead_end(state, SIDES)


class Walk(generic.Walk):
    """One Labyrinth game walked step by step with every check of the machine
    (:class:`cdg_oracle.properties.stateful.Walk`)."""

    def __init__(self, scenario: str, length: str = "standard", rulings: dict | None = None,
                 max_game_steps: int = MAX_GAME_STEPS, check_every: int = CHECK_EVERY,
                 options: dict | None = None):
        super().__init__(GAME, scenario, length, rulings, max_game_steps, check_every, options)


def recheck(scenario: str, length: str, rulings: dict | None, actions: list,
            max_game_steps: int = MAX_GAME_STEPS, check_every: int = CHECK_EVERY,
            options: dict | None = None) -> str | None:
    """Walk ``actions`` from a fresh game with every check of the machine, as the machine does
    (checks at the start and after every step, a replay from scratch at the end); the first
    violation in the machine's words, or None. ``options``: the game options (a trace header's
    ``options``; None: two-player)."""
    return generic.recheck(GAME, scenario, length, rulings, actions, max_game_steps, check_every, options)


# -- what the machine draws ------------------------------------------------------------------------

def _rulings_strategy(solo: bool = False):
    """The rulings of a game (:func:`cdg_oracle.properties.stateful.rulings_strategy`). The switches
    of chapter 9 (``solo_*``) are drawn apart (``solo=True``) and only for a solo game."""
    return generic.rulings_strategy(LabyrinthRulings, lambda name: name.startswith("solo_") == solo)


RULINGS = _rulings_strategy()
SOLO_RULINGS = _rulings_strategy(solo=True)
SCENARIO = st.sampled_from(SCENARIOS)
LENGTH = st.sampled_from(list(LENGTHS))

#: Solo game options (chapter 9): every Ideology (9.7, ``normal`` first) and the mini-decks option
#: (9.2, off first), so that a failure shrinks to the plainest solo game.
SOLO_OPTIONS = st.builds(lambda ideology, minidecks: {"solo": True, "ideology": ideology, "minidecks": minidecks},
                         st.sampled_from(IDEOLOGIES), st.booleans())
#: Two-player games only (``None``: the options of a two-player game). The machine then draws no
#: options at all: its games are those of the machine before solo play existed.
TWO_PLAYER = generic.NO_OPTIONS
#: The default draw: two-player or solo, evenly; a failure shrinks to two-player.
OPTIONS = st.booleans().flatmap(lambda solo: SOLO_OPTIONS if solo else TWO_PLAYER)


def _solo_rulings(options):
    """A solo game draws the chapter-9 switches too."""
    return SOLO_RULINGS if options else None


def draws(options=OPTIONS) -> generic.Draws:
    """What a Labyrinth machine draws a game from, its options from the strategy ``options``."""
    return generic.Draws(SCENARIO, LENGTH, RULINGS, options, _solo_rulings)


class LabyrinthMachine(generic.GameMachine):
    """Walks the decision protocol of Labyrinth: hypothesis chooses the scenario, the game length,
    the rulings, the game options, every action and every chance outcome; everything in
    :meth:`Walk.check` holds after every step. :func:`machine_class` makes subclasses with their
    own recorder, bounds and options strategy."""

    game = GAME
    draws = draws(OPTIONS)
    start_game = generic._start_rule(draws)


def machine_class(recorder: Recorder | None = None, max_game_steps: int = MAX_GAME_STEPS,
                  check_every: int = CHECK_EVERY, vary_rulings: bool = True, seed: int | None = None,
                  options=OPTIONS) -> type:
    """A machine class with its own recorder and bounds (and a hypothesis ``@seed`` if given).
    ``options``: the strategy the game options are drawn from (``OPTIONS``: two-player or solo;
    ``SOLO_OPTIONS``; ``TWO_PLAYER``)."""
    return generic.machine_class(GAME, recorder, max_game_steps, check_every, vary_rulings, seed,
                                 draws(options), base=LabyrinthMachine, name="LabyrinthMachine")


def run_machine(max_examples: int, step_count: int, seed: int, on_failure=None,
                max_game_steps: int = MAX_GAME_STEPS, check_every: int = CHECK_EVERY,
                vary_rulings: bool = True, shrink: bool = True, options=OPTIONS, refine: bool = False) -> dict:
    """Run the machine under hypothesis with a fixed seed (:func:`cdg_oracle.properties.stateful.
    run_machine`): ``max_examples`` runs of up to ``step_count`` steps each, then shrinking if one
    fails (``shrink=False``: report the first failing game found, unshrunk). Returns::

        {"stats": {"runs", "steps", "steps_per_second", "seconds", "games", "games_finished",
                   "longest_game", "endings", "solo_games", ...},
         "failures": [{"what", "actions", "scenario", "length", "rulings", "options", "players", "steps"}]}

    ``solo_games`` counts the games with options (solo games). Same arguments, same result
    (timings aside)."""
    cls = machine_class(Recorder(), max_game_steps, check_every, vary_rulings, seed, options)
    out = generic.run_machine(GAME, max_examples, step_count, seed, on_failure, shrink=shrink, machine=cls,
                              refine=refine)
    out["stats"] = {("solo_games" if k == "games_with_options" else k): v for k, v in out["stats"].items()}
    return out


# -- the games of the ambiguity measurement's side-by-side runs (properties/labyrinth/__init__.py) ---

def discovery_game(rng, switch: str) -> tuple[str, str, dict | None]:
    """The scenario, length and options of a discovery pair (properties/discovery.py), drawn from
    ``rng``: a solo game (chapter 9, every Ideology, mini-decks or not) for a ``solo_`` switch,
    else two-player or solo evenly."""
    scenario = rng.choice(SCENARIOS)
    length = rng.choice(list(LENGTHS))
    solo = switch.startswith("solo_") or rng.randrange(2) == 1
    options = None
    if solo:
        options = {"solo": True, "ideology": rng.choice(IDEOLOGIES), "minidecks": rng.randrange(2) == 1}
    return scenario, length, options


def side_by_side_game(switch: str) -> tuple:
    """The strategies of a pair of the side-by-side machine (properties/side_by_side.py): the
    scenario, the length, and the options (a solo game, chapter 9, for a ``solo_`` switch, else
    two-player or solo as the machine draws them)."""
    return SCENARIO, LENGTH, SOLO_OPTIONS if switch.startswith("solo_") else OPTIONS
