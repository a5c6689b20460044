"""Cha dango rules: orders (CD-1), serving (CD-4), sipping (CD-6, CD-7), the
end (CD-2, CD-8) and timestamp ordering (CAB-3, CAB-4).  The one-race rules
of the cabinet (wrong hits, wrong sips, the VP-card choice: CD-9, CD-10,
docs/rulings.md) are in test_cha_dango_seeing.py."""
from __future__ import annotations

import pytest

from engines.base import IllegalAction

from test_cha_dango_helpers import (CARDS, T0, down, find, lift, release, reveal, settle, slap, table,
                                    tick, types)

# The revealed card of the rulebook-style example: cat, pink dango, blue background.
R = 5
assert (CARDS[R].figure, CARDS[R].dango, CARDS[R].background) == ("cat", "pink", "blue")
# Three customers that each share exactly one attribute with R.
SAME_FIGURE = find(exclude={R}, figure="cat", dango=("not", "pink"), background=("not", "blue"))
SAME_DANGO = find(exclude={R}, figure=("not", "cat"), dango="pink", background=("not", "blue"))
SAME_BACKGROUND = find(exclude={R}, figure=("not", "cat"), dango=("not", "pink"), background="blue")
# A customer sharing nothing with R.
NOTHING = find(exclude={R}, figure=("not", "cat"), dango=("not", "pink"), background=("not", "blue"))
USED = {R, SAME_FIGURE, SAME_DANGO, SAME_BACKGROUND, NOTHING}


def next_card(back: str, exclude=()) -> int:
    """An ordering card with ``back`` on its back (the new top card)."""
    return next(c.id for c in CARDS if c.back == back and c.id not in USED and c.id not in exclude
                and not c.start)


def filler(n: int, exclude=()) -> list[int]:
    return [c.id for c in CARDS if c.id not in USED and c.id not in exclude][:n]


@pytest.mark.parametrize("attribute,customer", [
    ("figure", SAME_FIGURE), ("dango", SAME_DANGO), ("background", SAME_BACKGROUND)])
def test_cd1_example_orders_match_one_attribute(attribute, customer):
    """Rulebook "Example": orders #1 (figure), #2 (dango colour), #3
    (background colour); the order = back of the new top card + the revealed
    card's value of that attribute (CD-1)."""
    top = next_card(attribute)
    g = table(3, dining=[SAME_FIGURE, SAME_DANGO, SAME_BACKGROUND, NOTHING],
              deck=[R, top] + filler(3, exclude={top}))
    events = reveal(g)
    assert events[0]["attribute"] == attribute and events[0]["value"] == CARDS[R].value(attribute)
    assert g.phase == "race" and g.race["targets"] == [customer]
    slap(g, 2, T0 + 300_000)
    slap(g, 0, T0 + 340_000)
    events = settle(g)
    won = [e for e in events if e["type"] == "customer_won"]
    assert [(e["player"], e["card"]) for e in won] == [(2, customer)]
    assert "Player 3" in won[0]["text"] and "300 ms after the order" in won[0]["text"]
    assert "40 ms ahead of Player 1" in won[0]["text"]
    # the customer is now Player 3's VP card; the revealed card joined the dining area in its place
    assert g.vp[2] == [customer] and customer not in g.dining
    before = [SAME_FIGURE, SAME_DANGO, SAME_BACKGROUND, NOTHING]
    assert g.dining == [R if c == customer else c for c in before] and g.phase == "reveal" and g.current == 1
    assert g.scores() == [0.0, 0.0, 1.0]


def two_match_table(**options):
    """Two figure matches (oldest first: A then B) for the order 'cat'."""
    a = SAME_FIGURE
    b = find(exclude=USED, figure="cat")
    top = next_card("figure", exclude={b})
    g = table(2, dining=[a, NOTHING, b], deck=[R, top] + filler(3, exclude={b, top}), **options)
    reveal(g)
    assert g.race["targets"] == [a, b]
    return g, a, b


def test_cd4_two_matches_winner_ignored_during_placing_delay():
    """CD-4: the first hit on a matching customer wins it (CD-12: the hit
    names it); the winner's hits are ignored for the placing delay while the
    others race on for the other one.  What was decided is shown once the
    race is (CD-9)."""
    g, a, b = two_match_table()
    slap(g, 0, T0 + 300_000)
    events = settle(g)
    assert types(events) == ["order"]            # nothing shown yet
    assert g.race["won"] == [[a, 0, T0 + 300_000]] and g.race["targets"] == [b]
    assert g.vp == [[], []] and g.view(None)["vp_counts"] == [0, 0] and g.phase == "race"
    release(g, 0, T0 + 350_000)
    slap(g, 0, T0 + 500_000, b)       # 200 ms after winning: still placing
    settle(g)
    assert g.race["targets"] == [b] and g.phase == "race"
    slap(g, 1, T0 + 900_000, b)
    events = settle(g)
    assert [(e["player"], e["card"]) for e in events if e["type"] == "customer_won"] == [(0, a), (1, b)]
    assert "slap_ignored" in types(events)
    assert g.vp == [[a], [b]] and a not in g.dining


def test_cd4_first_winner_wins_second_when_others_slower_than_delay():
    """CD-4: once the placing delay (800 ms) is over the first winner races
    again and wins the second customer if the others are slower."""
    g, a, b = two_match_table()
    slap(g, 0, T0 + 300_000)
    settle(g)
    release(g, 0, T0 + 400_000)
    slap(g, 0, T0 + 1_150_000, b)     # 850 ms after winning: delay over
    slap(g, 1, T0 + 1_200_000, b)
    settle(g)
    assert g.vp == [[a, b], []] and g.phase == "reveal"


def test_cd4_placing_delay_is_an_option():
    """CD-4: the placing delay is configurable (placing_delay_us)."""
    g, a, b = two_match_table(placing_delay_us=100_000)
    slap(g, 0, T0 + 300_000)
    settle(g)
    release(g, 0, T0 + 350_000)
    slap(g, 0, T0 + 450_000, b)
    slap(g, 1, T0 + 460_000, b)
    settle(g)
    assert g.vp == [[a, b], []]


def sip_table(players=3, **options):
    top = next_card("figure")
    g = table(players, dining=[NOTHING], deck=[R, top] + filler(3, exclude={top}), **options)
    reveal(g)
    assert g.phase == "race" and g.race["kind"] == "sip"
    return g


def sip_all(g, times):
    """Each seat lifts at its (lift, down) times."""
    edges = sorted([(up, lift, seat) for seat, (up, dn) in enumerate(times)]
                   + [(dn, down, seat) for seat, (up, dn) in enumerate(times)], key=lambda e: e[0])
    out = []
    for t, fn, seat in edges:
        out += fn(g, seat, T0 + t)
    return out


def test_cd6_slowest_sipper_places_a_vp_card_in_the_dining_area():
    """CD-6: the slowest completed sip places one VP card into the dining
    area as a new customer; the event says by how many ms."""
    g = sip_table()
    g.vp[1] = [SAME_DANGO, SAME_BACKGROUND]
    events = sip_all(g, [(300_000, 1_400_000), (350_000, 1_650_000), (320_000, 1_500_000)])
    slowest = [e for e in events if e["type"] == "slowest_sip"]
    assert [e["player"] for e in slowest] == [1]
    assert "150 ms after the next slowest" in slowest[0]["text"]
    assert g.phase == "place_vp"                 # CD-10: seat 1 chooses which card
    g.apply({"type": "place_vp", "player": 1, "card": SAME_BACKGROUND})
    assert g.vp[1] == [SAME_DANGO]
    assert g.dining == [NOTHING, SAME_BACKGROUND, R]      # VP card, then the revealed card
    assert g.phase == "reveal" and g.current == 1


def test_cd6_slowest_without_vp_cards_loses_nothing():
    """CD-6: a slowest player with no VP cards loses nothing."""
    g = sip_table()
    g.vp[0] = [SAME_DANGO]
    events = sip_all(g, [(300_000, 1_400_000), (350_000, 1_650_000), (320_000, 1_500_000)])
    assert "vp_lost_none" in types(events)
    assert g.vp == [[SAME_DANGO], [], []] and g.dining == [NOTHING, R]


def test_cd6_seat_that_never_sips_is_slowest_at_the_timeout():
    """CD-6: a seat that does not complete within the sip timeout (6 s) is
    the slowest; the race closes by a tick after the timeout + settle."""
    g = sip_table(players=2)
    g.vp[1] = [SAME_DANGO]
    lift(g, 0, T0 + 300_000)
    lift(g, 1, T0 + 400_000)
    down(g, 0, T0 + 1_400_000)
    assert g.phase == "race"
    assert g.deadline_us() == T0 + 6_000_000 + 2000
    tick(g, T0 + 6_000_000 + 1999)
    assert g.phase == "race"
    events = settle(g)
    assert [e["player"] for e in events if e["type"] == "slowest_sip"] == [1]
    assert g.vp[1] == [] and g.cups_up == [False, True]


def test_cd6_sip_shorter_than_sip_time_does_not_count():
    """CD-6: the cup must be held up for the sip time (1000 ms); the bot is
    told so by t_min_us on the cup-down template."""
    g = sip_table(players=2)
    lift(g, 0, T0 + 300_000)
    assert g.legal_actions(0)[1] == {"type": "cup_down", "player": 0, "t_us": None, "t_min_us": T0 + 1_300_000}
    events = down(g, 0, T0 + 900_000)
    assert types(events) == ["sip_too_short"] and g.race["done_us"][0] is None
    assert g.legal_actions(0)[1]["type"] == "cup_lift"


def test_cd7_cup_already_up_when_the_order_appears_does_not_count():
    """CD-7: a cup up when the order appears counts only after it is put
    down and lifted again."""
    top = next_card("figure")
    g = table(2, dining=[NOTHING], deck=[R, top] + filler(3, exclude={top}))
    g.vp[0] = [SAME_DANGO]
    reveal(g, cups_up=[0])
    assert g.cups_up == [True, False]
    assert g.legal_actions(0)[1] == {"type": "cup_down", "player": 0, "t_us": None}
    lift(g, 1, T0 + 300_000)
    events = down(g, 0, T0 + 1_300_000)           # held 1.3 s, but lifted before the order
    assert types(events) == ["sip_not_counted"]
    down(g, 1, T0 + 1_400_000)
    lift(g, 0, T0 + 1_400_000)
    events = down(g, 0, T0 + 2_450_000)
    assert [e["player"] for e in events if e["type"] == "slowest_sip"] == [0]
    assert g.vp[0] == []


def test_cab3_earlier_stamp_arriving_later_within_settle_window_wins():
    """CAB-3: a press stamped earlier but arriving later (inside the 2 ms
    settle window) still wins: races go by stamps, not arrival order."""
    top = next_card("figure")
    g = table(2, dining=[SAME_FIGURE], deck=[R, top] + filler(3, exclude={top}))
    reveal(g)
    slap(g, 0, T0 + 301_500)
    assert g.phase == "race"                 # not decided: within the settle window
    slap(g, 1, T0 + 300_000)                 # arrives later, stamped 1.5 ms earlier
    settle(g)
    assert g.vp == [[], [SAME_FIGURE]]


def test_cab3_race_closes_only_after_the_settle_window():
    """CAB-3: the slap race is decided only once time passed the press's
    stamp + tie resolution + settle window; later inputs stamped before the
    settled horizon are refused as too late."""
    top = next_card("figure")
    g = table(2, dining=[SAME_FIGURE], deck=[R, top] + filler(3, exclude={top}))
    reveal(g)
    slap(g, 0, T0 + 300_000)
    assert g.deadline_us() == T0 + 300_000 + 5 + 2000
    tick(g, T0 + 300_000 + 5 + 1999)
    assert g.phase == "race"
    from engines.base import IllegalAction
    with pytest.raises(IllegalAction, match="too late"):
        slap(g, 1, T0 + 300_000 + 3)         # older than the settled horizon
    tick(g, T0 + 300_000 + 5 + 2000)
    assert g.vp == [[SAME_FIGURE], []]


@pytest.mark.parametrize("seed", range(12))
def test_cab4_presses_within_resolution_are_a_logged_tie(seed):
    """CAB-4: presses closer than the 5 us resolution are a tie broken by
    the seeded RNG and logged as a tie; a press 5 us later is not in it."""
    top = next_card("figure")
    g = table(3, dining=[SAME_FIGURE], deck=[R, top] + filler(3, exclude={top}), seed=seed)
    reveal(g)
    slap(g, 2, T0 + 300_005)
    slap(g, 0, T0 + 300_000)
    slap(g, 1, T0 + 300_004)
    events = settle(g)
    ties = [e for e in events if e["type"] == "tie"]
    assert len(ties) == 1 and ties[0]["players"] == [0, 1] and "tie" in ties[0]["text"].lower()
    winner = [e["player"] for e in events if e["type"] == "customer_won"]
    assert winner == [ties[0]["winner"]] and winner[0] in (0, 1)


def test_cab4_ties_go_both_ways_over_seeds():
    """CAB-4: the coin flip is not seat order: over seeds both tied seats win."""
    winners = set()
    for seed in range(12):
        top = next_card("figure")
        g = table(2, dining=[SAME_FIGURE], deck=[R, top] + filler(3, exclude={top}), seed=seed)
        reveal(g)
        slap(g, 0, T0 + 300_000)
        slap(g, 1, T0 + 300_000)
        settle(g)
        winners.add(0 if g.vp[0] else 1)
    assert winners == {0, 1}


def test_cab4_equal_sip_times_are_a_logged_tie():
    """CAB-4 with CD-6: equal completion stamps tie for slowest; the coin flip
    is logged."""
    g = sip_table(players=3)
    events = sip_all(g, [(300_000, 1_400_000), (350_000, 1_650_000), (320_000, 1_650_002)])
    ties = [e for e in events if e["type"] == "tie"]
    assert len(ties) == 1 and ties[0]["players"] == [1, 2]


def test_stuck_button_wins_nothing_until_released_and_pressed_again():
    """Issue rule: a button held when the order appears wins nothing until
    it is released and pressed again (press edges only)."""
    top = next_card("figure")
    g = table(2, dining=[SAME_FIGURE], deck=[R, top] + filler(3, exclude={top}))
    reveal(g, buttons_down=[0])
    assert g.legal_actions(0)[0] == {"type": "release", "player": 0, "t_us": None}
    from engines.base import IllegalAction
    with pytest.raises(IllegalAction, match="already down"):
        slap(g, 0, T0 + 100_000)
    release(g, 0, T0 + 200_000)
    slap(g, 0, T0 + 250_000)
    slap(g, 1, T0 + 260_000)
    settle(g)
    assert g.vp == [[SAME_FIGURE], []]


def test_stuck_button_never_released_lets_others_win():
    """A stuck button produces no press edge, so the others win."""
    top = next_card("figure")
    g = table(2, dining=[SAME_FIGURE], deck=[R, top] + filler(3, exclude={top}))
    reveal(g, buttons_down=[0])
    slap(g, 1, T0 + 900_000)
    settle(g)
    assert g.vp == [[], [SAME_FIGURE]] and g.buttons_down == [True, True]


def test_cd2_game_ends_when_the_last_card_is_revealed():
    """CD-2: the last card has no back to read: no order, the game ends at
    once; CD-8: VP cards are the score and ties share the victory."""
    g = table(3, dining=[NOTHING], deck=[R])
    g.vp = [[SAME_FIGURE], [SAME_DANGO], []]
    events = reveal(g)
    assert types(events) == ["game_over"] and g.is_terminal()
    assert "share the victory" in events[0]["text"]
    assert g.scores() == [1.0, 1.0, 0.0]
    assert g.ranking() == [[0, 1], [2]]
    assert g.legal_actions(0) == [] and g.deadline_us() is None


def test_cd2_full_game_reveals_all_fifty_ordering_cards():
    """CD-2: a game has exactly 50 reveals; cards are conserved (CD-8)."""
    from bots.random_bot import RandomBot
    from engines.cha_dango import ChaDango
    g = ChaDango.new(4, 3)
    bot = RandomBot(3)
    orders = 0
    while not g.is_terminal():
        for e in g.apply(bot.next_action(g)):
            orders += e["type"] in ("order", "game_over")
    assert orders == 50
    held = len(g.dining) + sum(len(v) for v in g.vp) + len(g.deck) + 1
    assert held == 55


def test_cab8_a_vp_choice_held_by_a_pause_keeps_the_time_it_had_left():
    """CAB-8 with CAB-9 (PT21: a choice's 10 s ran out under the pause):
    ``resume_choice`` moves the choice's deadline on by the held span; a
    bad stamp or no choice is refused and changes nothing."""
    g = sip_table()
    g.vp[1] = [SAME_DANGO, SAME_BACKGROUND]
    sip_all(g, [(300_000, 1_400_000), (350_000, 1_650_000), (320_000, 1_500_000)])
    assert g.phase == "place_vp"
    deadline = g.view(None)["vp_choice_deadline_us"]
    paused, going_on = g.now_us() + 2_000_000, g.now_us() + 30_000_000
    before = g.to_json()
    for bad in ({"t_us": going_on, "paused_at_us": going_on + 1}, {"t_us": g.now_us() - 1, "paused_at_us": 0},
                {"t_us": going_on}, {"t_us": True, "paused_at_us": paused}):
        with pytest.raises(IllegalAction):
            g.apply({"type": "resume_choice", **bad})
        assert g.to_json() == before
    g.apply({"type": "resume_choice", "t_us": going_on, "paused_at_us": paused})
    assert g.phase == "place_vp"
    assert g.view(None)["vp_choice_deadline_us"] == deadline + going_on - paused
    g.apply({"type": "tick", "t_us": deadline + going_on - paused})
    assert g.phase == "reveal" and g.vp[1] == [SAME_DANGO]        # then the time-out, as before (CD-10)
    with pytest.raises(IllegalAction, match="no VP-card choice"):
        g.apply({"type": "resume_choice", "t_us": g.now_us(), "paused_at_us": g.now_us()})
