"""Labyrinth: who sees what (model/labyrinth/information.py) and the re-deal's distribution. The
property over random games of every scenario is tests/test_information.py."""
from __future__ import annotations

import json
import math
import random
from collections import Counter

import pytest

from cdg_oracle.model.labyrinth import new_game
from cdg_oracle.model.labyrinth.plots import face_down_plots
from cdg_oracle.oracle.playout import choose


def _after_deal():
    """A game at its first decision after the opening deal (5.2.8)."""
    st = new_game("lets_roll")
    rng = random.Random(1)
    while not (st.d["hands"]["US"] and st.d["hands"]["Jihadist"] and st.current_player() != "chance"):
        st.apply(choose(rng, st))
    return st


@pytest.mark.rule("5.3.1")
def test_a_draw_is_seen_by_its_drawer_only():
    st = _after_deal()
    for side, other in (("US", "Jihadist"), ("Jihadist", "US")):
        draws = [e for e in st.information_state(side)["history"] if e[1] == "draw.drawn"]
        assert sorted(e[2]["card"] for e in draws if e[2] is not None) == sorted(st.d["hands"][side])
        assert sum(e[2] is None for e in draws) == len(st.d["hands"][other])


@pytest.mark.rule("5.3.1")
def test_the_redeal_deals_every_hidden_card_alike():
    """Which cards land in the Jihadist hand when the US re-deals after the opening deal: every
    card the US cannot place equally often (within 4.5 standard deviations of a binomial count:
    a sampler that keeps the true hand, or favours a card, fails)."""
    st = _after_deal()
    hand = st.d["hands"]["Jihadist"]
    pool = sorted(hand + st.d["deck"])
    n, k = 1200, len(hand)
    p = k / len(pool)
    counts: Counter = Counter()
    rng = random.Random(7)
    for _ in range(n):
        new = st.sample_redeal("US", rng)
        assert new.d["hands"]["US"] == st.d["hands"]["US"]
        counts.update(new.d["hands"]["Jihadist"])
    sd = math.sqrt(n * p * (1 - p))
    worst = max(abs(counts[c] - n * p) / sd for c in pool)
    assert worst < 4.5, f"a card's count is {worst:.1f} standard deviations off"


def _with_face_down_plots(min_plots: int = 1):
    """A random game at a US decision with face-down plots on the map and plots Available."""
    for seed in range(200):
        st = new_game("lets_roll")
        rng = random.Random(seed)
        for _ in range(1500):
            if st.is_terminal():
                break
            down = sum(len(face_down_plots(st, n)) for n in st.d["countries"])
            if st.current_player() == "US" and down >= min_plots and st.d["plots_available"] \
                    and st.d["phase"] != "plots":
                return st
            st.apply(choose(rng, st))
    raise AssertionError("no state with a face-down plot")


@pytest.mark.rule("8.5.4", "4.8.1")
def test_face_down_plots_are_dealt_again_for_the_us_only():
    """The plot markers the US cannot see (face down on the map, 8.5.4; in the Available box, 4.8.1)
    are dealt again for the US: each face-down marker takes each value of the hidden markers as
    often as that value's share of them; the Jihadist, who sees them all, gets them unchanged."""
    st = _with_face_down_plots()
    where = next(n for n in sorted(st.d["countries"]) if face_down_plots(st, n))
    hidden = list(st.d["plots_available"]) + ["WMD"] * st.d["wmd_available"]
    for n in st.d["countries"]:
        hidden += face_down_plots(st, n)
    share = Counter(hidden)
    n = 900
    got: Counter = Counter()
    rng = random.Random(3)
    for _ in range(n):
        new = st.sample_redeal("US", rng)
        assert new.observation("US") == st.observation("US")
        got[face_down_plots(new, where)[0]] += 1
    for value, m in share.items():
        p = m / len(hidden)
        sd = math.sqrt(n * p * (1 - p)) or 1
        assert abs(got[value] - n * p) / sd < 4.5, (value, got, share)
    for seed in range(10):
        new = st.sample_redeal("Jihadist", random.Random(seed))
        assert {k: c["plots"] for k, c in new.d["countries"].items()} == \
            {k: c["plots"] for k, c in st.d["countries"].items()}
        assert new.d["plots_available"] == st.d["plots_available"]


@pytest.mark.rule("8.5.4")
def test_a_plot_placed_is_hidden_from_the_us():
    for seed in range(50):
        st = new_game("lets_roll")
        rng = random.Random(seed)
        while not st.is_terminal():
            if st.history and st.history[-1][1] == "op_plot.place":
                us = st.information_state("US")["history"][-1]
                jihadist = st.information_state("Jihadist")["history"][-1]
                assert us == ["Jihadist", "op_plot.place", None]
                assert jihadist[2] == json.loads(st.history[-1][2]) and "plot" in jihadist[2]
                return
            st.apply(choose(rng, st))
    raise AssertionError("no plot placed")


@pytest.mark.rule("9.2")
def test_solo_minidecks_keep_each_card_in_its_minideck():
    """9.2 mini-decks: a draw is uniform within the mini-deck due, so the re-deal only ever
    exchanges cards of the same association."""
    st = new_game("lets_roll", options={"solo": True, "ideology": "normal", "minidecks": True})
    rng = random.Random(2)
    while not st.d["hands"]["Jihadist"] or st.current_player() == "chance":
        st.apply(choose(rng, st))
    assert "minideck_next" in st.d
    kinds = Counter(st.cards[c].side for c in st.d["hands"]["Jihadist"])
    changed = 0
    for seed in range(30):
        new = st.sample_redeal("US", random.Random(seed))
        assert Counter(new.cards[c].side for c in new.d["hands"]["Jihadist"]) == kinds
        changed += new.d["hands"]["Jihadist"] != st.d["hands"]["Jihadist"]
    assert changed > 20
