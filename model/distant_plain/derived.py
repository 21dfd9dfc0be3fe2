"""A Distant Plain's derived facts (issue 27.11): what the aid's rules compute from a state and a
player reads off the board -- Control of each space, the sums the four victory goals read (Total
Support, Total Opposition, COIN-controlled Population, ...), each faction's margin and the goals
met, and the costs the aid states per space where they vary (the Taliban's Rally under Islamabad,
the Train's) -- as plain data, for ``position show --json`` (its ``derived`` section) and
``observation(side)``. Before this, the margins appeared only in the game-over text.

Every fact is the value of the model's own function (never computed again here), named in
:data:`RULES` with the aid's named rule it reads. Everything on the board is public (no hands), so
every faction's observation carries them whole. Never typed in a position: the oracle computes them
(model/core/position.py refuses a document that states them).
"""
from __future__ import annotations


from cdg_oracle.model.distant_plain.control import control_of
from cdg_oracle.model.distant_plain.operations.rally import taliban_rally_cost, taliban_rally_location
from cdg_oracle.model.distant_plain.operations.train import COST as TRAIN_COST
from cdg_oracle.model.distant_plain.operations.train import selection_cost
from cdg_oracle.model.distant_plain.victory import goals_met, margins, terms

#: Each fact's key and the rules it reads (docs/positions.md lists them).
RULES = {
    "control": "Control (gap control_definition, option control)",
    "costs": "coalition.operations.train, government.operations.train, taliban.operations.rally, "
             "islamabad.backing, islamabad.sponsorship",
    "goals_met": "propaganda.victory",
    "margins": "propaganda.victory, propaganda.redeploy.game_end (gap victory_ties)",
    "victory_terms": "coalition.victory, government.victory, taliban.victory, warlords.victory",
}


def control(st) -> dict[str, str]:
    """Control of each Province, City and Pakistan space (not the LoCs, which no victory goal
    reads): ``coin``, ``taliban`` or ``uncontrolled``, as :func:`~.control.control_of` reads the
    option ``control`` (gap ``control_definition``)."""
    d = st.d
    return {n: control_of(d["spaces"][n], st.map.spaces[n].pakistan, d["options"]) for n in sorted(st.map.areas)}


def costs(st) -> dict:
    """The Resources the aid's placing Operations cost per space where the state decides them:
    Train, "3 Risorse (Govt) per Spazio" (``per_space``) and what choosing a space costs already
    (``on_choosing``: 3 for the Government under ``government_train_cost`` = ``every_space``, A07;
    else paid with the first cube); the Taliban's Rally in each space it may be made in
    (:func:`~.operations.rally.taliban_rally_location`), 1, or 0 in Pakistan at Backing and
    Sponsorship (:func:`~.operations.rally.taliban_rally_cost`)."""
    return {
        "taliban_rally": {n: taliban_rally_cost(st, n) for n in sorted(st.map.areas) if taliban_rally_location(st, n)},
        "train": {"on_choosing": {f: selection_cost(st, f) for f in ("Coalition", "Government")},
                  "per_space": TRAIN_COST},
    }


def facts(st) -> dict:
    """Every derived fact of ``st`` (:data:`RULES`); the Game makes it plain JSON with sorted keys
    (model/core/game.py ``Game.derived_facts``, what ``st.derived_facts()`` gives)."""
    d = st.d
    return {
        "control": control(st),
        "costs": costs(st),
        "goals_met": sorted(goals_met(d)),
        "margins": dict(sorted(margins(d).items())),
        "victory_terms": dict(sorted(terms(d).items())),
    }
