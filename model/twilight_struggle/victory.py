"""Victory (10.3): the automatic victories and the end of the game.

10.3.1: a side that reaches 20 VP wins at once, once every VP of the current card or event has
been applied (so the check is made at the end of each card's play and after each end-of-turn
step that moves VP, :func:`check_vp`); a side that controls Europe when Europe is scored wins
(scoring.py); nuclear war: the side that moves DEFCON to 1 loses (tracks.py, 8.1.3).
10.3.2: after turn 10, every region is scored as if its card were played (Southeast Asia only
within Asia); +/-20 then wins nothing, but Control of Europe still does; the holder of the China
Card gains 1 VP (card 6's text; ruling ``china_card_final_vp``); then the US wins with VP above
zero, the USSR below, and a zero is a draw. The Late War scenario has its own end: the US needs
+20 or more, else the USSR wins.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite
from cdg_oracle.model.twilight_struggle.scoring import SCORED_REGIONS, score_region
from cdg_oracle.model.twilight_struggle.tracks import gain_vp

VP_WIN = 20  # 10.3.1: 20 VP wins at once (+20 the US, -20 the USSR)


@implements("10.3.1")
def vp_needed(st) -> dict[str, int]:
    """10.3.1: the VP each side still needs for its automatic victory (+20 the US, -20 the USSR)."""
    vp = st.d["vp"]
    return {"US": max(0, VP_WIN - vp), "USSR": max(0, VP_WIN + vp)}


@implements("10.3.1", "10.2.1")
def check_vp(st) -> None:
    """10.3.1: 20 VP wins at once (+20 the US, -20 the USSR); 10.2.1: the track ends there."""
    d = st.d
    if d["terminal"] is not None:
        return
    if d["vp"] >= VP_WIN or d["vp"] <= -VP_WIN:
        side = "US" if d["vp"] > 0 else "USSR"
        d["vp"] = max(-VP_WIN, min(VP_WIN, d["vp"]))
        cite(st, "10.3.1")
        d["terminal"] = {"winner": side, "reason": f"{side} reached 20 VP", "rule": "10.3.1"}


@implements("10.3.2", "card 6")
def final_scoring(st, f) -> None:
    """10.3.2: score every region (Southeast Asia within Asia), Europe's Control winning at once;
    the China Card's holder gains 1 VP (card 6); the sign of the VP decides (zero: a draw)."""
    d = st.d
    cite(st, "10.3.2")
    for region in SCORED_REGIONS:
        score_region(st, region, final=True)
        if d["terminal"] is not None:
            return
    if st.rulings.china_card_final_vp:
        cite(st, "card 6")
        gain_vp(st, d["china"]["holder"], 1)
    vp = d["vp"]
    if st.scenario_rules["final_victory"] == "us_needs_20":
        winner = "US" if vp >= 20 else "USSR"
        reason = f"final scoring: {vp:+d} VP (the Late War scenario: the US needs +20)"
    else:
        winner = "US" if vp > 0 else "USSR" if vp < 0 else None
        reason = f"final scoring: {vp:+d} VP" + (" (a draw)" if winner is None else "")
    d["terminal"] = {"winner": winner, "reason": reason, "rule": "10.3.2"}
