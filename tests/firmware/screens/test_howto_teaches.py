"""Issue "How people play": the how-to-play pages teach a whole game.

A fresh tester learned Cryptid Cafe from its pages alone and could not
learn the servers and rounds, how an order is read from the card, the
end-of-round move, what walkouts and leftover dishes cost, the price of
moving up, the Manager or Change My Order.  For every game, each fact a
newcomer needs (what they see at the start, a turn or round, every action
and its cost, the end and the scoring, the cabinet's buttons) is said on
some page: each is a set of words that must all stand in one page's
title and captions (case-insensitive)."""
from __future__ import annotations

import pytest

from firmware.screens.howto import PAGES

NEEDS: dict[str, dict[str, tuple[str, ...]]] = {
    "cryptid-cafe": {
        "three servers each": ("3\u00a0servers",),
        "nine rounds, by player count": ("9\u00a0rounds", "8 with 4", "10 with 5"),
        "the card's name and type": ("top", "name", "type"),
        "the card's coin is the tip now": ("coin", "tip", "now"),
        "the card's dishes and counts": ("bottom", "dishes", "how many"),
        "ranks collect dishes": ("rank", "dishes it collects"),
        "moving up costs a coin a rank, once a round": ("1\u00a0coin a rank", "once a round"),
        "serving pays the tip": ("serve", "tip"),
        "leftover dishes keep": ("left over keep",),
        "the end-of-round move of 1 or 2": ("1\u00a0space", "2", "you choose"),
        "walkouts": ("walkout", "last space"),
        "what walkouts cost": ("walkout costs",),
        "what leftover dishes cost": ("dishes left over", "1\u00a0coin per 2"),
        "type sets": ("3 served of one type", "3\u00a0coins", "+1"),
        "the Manager": ("manager", "swap"),
        "Change My Order": ("change my order", "copies", "before serving"),
        "events": ("event", "closed"),
        "who wins": ("most coins wins",),
        "the buttons": ("arrows", "press"),
        "take-back": ("hold your left arrow",),
    },
    "cha-dango": {
        "a card's three features": ("figure", "dango", "background"),
        "the back asks": ("back", "asks"),
        "revealing in turn": ("reveal", "press"),
        "a match": ("matches",),
        "a hit names a customer with the cursor": ("cursor", "arrows", "customer"),
        "the first right hit wins the card": ("first right hit", "1\u00a0point"),
        "a wrong customer wins nothing": ("wrong customer", "nothing"),
        "no match: sip with the cup": ("no customer matches", "cup"),
        "the slowest sipper gives a card": ("slowest", "vp card"),
        "a hit when none matches makes you the slowest": ("hit when none matches", "slowest"),
        "the end": ("no order can be made",),
        "who wins": ("most cards wins", "tie"),
    },
    "retrograde": {
        "rounds and the winner": ("8\u00a0rounds", "most points", "tie"),
        "colours are pips": ("yellow\u00a01", "blue\u00a06"),
        "the roll": ("3-2-1", "keep some"),
        "a reroll is two presses": ("reroll", "press twice"),
        "a claim is one press": ("press once", "card"),
        "the last seat's rolls": ("last without a card", "2\u00a0more rolls"),
        "a pair blasts a droid": ("pair", "blasts one droid"),
        "a chain": ("touches",),
        "trophies": ("trophy", "all six +3"),
        "coins": ("coin", "copy"),
        "comets": ("comet", "3\u00a0matching dice"),
        "bosses": ("column", "boss", "3\u00a0points"),
        "power-ups": ("power-up", "row"),
        "the camera and the check": ("camera", "press = correct", "hold = wrong"),
    },
    "ginza": {
        "the goal": ("serve", "orders", "dice"),
        "the set-up choices": ("player cards", "dice limit"),
        "secret bonus cards": ("bonus cards",),
        "tokens": ("3\u00a0action tokens", "4 with 2"),
        "one action a turn": ("one action",),
        "serving food": ("exactly the dice shown",),
        "serving a drink": ("drink", "or more"),
        "serving pays coins": ("token", "coins now"),
        "a served customer": ("every order covered", "cards"),
        "two orders pay more": ("two or more", "\u00a52"),
        "the purple die": ("purple die", "\u00a53", "one a serve"),
        "how many customers": ("morning", "daytime", "night", "one per player"),
        "a new customer comes": ("new customer",),
        "the time marker": ("time", "2"),
        "an unserved customer": ("leaves unserved", "discarded"),
        "arrange: change": ("change", "+1 or -1"),
        "arrange: reroll": ("reroll",),
        "arrange: add": ("add", "up to 3"),
        "washing": ("wash", "\u00a51, 3, 5, 7"),
        "upgrade an arrange card": ("level\u00a02", "\u00a53", "4\u00a0vp", "order cards"),
        "raise the dice limit": ("dice limit", "\u00a54, 4, 6, 6"),
        "the round's end": ("all tokens used", "at 0 they leave"),
        "dice refill": ("refill", "most dice starts"),
        "scoring": ("order cards' points", "bonus"),
        "coins score": ("1\u00a0point for every \u00a54",),
        "ties": ("tie",),
        "the camera": ("camera",),
        "take-back": ("hold your left arrow",),
    },
    "cafe-junior": {
        "the hand": ("6\u00a0guests", "first player: 8"),
        "flags": ("flag",),
        "two girls and two boys": ("two girls and two boys",),
        "placing many": ("as many guests",),
        "discarding": ("discard",),
        "drawing back": ("draw back up to 6",),
        "points a guest": ("1\u00a0point", "guest"),
        "a full table": ("10\u00a0points", "turn ends"),
        "doubling": ("all 6", "doubled"),
        "jokers": ("joker sits anywhere",),
        "swapping a joker": ("swap", "joker"),
        "a joker left in hand": ("left in hand", "-5"),
        "the end": ("last seat is filled", "cards run out"),
        "who wins": ("most points wins",),
        "take-back": ("hold your left arrow",),
    },
}


def _page_texts(game_id: str) -> list[str]:
    return [" ".join([p.title] + [t.caption for t in p.tiles]).lower() for p in PAGES[game_id]]


@pytest.mark.parametrize("game_id", sorted(NEEDS))
def test_every_fact_a_newcomer_needs_stands_on_a_page(game_id):
    pages = _page_texts(game_id)
    missing = [fact for fact, words in NEEDS[game_id].items()
               if not any(all(w.lower() in text for w in words) for text in pages)]
    assert not missing, f"{game_id}: no page says {missing}"


def test_every_game_is_audited():
    assert set(NEEDS) == set(PAGES)


def test_cha_dango_names_the_customer_under_the_cursor_in_one_place():
    """Cha dango's hit (a seat's arrows move a cursor over the customers,
    its button hits the customer under it) is one page, shared by the
    game's pages, so a change of the rule changes one place."""
    from firmware.screens.howto import CHA_DANGO_HIT
    assert CHA_DANGO_HIT in PAGES["cha-dango"]
    said = " ".join(t.caption for t in CHA_DANGO_HIT.tiles).lower()
    assert "cursor" in said and "wrong customer" in said
    others = [t.caption.lower() for p in PAGES["cha-dango"] if p is not CHA_DANGO_HIT for t in p.tiles]
    assert not [c for c in others if "cursor" in c]


def test_captions_stay_readable_at_a_metre():
    """Every caption is drawn at the kit's small size or larger, and at
    1080p at its medium size (the gallery's OCR: small words 24 px tall
    there, 15 px at 800x480, against 18 and 14 asked): more words never
    made a page's text smaller than that."""
    from firmware.screens.howto import Pager
    from firmware.screens.howto_scene import howto_scene
    from firmware.ui.paint import Fonts
    measure = Fonts().measure
    for size in ((1920, 1080), (800, 480)):
        for gid in PAGES:
            pager = Pager(gid)
            for k in range(pager.count):
                pager.page = k
                scene = howto_scene(pager, size, measure, hint="page: < >")
                words = " ".join(t.caption for t in pager.current.tiles)
                sizes = [n.props["size"] for n in scene.of_kind("text") if n.props.get("text") and
                         n.props["text"] in words]
                want = scene.metrics.medium if size == (1920, 1080) else scene.metrics.small
                assert sizes and min(sizes) >= want, (gid, k + 1, size, min(sizes), want)


def test_cryptid_cafe_says_the_solo_cost_of_leftover_dishes():
    """PT13 (issue 34): the end page said "1 coin for every 2" leftover
    dishes while solo charges 3 (hard 4, epic 5) for every 2, and gives
    them to AI Player 2 (rulebook, "Solo and 2-Player Rules").  The page
    says both, the solo figures from the component data."""
    from engines.cryptid_cafe.data import components
    waste = dict(components().solo_wasted_dish_coins)
    end = next(t for t in _page_texts("cryptid-cafe") if t.startswith("the end")).replace("\u00a0", " ")
    assert "solo" in end and "ai player 2" in end, end
    for level in ("hard", "epic"):
        assert f"{level} {waste[level]}" in end, (level, end)
    assert str(waste["easy"]) in end.split("solo", 1)[1], end


def test_pt44_a_wrong_customer_puts_you_out_of_this_order_only():
    """PT44 (hp): "A wrong customer wins nothing, and you are out" read as
    out of the game; CD-12: out of this order."""
    from firmware.screens.howto import CHA_DANGO_HIT
    said = " ".join(t.caption for t in CHA_DANGO_HIT.tiles).lower()
    assert "out of this order" in said, said
