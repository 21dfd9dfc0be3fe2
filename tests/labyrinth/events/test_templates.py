"""Template events (model/labyrinth/events/templates.py, data/template_events.yaml): the rows load
and are validated with one-line errors; each runs as the event of its card, citing it."""
from __future__ import annotations

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.labyrinth.events import EVENTS
from cdg_oracle.model.labyrinth.events.templates import load_template_events, template_event, template_events
from tests.labyrinth.harness import play_event, position

COUNTRIES = ("Somalia", "Iraq", "Philippines")


def load(tmp_path, text: str):
    p = tmp_path / "template_events.yaml"
    p.write_text(text, encoding="utf-8")
    return load_template_events(p, countries=COUNTRIES)


def test_the_rows_are_the_cell_placing_events_without_precondition():
    rows = template_events()
    assert sorted(rows) == [49, 57, 58, 66, 67, 68, 70]
    assert rows[67]["place"] == [["Central Asia", 1], ["Afghanistan", 1]]
    assert rows[57]["marker"] == "Philippines" and rows[49]["marker"] is None
    from cdg_oracle.model.labyrinth.engine import PROCS
    for n in rows:
        assert EVENTS[n].proc == f"event_{n}" and PROCS[f"event_{n}"] is template_event


@pytest.mark.rule("card 49", "4.7.4.2")
def test_a_template_event_places_its_cells_and_cites_its_card():
    st = position("lets_roll")
    st.d["countries"]["Somalia"]["gov"] = "poor"  # tested: no test roll
    track = st.d["cells_track"]
    play_event(st, 49, "Jihadist", [])
    assert st.d["countries"]["Somalia"]["sleepers"] == 1 and st.d["cells_track"] == track - 1
    assert "card 49" in st.trail and "4.7.4.2" in st.trail


@pytest.mark.rule("card 58", "6.2.7")
def test_a_template_event_with_a_marker_puts_it_on_its_country_after_the_cells():
    st = position("lets_roll")
    play_event(st, 58, "Jihadist", [])
    iraq = st.d["countries"]["Iraq"]
    assert iraq["sleepers"] >= 1 and "Al-Anbar" in iraq["markers"]
    assert st.trail[-2:] == ["card 58", "6.2.7"]


ROW = "events:\n  49:\n    name: X\n    text: Y\n"


@pytest.mark.parametrize("text, message", [
    ("[]", "expected one mapping 'events'"),
    ("events:\n  121:\n    name: X\n    text: Y\n    place: [[Iraq, 1]]\n", "card 121: not a card number"),
    (ROW + "    place: [[Narnia, 1]]\n", "card 49: place: 'Narnia' is not a country of the map"),
    (ROW + "    place: [[Iraq, 0]]\n", "card 49: place: cells for Iraq must be an integer 1-15"),
    (ROW + "    place: [[Iraq, true]]\n", "card 49: place: cells for Iraq must be an integer"),
    (ROW + "    place: [Iraq]\n", "card 49: place: each site must be [country, cells]"),
    (ROW + "    place: []\n", "card 49: place must be a non-empty list"),
    (ROW + "    place: [[Iraq, 1]]\n    marker: Narnia\n", "card 49: marker: 'Narnia' is not a country"),
    (ROW + "    place: [[Iraq, 1]]\n    shift: 1\n", "card 49: keys must be among"),
    ("events:\n  49:\n    text: Y\n    place: [[Iraq, 1]]\n", "card 49: name missing"),
    (ROW + "    place: [[Iraq, 1]]\n  49:\n    name: X\n", "duplicate key"),
])
def test_bad_rows_are_one_line_errors_naming_the_file_and_card(tmp_path, text, message):
    with pytest.raises(DataError) as err:
        load(tmp_path, text)
    text = str(err.value)
    assert "\n" not in text and text.startswith("template_events.yaml") and message in text


def test_a_good_file_loads(tmp_path):
    rows = load(tmp_path, ROW + "    place: [[Iraq, 2], [Somalia, 1]]\n    marker: Iraq\n")
    assert rows == {49: {"name": "X", "text": "Y", "note": "", "place": [["Iraq", 2], ["Somalia", 1]],
                         "marker": "Iraq"}}
