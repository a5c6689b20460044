"""Cryptid Cafe component data (rulebook "Components"; CC-2, CC-3, CC-6,
CC-7): the reconstructed files keep every printed count and are validated on
load with errors naming the file, the card and the broken count."""
from __future__ import annotations

import dataclasses
import json
import shutil

import pytest

from engines.base import ComponentDataError
from engines.cryptid_cafe import data as ccdata


def test_components_keep_printed_counts():
    comp = ccdata.load_components()
    assert len(comp.customers) == 15                       # CC-2
    assert len(comp.events) == 30
    assert {e.kind for e in comp.events} == {"closed_station", "move_two"}
    assert comp.station_ids == ["kaputtcino", "baba_au_rhume", "beuvnoire", "croque_monsieur", "waterzoeil"]
    assert comp.dish_supply_per_type == 24                  # CC-6
    assert comp.track == ("green", "green", "yellow", "yellow", "orange", "red")   # CC-3
    assert sorted(comp.ai_die_symbols) == [0, 0, 1, 1, 2, 2]                       # CC-7
    assert len(comp.ai_deck("ai2")) == len(comp.ai_deck("ai3")) == 5
    assert {c.type for c in comp.customers} == {"airborne", "terrestrial", "aquatic"}


def test_rulebook_examples_are_in_the_deck():
    """The rulebook's Yeti (5 coins on orange) and Mothman (5 Beuv'noires,
    3 coins on green)."""
    comp = ccdata.load_components()
    assert comp.customer("yeti").tip("orange") == 5
    assert comp.customer("mothman").order_dict() == {"beuvnoire": 5}
    assert comp.customer("mothman").tip("green") == 3
    assert comp.customer("bunyip").type == "aquatic"


def test_components_are_frozen():
    comp = ccdata.load_components()
    with pytest.raises(dataclasses.FrozenInstanceError):
        comp.customers[0].lost = 99


@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    target = tmp_path / "data"
    shutil.copytree(ccdata.DATA_DIR, target)
    monkeypatch.setattr(ccdata, "DATA_DIR", target)
    return target


def edit(path, fn):
    doc = json.loads(path.read_text())
    fn(doc)
    path.write_text(json.dumps(doc))


def test_missing_customer_card_is_reported(data_copy):
    edit(data_copy / "customers.json", lambda d: d["cards"].pop())
    with pytest.raises(ComponentDataError, match=r"customers.json: the customer deck has 14 cards but the rulebook prints 15"):
        ccdata.load_components()


def test_bad_order_count_names_the_card(data_copy):
    edit(data_copy / "customers.json", lambda d: d["cards"][5]["order"].update({"waterzoeil": 0}))
    with pytest.raises(ComponentDataError, match=r"customers.json: card yeti order count of waterzoeil"):
        ccdata.load_components()


def test_unknown_dish_names_the_card(data_copy):
    edit(data_copy / "customers.json", lambda d: d["cards"][0]["order"].update({"pizza": 1}))
    with pytest.raises(ComponentDataError, match=r"card mothman: order names unknown dish 'pizza'"):
        ccdata.load_components()


def test_event_count_is_checked(data_copy):
    edit(data_copy / "events.json", lambda d: d["cards"].pop(0))
    with pytest.raises(ComponentDataError, match=r"events.json: 29 event cards but the rulebook prints 30"):
        ccdata.load_components()


def test_closed_station_event_needs_a_station(data_copy):
    edit(data_copy / "events.json", lambda d: d["cards"][0].update({"station": "bar"}))
    with pytest.raises(ComponentDataError, match=r"events.json: card closed_kaputtcino_1"):
        ccdata.load_components()


def test_ai_deck_size_is_checked(data_copy):
    edit(data_copy / "game.json", lambda d: d["ai_decks"]["ai2"]["cards"].pop())
    with pytest.raises(ComponentDataError, match=r"game.json: AI deck ai2 has 4 cards but the rulebook prints 5"):
        ccdata.load_components()


def test_dish_supply_is_checked(data_copy):
    edit(data_copy / "game.json", lambda d: d.update({"dish_supply_per_type": 20}))
    with pytest.raises(ComponentDataError, match=r"dish_supply_per_type is 20 but the rulebook prints 24"):
        ccdata.load_components()


def test_track_must_follow_cc3(data_copy):
    edit(data_copy / "game.json", lambda d: d["satisfaction_track"].reverse())
    with pytest.raises(ComponentDataError, match=r"CC-3"):
        ccdata.load_components()


def test_unreadable_file_is_reported(data_copy):
    (data_copy / "events.json").write_text("{not json")
    with pytest.raises(ComponentDataError, match=r"events.json: cannot read"):
        ccdata.load_components()
