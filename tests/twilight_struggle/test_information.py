"""Twilight Struggle: who sees what (model/twilight_struggle/information.py) and the re-deal's
distribution. The property over random games of every scenario is tests/test_information.py."""
from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from cdg_oracle.model.twilight_struggle import new_game
from cdg_oracle.oracle.playout import choose


def _until(st, question: str, rng: random.Random, limit: int = 3000):
    """Play ``st`` at random until the question ``question`` is posed."""
    for _ in range(limit):
        if st.decision() and st.decision()["question"] == question:
            return st
        st.apply(choose(rng, st))
    raise AssertionError(f"{question} never posed")


def _first_headline():
    st = new_game("standard")
    return _until(st, "headline.card", random.Random(4))


@pytest.mark.rule("4.5")
def test_the_deal_is_seen_by_its_side_only():
    st = _first_headline()
    us, ussr = st.information_state("US"), st.information_state("USSR")
    dealt_us = [e for e in us["history"] if e[1] == "deal.drawn"]
    assert len(dealt_us) == 16
    # each side sees its own 8 cards dealt, and only that 8 were dealt to the other
    assert sorted(e[2]["card"] for e in dealt_us if e[2] is not None) == sorted(st.d["hands"]["US"])
    assert sorted(e[2]["card"] for e in ussr["history"] if e[1] == "deal.drawn" and e[2] is not None) \
        == sorted(st.d["hands"]["USSR"])
    assert sum(e[2] is None for e in dealt_us) == 8


@pytest.mark.rule("4.5")
def test_the_headline_is_secret_until_both_are_revealed():
    st = _first_headline()
    assert st.current_player() == "USSR"
    card = st.legal_actions()[0]
    st.apply(card)
    assert st.information_state("US")["history"][-1] == ["USSR", "headline.card", None]
    assert st.information_state("USSR")["history"][-1] == ["USSR", "headline.card", card]
    # the US re-deal may put any hidden card in the USSR's headline, never a card the US holds
    seen = set()
    for seed in range(60):
        new = st.sample_redeal("US", random.Random(seed))
        seen.add(new.d["headline"]["USSR"])
        assert new.d["headline"]["USSR"] not in st.d["hands"]["US"]
    assert len(seen) > 10
    st.apply(st.legal_actions()[0])  # the US chooses: both are revealed (4.5 C)
    sights = [e for e in st.information_state("US")["history"] if e[0] == "seen"]
    assert ["seen", "headline:USSR", [card["card"]]] in sights
    for seed in range(20):
        assert st.sample_redeal("US", random.Random(seed)).d["headline"] == st.d["headline"]


@pytest.mark.rule("4.5")
def test_the_redeal_deals_every_hidden_card_alike():
    """Which cards land in the USSR hand when the US re-deals just after the first deal: every
    card the US cannot place (the USSR's 8 and the pile) equally often, 8 in (8 + pile) of the
    re-deals; within 4.5 standard deviations of a binomial count, which fails a sampler that
    leaves the hand alone or favours any card (the true hand would be in every re-deal)."""
    st = _first_headline()
    pool = sorted(st.d["hands"]["USSR"] + st.d["deck"])
    n, k = 1500, len(st.d["hands"]["USSR"])
    p = k / len(pool)
    counts: Counter = Counter()
    rng = random.Random(2024)
    for _ in range(n):
        new = st.sample_redeal("US", rng)
        assert new.d["hands"]["US"] == st.d["hands"]["US"]
        assert sorted(new.d["hands"]["USSR"] + new.d["deck"]) == pool
        counts.update(new.d["hands"]["USSR"])
    sd = math.sqrt(n * p * (1 - p))
    worst = max(abs(counts[c] - n * p) / sd for c in pool)
    assert worst < 4.5, f"a card's count is {worst:.1f} standard deviations off"
    assert sum(counts[c] for c in st.d["hands"]["USSR"]) < n * k * 0.5  # the true hand is not kept


@pytest.mark.rule("11.1.1")
def test_cards_revealed_stay_known_while_held():
    """Tournament rules: the held cards revealed at the end of a turn (11.1.1) are remembered by
    the other side after the turn's record is cleared: its re-deal keeps them in the hand that
    holds them."""
    rng = random.Random(11)
    st = new_game("standard", options={"tournament": True})
    found = 0
    for _ in range(6000):
        if st.is_terminal():
            break
        sights = [e for e in st.history if e[0] == "seen" and e[2] == "hand:USSR"]
        if sights and st.d["revealed"]["USSR"] is None:
            known = [c for c in sights[-1][3] if c in st.d["hands"]["USSR"]]
            if known:
                for seed in range(5):
                    new = st.sample_redeal("US", random.Random(seed))
                    assert set(known) <= set(new.d["hands"]["USSR"])
                found += 1
                if found > 3:
                    break
        st.apply(choose(rng, st))
    assert found, "no held card revealed and still held after the reveal was cleared"


@pytest.mark.rule("9.0")
def test_the_china_card_is_never_re_dealt():
    """9.0: the China Card's holder and face are public: no re-deal moves or turns it, and it is in
    no hand or pile a re-deal draws from; the hidden hands are re-dealt around it."""
    st = _first_headline()
    moved = 0
    for seed in range(30):
        for side in ("US", "USSR"):
            new = st.sample_redeal(side, random.Random(seed))
            assert new.d["china"] == st.d["china"]
            assert all(6 not in h for h in new.d["hands"].values()) == all(6 not in h for h in st.d["hands"].values())
            moved += new.d["hands"] != st.d["hands"]
    assert moved > 0
