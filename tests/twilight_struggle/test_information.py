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


def _companion_question():
    """The US choosing UN Intervention's companion (card 32, ``event_32.companion``), the USSR
    events left in the pile but one moved to the discards: of the cards the USSR cannot place
    (the US hand's and the pile), only two can make that question stand (the US hand's USSR event
    and the pile's), so a re-deal for the USSR is ruled out unless the new US hand holds one of
    them (most are)."""
    st = _until(new_game("standard"), "event_32.companion", random.Random(39))
    d = st.d
    assert d["pending"]["player"] == "US"
    moved = [c for c in d["deck"] if st.cards[c].side == "USSR"][1:]
    for c in moved:
        d["deck"].remove(c)
        d["discard"].append(c)
    d["discard"].sort()
    return st


@pytest.mark.rule("card 32", "4.5")
def test_the_redeal_is_conditioned_on_the_question_under_way():
    """The re-deal is the uniform deal conditioned on the question under way standing (rejection,
    exact): UN Intervention's companion question is posed only to a hand holding a USSR event, so
    for the USSR every re-dealt US hand holds one and is offered exactly its own, and each card
    lands in the US hand with its exact conditional probability: for a USSR event of the pool
    (``q`` of ``N``, ``k`` cards in the hand) ``(k/N) / P(A)``, for another card
    ``(k/N)(1 - C(N-1-q, k-1)/C(N-1, k-1)) / P(A)``, with ``P(A) = 1 - C(N-q, k)/C(N, k)`` the
    chance that a uniform hand holds one. An unconditioned deal (``k/N`` each) fails by far, and
    so would one that kept the true hand."""
    st = _companion_question()
    hand = st.d["hands"]["US"]
    pool = sorted(hand + st.d["deck"])
    q_cards = {c for c in pool if st.cards[c].side == "USSR"}
    n_pool, k, q = len(pool), len(hand), len(q_cards)
    p_any = 1 - math.comb(n_pool - q, k) / math.comb(n_pool, k)
    assert q == 2 and p_any < 0.5  # most deals are ruled out: the condition matters
    p_q = (k / n_pool) / p_any
    p_other = (k / n_pool) * (1 - math.comb(n_pool - 1 - q, k - 1) / math.comb(n_pool - 1, k - 1)) / p_any
    n = 500
    counts: Counter = Counter()
    rng = random.Random(32)
    for _ in range(n):
        new = st.sample_redeal("USSR", rng)
        new_hand = new.d["hands"]["US"]
        assert sorted(new_hand + new.d["deck"]) == pool and new.d["hands"]["USSR"] == st.d["hands"]["USSR"]
        offered = sorted(a["card"] for a in new.d["pending"]["actions"])
        assert offered == sorted(c for c in new_hand if c in q_cards) != []
        counts.update(new_hand)
    worst = 0.0
    for c in pool:
        p = p_q if c in q_cards else p_other
        worst = max(worst, abs(counts[c] - n * p) / math.sqrt(n * p * (1 - p)))
    assert worst < 4.5, f"a card's count is {worst:.1f} standard deviations off"


@pytest.mark.rule("card 32")
def test_the_redeal_never_gives_the_true_hand_in_place_of_a_draw(monkeypatch):
    """When every deal the sampler may draw is ruled out (here: a budget of one, on the state of
    the test above, where most deals are), it raises a one-line RedealError: it never returns
    the state it was given (the true hidden cards) as if it were a draw."""
    from cdg_oracle.model.core import information
    from cdg_oracle.model.core.errors import DataError

    st = _companion_question()
    monkeypatch.setattr(information, "TRIES", 1)
    raised = 0
    for seed in range(40):
        try:
            new = st.sample_redeal("USSR", random.Random(seed))
        except information.RedealError as e:
            assert isinstance(e, DataError) and "\n" not in str(e) and "event_32.companion" in str(e)
            raised += 1
            continue
        assert any(st.cards[c].side == "USSR" for c in new.d["hands"]["US"])
    assert raised >= 15  # about 5 in 8 single deals are ruled out
