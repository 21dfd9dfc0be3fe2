"""A Distant Plain's procedures on the core engine (model/core/engine.py): its own Engine, with one
hook after every step, the standing conditions of the aid (:func:`standing_conditions`): the
General Records Track's end (:func:`track_limits`) and Islamabad's Hostility, under which the
Taliban guerrillas in Pakistan "sono sempre attivi" (control.hostility_activates)."""
from __future__ import annotations

from cdg_oracle.model.core.engine import Engine
from cdg_oracle.model.distant_plain.control import hostility_activates
from cdg_oracle.model.distant_plain.pieces import load_pieces

#: The General Records Track's top: data/pieces.yaml ``tracks.general_records.high`` (75, source B).
TRACK_HIGH = load_pieces()["tracks"]["general_records"]["high"]


def track_limits(st) -> None:
    """Resources, Aid and Patronage are marked on the General Records Track (data/pieces.yaml, source
    B; the aid states no limit): a gain past its top stops there. (Any other limit no source gives:
    gap ``track_limits``.) A spend below 0 is never offered, so only the top needs holding here."""
    d = st.d
    r = d.get("resources")
    if r is None:
        return
    for k, v in r.items():
        if v > TRACK_HIGH:
            r[k] = TRACK_HIGH
    for k in ("aid", "patronage"):
        if d[k] > TRACK_HIGH:
            d[k] = TRACK_HIGH


def standing_conditions(st) -> None:
    """What holds at every moment of play, checked after every step: the tracks' top, and under
    Hostility no Underground Taliban guerrilla in Pakistan ("sempre attivi": one entering or placed
    there is Active at once, whatever procedure put it there)."""
    track_limits(st)
    if st.d.get("islamabad") is not None:
        hostility_activates(st.d)


ENGINE = Engine("distant_plain", after_step=standing_conditions)

# The procedures written by hand that pose their question again when called without an answer
# (model/core/engine.py, "Posing again"; checked by tests/oracle/test_positions_machine.py on random
# games, and for the Operations and the Propaganda round by tests/distant_plain/test_reposing_operations.py).
# ``propaganda`` and ``sandbox`` never pose a question of their own (they only start others), so
# they re-pose vacuously: a stack topped by one of them poses nothing and is refused.
ENGINE.declare_reposing(
    "civic_action", "coalition_assault", "coalition_patrol", "coalition_sweep", "coalition_train", "coin_activation",
    "coin_assault_removal", "desertion", "faction_turn", "government_assault", "government_patrol",
    "government_sweep", "government_train", "propaganda", "redeploy", "sandbox", "sharia", "taliban_attack",
    "taliban_extort", "taliban_march", "taliban_rally", "taliban_terror", "warlords_attack", "warlords_cultivate",
    "warlords_march", "warlords_rally", "warlords_terror",
)
# The Special Activities (special_activities/*.py; Extort and Cultivate above).
ENGINE.declare_reposing(
    "coalition_air_lift", "coalition_air_strike", "coalition_surge", "government_eradicate", "government_govern",
    "government_transport", "taliban_infiltrate", "warlords_suborn", "warlords_traffic",
)
