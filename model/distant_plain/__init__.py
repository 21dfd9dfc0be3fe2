"""A Distant Plain (GMT, COIN Series vol. III), four factions, as far as the sources here give it: the
Italian Coalition player aid (seed 003) and the map and piece facts. No source gives the scenarios,
the event cards or the sequence of play: the game is played as a *sandbox* built from the facts
(scenarios.py, turn.py), and every missing fact is a registered gap (data/gaps.yaml) that ``cdg-oracle
rules --game distant_plain`` lists and the traces flag.

Where a rule lives (the aid prints no rule numbers: its rules have names, data/rules.yaml): the map
``mapdata.py`` and ``data/map.yaml``; pieces, tracks and victory goals ``pieces.py`` and
``data/pieces.yaml``; the event cards' titles ``cards.py``; Control and the Islamabad track
``control.py``; the options over gaps ``options.py``; the interpretation switches ``rulings.py``;
the sandbox set-up ``scenarios.py``; the sequence of play ``turn.py``; which Special Activity goes
with which Operation ``activities.py`` and ``data/activities.yaml``; the Operations
``operations/`` (one module per Operation, both factions' versions); the Special Activities
``special_activities/`` (one module per faction); removing pieces ``removal.py``; the Propaganda
round ``propaganda.py`` (Victory, Resources, Reset), ``support.py`` (Civic Action, Sharia),
``redeploy.py`` (Desertion, the redeploys); victory ``victory.py``; the consistency laws
``consistency.py``; positions ``position.py``; the facts the rules derive from a state (Control,
the victory sums and margins, costs: ``position show --json``'s ``derived``) ``derived.py``; what every state of a game under one
set of options and rulings shares (the map, the rulings; the derived facts and the
position format declared: the Game object, model/core/game.py) ``game.py``."""
from cdg_oracle.model.core.registry import GameSpec
from cdg_oracle.model.distant_plain.game import DistantPlainGame
from cdg_oracle.model.distant_plain import engine, operations, position, redeploy, special_activities, support, turn  # noqa: F401  (procedures)
from cdg_oracle.model.distant_plain.cards import load_cards
from cdg_oracle.model.distant_plain.options import DEFAULT_OPTIONS, GAPS, normalize_options
from cdg_oracle.model.distant_plain.pieces import load_gaps
from cdg_oracle.model.distant_plain.rules_catalogue import load_rules_catalogue
from cdg_oracle.model.distant_plain.rulings import DistantPlainRulings
from cdg_oracle.model.distant_plain.scenarios import LENGTHS, new_game, scenario_names
from cdg_oracle.model.distant_plain.state import DistantPlainState
from cdg_oracle.model.distant_plain.pieces import FACTIONS
from cdg_oracle.model.distant_plain import mapview  # the map as the HTML pages draw it (issue 33)


def card_list() -> list[dict]:
    """The 72 event cards, titles only: no event is implemented (no source gives their text)."""
    return [{"number": c["number"], "name": c["title"], "side": "-", "ops": None, "event_implemented": False}
            for c in load_cards()]


def open_items() -> list[dict]:
    """Every gap of the sources (data/gaps.yaml): what no source here gives, and what the model does
    in its place, for ``cdg-oracle rules``."""
    options = {gap: name for name, gap in GAPS.items()}
    return [{"rule": g["rule"], "subject": g["id"], "confidence": "gap",
             "what": g["what"] + (f" (in its place: the option {options[g['id']]}, default "
                                  f"{DEFAULT_OPTIONS[options[g['id']]]!r})" if g["id"] in options else "")}
            for g in load_gaps()]


# The engine's hook, set once the rule modules are loaded (model/core/engine.py, "Setting the hooks:
# one way"): after every step the aid's standing conditions (the tracks' top, Hostility).
engine.ENGINE.set_hooks(after_step=engine.standing_conditions)

SPEC = GameSpec(
    name="distant_plain", sides=FACTIONS, scenarios=scenario_names, lengths=LENGTHS, rulings=DistantPlainRulings,
    new_state=new_game, state_class=DistantPlainState, options=tuple(DEFAULT_OPTIONS),
    normalize_options=normalize_options,
    description="A Distant Plain (GMT 2013), four factions, as a sandbox: no source gives its scenarios, event "
                "cards or sequence of play (gaps)",
    # perft's default depth: 5 (83,599 leaves, about 0.4 s on one core: the Coalition's Train or pass,
    # then the Government's; every choice the aid allows is offered, also one without effect, issue
    # 27 item 1, so depth 6 has 1,345,655 leaves)
    perft_depths={"sandbox": 5},
    rules_catalogue=load_rules_catalogue, cards=card_list, open_items=open_items, positions=position.FORMAT,
    state_schema="data/state.schema.json", default_scenario="sandbox", title="A Distant Plain",
    derived_facts=DistantPlainState.derived_facts, derived_rules=DistantPlainGame.DERIVED_RULES,
    checks="cdg_oracle.properties.distant_plain:CHECKS", map_drawing=mapview.DRAWING,
    encoding="cdg_oracle.model.distant_plain.encoding:table")

__all__ = ["new_game", "scenario_names"]
