"""Labyrinth: The War on Terror (GMT 2010), the two-player rules as an executable model.

Where a rule lives, by chapter: victory (2) ``victory.py``; set-up and scenarios (3)
``scenarios.py``; the map (4.1-4.5) ``mapdata.py`` and ``data/map.yaml``; tracks (4.7)
``tracks.py``; country markers (4.2-4.8) ``countries.py``; tables and tests (4.9) ``tables.py``;
cards (4.10) ``cards.py`` and ``data/cards.yaml``; sequence of play (5) ``turn.py``; card play (6)
``cardplay.py``; US operations (7) ``operations/us.py``; Jihadist operations (8)
``operations/jihadist.py``; unblocked plots (8.5.6) ``plots.py``; card events (6.2) ``events/``
(by card number: ``events/us_1_16.py`` ... ``events/unassociated_96_120.py``; event play,
markers and blocking in ``events/play.py`` and ``events/lasting.py``); the per-phase record some
events read ``action_log.py``; the options (solo play, Ideology 9.7) ``options.py``; the solo
Jihadist of chapter 9 in ``solo/`` ("Event or Ops?" 9.4.1 and Radicalization 9.4.3
``solo/flow.py``; the "Where?" priority lists 9.4.2.x ``solo/priorities.py``; the operations
``solo/activities.py``; Random Country 9.5 ``solo/random_country.py`` and its tables
``solo/tables.py``; answers to the questions of events and operations
9.3.1, 9.3.2, 9.4.2.1, 9.6 ``solo/answers.py`` with ``data/solo_events.yaml``). The facts the
rules derive from a state (levels, hand sizes, victory totals: ``position show --json``'s
``derived``) ``derived.py``; what every state of a game under one set of options and rulings
shares (the map, the cards, the rulings; the derived facts and the position format declared: the
Game object, model/core/game.py) ``game.py``."""
from cdg_oracle.model.core.registry import GameSpec
from cdg_oracle.model.labyrinth.game import LabyrinthGame
from cdg_oracle.model.labyrinth import cardplay, engine, plots, position, turn, victory  # noqa: F401  (procedures; positions)
from cdg_oracle.model.labyrinth.solo import activities, answers, flow, random_country  # noqa: F401  (chapter 9)
from cdg_oracle.model.labyrinth.events import is_implemented, load_all
from cdg_oracle.model.labyrinth.cards import load_cards
from cdg_oracle.model.labyrinth.rules_catalogue import load_rules_catalogue
from cdg_oracle.model.labyrinth.rulings import LabyrinthRulings
from cdg_oracle.model.labyrinth.scenarios import LENGTHS, new_game, scenario_names
from cdg_oracle.model.labyrinth.options import normalize_options
from cdg_oracle.model.labyrinth.solo.tables import open_items
from cdg_oracle.model.labyrinth.state import SIDES, LabyrinthState
from cdg_oracle.model.labyrinth import mapview  # the map as the HTML pages draw it (issue 33)

load_all()


def _solo_bot_asks(st) -> None:
    """In a solo game (chapter 9) the Jihadist makes no free choice: his question goes to the bot,
    which answers at once or poses the chance node of a random choice (9.5)."""
    if st.d["pending"]["player"] == "Jihadist" and st.d.get("options", {}).get("solo"):
        answers.decide(st)


def card_list() -> list[dict]:
    """The 120 cards (data/cards.yaml) and whether each one's event is implemented, for
    ``cdg-oracle rules``."""
    return [{"number": n, "name": c.name, "side": c.side, "ops": c.ops, "event_implemented": is_implemented(n)}
            for n, c in load_cards().items()]


# The engine's hooks, set once the rule modules are loaded (model/core/engine.py, "Setting the
# hooks: one way"): after every step the instant-victory check (2.1), on a question the solo bot.
engine.ENGINE.set_hooks(after_step=victory.check_instant, on_ask=_solo_bot_asks)

SPEC = GameSpec(
    name="labyrinth", sides=SIDES, scenarios=scenario_names, lengths=tuple(LENGTHS), rulings=LabyrinthRulings,
    new_state=new_game, state_class=LabyrinthState, options=("solo", "ideology", "minidecks"),
    normalize_options=normalize_options, state_schema="data/state.schema.json",
    description="Labyrinth: The War on Terror (GMT 2010), two-player and the solo Jihadist of chapter 9",
    # perft's default depths: as deep as stays within a few seconds (measured on one core: lets_roll 6
    # in about 1.6 s, you_can_call_me_al 6 in 1.4 s, mission_accomplished 6 in 3.4 s, anaconda 3 in
    # 1 s; anaconda's three set-up cells make depth 4 take minutes).
    perft_depths={"lets_roll": 6, "you_can_call_me_al": 6, "mission_accomplished": 6, "anaconda": 3},
    rules_catalogue=load_rules_catalogue, cards=card_list, open_items=open_items, positions=position.FORMAT,
    default_scenario="lets_roll",
    derived_facts=LabyrinthState.derived_facts, derived_rules=LabyrinthGame.DERIVED_RULES,
    checks="cdg_oracle.properties.labyrinth:CHECKS", map_drawing=mapview.DRAWING,
    encoding="cdg_oracle.model.labyrinth.encoding:table")

__all__ = ["new_game", "scenario_names"]
