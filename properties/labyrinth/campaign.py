"""A bounded campaign of random complete games, checking after every step that the state keeps
the invariants, round-trips through JSON exactly, and offers a legal action (no dead end), and
that each game ends (terminates within a step bound). Randomness is the caller's seeded
``random.Random``; the model holds none.

A game may be solo (chapter 9): ``options={"solo": True, "ideology": LEVEL}`` (the options of
``new_game``, model/labyrinth/options.py). The invariants then include the solo ones
(``invariants.solo_invariants``: no Jihadist decision node, 9.3.3 plot markers, the Jihadist draw
stack), and the result counts the steps at a chance node that stands in for a table no source gives
(``decision()["gap"]``: the 9.5 Global table).

What is Labyrinth's here: its invariants (the ``invariants`` of its checks record,
properties/labyrinth/__init__.py, where the generic checked walk and the state machine of ``properties/stateful.py`` find them) and its schedule (the solo
campaign over the Ideologies); the checked walk and the scheduling are ``properties/walk.py`` and
``properties/campaign.py``."""
from __future__ import annotations

from cdg_oracle.model.labyrinth.scenarios import plot_values
from cdg_oracle.properties import campaign as generic
from cdg_oracle.properties import walk
from cdg_oracle.model.labyrinth.consistency import check_all
from cdg_oracle.properties.walk import MAX_STEPS, GameResult  # noqa: F401  (re-exported)


def labyrinth_invariants(st):
    """The check of every state of one Labyrinth game: the invariants of properties/labyrinth/
    model/labyrinth/consistency.py (the solo ones too), under the game's plot-marker ruling."""
    numbered = plot_values(st.rulings)
    muslim = st.map.muslim
    return lambda s: check_all(s.d, numbered, muslim)



def play_checked(scenario: str, seed: int, roundtrip_every: int = 1, keep_actions: bool = False,
                 options: dict | None = None) -> GameResult:
    """Play one random Labyrinth game, checking every step (the generic checked walk of
    properties/walk.py with Labyrinth's invariants); stops at the first failure. ``options``: the
    game options of ``new_game`` (a solo game: ``{"solo": True, "ideology": LEVEL}``)."""
    return walk.play_checked("labyrinth", scenario, seed, roundtrip_every, keep_actions, options)


def campaign(scenarios: list[str], seed: int, games_per_scenario: int, budget_s: float | None = None,
             progress=None, options: dict | None = None, jobs: int = 1) -> list[GameResult]:
    """Play ``games_per_scenario`` Labyrinth games per scenario (seeds derived from ``seed``), within
    an optional time budget; returns every result (the generic schedule of
    ``properties/campaign.py``). ``options``: the game options of every game (see
    :func:`play_checked`)."""
    return generic.campaign("labyrinth", scenarios, seed, games_per_scenario, budget_s, progress, options, jobs)


def solo_campaign(scenarios: list[str], ideologies: list[str], seed: int, games: int,
                  budget_s: float | None = None, progress=None, jobs: int = 1) -> list[GameResult]:
    """Solo games (chapter 9): ``games`` rounds, each one game for every scenario at every Ideology
    (9.7), seeds derived from ``seed`` as in :func:`campaign`, within an optional time budget
    checked before each game, the first round's too (issue 28.6). Returns every result (``gaps`` counts each game's steps at a 9.5 Global-table
    substitute)."""
    solo = [{"solo": True, "ideology": ideology} for ideology in ideologies]
    return generic.options_campaign("labyrinth", scenarios, solo, seed, games, budget_s, progress, jobs)
