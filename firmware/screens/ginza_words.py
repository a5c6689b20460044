"""Ginza Retro Café in words a player reads (issue 34, play-tester: "add 2
dice" took an action token and "Change Lv.2" cost ¥3 with nothing said
before the confirming press; no log of moves; "chg 1>2?", "tok", "0Y").

* :func:`cost_words`: what a choice costs before it is confirmed, in the
  rulebook's terms ("A-3. Choose 1 action": every action puts 1 action
  token on its card, except further rerolls of one Reroll action;
  "A-2 Raise the Arrange Lv." ¥3; "Increase your dice limit" ¥4 / ¥6; a
  purple common die ¥3) and what it earns (an order card's yen, Wash
  Dishes' yen).
* :func:`short_words`: the OLED's choice line in whole words ("change 1
  to 2", "add 2 dice").
* :func:`feed`: the latest moves for the HDMI (Café Junior's feed
  generalised: :func:`firmware.screens.cafe_junior_feed.feed_lines`).
* :func:`bonus_met`: whether a seat's bonus card is met by the order
  cards won so far ("6. Scoring"; a "most" card can still be lost).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from engines.ginza.play import COMMON_DIE_COST
from engines.ginza.scoring import bonus_achieved
from firmware.screens.cafe_junior_feed import feed_lines, seat_words

#: Events the feed leaves out: dice read (drawn on the mats; not those
#: entered by hand, PT30), the hidden choices, the draft's phases.
QUIET = re.compile(r" rolled (?:red|blue|yellow|green|purple) (?!.*\(entered by hand\)$)|chose a player card$|"
                   r"picked a bonus card$|^Bonus draft")
#: A dice event of dice entered by hand (:data:`firmware.runtime.by_hand.MARK`):
#: whose, colour, values, the engine's reason.
_BY_HAND = re.compile(r"^(?:seat (\d+)|common) rolled (\w+) \[([\d, ]*)\] \((.+?)\) \(entered by hand\)$")
#: What the dice of a request are, by the engine's reason ({c}: colour, {d}: "die" or "dice").
_DICE_NOUNS = {"first dice": "first {c} dice", "reroll": "rerolled {c} {d}", "add dice": "added {c} {d}",
               "dice limit": "new {c} die (dice limit raised)", "replenish": "new {c} {d} for the round"}


def _yen(n: int, sign: str) -> str:
    return f"¥{n}" if sign == "¥" else f"{n} yen"


def wash_yen(game: Any, action: dict[str, Any]) -> int | None:
    """The yen a Wash Dishes choice gives its seat (the dishwashing area of
    its player card, by the number of dice showing 1); None without the
    game, the seat or its card."""
    if game is None or action.get("player") is None:
        return None
    try:
        p = game.view(action["player"])["players"][action["player"]]
        pc = game.comp.player_cards.get(p.get("card")) if p.get("card") else None
        return None if pc is None else pc.dishwashing[int(action.get("ones") or 0)]
    except (KeyError, IndexError, TypeError, AttributeError):
        return None


def cost_parts(game, seat: int, action: dict[str, Any], sign: str = "¥") -> tuple[list[str], list[str]]:
    """``(costs, gains)`` of ``action`` for ``seat`` as words: costs such
    as "1 action token", "¥3"; gains such as "¥2" (``sign="yen"``: "3
    yen", for the OLED, whose font has no yen sign)."""
    kind = action.get("type")
    view = game.view(seat)
    rerolling = view.get("reroll") is not None
    costs: list[str] = []
    gains: list[str] = []
    if kind in ("serve", "change", "add", "wash") or (kind == "reroll" and not rerolling):
        costs.append("1 action token")
    if kind == "serve":
        if action.get("common") is not None:
            costs.append(f"{_yen(COMMON_DIE_COST, sign)} for the common die")     # play-tester: say what "+2" is
        if action.get("order") in game.comp.orders:   # with the player card's yen (PT24: Shin's +1 was left out)
            try:
                gains.append(_yen(game.serve_coins(seat, action["order"]), sign))
            except KeyError:        # no player card yet: the order card's yen
                gains.append(_yen(game.comp.orders[action["order"]].coins, sign))
    elif kind == "upgrade":
        costs.append(_yen(game.comp.upgrade_coins, sign))
    elif kind == "raise_limit":
        cost = game.limit_cost(seat)
        if cost is not None:
            costs.append(_yen(cost, sign))
    elif kind == "wash":
        p = view["players"][seat]
        pc = game.comp.player_cards.get(p.get("card")) if p.get("card") else None
        if pc is not None:
            gains.append(_yen(pc.dishwashing[int(action.get("ones", 0))], sign))
    return costs, gains


def cost_words(game, seat: int, action: dict[str, Any], sign: str = "¥") -> list[str]:
    """What the choice costs and gets, longest first, for a line that
    takes the first that fits: ["costs 1 action token and ¥3 for the
    common die, gets ¥2", ..., "1 token, pay ¥3, get ¥2", "pay ¥3, get
    ¥2", ..., "1 token, pay ¥3"]; yen always with the rulebook's verb
    ("paying ¥3", "Acquire the coins": issue 34, PT13 g38: "1 token, 3
    yen" did not say whether the 3 yen is paid or got); ["free"] for a
    further reroll or stopping."""
    costs, gains = cost_parts(game, seat, action, sign)
    if not costs:
        return ["free: no action token", "free"] if action.get("type") in ("reroll", "stop") else ["free"]
    long = "costs " + " and ".join(costs)
    short = "costs " + ", ".join(c.replace("action token", "token") for c in costs)
    got = f", gets {gains[0]}" if gains else ""
    token = [c.replace("action token", "token") for c in costs if "token" in c]
    paid = [c.replace(" for the common die", "") for c in costs if "token" not in c]
    verbs = ", ".join(token + [f"pay {y}" for y in paid])          # "1 token, pay 3 yen"
    get = f", get {gains[0]}" if gains else ""
    pay_get = [f"pay {paid[0]}{get}"] if paid and gains else []      # the token: every action's
    die = [w.replace(" for the common die", " common die") for w in (short + got, short)]
    # what it gets before what it costs in full (issue 34: "wash: one 1" with "costs 1 action token")
    return list(dict.fromkeys([long + got, short + got, die[0], verbs + get, *pay_get, long, short, die[1],
                               verbs, *([f"pay {paid[0]}"] if paid else [])]))


def cost_short(game, seat: int, action: dict[str, Any]) -> str:
    """The cost in a few characters for a seat's banner: "1 token",
    "¥3", "1 token + ¥3", "free"."""
    costs, _ = cost_parts(game, seat, action)
    return " + ".join(c.replace("action token", "token").replace(" for the common die", "")
                      for c in costs) or "free"


def short_words(action: dict[str, Any], game: Any = None) -> str:
    """The OLED's choice line in whole words (about 16 characters a line,
    two lines at most): "change 1 to 2", "add 2 dice", "Lv.2 Change card";
    a serve names its order (issue 34: "serve 1 6" read the same for two
    orders): by the card's subcategory, "serve Omurice: 1 6", "serve
    Coffee 7+: 1 6" (a drink's sum tells two coffees apart; needs ``game``); a serve's purple die as
    "+common 4" (issue 34: "+4" read as 4 points; the full label says "+ common die 4
    (purple, ¥3)", the cost line "3 yen for the common die")."""
    kind = action.get("type")
    if kind == "serve":
        dice = " ".join(map(str, action.get("dice") or []))
        oc = game.comp.orders.get(action.get("order")) if game is not None else None
        name = "" if oc is None else f"{oc.subcategory} {oc.sum}+: " if oc.sum is not None else f"{oc.subcategory}: "
        # the purple die named as the common die where the two lines have room (play-tester: "Pudding: 3 +2")
        # issue 34: "+6" read as 6 points: the purple die is always "+common 6"
        extras = [f" +common {action['common']}"] if action.get("common") is not None else [""]
        for extra in extras:
            words = f"serve {name}{dice}{extra}"
            if len(words) > 16:                 # two OLED lines: "Napolitan: 3 3 +3", "Soda 24+: 4 5 5 6 +4"
                words = f"{name}{dice}{extra}"
            if len(words) <= 28:
                break
        return words
    if kind == "change":
        return "change " + change_words(action.get("steps") or [])
    if kind == "reroll":
        return "reroll " + " ".join(map(str, action.get("dice") or []))
    if kind == "upgrade":     # issue 34: "Change to Lv.2" read as a verb; the card's Lv.2 side
        word = {"change": "Change", "reroll": "Reroll", "add": "Add"}.get(action.get("arrange"), "?")
        return f"Lv.2 {word} card"
    if kind == "wash":
        k = int(action.get("ones") or 0)     # rulebook: Wash Dishes with the dice showing "1"
        count = {1: "one", 2: "two", 3: "three"}.get(k, str(k))
        yen = wash_yen(game, action)         # issue 34: "wash: one 1" did not say what it gives
        gets = "" if yen is None else f" for {yen} yen"
        return f"wash dishes, no 1s{gets}" if k == 0 else f"wash dishes: {count} 1{'s' if k != 1 else ''}{gets}"
    if kind == "add":
        k = action.get("count")
        return f"add {k} di{'c' if k != 1 else ''}e"
    if kind == "raise_limit":
        return "raise dice limit"
    if kind == "stop":
        return "stop rerolling"
    return str(kind).replace("_", " ")


def event_words(text: str, view: dict[str, Any]) -> str:
    """One engine event in the table's words: seats as "Seat 2", dice
    lists as "4, 5, 5" ("seat 2 changes dice [1, 3] -> [2, 3]" ->
    "Seat 2 changes dice 1, 3 to 2, 3").  (The words depend on the text
    alone: each event's are worked out once, not on every screen built.)"""
    return _event_words(text)


def by_hand_words(text: str) -> str | None:
    """A dice event of dice entered by hand in the table's words (PT30:
    nobody could see later that a value was typed, not rolled): "Seat 1's
    rerolled red die: 4 (entered by hand)", "The common dice: 2, 5, 6
    (entered by hand)"; None for any other event."""
    m = _BY_HAND.match(text)
    if m is None:
        return None
    seat, colour, values, reason = m.groups()
    vals = ", ".join(v.strip() for v in values.split(",") if v.strip())
    if seat is None:
        return f"The common dice: {vals} (entered by hand)"
    noun = _DICE_NOUNS.get(reason, "{c} {d} (" + reason + ")")
    noun = noun.format(c=colour, d="die" if len(vals.split(",")) == 1 else "dice")
    return f"Seat {seat}'s {noun}: {vals} (entered by hand)"


@lru_cache(maxsize=512)
def _event_words(text: str) -> str:
    hand = by_hand_words(text)
    if hand is not None:
        return hand
    t = re.sub(r"\bseats? (\d+)", lambda m: f"Seat {m.group(1)}", seat_words(text))
    t = t.replace(" -> ", " to ")
    t = re.sub(r"\[([\d, ]*)\]", r"\1", t)
    return t[0].upper() + t[1:] if t else t


def feed(events: list[str], view: dict[str, Any], keep: int = 4) -> list[str]:
    """The last ``keep`` moves in words, oldest first (dice reads and the
    hidden choices left out)."""
    return feed_lines(events, view, keep, words=event_words, quiet=QUIET)


def band_moves(moves: list[str]) -> list[str]:
    """The moves in words (oldest first) as the walkthrough band reads them:
    its "Last move" is the last of them.  A customer served and the one
    who arrives in its place come of one action; the band says the service
    (who took which order card, "4. Successfully served a customer"), the
    new customer being on the board (issue 34, pt11 s32_1: the band said
    only the arrival and the cards went to the seats unsaid)."""
    k = len(moves) - 1
    if k < 0 or " arrives and orders " not in moves[k]:
        return moves
    k -= 1
    while k >= 0 and _TWO_DISHES.search(moves[k]):
        k -= 1
    return moves[:k + 1] if k >= 0 and " is served and leaves" in moves[k] else moves


_TWO_DISHES = re.compile(r"^Seat \d+ served \d+ of .+'s dishes")


def bonus_met(game, seat: int, card_id: str, view: dict[str, Any]) -> bool:
    """True when ``seat``'s bonus card ``card_id`` is met by the order
    cards won so far ("6. Scoring"; a "most" card counts ties)."""
    orders = [list(p.get("orders") or []) for p in view["players"]]
    return bonus_achieved(game.comp, game.comp.bonus_cards[card_id], seat, orders)


# ------------------------------------------------------ first-game walkthrough
_WALK_NOUNS = {"choose_card": "a player card", "pick_bonus": "a bonus card", "serve": "an order to serve",
               "change": "dice to change", "reroll": "dice to reroll", "wash": "washing dishes",
               "add": "dice to add", "raise_limit": "raising your dice limit", "upgrade": "an arrange card to upgrade",
               "stop": "stopping", "pass": "passing"}
_WALK_VERBS = {"choose_card": "take the card", "pick_bonus": "keep the card", "serve": "serve the order",
               "change": "change the dice (then turn them in your tray)", "reroll": "reroll them in your tray",
               "wash": "wash the dishes", "add": "add the dice", "raise_limit": "raise the limit",
               "upgrade": "upgrade it", "stop": "stop rerolling", "pass": "pass"}
_WALK_SHORT = {"choose_card": "take", "pick_bonus": "keep", "serve": "serve", "change": "change",
               "reroll": "reroll", "wash": "wash", "add": "add", "raise_limit": "raise", "upgrade": "upgrade",
               "stop": "stop", "pass": "pass"}
_WALK_NOW = {"player_card": "choose your player card (it gives your start)",
             "draft1": "pick a bonus card to keep",
             "draft2": "pick your second bonus card",
             "play": "it is your turn: one action"}


def walkthrough_words(game, seat: int, view: dict[str, Any], shown, context: dict[str, Any]) -> Any:
    """The first-game walkthrough's words for ``seat``: its dice to roll
    (the camera reads them), else its choices (``shown``); None when the
    game is not waiting for it."""
    from firmware.screens.walkthrough import Words, oled_words, todo_words
    if not shown.choices:
        if any(r.get("player") == seat for r in game.chance_requests()):
            return Words("roll your dice", "roll the dice your screen names in your tray (the camera reads them)",
                         ("roll your dice", "roll dice"))
        return None
    now = _WALK_NOW.get(view.get("phase"), "it is your turn")
    if shown.choices[0].get("type") in ("reroll", "stop") and {a.get("type") for a in shown.choices} <= {"reroll",
                                                                                                       "stop"}:
        now = "you may reroll again or stop"
    return Words(now, todo_words(shown, _WALK_NOUNS, _WALK_VERBS), oled_words(shown, _WALK_SHORT))


def first_round(game) -> bool:
    """True during the set-up (player cards, bonus draft: round 0) and the
    first round of play."""
    return int(game.view(None).get("round") or 0) <= 1


def change_words(steps: list) -> str:
    """A Change Dice choice's steps ``[(face, +1 or -1), ...]`` in words
    (issue 34, PT13: "5 to 4, 5 to 4" did not say it turns two dice):
    "5 to 4", "5 to 4, 4 to 3", two dice of one face "two 5s to 4" (both
    the same way) or "5s to 4 and 6"."""
    pairs = [(int(f), int(f) + int(d)) for f, d in steps]
    if len(pairs) == 2 and pairs[0][0] == pairs[1][0]:
        face = pairs[0][0]
        if pairs[0][1] == pairs[1][1]:
            return f"two {face}s to {pairs[0][1]}"
        lo, hi = sorted(t for _, t in pairs)
        return f"{face}s to {lo} and {hi}"
    return ", ".join(f"{a} to {b}" for a, b in pairs)
