"""One way to write a procedure (docs/design.md, "Writing a procedure"; issue 29 item 6): a list of
named steps registered with ``Engine.sequence``. The procedures still written by hand
(``Engine.procedure``, a handler branching on ``frame["pc"]``) are listed here per game as a frozen
set that may only shrink: a new hand-written procedure fails, named, and one converted to steps
must leave the list (so the list never claims more than is left).

What counts is the engine's own record (``Engine.hand_written``: every registered procedure not
registered through ``Engine.sequence``), read after the game's package is loaded, every rule module
imported; a procedure counts for the game whose package defines it."""
from __future__ import annotations

import importlib

import pytest

from cdg_oracle.model.core.engine import Engine
from cdg_oracle.model.core.steps import do

SECTION = 'docs/design.md, "Writing a procedure"'

#: Labyrinth: the operations (chapters 7-8), the card events (6.2; one procedure per card, 1-120,
#: and the shared steps of events/common.py), the plots (8.5.6) and the solo bot (chapter 9).
LABYRINTH = frozenset({f"event_{n}" for n in range(1, 121)} | {
    "card29_woi", "card48_recruit", "card53_recruit", "card74_79_travel",
    "cards48_71_place_cells", "event", "event_op",
    "op_alert", "op_deploy", "op_disrupt", "op_jihad", "op_plot", "op_reassessment", "op_recruit",
    "op_regime_change", "op_travel", "op_war_of_ideas", "op_withdraw",
    "random_cards", "resolve_plot", "resolve_plots", "solo_card", "solo_event_travel", "solo_jihad",
    "solo_jihadist_phase", "solo_ops", "solo_pick", "solo_plot", "solo_radicalization", "solo_recruit",
    "solo_shia_mix_nearest", "solo_travel"})

#: Twilight Struggle: the operations of 6.1-6.3 and the event (7.0).
TWILIGHT_STRUGGLE = frozenset({"coup", "influence", "realign"})

#: A Distant Plain: the Operations and Special Activities (``@activity`` over hand-written
#: handlers), the sequence of play and the Propaganda round.
DISTANT_PLAIN = frozenset({
    "civic_action", "coalition_air_lift", "coalition_air_strike", "coalition_assault",
    "coalition_patrol", "coalition_surge", "coalition_sweep", "coalition_train", "coin_activation",
    "coin_assault_removal", "desertion", "faction_turn", "government_assault", "government_eradicate",
    "government_govern", "government_patrol", "government_sweep", "government_train",
    "government_transport", "propaganda", "redeploy", "sandbox", "sharia", "taliban_attack",
    "taliban_extort", "taliban_infiltrate", "taliban_march", "taliban_rally", "taliban_terror",
    "warlords_attack", "warlords_cultivate", "warlords_march", "warlords_rally", "warlords_suborn",
    "warlords_terror", "warlords_traffic"})

STILL_BY_HAND = {"labyrinth": LABYRINTH, "twilight_struggle": TWILIGHT_STRUGGLE, "distant_plain": DISTANT_PLAIN}


def engine_of(game: str) -> Engine:
    importlib.import_module(f"cdg_oracle.model.{game}")
    return importlib.import_module(f"cdg_oracle.model.{game}.engine").ENGINE


def style_problems(game: str, engine: Engine, allowed: frozenset, prefix: str | None = None) -> list[str]:
    """What breaks the rule in ``engine``: a hand-written procedure not in ``allowed`` (new), or
    one in ``allowed`` that is no longer hand-written (the list must shrink with it). Only the
    procedures defined in ``prefix`` (default: the game's package) count: other tests register
    probes of their own on a game's engine."""
    prefix = prefix if prefix is not None else f"cdg_oracle.model.{game}."
    by_hand = {name for name in engine.hand_written()  # the game's own, not a test's probe
               if getattr(engine.procs[name], "__module__", "").startswith(prefix)}
    out = [f"{game}: procedure {name!r} is written by hand; write it as a list of steps "
           f"(@ENGINE.sequence, {SECTION})" for name in sorted(by_hand - allowed)]
    out += [f"{game}: procedure {name!r} is no longer written by hand (or gone): remove it from "
            f"tests/test_procedures_style.py" for name in sorted(allowed - by_hand)]
    return out


@pytest.mark.parametrize("game", sorted(STILL_BY_HAND))
def test_no_new_hand_written_procedure(game):
    problems = style_problems(game, engine_of(game), STILL_BY_HAND[game])
    assert not problems, "\n".join(problems)


def test_the_check_names_a_new_hand_written_procedure():
    """The check can fail: an engine with one procedure of each kind, against an empty list."""
    eng = Engine("style_probe")
    eng.sequence("listed_steps", [do(lambda st, f: None)])

    @eng.procedure("by_hand")
    def by_hand(st, f, a):
        pass

    assert eng.hand_written() == {"by_hand"}
    problems = style_problems("style_probe", eng, frozenset(), prefix=__name__)
    assert len(problems) == 1 and "'by_hand'" in problems[0] and "Writing a procedure" in problems[0]
    stale = style_problems("style_probe", eng, frozenset({"by_hand", "listed_steps"}), prefix=__name__)
    assert len(stale) == 1 and "'listed_steps'" in stale[0] and "remove it" in stale[0]
