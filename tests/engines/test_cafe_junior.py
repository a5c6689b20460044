"""Café International Junior rules: placing, the gender rule, scoring, joker
exchange, full tables, the grid, both end conditions, the joker penalty
(rulebook cafe-international-junior.txt; rulings CI-1 to CI-7)."""
from __future__ import annotations

import json

import pytest

from engines.base import IllegalAction, SetupError
from engines.cafe_junior import CafeJunior
from engines.cafe_junior.game import _new_turn
from engines.cafe_junior.seating import START_CELLS, next_cell

SIDES = ("top", "right", "bottom", "left")


def snap(g) -> str:
    return json.dumps(g.to_json(), sort_keys=True)


def arrange(g, hands=None, tables=None, table_pile=None, guest_pile=None, current=0):
    """Put a game into a hand-made position, keeping all 100 cards and 24
    tiles exactly once.  ``tables``: list of (tile_id, cell, {side: card}).
    ``table_pile``/``guest_pile``: how many remain (default: the rest)."""
    hands = hands or {}
    tables = tables if tables is not None else [("T01", [1, 1], {}), ("T02", [1, 2], {}),
                                                 ("T03", [2, 1], {}), ("T04", [2, 2], {})]
    wanted = {c for h in hands.values() for c in h} | {c for _, _, s in tables for c in s.values()}
    pool = [c.card_id for c in g.comp.cards if c.card_id not in wanted]
    new_hands = []
    for seat in range(g.num_players):
        if seat in hands:
            new_hands.append(list(hands[seat]))
        else:
            new_hands.append(pool[:6])
            pool = pool[6:]
    n = len(pool) if guest_pile is None else guest_pile
    g.guest_pile, g.discard_pile = pool[:n], pool[n:]
    g.hands = new_hands
    g.tables = []
    for tid, cell, seats in tables:
        full = {s: seats.get(s) for s in SIDES}
        t = {"table": tid, "cell": list(cell), "seats": full, "turned": False}
        t["turned"] = all(full.values()) and not any(g.comp.card(c).is_joker for c in full.values())
        g.tables.append(t)
    rest = [t.table_id for t in g.comp.tables if t.table_id not in {x[0] for x in tables}]
    k = max(0, 16 - len(tables)) if table_pile is None else table_pile
    g.table_pile, g.box = rest[:k], rest[k:]
    g.current = current
    g.turn = _new_turn(len(g.hands[current]))
    check_conservation(g)
    return g


def check_conservation(g):
    cards = g.guest_pile + g.discard_pile + [c for h in g.hands for c in h] + \
        [c for t in g.tables for c in t["seats"].values() if c is not None]
    assert sorted(cards) == sorted(c.card_id for c in g.comp.cards)
    tiles = g.box + g.table_pile + [t["table"] for t in g.tables]
    assert sorted(tiles) == sorted(t.table_id for t in g.comp.tables)


def game(players=2, **kw):
    return arrange(CafeJunior.new(players, 7, {"start_player": 0}), **kw)


def place(g, card, table, side, player=None):
    return g.apply({"type": "place", "player": g.current if player is None else player,
                    "card": card, "table": table, "side": side})


def assert_illegal(g, action, match):
    before = snap(g)
    with pytest.raises(IllegalAction, match=match):
        g.apply(action)
    assert snap(g) == before


def table(g, tid):
    return next(t for t in g.tables if t["table"] == tid)


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_tables_and_hands(players):
    """Setup: 8 tables to the box unseen, 4 face up, 12 in the draw pile;
    the starting player gets 8 cards, the others 6."""
    g = CafeJunior.new(players, 3)
    assert len(g.box) == 8 and len(g.tables) == 4 and len(g.table_pile) == 12
    assert [t["cell"] for t in g.tables] == [list(c) for c in START_CELLS]
    assert all(v is None for t in g.tables for v in t["seats"].values())
    sizes = [len(h) for h in g.hands]
    assert sizes[g.start_player] == 8 and sorted(sizes) == [6] * (players - 1) + [8]
    assert len(g.guest_pile) == 100 - 8 - 6 * (players - 1)
    assert g.current == g.start_player
    check_conservation(g)


def test_start_player_option():
    assert CafeJunior.new(3, 1, {"start_player": 2}).current == 2
    with pytest.raises(SetupError, match="start_player"):
        CafeJunior.new(3, 1, {"start_player": 3})


# ------------------------------------------------------------ placement
def test_rulebook_example_tables_side_by_side():
    """Rulebook 'Placing guests at the tables': example tables 1 and 2 lie
    side by side; each guest may sit only at sides showing its flag
    (ruling CI-2: a side accepts the flags at its two ends)."""
    hand = ["KEN-g1", "USA-b1", "MEX-g1", "ESP-b1", "JAM-g1", "GBR-b1", "GER-g1"]
    g = game(hands={0: hand})
    legal = {(a["card"], a["table"], a["side"]) for a in g.legal_actions(0) if a["type"] == "place"
             and a["table"] in ("T01", "T02")}
    expect = {
        "KEN-g1": {("T01", "top"), ("T01", "left")},
        "USA-b1": {("T01", "top"), ("T01", "right")},
        "MEX-g1": {("T01", "bottom"), ("T01", "left")},
        "ESP-b1": {("T01", "right"), ("T01", "bottom")},
        "JAM-g1": {("T02", "top"), ("T02", "right"), ("T02", "left")},
        "GBR-b1": {("T02", "right"), ("T02", "bottom")},
        "GER-g1": {("T02", "bottom"), ("T02", "left")},
    }
    for card, spots in expect.items():
        assert {(t, s) for c, t, s in legal if c == card} == spots, card
    assert_illegal(g, {"type": "place", "player": 0, "card": "KEN-g1", "table": "T02", "side": "top"},
                   "only guests from Jamaica sit there")
    assert_illegal(g, {"type": "place", "player": 0, "card": "GER-g1", "table": "T01", "side": "right"},
                   "Spain or USA")


def test_joker_fits_any_side():
    """'The joker guest may sit at any table': every free side is legal."""
    g = game(hands={0: ["JOKER-g1"]})
    spots = {(a["table"], a["side"]) for a in g.legal_actions(0) if a["type"] == "place"}
    assert spots == {(t["table"], s) for t in g.tables for s in SIDES}


def test_place_scores_one_and_turn_continues():
    g = game(hands={0: ["KEN-g1", "USA-b1", "MEX-g1", "ESP-b1", "JAM-g1", "GBR-b1"]})
    events = place(g, "KEN-g1", "T01", "top")
    assert g.points == [1, 0] and g.current == 0
    assert "KEN-g1" not in g.hands[0] and table(g, "T01")["seats"]["top"] == "KEN-g1"
    assert "girl from Kenya" in events[0]["text"]


def test_gender_rule_third_girl_rejected():
    """At most two girls and two boys per table."""
    g = game(hands={0: ["KEN-g1", "KEN-b1"]},
             tables=[("T01", [1, 1], {"top": "USA-g1", "bottom": "MEX-g2"}), ("T02", [1, 2], {}),
                     ("T03", [2, 1], {}), ("T04", [2, 2], {})])
    assert_illegal(g, {"type": "place", "player": 0, "card": "KEN-g1", "table": "T01", "side": "left"},
                   "already has two girls")
    place(g, "KEN-b1", "T01", "left")
    assert g.points[0] == 1


def test_gender_rule_counts_jokers_by_gender():
    """'This also applies to joker guests': a girl joker counts as a girl."""
    g = game(hands={0: ["JOKER-g1", "JOKER-b1", "GER-g2"]},
             tables=[("T02", [1, 1], {"top": "JAM-g1", "right": "JOKER-g2"}), ("T01", [1, 2], {}),
                     ("T03", [2, 1], {}), ("T04", [2, 2], {})])
    assert_illegal(g, {"type": "place", "player": 0, "card": "JOKER-g1", "table": "T02", "side": "left"},
                   "two girls")
    assert_illegal(g, {"type": "place", "player": 0, "card": "GER-g2", "table": "T02", "side": "left"},
                   "two girls")
    place(g, "JOKER-b1", "T02", "left")
    assert table(g, "T02")["seats"]["left"] == "JOKER-b1"


def test_bad_placements_rejected_state_unchanged():
    """Seat taken (CI-3), card not in hand, unknown table/side, wrong turn."""
    g = game(hands={0: ["KEN-g1", "USA-b1"]},
             tables=[("T01", [1, 1], {"top": "USA-g1"}), ("T02", [1, 2], {}),
                     ("T03", [2, 1], {}), ("T04", [2, 2], {})])
    assert_illegal(g, {"type": "place", "player": 0, "card": "KEN-g1", "table": "T01", "side": "top"},
                   "already taken")
    assert_illegal(g, {"type": "place", "player": 0, "card": "KEN-g2", "table": "T01", "side": "left"},
                   "not in your hand")
    assert_illegal(g, {"type": "place", "player": 0, "card": "nope", "table": "T01", "side": "left"},
                   "unknown guest card")
    assert_illegal(g, {"type": "place", "player": 0, "card": "KEN-g1", "table": "T20", "side": "left"},
                   "no table 'T20'")
    assert_illegal(g, {"type": "place", "player": 0, "card": "KEN-g1", "table": "T01", "side": "north"},
                   "side must be")
    assert_illegal(g, {"type": "place", "player": 1, "card": g.hands[1][0], "table": "T01", "side": "left"},
                   "Player 1's turn")
    assert_illegal(g, {"type": "place", "card": "KEN-g1", "table": "T01", "side": "left"}, "needs the 'player'")
    assert_illegal(g, {"type": "shuffle", "player": 0}, "no action 'shuffle'")


# ------------------------------------------------------- place or discard
def test_discard_then_place_rejected():
    """A turn either places guests or discards them, not both."""
    g = game(hands={0: ["KEN-g1", "USA-b1", "MEX-g1"]})
    g.apply({"type": "discard", "player": 0, "card": "USA-b1"})
    assert g.discard_pile[-1] == "USA-b1" and g.turn["mode"] == "discard"
    assert not any(a["type"] == "place" for a in g.legal_actions(0))
    assert_illegal(g, {"type": "place", "player": 0, "card": "KEN-g1", "table": "T01", "side": "top"},
                   "discarded this turn")


def test_place_then_discard_rejected():
    g = game(hands={0: ["KEN-g1", "USA-b1", "MEX-g1"]})
    place(g, "KEN-g1", "T01", "top")
    assert not any(a["type"] == "discard" for a in g.legal_actions(0))
    assert_illegal(g, {"type": "discard", "player": 0, "card": "USA-b1"}, "placed guests this turn")


def test_discard_several_cards_then_draw_back_to_six():
    g = game(hands={0: ["KEN-g1", "USA-b1", "MEX-g1", "ESP-b1", "JAM-g1", "GBR-b1"]})
    pile = len(g.guest_pile)
    assert_illegal(g, {"type": "discard", "player": 0, "cards": ["KEN-g1", "KEN-g1"]}, "named twice")
    assert_illegal(g, {"type": "discard", "player": 0, "cards": ["KEN-g1", "FRA-g1"]}, "not in your hand")
    assert_illegal(g, {"type": "discard", "player": 0, "cards": []}, "non-empty list")
    g.apply({"type": "discard", "player": 0, "cards": ["KEN-g1", "USA-b1", "MEX-g1"]})
    g.apply({"type": "end_turn", "player": 0})
    assert len(g.hands[0]) == 6 and len(g.guest_pile) == pile - 3 and g.current == 1


def test_end_turn_needs_a_placed_or_discarded_guest():
    g = game()
    assert not any(a["type"] == "end_turn" for a in g.legal_actions(0))
    assert_illegal(g, {"type": "end_turn", "player": 0}, "at least one guest")


def test_start_player_with_eight_keeps_extra_cards():
    """Draw 'until he again has 6 cards': a hand above 6 draws nothing."""
    g = arrange(CafeJunior.new(2, 7, {"start_player": 0}),
                hands={0: ["KEN-g1", "USA-b1", "MEX-g1", "ESP-b1", "JAM-g1", "GBR-b1", "GER-g1", "FRA-b1"]})
    pile = len(g.guest_pile)
    place(g, "KEN-g1", "T01", "top")
    g.apply({"type": "end_turn", "player": 0})
    assert len(g.hands[0]) == 7 and len(g.guest_pile) == pile


def test_empty_hand_ends_turn_by_itself():
    g = game(hands={0: ["KEN-g1"]})
    place(g, "KEN-g1", "T01", "top")
    assert g.current == 1 and len(g.hands[0]) == 6


# --------------------------------------------------------------- scoring
FULL3 = {"top": "KEN-g2", "right": "USA-b2", "bottom": "MEX-b1"}  # T01, left free (needs a girl)


def test_ci4_fourth_guest_scores_ten_ends_turn_reveals_table():
    """Ruling CI-4: the 4th guest scores +10 at once and ends the turn; the
    table turns over and the next table is revealed beside it (CI-3)."""
    g = game(hands={0: ["KEN-g1", "JAM-g1", "USA-b1", "MEX-g1", "ESP-b1", "GBR-b1"]},
             tables=[("T01", [1, 1], FULL3), ("T02", [1, 2], {}), ("T03", [2, 1], {}), ("T04", [2, 2], {})])
    top_tile = g.table_pile[-1]
    events = place(g, "KEN-g1", "T01", "left")
    assert g.points[0] == 11 and g.current == 1
    assert table(g, "T01")["turned"]
    assert g.tables[-1] == {"table": top_tile, "cell": [0, 1],
                            "seats": {s: None for s in SIDES}, "turned": False}
    assert len(g.hands[0]) == 6
    kinds = [e["type"] for e in events]
    assert kinds[:4] == ["placed", "table_complete", "table_turned", "table_revealed"]


def test_example_two_plus_ten_is_twelve():
    """Rulebook example: one guest at one table, then a 4th guest completing
    another table: 2 points for the guests + 10 bonus = 12."""
    g = game(hands={0: ["JAM-g1", "KEN-g1", "USA-b1", "MEX-g1", "ESP-b1", "GBR-b1"]},
             tables=[("T01", [1, 1], FULL3), ("T02", [1, 2], {}), ("T03", [2, 1], {}), ("T04", [2, 2], {})])
    place(g, "JAM-g1", "T02", "top")
    place(g, "KEN-g1", "T01", "left")
    assert g.points == [12, 0]


SIX = ["JAM-g1", "GBR-b1", "GER-g1", "BRA-g1", "FRA-b1", "KEN-g1"]
SIX_MOVES = [("JAM-g1", "T02", "top"), ("GBR-b1", "T02", "right"), ("GER-g1", "T02", "bottom"),
             ("BRA-g1", "T03", "top"), ("FRA-b1", "T03", "right"), ("KEN-g1", "T01", "left")]
SIX_TABLES = [("T01", [1, 1], FULL3), ("T02", [1, 2], {}), ("T03", [2, 1], {}), ("T04", [2, 2], {})]


def test_ci5_six_card_doubling():
    """Ruling CI-5: all six cards of a 6-card hand in one turn, the last one
    completing a table: 12 for the cards, plus the +10."""
    g = game(hands={0: SIX}, tables=SIX_TABLES)
    for card, tid, side in SIX_MOVES:
        events = place(g, card, tid, side)
    assert g.points[0] == 12 + 10
    assert any(e["type"] == "doubled" and e["points"] == 6 for e in events)


def test_ci5_no_doubling_with_a_card_left_or_eight_card_hand():
    g = game(hands={0: SIX + ["ITA-b1"]}, tables=SIX_TABLES)
    for card, tid, side in SIX_MOVES:
        place(g, card, tid, side)
    assert g.points[0] == 6 + 10
    g = game(hands={0: ["ITA-b1", "ITA-b2"] + SIX}, tables=SIX_TABLES)
    for card, tid, side in SIX_MOVES:
        place(g, card, tid, side)
    assert g.points[0] == 6 + 10


def test_ci5_no_doubling_when_last_card_does_not_complete():
    """Six cards placed, but the last one completes no table: 6 points."""
    tables = SIX_TABLES[:3] + [("T06", [2, 2], {})]  # T06 shows Kenya bottom-left
    g = game(hands={0: SIX}, tables=tables)
    for card, tid, side in SIX_MOVES[:5]:
        place(g, card, tid, side)
    place(g, "KEN-g1", "T06", "left")
    assert g.points[0] == 6 and g.current == 1


# ---------------------------------------------------------- joker exchange
def test_ci6_joker_exchange_and_replay_same_turn():
    """Rulebook 'Exchanging a joker' (CI-6): a girl joker at the Kenya/Mexico
    side is exchanged for a girl from Kenya; no points; the joker is played
    again in the same turn and scores as a placed card."""
    g = game(hands={0: ["KEN-g1", "USA-b1", "MEX-g1", "ESP-b1", "JAM-b1", "GBR-b1"]},
             tables=[("T01", [1, 1], {"left": "JOKER-g1"}), ("T02", [1, 2], {}),
                     ("T03", [2, 1], {}), ("T04", [2, 2], {})])
    place(g, "USA-b1", "T01", "top")          # exchanges may come at any point of the turn
    ex = {"type": "exchange", "player": 0, "card": "KEN-g1", "table": "T01", "side": "left"}
    assert ex in g.legal_actions(0)
    g.apply(ex)
    assert g.points[0] == 1 and "JOKER-g1" in g.hands[0] and "KEN-g1" not in g.hands[0]
    assert table(g, "T01")["seats"]["left"] == "KEN-g1" and g.current == 0
    place(g, "JOKER-g1", "T02", "top")
    assert g.points[0] == 2 and table(g, "T02")["seats"]["top"] == "JOKER-g1"
    assert g.turn["exchanged"] == 1 and g.turn["placed"] == 2


def test_ci6_exchange_must_match_side_and_gender():
    g = game(hands={0: ["KEN-b1", "USA-g1", "JOKER-g2", "MEX-g1"]},
             tables=[("T01", [1, 1], {"left": "JOKER-g1", "top": "USA-g2"}), ("T02", [1, 2], {}),
                     ("T03", [2, 1], {}), ("T04", [2, 2], {})])

    def ex(card, side="left"):
        return {"type": "exchange", "player": 0, "card": card, "table": "T01", "side": side}
    assert_illegal(g, ex("KEN-b1"), "is a girl: only a girl may take that place")
    assert_illegal(g, ex("USA-g1"), "only guests from Kenya or Mexico")
    assert_illegal(g, ex("JOKER-g2"), "not for another joker")
    assert_illegal(g, ex("MEX-g1", "top"), "no joker sits at the top side")
    assert_illegal(g, ex("FRA-g1"), "not in your hand")
    assert [a["card"] for a in g.legal_actions(0) if a["type"] == "exchange"] == ["MEX-g1"]


def test_ci4_full_table_with_joker_stays_face_up_until_joker_leaves():
    """Ruling CI-4: the 4th guest (a joker) scores +10 and ends the turn, but
    the table stays face up; once the joker is exchanged the table turns
    over.  The exchange scores nothing (CI-6) and may start a turn."""
    g = game(hands={0: ["JOKER-g1", "USA-b1", "MEX-b2", "ESP-b1", "JAM-b1", "GBR-b1"],
                    1: ["MEX-g1", "FRA-b1", "ITA-b1", "CHN-b1", "JPN-b1", "BRA-b1"]},
             tables=[("T01", [1, 1], FULL3), ("T02", [1, 2], {}), ("T03", [2, 1], {}), ("T04", [2, 2], {})])
    events = place(g, "JOKER-g1", "T01", "left")
    assert g.points[0] == 11 and g.current == 1
    assert not table(g, "T01")["turned"] and "table_kept" in [e["type"] for e in events]
    assert len(g.tables) == 5  # the next table is revealed anyway
    assert_illegal(g, {"type": "place", "player": 1, "card": "MEX-g1", "table": "T01", "side": "left"},
                   "already taken")
    g.apply({"type": "exchange", "player": 1, "card": "MEX-g1", "table": "T01", "side": "left"})
    assert table(g, "T01")["turned"] and g.points == [11, 0]
    assert g.view(None)["tables"][0]["turned"] is True
    place(g, "JOKER-g1", "T02", "top", player=1)
    assert g.points == [11, 1]
    assert not any(a["table"] == "T01" for a in g.legal_actions(1) if "table" in a)


def test_exchange_allowed_in_a_discarding_turn():
    """'Additionally, the player may exchange joker cards' in either kind of turn."""
    g = game(hands={0: ["KEN-g1", "USA-b1", "MEX-b1"]},
             tables=[("T01", [1, 1], {"left": "JOKER-g1"}), ("T02", [1, 2], {}),
                     ("T03", [2, 1], {}), ("T04", [2, 2], {})])
    g.apply({"type": "discard", "player": 0, "card": "USA-b1"})
    g.apply({"type": "exchange", "player": 0, "card": "KEN-g1", "table": "T01", "side": "left"})
    g.apply({"type": "discard", "player": 0, "card": "JOKER-g1"})
    assert g.discard_pile[-1] == "JOKER-g1"


# ---------------------------------------------------------------- grid
def test_ci3_next_cell_order():
    """Ruling CI-3: nearest free cell; ties up, right, down, left, then row-major."""
    centre = [list(c) for c in START_CELLS]
    assert next_cell(centre, [1, 1]) == [0, 1]
    assert next_cell(centre, [2, 2]) == [2, 3]  # up taken, right free
    assert next_cell(centre, [1, 2]) == [0, 2]
    assert next_cell(centre + [[0, 1]], [1, 1]) == [1, 0]
    assert next_cell(centre + [[0, 1], [1, 0]], [0, 0]) == [0, 0]
    corner = centre + [[0, 0], [0, 1], [1, 0]]
    assert next_cell(corner, [0, 0]) == [0, 2]
    assert next_cell([[r, c] for r in range(4) for c in range(4)], [0, 0]) is None


# ------------------------------------------------------------------ end
def _sixteen_tables_one_free_seat(g):
    free_cards = [c.card_id for c in g.comp.cards
                  if not c.is_joker and c.card_id not in ("KEN-g1", "KEN-g2", "USA-b2", "MEX-b1")]
    specs = [("T01", [1, 1], FULL3)]
    tiles = [t.table_id for t in g.comp.tables if t.table_id != "T01"][:15]
    cells = [[r, c] for r in range(4) for c in range(4) if [r, c] != [1, 1]]
    for tid, cell in zip(tiles, cells):
        specs.append((tid, cell, dict(zip(SIDES, free_cards[:4]))))
        free_cards = free_cards[4:]
    return specs


def test_end_when_last_free_place_filled():
    """End of the game: the last free place is filled; no draw follows."""
    g = CafeJunior.new(2, 7, {"start_player": 0})
    arrange(g, hands={0: ["KEN-g1", "JOKER-b1"]}, tables=_sixteen_tables_one_free_seat(g), table_pile=0)
    pile = len(g.guest_pile)
    assert pile > 0
    events = place(g, "KEN-g1", "T01", "left")
    assert g.is_terminal() and "last free place" in g.end_reason
    assert len(g.guest_pile) == pile and g.legal_actions(0) == [] and g.active_players() == []
    # 1 + 10, minus 5 for the joker still in hand
    assert g.scores()[0] == 11 - 5
    assert any(e["type"] == "game_over" for e in events)
    with pytest.raises(IllegalAction, match="game is over"):
        g.apply({"type": "end_turn", "player": 0})


def test_end_when_draw_pile_empty():
    """End of the game: a player must draw and the guest pile is empty."""
    g = game(hands={0: ["KEN-g1", "JAM-g1", "USA-b1", "MEX-g1", "ESP-b1", "GBR-b1"]}, guest_pile=1)
    place(g, "KEN-g1", "T01", "top")
    place(g, "JAM-g1", "T02", "top")
    events = g.apply({"type": "end_turn", "player": 0})
    assert g.is_terminal() and "empty guest pile" in g.end_reason
    assert len(g.hands[0]) == 5 and g.guest_pile == []
    assert [e["type"] for e in events][:2] == ["drew", "game_over"]


def test_no_end_when_no_card_is_needed():
    """A hand of 7 playing one card needs no draw, so an empty pile is fine."""
    g = game(hands={0: ["KEN-g1", "JAM-g1", "USA-b1", "MEX-g1", "ESP-b1", "GBR-b1", "GER-g1"]},
             guest_pile=0)
    place(g, "KEN-g1", "T01", "top")
    g.apply({"type": "end_turn", "player": 0})
    assert not g.is_terminal() and g.current == 1


def test_joker_penalty_and_shared_victory():
    """-5 per joker in hand at the end; equal points share the win (CI-7)."""
    g = game(players=3, hands={0: ["KEN-g1", "JAM-g1", "USA-b1", "MEX-g1", "ESP-b1", "GBR-b1"],
                               1: ["JOKER-b1", "JOKER-b2", "FRA-g1", "ITA-g1", "CHN-g1", "JPN-g1"],
                               2: ["JOKER-g1", "FRA-b1", "ITA-b2", "CHN-b1", "JPN-b1", "BRA-b1"]},
             guest_pile=0)
    g.points = [19, 30, 25]
    place(g, "KEN-g1", "T01", "top")
    events = g.apply({"type": "end_turn", "player": 0})
    assert g.is_terminal()
    assert g.penalties == [0, -10, -5] and g.scores() == [20, 20, 20]
    assert g.ranking() == [[0, 1, 2]]
    assert [e["points"] for e in events if e["type"] == "joker_penalty"] == [-10, -5]
    assert "Player 1 and Player 2 and Player 3 win" in events[-1]["text"]


def test_ranking_most_points_first():
    g = game(players=3, guest_pile=0)
    g.points = [3, 9, 5]
    place(g, g.legal_actions(0)[0]["card"], g.legal_actions(0)[0]["table"], g.legal_actions(0)[0]["side"])
    g.apply({"type": "end_turn", "player": 0})
    assert g.ranking() == [[1], [2], [0]]
