"""The seven scoring cards' events (2.2.1, 10.1; Southeast Asia Scoring 7.2): the region is scored
when the card is played (as an event: its only use, or as a headline, 4.5 C)."""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite
from cdg_oracle.model.core.steps import do
from cdg_oracle.model.twilight_struggle.events import event
from cdg_oracle.model.twilight_struggle.scoring import score_region, score_southeast_asia


def _region(region: str):
    @implements("10.1")
    def score(st, f) -> None:
        """10.1: score the region now."""
        cite(st, "10.1")
        score_region(st, region)
    score.__name__ = "score"
    return score


@implements("7.2")
def _southeast_asia(st, f) -> None:
    """7.2: Southeast Asia Scoring scores the Southeast Asian countries (the only scoring card
    removed after play)."""
    cite(st, "7.2")
    score_southeast_asia(st)


@event(1)
def asia_scoring():
    """Card 1 Asia Scoring (10.1)."""
    return [do(_region("Asia"))]


@event(2)
def europe_scoring():
    """Card 2 Europe Scoring (10.1; control of Europe wins the game, 10.3.1)."""
    return [do(_region("Europe"))]


@event(3)
def middle_east_scoring():
    """Card 3 Middle East Scoring (10.1)."""
    return [do(_region("Middle East"))]


@event(37)
def central_america_scoring():
    """Card 37 Central America Scoring (10.1)."""
    return [do(_region("Central America"))]


@event(38)
def southeast_asia_scoring():
    """Card 38 Southeast Asia Scoring (7.2)."""
    return [do(_southeast_asia)]


@event(79)
def africa_scoring():
    """Card 79 Africa Scoring (10.1)."""
    return [do(_region("Africa"))]


@event(81)
def south_america_scoring():
    """Card 81 South America Scoring (10.1; the seed's card 35)."""
    return [do(_region("South America"))]
