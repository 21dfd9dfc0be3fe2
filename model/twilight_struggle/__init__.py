"""Twilight Struggle (GMT 2005), the two-player rules as an executable model, card events included
(both editions: the Italian seed's card texts and the Deluxe's).

Where a rule lives, by chapter: the map (2.1) ``mapdata.py`` and ``data/map.yaml``; the cards (2.2)
``cards.py`` and ``data/cards.yaml``; set-up (3.0) ``scenarios.py``, the scenario files
``scenarios/twilight_struggle/`` read by ``game.py``; the options (edition, tournament rules,
chapter 11) ``options.py``; the sequence of play (4.0-4.5) ``turn.py``, its headline phase (4.5 C)
``headline.py``; playing a card (5.0-5.2, 7.1, 9.0) ``cardplay.py``; the operations (6.0)
``operations/``: influence (6.1) ``influence.py``, realignment (6.2) ``realignment.py``, coups
(6.3) ``coup.py``, the Space Race (6.4) ``space_race.py`` and its abilities ``space_abilities.py``;
events (7.0) ``events/`` (by card number; the lasting effects ``events/effects.py``); influence and control (2.1.7) ``control.py``; DEFCON restrictions
(8.1.5) ``defcon.py``; the tracks (8.1, 8.2, 10.2) ``tracks.py``; scoring (10.1) ``scoring.py``;
victory (10.3) ``victory.py``; the printed tables ``tables.py`` and ``data/tables.yaml``; the
interpretation switches ``rulings.py``; the consistency laws of a state ``consistency.py``;
positions ``position.py``; the facts the rules derive from a state (control, region levels,
hand size: ``position show --json``'s ``derived``) ``derived.py``; what every state of a game under
one set of options and rulings shares (the map, the cards, the rulings; the derived facts and the
position format declared: the Game object, model/core/game.py) ``game.py``."""
from cdg_oracle.model.core.registry import GameSpec
from cdg_oracle.model.twilight_struggle.game import TwilightGame
from cdg_oracle.model.twilight_struggle import cardplay, headline, position, scenarios, turn  # noqa: F401  (procedures)
from cdg_oracle.model.twilight_struggle.events import common, load_all, play  # noqa: F401  (procedures)
from cdg_oracle.model.twilight_struggle.operations import coup, influence, realignment, space_race  # noqa: F401
from cdg_oracle.model.twilight_struggle.cards import CHINA_CARD, load_cards
from cdg_oracle.model.twilight_struggle.options import DEFAULT_OPTIONS, normalize_options
from cdg_oracle.model.twilight_struggle.rules_catalogue import load_rules_catalogue
from cdg_oracle.model.twilight_struggle.rulings import TwilightRulings
from cdg_oracle.model.twilight_struggle.scenarios import LENGTHS, new_game, scenario_names
from cdg_oracle.model.twilight_struggle.state import SIDES, TwilightState
from cdg_oracle.model.twilight_struggle import mapview  # the map as the HTML pages draw it (issue 33)

load_all()  # every card event (events/)


def card_list() -> list[dict]:
    """The 110 cards (Deluxe numbering) and whether each one's event is implemented, for
    ``cdg-oracle rules`` (None for the China Card, which has no event: its rules are 9.0); an
    event not implemented is never offered as a headline or an event."""
    return [{"number": c.number, "name": c.name, "side": c.side, "ops": c.ops,
             "event_implemented": None if c.number == CHINA_CARD else play.is_implemented(c)}
            for c, _ in load_cards()]


def open_items() -> list[dict]:
    """What the model does not do yet, or no source here gives, for ``cdg-oracle rules``: the card
    events not implemented (counted from the registry, events/), and the variant no source gives."""
    missing = [c for c, _ in load_cards() if c.number != CHINA_CARD and not play.is_implemented(c)]
    out = []
    if missing:
        out.append({"rule": "7.0", "subject": "card events", "confidence": "not implemented",
                    "what": f"{len(missing)} cards' events are not ({', '.join(str(c.number) for c in missing)}): "
                            "never offered as a headline or an event; an opponent's event that operations "
                            "trigger (5.2) is recorded in the state's not_implemented, not resolved (the card "
                            "goes to the discards)"})
    return out + [
        {"rule": "-", "subject": "Chinese Civil War variant", "confidence": "missing",
         "what": "the English rulebook's variant; no source here gives its rules in full (only: a space next to the "
                 "USSR, 3 USSR influence to take the China Card): the option is refused"},
    ]


SPEC = GameSpec(
    name="twilight_struggle", sides=SIDES, scenarios=scenario_names, lengths=LENGTHS, rulings=TwilightRulings,
    new_state=new_game, state_class=TwilightState, options=tuple(DEFAULT_OPTIONS),
    normalize_options=normalize_options,
    description="Twilight Struggle (GMT 2005), two-player, the 110 card events (both editions)",
    # perft's default depths: as deep as stays within a few seconds on one core (standard 5 in about
    # 0.8 s: the USSR's set-up placements, 9 countries each; late_war 5, its headlines and first
    # action rounds, events included: 2-4 s an edition; depth 6 takes 10-70 s).
    perft_depths={"standard": 5, "late_war": 5},
    rules_catalogue=load_rules_catalogue, cards=card_list, open_items=open_items, positions=position.FORMAT,
    state_schema="data/state.schema.json",
    default_scenario="standard",
    derived_facts=TwilightState.derived_facts, derived_rules=TwilightGame.DERIVED_RULES,
    checks="cdg_oracle.properties.twilight_struggle:CHECKS", map_drawing=mapview.DRAWING,
    encoding="cdg_oracle.model.twilight_struggle.encoding:table")

__all__ = ["new_game", "scenario_names"]
