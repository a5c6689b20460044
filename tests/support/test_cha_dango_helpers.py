"""Helpers for the Cha dango tests: build a table with a chosen dining area
and ordering deck, and send timestamped inputs."""
from __future__ import annotations

from engines.cha_dango import ChaDango
from engines.cha_dango.cards import load_cards

CARDS = load_cards().cards
T0 = 1_000_000  # the order appears at 1 s


def find(exclude=(), **want) -> int:
    """Id of a card whose attributes equal/differ as asked, e.g.
    ``find(figure="cat", dango=("not", "pink"))``."""
    for c in CARDS:
        if c.id in exclude:
            continue
        ok = True
        for attr, val in want.items():
            if attr == "back":
                ok = ok and c.back == val
            elif isinstance(val, tuple):
                ok = ok and c.value(attr) not in val[1:]
            else:
                ok = ok and c.value(attr) == val
        if ok:
            return c.id
    raise LookupError(f"no card with {want}")


def table(players: int, dining: list[int], deck: list[int], seed: int = 7, **options) -> ChaDango:
    """A new game whose dining area and ordering deck (top first) are set."""
    g = ChaDango.new(players, seed, options or None)
    g.dining = list(dining)
    g.deck = list(deck)
    return g


def _logged(g, action):
    """Apply and remember the events (an input can decide an earlier press:
    its stamp moves the settled horizon)."""
    events = g.apply(action)
    g.__dict__.setdefault("_test_log", []).extend(events)
    return events


def reveal(g, t=T0, **levels):
    return _logged(g, {"type": "reveal", "player": g.current, "t_us": t, **levels})


def edge(g, kind, player, t):
    return _logged(g, {"type": kind, "player": player, "t_us": t})


def first_match(g) -> int:
    """The customer a seat that looks hits first (ruling CD-12): the oldest
    dining-area customer matching the open order, else the first customer
    (a hit on it is a wrong hit)."""
    order = g.order
    for c in g.dining:
        if order and CARDS[c].value(order["attribute"]) == order["value"]:
            return c
    return g.dining[0]


def steps_to(g, controls, card=None) -> int:
    """Presses of Right (negative: Left) that bring a seat's cursor
    (``controls``, its :class:`SeatControls`) onto customer ``card``
    (default :func:`first_match`) in an open race (ruling CD-12)."""
    card = first_match(g) if card is None else card
    shown = controls.shown(g)
    cards = [a.get("card") for a in shown.choices]
    return cards.index(card) - shown.cursor


def slap(g, player, t, card=None):
    """A hit of ``player`` at ``t`` on customer ``card`` (CD-12), by
    default on :func:`first_match`."""
    return _logged(g, {"type": "slap", "player": player, "t_us": t,
                       "card": first_match(g) if card is None else card})


def release(g, player, t):
    return edge(g, "release", player, t)


def lift(g, player, t):
    return edge(g, "cup_lift", player, t)


def down(g, player, t):
    return edge(g, "cup_down", player, t)


def tick(g, t):
    return _logged(g, {"type": "tick", "t_us": t})


def settle(g):
    """Tick to the game's deadline if one is awaited (one decision step);
    return every event since the last settle (inputs included)."""
    if g.deadline_us() is not None:
        tick(g, g.deadline_us())
    return g.__dict__.pop("_test_log", [])


def types(events) -> list[str]:
    return [e["type"] for e in events]


# ------------------------------------- an order nothing matches (CD-9 wrong hits)
#: the revealed card (cat, pink dango, blue background) and two customers it does not match
NOTHING_R = 5
NOTHING = find(exclude={NOTHING_R}, figure=("not", "cat"), dango=("not", "pink"), background=("not", "blue"))
NOTHING2 = find(exclude={NOTHING_R, NOTHING}, figure=("not", "cat"), dango=("not", "pink"),
                background=("not", "blue"))
NOTHING_USED = {NOTHING_R, NOTHING, NOTHING2}
#: the ordering deck's top card (a figure back) and the rest of the deck
NOTHING_TOP = next(c.id for c in CARDS if c.back == "figure" and not c.start and c.id not in NOTHING_USED)
NOTHING_REST = [c.id for c in CARDS if not c.start and c.id not in NOTHING_USED | {NOTHING_TOP}][:5]


def wrong_hit_then_sips(players: int, hitter_vp: list[int], **options):
    """Seat 1 hits on an order nothing matches (its VP cards ``hitter_vp``);
    the other seats sip (seat ``players`` last).  Returns the game and the
    event texts."""
    g = table(players, dining=[NOTHING, NOTHING2], deck=[NOTHING_R, NOTHING_TOP] + NOTHING_REST, **options)
    g.vp[0] = list(hitter_vp)
    events = [e["text"] for e in reveal(g)]
    events += [e["text"] for e in slap(g, 0, T0 + 500_000)]
    for s in range(1, players):
        events += [e["text"] for e in lift(g, s, T0 + 500_000 + 100_000 * s)]
    for s in range(1, players):
        events += [e["text"] for e in down(g, s, T0 + 1_700_000 + 100_000 * s)]
    while g.phase == "race":
        events += [e["text"] for e in settle(g)]
    return g, events


def table_view(t) -> dict:
    """The public view of the game on a window-loop table ``t``."""
    return t.session.game.view(None)


def order_matches(g) -> list[int]:
    """Ids of the dining area's customers that match the order on show."""
    order = g.view(None)["order"]
    return [c["id"] for c in g.view(None)["dining_area"] if CARDS[c["id"]].value(order["attribute"]) == order["value"]]


def open_first_race(t):
    """On a window-loop table ``t``: wait for seat 1's reveal, press it,
    run to the race; returns the game."""
    t.run_until(lambda t: table_view(t)["phase"] == "reveal" and table_view(t)["current"] == 0)
    t.step(30, ms=50)
    t.press(0, "button")
    t.run_until(lambda t: table_view(t)["phase"] == "race", max_passes=200)
    return t.session.game


def aim_at(t, seat, card) -> None:
    """Press ``seat``'s arrows (one pass each) until its cursor is on ``card``."""
    steps = steps_to(t.session.game, t.session.runtime.controls[seat], card)
    for _ in range(abs(steps)):
        t.press(seat, "right" if steps > 0 else "left", hold_passes=1)


def aimed(t, seat):
    """The customer ``seat``'s cursor stands on (its card id), or None."""
    shown = t.session.runtime.controls[seat].shown(t.session.game)
    return shown.chosen.get("card") if shown.chosen is not None else None


def oled_words(t, seat) -> str:
    """``seat``'s OLED texts on a window-loop table ``t``, joined, no-break spaces as spaces."""
    return " ".join(t.oled_texts(seat)).replace("\u00a0", " ")
