"""Cha dango component data (reconstructed, ruling CD-1): printed counts
(55 cards, 5 starting cards, 6 cup tokens) and clear load errors."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from engines.base import ComponentDataError
from engines.cha_dango.cards import ATTRIBUTES, DEFAULT_PATH, load_cards, parse_cards


def raw():
    return json.loads(DEFAULT_PATH.read_text(encoding="utf-8"))


def test_printed_counts_55_cards_5_starting():
    """Rulebook "Components": 55 cards including 5 starting cards."""
    cs = load_cards()
    assert len(cs.cards) == 55
    assert len(cs.starting_ids()) == 5 and len(cs.ordering_ids()) == 50


def test_data_file_says_it_is_a_reconstruction():
    assert "RECONSTRUCTION" in " ".join(raw()["_comment"])


def test_cd1_every_attribute_value_can_form_orders_and_is_balanced():
    """CD-1 reconstruction: every back attribute appears on the ordering
    deck, every value of every attribute on 11 of the 55 cards, faces are
    distinct, and the starting dining area shows every value once."""
    cs = load_cards()
    ordering = [cs.cards[i] for i in cs.ordering_ids()]
    backs = Counter(c.back for c in ordering)
    assert set(backs) == set(ATTRIBUTES) and min(backs.values()) >= 16
    for attr in ATTRIBUTES:
        counts = Counter(c.value(attr) for c in cs.cards)
        assert set(counts) == set(cs.values[attr]) and set(counts.values()) == {11}
        start = {cs.cards[i].value(attr) for i in cs.starting_ids()}
        assert start == set(cs.values[attr])
    assert len({(c.figure, c.dango, c.background) for c in cs.cards}) == 55


def broken(mutate):
    data = raw()
    mutate(data)
    return lambda: parse_cards(data, DEFAULT_PATH)


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d["cards"].pop(), "54 cards, the rulebook prints 55"),
    (lambda d: d["cards"][7].update(start=True), "6 starting cards, the rulebook prints 5"),
    (lambda d: d["cards"][12].update(dango="blue"), "card 12: dango 'blue'"),
    (lambda d: d["cards"][20].update(back="colour"), "card 20: back 'colour'"),
    (lambda d: d["cards"][3].update(id=4), "card 3 has id 4"),
    (lambda d: d.update(cup_tokens=5), "cup_tokens must be 6"),
    (lambda d: d["attributes"].pop("figure"), "attributes"),
    (lambda d: [c.update(back="figure") for c in d["cards"]], "no ordering card has 'dango' on its back"),
])
def test_broken_card_data_names_file_card_and_count(mutate, message):
    """Owner's guide: a broken data file fails with ComponentDataError naming
    the file, the card and the broken count."""
    with pytest.raises(ComponentDataError) as info:
        broken(mutate)()
    assert "cards.json" in str(info.value) and message in str(info.value)


def test_value_on_no_ordering_card_is_refused():
    """CD-1 reconstruction rule: a value only on starting cards can never be
    asked for by an order."""
    def only_on_start(d):
        for c in d["cards"]:
            if not c["start"] and c["figure"] == "panda":
                c["figure"] = "cat"
    with pytest.raises(ComponentDataError, match="figure 'panda' is on no ordering card"):
        broken(only_on_start)()


def test_unreadable_file_is_a_component_data_error(tmp_path):
    bad = tmp_path / "cards.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ComponentDataError, match="cards.json"):
        load_cards(bad)
