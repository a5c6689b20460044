"""Retrograde engine: the rulebook and rulings RG-1..RG-11, CAB-4, checked
one rule per test (test names carry the rule)."""
from __future__ import annotations

import json
import random

import pytest

from engines.base import IllegalAction
from engines.retrograde import ENGINE as Retrograde
from engines.retrograde import blast
from engines.retrograde.components import LETTERS, default_components
from bots.random_bot import RandomBot

COMP = default_components()
SETTLE = Retrograde.option_defaults["claim_settle_us"]


def grid(*rows: str) -> list[int]:
    """Sheet pips from 5 rows of colour letters (YOPGRB = 1..6)."""
    return [LETTERS.index(ch) + 1 for row in rows for ch in row]


SHEET = grid("BBPYY",
             "YYPYY",
             "BYYYB",
             "YGGRR",
             "OOPRG")


def snap(g) -> str:
    return json.dumps(g.to_json(), sort_keys=True)


def refused(g, action, match=None):
    """The action raises IllegalAction (message matching) and changes nothing."""
    before = snap(g)
    with pytest.raises(IllegalAction, match=match):
        g.apply(action)
    assert snap(g) == before


def at_blast(card_id: str, dice: list[int], pips=SHEET, unlocked=(), coins=0, blasted=(), trophies=(),
             seed=3) -> Retrograde:
    """A solo game put straight into 3 - Blast Droids with a chosen card,
    dice, sheet and power-ups."""
    g = Retrograde.new(1, seed)
    s = g.s
    seat = s["seats"][0]
    seat.update(pips=list(pips), unlocked=list(unlocked), coins_marked=coins, dice=list(dice), claim=card_id)
    for k in blasted:
        seat["blasted"][k] = True
    for v in trophies:
        seat["trophies"][v - 1] = True
    if card_id in s["face_up"]:
        s["face_up"].remove(card_id)
    s.update(phase="blast", claim_order=[0], blast_order=[0], blast_idx=0)
    s["turn"] = blast.new_turn(0, seat)
    return g


def act(g, kind, **kw):
    return g.apply({"type": kind, "player": 0, **kw})


def roll_all(g, t, values=None):
    """Answer every pending dice request at time t."""
    for req in g.chance_requests():
        n = req["count"]
        g.apply({"type": "dice", "player": req["player"], "values": (values or [1, 2, 3, 4, 5, 6])[:n]
                 + [6] * max(0, n - 6), "t_us": t})


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize("players,discard,flip", [(1, 13, 4), (2, 21, 3), (3, 13, 4), (4, 5, 5)])
def test_setup_discard_and_flip_per_player_count(players, discard, flip):
    """Game Setup / 1 - Start the Round / Solo Mode: discard 21/13/5 (solo
    13), flip 3/4/5 (solo 4); the deck holds exactly 8 rounds; each player
    has a sheet and 6 dice (RG-1)."""
    g = Retrograde.new(players, 11)
    s = g.s
    assert len(s["setup_discard"]) == discard
    assert len(s["face_up"]) == flip
    assert len(s["deck"]) + flip == 8 * flip
    assert all(req["count"] == 6 for req in g.chance_requests())
    assert len(g.chance_requests()) == players


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_exactly_8_rounds_for_each_player_count(players):
    """Goal and Game Over: the game ends after the 8th round, when the deck
    is empty."""
    g = Retrograde.new(players, 100 + players)
    bot = RandomBot(5)
    rounds = 1
    steps = 0
    while not g.is_terminal():
        events = g.apply(bot.next_action(g))
        rounds += sum(1 for e in events if e["type"] == "round")
        steps += 1
        assert steps < 20_000
    assert rounds == 8 and g.s["round"] == 8 and g.s["deck"] == []


def test_components_validated_counts():
    """RG-1/RG-2: at least 6 layouts, each colour 1..6 times; 45 cards, 15
    pairs x 3, all 8 power-ups present."""
    assert len(COMP.sheets) >= 6
    for sheet in COMP.sheets:
        assert all(1 <= sheet.pips.count(v) <= 6 for v in range(1, 7))
    assert len(COMP.cards) == 45
    assert {c.power_up for c in COMP.cards if c.power_up} == {
        "Super Coin", "Rolypoly", "Cube Friend", "Frogger", "Snake Eye", "2 Wild", "Odd Eye", "Even Steven"}


# ---------------------------------------------------------- 2 - Roll Dice
def test_rg7_first_claim_wins_and_bad_dice_refused():
    """RG-7: dice arrive as chance inputs; values outside 1..6 or the wrong
    count are refused; the earliest claim on a card wins it."""
    g = Retrograde.new(3, 1)
    refused(g, {"type": "dice", "player": 0, "values": [1, 2, 3, 4, 5, 7], "t_us": 10}, "1..6")
    refused(g, {"type": "dice", "player": 0, "values": [1, 2, 3], "t_us": 10}, "6 dice")
    roll_all(g, 1000)
    card = g.s["face_up"][0]
    g.apply({"type": "claim", "player": 1, "card": card, "t_us": 5010})
    g.apply({"type": "claim", "player": 0, "card": card, "t_us": 5000})  # reported late, earlier press
    g.apply({"type": "tick", "t_us": g.deadline_us()})
    assert g.s["seats"][0]["claim"] == card and g.s["seats"][1]["claim"] is None
    refused(g, {"type": "claim", "player": 2, "card": card, "t_us": g.now_us() + 1}, "already claimed")
    refused(g, {"type": "claim", "player": 2, "card": "T99", "t_us": g.now_us() + 1}, "not face up")


def test_cab4_tied_claims_coin_flip_logged():
    """CAB-4: claims less than tie_us apart are a tie, broken by a seeded
    coin flip, and the event says it was a tie."""
    winners = set()
    for seed in range(12):
        g = Retrograde.new(3, seed)
        roll_all(g, 1000)
        card = g.s["face_up"][0]
        g.apply({"type": "claim", "player": 0, "card": card, "t_us": 5000})
        g.apply({"type": "claim", "player": 1, "card": card, "t_us": 5003})
        events = g.apply({"type": "tick", "t_us": g.deadline_us()})
        won = [e for e in events if e["type"] == "claim"]
        assert len(won) == 1 and won[0]["tie"] and "tie" in won[0]["text"]
        winners.add(won[0]["player"])
    assert winners == {0, 1}


def _to_stop(unlocked=()):
    g = Retrograde.new(2, 4)
    g.s["seats"][1]["unlocked"] = list(unlocked)
    roll_all(g, 1000)
    first = g.s["face_up"][0]
    g.apply({"type": "claim", "player": 0, "card": first, "t_us": 2000})
    events = g.apply({"type": "tick", "t_us": g.deadline_us()})
    assert any(e["type"] == "stop" for e in events)
    return g, first


def test_rg8_stop_gives_last_seat_two_rerolls_then_claim():
    """RG-8 Stop: when all but one have claimed, the last seat gets exactly
    2 rerolls and must claim one of the remaining cards; it blasts first
    (RG-9)."""
    g, first = _to_stop()
    assert g.s["phase"] == "stop" and g.s["rerolls_left"] == 2
    t = 3000
    for _ in range(2):
        g.apply({"type": "reroll", "player": 1, "t_us": t})
        roll_all(g, t + 10)
        t += 100
    assert [a["type"] for a in g.legal_actions(1)].count("reroll") == 0
    refused(g, {"type": "reroll", "player": 1, "t_us": t}, "no reroll left")
    refused(g, {"type": "dice", "player": 1, "values": [1] * 6, "t_us": t}, "no reroll left")
    refused(g, {"type": "claim", "player": 1, "card": first, "t_us": t}, "already claimed")
    g.apply({"type": "claim", "player": 1, "card": g.s["face_up"][0], "t_us": t})
    assert g.s["phase"] == "blast" and g.s["turn"]["seat"] == 1
    assert g.s["blast_order"] == [1, 0]


def test_rg8_stop_with_rolypoly_gives_four_rerolls_and_stacks():
    """Rolypoly: 4 rerolls instead of 2 (and 6 with two copies, stacking)."""
    g, _ = _to_stop(["Rolypoly"])
    assert g.s["rerolls_left"] == 4
    t = 3000
    for _ in range(4):  # unrequested camera readings count as rerolls too
        g.apply({"type": "dice", "player": 1, "values": [2] * 6, "t_us": t})
        t += 100
    assert g.s["rerolls_left"] == 0
    g2, _ = _to_stop(["Rolypoly", "Rolypoly"])
    assert g2.s["rerolls_left"] == 6


def _peek_box_dice(g) -> list[int]:
    r = random.Random()
    r.setstate(g.rng.getstate())
    return [r.randint(1, 6) for _ in range(2)]


def test_rg10_solo_timer_discards_cards_showing_box_dice():
    """RG-10: 25 s after the roll, no claim: the RNG rolls 2 dice, cards
    showing either colour are discarded, 2 rerolls, then a claim."""
    g = Retrograde.new(1, 8)
    roll_all(g, 1_000_000)
    assert g.deadline_us() == 26_000_000 + SETTLE   # the timer waits out the settle window too
    assert "timer" not in json.dumps(g.view(0))  # hidden from the player
    box = _peek_box_dice(g)
    keep = [c.id for c in COMP.cards if not set(c.colours) & set(box)][:2]
    lose = [c.id for c in COMP.cards if set(c.colours) & set(box)][:2]
    g.s["face_up"] = keep + lose
    events = g.apply({"type": "tick", "t_us": 26_000_000 + SETTLE})
    timer = [e for e in events if e["type"] == "timer"][0]
    assert timer["values"] == box
    assert g.s["face_up"] == keep and g.s["phase"] == "stop" and g.s["rerolls_left"] == 2
    g.apply({"type": "reroll", "player": 0, "t_us": 26_150_000})
    roll_all(g, 26_200_000)
    g.apply({"type": "claim", "player": 0, "card": keep[1], "t_us": 26_300_000})
    assert g.s["phase"] == "blast"


def test_rg10_solo_all_cards_eliminated_flips_one_from_the_box():
    """RG-10 / Solo Mode: if all cards are eliminated, flip 1 more from the
    cards discarded at the start."""
    g = Retrograde.new(1, 9)
    roll_all(g, 500)
    box = _peek_box_dice(g)
    g.s["face_up"] = [c.id for c in COMP.cards if box[0] in c.colours][:4]
    top = g.s["setup_discard"][0]
    events = g.apply({"type": "tick", "t_us": g.deadline_us()})
    assert any(e["type"] == "flip" for e in events)
    assert g.s["face_up"] == [top] and len(g.s["setup_discard"]) == 12
    g.apply({"type": "claim", "player": 0, "card": top, "t_us": g.now_us() + 5})
    assert g.s["seats"][0]["claim"] == top


def test_rg10_solo_claim_in_time_means_no_timer():
    """RG-10: a claim before 25 s stops the timer; no box dice are rolled."""
    g = Retrograde.new(1, 10)
    roll_all(g, 0)
    g.apply({"type": "claim", "player": 0, "card": g.s["face_up"][2], "t_us": 24_999_999})
    assert g.s["phase"] == "blast" and g.deadline_us() is None


# ------------------------------------------------------- 3 - Blast Droids
def test_rulebook_example_chloe_two_blues_and_four_pip_trophy():
    """Gameplay Example: 4 blue + 2 green on the pink/blue card: 2 blue
    droids that touch, then a leftover green for the 4-pip trophy; green
    and non-rolled colours cannot be blasted."""
    g = at_blast("T42", [6, 6, 6, 6, 4, 4])
    refused(g, {"type": "blast", "player": 0, "cell": 16, "dice": [4, 5]}, "card shows")
    act(g, "blast", cell=0, dice=[0, 1])
    act(g, "blast", cell=1, dice=[2, 3])
    act(g, "trophy", die=4)
    assert g.score_of(0) == 3 and g.s["seats"][0]["trophies"][3]


def test_rulebook_example_non_neighbours_break_the_chain_rg4():
    """Gameplay Example / RG-4: two blue droids that are not neighbours
    cannot both be blasted."""
    g = at_blast("T42", [6, 6, 6, 6, 4, 4])
    act(g, "blast", cell=0, dice=[0, 1])
    refused(g, {"type": "blast", "player": 0, "cell": 14, "dice": [2, 3]}, "breaks the chain")
    refused(g, {"type": "blast", "player": 0, "cell": 1, "dice": [0, 2]}, "already spent")
    refused(g, {"type": "blast", "player": 0, "cell": 1, "dice": [2, 2]}, "twice")


def test_rg4_chain_follows_diagonals_and_frogger_frees_one_droid():
    """RG-4: diagonals count; Frogger lets one droid stand anywhere (per
    copy): with one Frogger a second far droid is still refused."""
    pips = grid("BYYYB", "YBYYY", "YYYYY", "YYYYY", "BYYYG")
    g = at_blast("T42", [6] * 6 + [6], pips=pips, unlocked=["Cube Friend"])
    act(g, "blast", cell=0, dice=[0, 1])
    act(g, "blast", cell=6, dice=[2, 3])  # diagonal neighbour
    refused(g, {"type": "blast", "player": 0, "cell": 4, "dice": [4, 5]}, "chain")
    g = at_blast("T42", [6] * 6 + [6, 6], pips=pips, unlocked=["Frogger", "Cube Friend", "Cube Friend"])
    act(g, "blast", cell=0, dice=[0, 1])
    act(g, "blast", cell=4, dice=[2, 3])  # the Frogger droid
    act(g, "blast", cell=6, dice=[4, 5])  # touches the chain
    refused(g, {"type": "blast", "player": 0, "cell": 20, "dice": [6, 7]}, "chain")
    g = at_blast("T42", [6] * 6, pips=pips, unlocked=["Frogger", "Frogger"])
    act(g, "blast", cell=0, dice=[0, 1])
    act(g, "blast", cell=4, dice=[2, 3])
    act(g, "blast", cell=20, dice=[4, 5])  # two Froggers stack


def test_comet_blasts_any_colour_but_never_a_boss_rg5():
    """Comets (RG-5): 3 matching dice blast any colour once, as part of the
    chain; never a boss; not without a comet on the card."""
    g = at_blast("T29", [3, 3, 3, 6, 6, 1])  # green/blue + comet
    refused(g, {"type": "comet", "player": 0, "boss": 0, "dice": [0, 1, 2]}, "never a boss")
    refused(g, {"type": "comet", "player": 0, "cell": 3, "dice": [0, 1, 3]}, "matching")
    act(g, "blast", cell=0, dice=[3, 4])
    refused(g, {"type": "comet", "player": 0, "cell": 24, "dice": [0, 1, 2]}, "chain")
    act(g, "comet", cell=5, dice=[0, 1, 2])  # a yellow droid: not on the card
    assert g.s["turn"]["comet_cell"] == 5
    refused(g, {"type": "comet", "player": 0, "cell": 2, "dice": [5, 5, 5]}, "already used")
    g2 = at_blast("T42", [3, 3, 3, 6, 6, 1])
    refused(g2, {"type": "comet", "player": 0, "cell": 2, "dice": [0, 1, 2]}, "no comet")


def test_coins_copy_a_die_and_super_coin_copies_twice_rg6():
    """RG-6: a coin adds a copy of one of your dice; Super Coin: two copies
    (three with two Super Coins); no coin, no copy."""
    g = at_blast("T42", [6, 6, 6, 1, 2, 4], coins=1)
    refused(g, {"type": "coin", "player": 0, "die": 9}, "no die")
    act(g, "coin", die=0)
    assert g.s["turn"]["pool"] == [6, 6, 6, 1, 2, 4, 6]
    refused(g, {"type": "coin", "player": 0, "die": 0}, "no unspent coin")
    act(g, "blast", cell=0, dice=[0, 1])
    act(g, "blast", cell=1, dice=[2, 6])
    g = at_blast("T42", [6, 1, 1, 2, 2, 4], coins=1, unlocked=["Super Coin"])
    act(g, "coin", die=0)
    assert g.s["turn"]["pool"][6:] == [6, 6]
    g = at_blast("T42", [6, 1, 1, 2, 2, 4], coins=2, unlocked=["Super Coin", "Super Coin"])
    act(g, "coin", die=0)
    assert g.s["turn"]["pool"][6:] == [6, 6, 6]
    assert g.s["seats"][0]["coins_spent"] == 1


def test_snake_eye_and_two_wild_count_as_any_card_colour_only():
    """Snake Eye / 2 Wild: 1s / 2s count as any droid type, but only
    colours on the card may be blasted."""
    g = at_blast("T42", [1, 6, 2, 2, 5, 5], unlocked=["Snake Eye"])
    refused(g, {"type": "blast", "player": 0, "cell": 0, "dice": [2, 3]}, "does not match")
    act(g, "blast", cell=0, dice=[0, 1])
    g = at_blast("T42", [1, 6, 2, 2, 5, 5], unlocked=["2 Wild"])
    act(g, "blast", cell=0, dice=[2, 3])
    refused(g, {"type": "blast", "player": 0, "cell": 18, "dice": [4, 5]}, "card shows")


def test_odd_eye_and_even_steven_add_a_chosen_die_and_stack():
    """Odd Eye (1/3/5) / Even Steven (2/4/6): an extra virtual die per copy
    unlocked; refused when not unlocked."""
    g = at_blast("T42", [6, 3, 1, 2, 4, 5])
    refused(g, {"type": "odd", "player": 0, "value": 3}, "not unlocked")
    refused(g, {"type": "even", "player": 0, "value": 6}, "not unlocked")
    g = at_blast("T42", [6, 3, 1, 2, 4, 5], unlocked=["Odd Eye", "Even Steven", "Even Steven"])
    refused(g, {"type": "odd", "player": 0, "value": 2}, "one of")
    act(g, "odd", value=3)
    refused(g, {"type": "odd", "player": 0, "value": 3}, "already used")
    act(g, "even", value=6)
    act(g, "even", value=6)
    assert g.s["turn"]["pool"][6:] == [3, 6, 6]
    act(g, "blast", cell=1, dice=[0, 7])
    act(g, "blast", cell=2, dice=[1, 6])


def test_cube_friend_adds_a_real_die_from_unlock_on():
    """Cube Friend: an extra die for the rest of the game (7 dice read)."""
    g = Retrograde.new(1, 12)
    g.s["seats"][0]["unlocked"] = ["Cube Friend"]
    assert g.chance_requests()[0]["count"] == 7
    refused(g, {"type": "dice", "player": 0, "values": [1] * 6, "t_us": 1}, "7 dice")
    g.apply({"type": "dice", "player": 0, "values": [1] * 7, "t_us": 1})


def test_trophy_needs_a_single_leftover_die_once_per_pips():
    """Trophies: one leftover die claims the trophy of its pips; a circled
    trophy cannot be claimed again; the trophy ends the turn."""
    g = at_blast("T42", [6, 6, 4, 4, 2, 1], trophies=[4])
    act(g, "blast", cell=0, dice=[0, 1])
    refused(g, {"type": "trophy", "player": 0, "die": 0}, "already spent")
    refused(g, {"type": "trophy", "player": 0, "die": 2}, "already circled")
    act(g, "trophy", die=4)
    assert g.s["seats"][0]["trophies"][1] and g.s["phase"] != "blast"


# ------------------------------------------------------- 4 - End the Round
def test_round_end_boss_for_completed_column_and_coin_marked():
    """4 - End the Round: a completed column blasts its boss (+3); a coin
    card marks a coin."""
    col0 = [5, 10, 15, 20]
    g = at_blast("T27", [6, 6, 1, 2, 3, 4], blasted=col0)  # pink/blue + coin
    act(g, "blast", cell=0, dice=[0, 1])
    events = act(g, "done")
    assert any(e["type"] == "boss" for e in events)
    seat = g.s["seats"][0]
    assert seat["bosses"] == [True, False, False, False, False]
    assert seat["coins_marked"] == 1 and g.score_of(0) == 5 + 3


def test_power_up_kept_unlocked_for_completed_row_or_deferred():
    """Power-Ups: the card is kept in hand; a completed row allows one
    unlock at round end, which may be deferred (keep) and done later; never
    more unlocks than completed rows."""
    row0 = [1, 2, 3, 4]
    g = at_blast("T12", [6, 6, 1, 2, 3, 4], blasted=row0)  # pink/blue Frogger
    g.s["seats"][0]["hand"] = ["T02"]  # Rolypoly kept earlier
    act(g, "blast", cell=0, dice=[0, 1])
    act(g, "done")
    seat = g.s["seats"][0]
    assert g.s["phase"] == "unlock" and sorted(seat["hand"]) == ["T02", "T12"]
    refused(g, {"type": "unlock", "player": 0, "card": "T99"}, "not in")
    g.apply({"type": "keep", "player": 0})  # defer
    assert g.s["phase"] == "roll" and seat["unlocked"] == []
    # next round ends: the deferred unlock is still available
    g2 = at_blast("T42", [6, 6, 1, 2, 3, 4], blasted=[0, 1, 2, 3, 4])
    g2.s["seats"][0]["hand"] = ["T12", "T02"]
    act(g2, "done")
    assert g2.s["phase"] == "unlock"
    g2.apply({"type": "unlock", "player": 0, "card": "T12"})
    assert g2.s["seats"][0]["unlocked"] == ["Frogger"] and g2.s["phase"] == "roll"
    refused(g2, {"type": "unlock", "player": 0, "card": "T02"})


def test_score_maximum_is_49_rg1():
    """RG-1 / Solo Mode: 25 droids + 5 bosses x 3 + 6 trophies + 3 = 49."""
    g = at_blast("T42", [6] * 6)
    seat = g.s["seats"][0]
    seat["blasted"] = [True] * 25
    seat["bosses"] = [True] * 5
    seat["trophies"] = [True] * 6
    assert g.score_of(0) == 49
    seat["trophies"][5] = False
    assert g.score_of(0) == 25 + 15 + 5


def test_rg11_ties_broken_by_unspent_coins():
    """RG-11: equal points: most unspent coins wins; still tied = shared."""
    g = Retrograde.new(3, 2)
    for p, (marked, spent) in enumerate([(2, 1), (3, 0), (1, 0)]):
        g.s["seats"][p].update(coins_marked=marked, coins_spent=spent)
    assert g.ranking() == [[1], [0, 2]]


def test_planner_plan_applies_as_actions():
    """The planner's best plan (offered for the seat whose turn starts) is
    applicable action by action and scores what it promised."""
    g = at_blast("T29", [6, 6, 6, 4, 4, 4], coins=1)
    plans = g.plans(0)
    assert plans
    before = g.score_of(0)
    for a in plans[0].actions(0):
        g.apply(a)
    assert g.score_of(0) - before == plans[0].points


def test_views_hide_deck_order_power_ups_beside_the_sheet_are_public():
    """Views: the public view has no deck order.  Power-ups: "keep that card
    beside your sheet until you unlock it": power-up cards claimed but not
    unlocked are public, not a hidden count (issue 20)."""
    g = Retrograde.new(2, 5)
    g.s["seats"][1]["hand"] = ["T01"]
    pub = json.dumps(g.view(None))
    assert "deck\"" not in pub
    for viewer in (None, 0, 1):
        assert g.view(viewer)["seats"][1]["hand"] == ["T01"]


def test_rg7_dice_frozen_once_claim_pressed_and_claim_needs_settled_dice():
    """RG-7: a seat's dice are frozen at its claim press; a claim while the
    dice are still rolling (reroll requested) is refused."""
    g = Retrograde.new(2, 21)
    roll_all(g, 100)
    g.apply({"type": "reroll", "player": 1, "t_us": 200})
    refused(g, {"type": "claim", "player": 1, "card": g.s["face_up"][0], "t_us": 300}, "still rolling")
    g.apply({"type": "claim", "player": 0, "card": g.s["face_up"][0], "t_us": 400})
    refused(g, {"type": "dice", "player": 0, "values": [1] * 6, "t_us": 500}, "frozen")
    refused(g, {"type": "reroll", "player": 0, "t_us": 500}, "frozen")


def test_planner_offered_only_when_the_turn_starts():
    """The planner is shown for the seat whose 3 - Blast Droids turn
    starts; once it has spent dice, no stale plans are offered."""
    g = at_blast("T42", [6, 6, 6, 6, 3, 3])
    assert g.plans(0)[0].points == 3
    act(g, "blast", cell=0, dice=[0, 1])
    assert g.plans(0) == []


def test_rg1_rg2_broken_component_data_named_in_error():
    """RG-1/RG-2: broken data files fail on load naming the file, the card
    or sheet and the broken count."""
    from engines.base import ComponentDataError
    from engines.retrograde.components import DATA_DIR, parse_cards, parse_sheets
    cards = json.loads((DATA_DIR / "target_cards.json").read_text())
    short = dict(cards, cards=cards["cards"][:-1])
    with pytest.raises(ComponentDataError, match="target_cards.json.*45.*44"):
        parse_cards(short)
    swapped = json.loads(json.dumps(cards))
    swapped["cards"][0]["colours"] = swapped["cards"][3]["colours"]
    with pytest.raises(ComponentDataError, match="exactly 3"):
        parse_cards(swapped)
    sheets = json.loads((DATA_DIR / "sheets.json").read_text())
    bad = json.loads(json.dumps(sheets))
    bad["sheets"][2]["rows"] = ["YYYYY", "YYOPG", "RBOPG", "RBOPG", "RBOPG"]
    with pytest.raises(ComponentDataError, match=r"sheet 2 .*yellow appears 7 times"):
        parse_sheets(bad)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_planner_driven_games_apply_every_plan(players):
    """Whole games where every seat blasts the planner's best plan (and
    unlocks power-ups when it can): every plan is legal in the engine, the
    final score is exactly the sum of the points the plans promised (bosses
    included), and games end after 8 rounds."""
    for seed in range(6):
        g = Retrograde.new(players, 300 + seed)
        bot = RandomBot(seed)
        promised = [0] * players
        while not g.is_terminal():
            if g.s["phase"] == "blast":
                p = g.s["turn"]["seat"]
                plan = g.plans(p, limit=1)[0]
                promised[p] += plan.points
                for a in plan.actions(p):
                    g.apply(a)
            elif g.s["phase"] == "unlock":
                p = g.s["unlocking"][0]
                g.apply(g.legal_actions(p)[0])
            else:
                g.apply(bot.next_action(g))
        assert g.s["round"] == 8
        assert g.scores() == promised
        assert max(g.scores()) <= 49


def test_snapshot_round_trips_at_every_step_with_unlocks():
    """Issue 34 item 11: a game's own save loads again at every step, after
    power-up unlocks too (the unlocked card stays accounted for: 45 of 45).
    Whole games where the seats blast the planner's best plan (so rows get
    completed) and unlock a random card from hand when they can; every
    step's snapshot round-trips and behaves identically.  Each seat starts
    with its top two rows blasted so unlocks come early and often."""
    unlocks = 0
    for seed in range(2):
        g = Retrograde.new(2, 500 + seed)
        for seat in g.s["seats"]:
            seat["blasted"][:10] = [True] * 10
        bot = RandomBot(seed)
        rng = random.Random(seed)
        while not g.is_terminal():
            if g.s["phase"] == "blast":
                p = g.s["turn"]["seat"]
                actions = g.plans(p, limit=1)[0].actions(p)
            elif g.s["phase"] == "unlock":
                p = g.s["unlocking"][0]
                choices = [a for a in g.legal_actions(p) if a["type"] == "unlock"]
                actions = [rng.choice(choices)]
                unlocks += 1
            else:
                actions = [bot.next_action(g)]
            for a in actions:
                g.apply(a)
                clone = Retrograde.from_json(json.loads(json.dumps(g.to_json())))
                assert snap(clone) == snap(g)
                for seat in range(2):
                    assert clone.legal_actions(seat) == g.legal_actions(seat)
    assert unlocks >= 2, "the games must unlock power-ups to test the round trip after one"
