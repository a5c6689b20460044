"""Ginza Retro Café on a seat's OLED, and the seats' cursors as the HDMI
lights them: each choice in words with what it costs, the player and bonus
card choices, the abilities."""
from __future__ import annotations

import re
from typing import Any


from engines.ginza.play import COMMON_DIE_COST
from firmware.screens.ginza_groups import choice_group, detail_words, KIND_ORDER  # noqa: F401 - KIND_ORDER for tests
from firmware.screens.ginza_words import bonus_met, cost_short, cost_words, short_words

from firmware.ui.oled import OledFrame
from firmware.screens.choices import press_count


# ------------------------------------------------------------ cursors
#: Hidden choices (player card, bonus cards): the HDMI shows only where the
#: cursor is among them, never the card.
PRIVATE_CHOICES = ("choose_card", "pick_bonus")


def cursor_position(game, context: dict[str, Any], seat: int) -> tuple[int, int, bool] | None:
    """``(position 1-based, choices, armed)`` of the seat's cursor, or None."""
    try:
        shown = context["controls"][seat].shown(game)
    except (KeyError, IndexError, TypeError, AttributeError):
        return None
    return (shown.cursor + 1, len(shown.choices), shown.armed) if shown.choices else None


def cursor_words(view: dict[str, Any], action: dict[str, Any] | None, pos: tuple[int, int, bool] | None,
                 game=None) -> str:
    """A seat banner's words for what its next press would do: "serve 3 5,
    1 token?" (the turn's choice and, given ``game``, what it costs),
    "press again to confirm" once armed, "card 2/3?" for a hidden choice
    (player card, bonus card: which card stays private)."""
    if action is None or pos is None:
        return ""
    mark = "!" if pos[2] else "?"
    if pos[2]:
        return "press again to confirm"
    if action.get("type") in PRIVATE_CHOICES:
        return f"card {pos[0]}/{pos[1]}{mark}"
    if view.get("phase") == "play" and action.get("player") == view.get("turn") or action.get("type") == "stop":
        cost = f", {cost_short(game, action['player'], action)}" if game is not None else ""
        return _short(action, None) + cost + mark
    return ""


def lit_dice(action: dict[str, Any] | None) -> list[int] | None:
    """The seat's dice values the choice would take: a serve's dice, a
    reroll's dice, the faces a change turns."""
    if action is None:
        return None
    kind = action.get("type")
    if kind in ("serve", "reroll"):
        return list(action.get("dice") or [])
    if kind == "change":
        return [f for f, _ in action.get("steps") or []]
    return None


# ------------------------------------------------------------------ OLED
def label(action: dict[str, Any], game: Any = None) -> str:
    """A short label for a Ginza action, with card names from the
    component data (``keep Drink Master 5 VP``, ``serve Blend Coffee with
    5,6``)."""
    kind = action.get("type")
    comp = getattr(game, "comp", None)
    if kind == "choose_card":
        pc = comp.player_cards.get(action.get("card")) if comp else None
        return f"play {pc.name}: {pc.text}" if pc else f"play {action.get('card')}"
    if kind == "pick_bonus":
        bc = comp.bonus_cards.get(action.get("card")) if comp else None
        return f"keep {bc.name} {bc.vp} VP" if bc else f"keep {action.get('card')}"
    if kind == "serve":
        oc = comp.orders.get(action.get("order")) if comp else None
        name = oc.item if oc else action.get("order")
        text = f"serve {name} with {','.join(map(str, action.get('dice') or []))}"
        if action.get("common") is not None:
            text += f" + common die {action['common']} (purple, ¥3)"
        return text
    if kind == "change":
        return short_words(action, game)       # "change 5 to 4, 4 to 3", "change two 5s to 4"
    if kind == "reroll":
        return f"reroll {','.join(map(str, action.get('dice') or []))}"
    if kind == "stop":
        return "stop rerolling"
    if kind == "add":
        k = action.get("count")
        return f"add {k} di{'c' if k != 1 else ''}e"
    if kind == "wash":
        return short_words(action, game)    # "wash dishes: one 1 for 2 yen", never "1 ones"
    if kind == "upgrade":
        arr = comp.arrange.get(action.get("arrange")) if comp else None
        return f"Lv.2 {arr.name if arr else action.get('arrange')}"     # the card's Lv.2 side
    if kind == "raise_limit":
        return "raise dice limit"
    return str(kind).replace("_", " ")


def _oled_words(text: str) -> str:
    """The OLED font has no yen sign: ``¥3`` is written ``3 yen``."""
    return " ".join(f"{w[1:]} yen" if w.startswith("¥") else w for w in text.split(" "))


#: a player card's ability as the OLED says it (the card's own words
#: shortened, so it fits the two lines beside and under the card icon)
_ABILITY_SHORT = [(re.compile(r"^Start the game with (.+) at (Lv\.\d)\.?$"), r"\1 \2 from the start"),
                  (re.compile(r"^Get (\d+) extra yen each time you serve an? (\w+)\.?$"),
                   r"+\1 yen each time you serve a \2"),
                  (re.compile(r"^Each dice limit step costs (\d+) yen less\.?$"), r"dice limit steps cost \1 yen less"),
                  (re.compile(r"^Better dishwashing table: (\S+) ones give (\S+) yen\.?$"),
                   r"\1 ones wash for \2 yen")]


def ability_lines(f: OledFrame, text: str) -> list[tuple[int, str]]:
    """A card's ability (or bonus condition) on the OLED as (x, line): the
    first line beside the 14 px card icon (x 20), the second under it,
    full width (x 2); the card's words shortened (:data:`_ABILITY_SHORT`;
    a list of dishes without spaces) when they need more than these two lines.  Raises ValueError when even
    the short words do not fit (a text no player could read whole)."""
    short = [rx.sub(to, text) for rx, to in _ABILITY_SHORT if rx.match(text)]
    for words in (text, *short, text.replace(", ", ",")):     # a list of dishes: "A,B,C"
        first = _wrap_px(f, words, f.W - 22)
        if len(first) == 1:
            return [(20, first[0])]
        rest = " ".join(words.split()[len(first[0].split()):])
        if f.fits(rest, f.W - 4):
            return [(20, first[0]), (2, rest)]
    raise ValueError(f"ability text {text!r} does not fit the OLED in two lines")


def _wrap_px(frame: OledFrame, text: str, room: int, size: int = 10) -> list[str]:
    """Word-wrap ``text`` to lines at most ``room`` px wide (a word wider
    than the room is split)."""
    return frame.wrap_px(text, room, size, split_long=True)


def oled_frame(game, seat: int, view: dict[str, Any], controls, context: dict[str, Any]) -> OledFrame:
    """The seat's OLED (its own view): header with seat, yen and action
    tokens left; while choosing a player card or drafting, the card under
    the cursor with its text; otherwise its dice drawn with pips and its
    bonus cards in hand as card icons with their VP (private: only here);
    the choice under the cursor at the bottom, inverted when armed; while
    a round's summary stands on the HDMI (the next round's dice wait,
    GR-10), "round 1 done" on top and "next round in 5 s" at the bottom.

    The bottom line (the choice, one or two lines, or whose turn it is)
    is placed first; the prompt and the body go above it, each line only
    when it fits whole above the bottom line (nothing is drawn over
    anything: :meth:`OledFrame.overlaps`)."""
    f = OledFrame()
    p = view["players"][seat]
    tokens = f"{p['tokens']} token{'s' if p['tokens'] != 1 else ''}"
    _header(f, [f"Seat {seat + 1}  {p['coins']} yen", f"Seat {seat + 1} {p['coins']} yen", f"{p['coins']} yen"],
            tokens)
    shown = controls.shown(game)
    choices, cursor = shown.choices, shown.cursor
    prompt = (context.get("prompts") or {}).get(seat)
    phase = view.get("phase")
    comp = game.comp
    if phase == "over":
        y = f.message(2, 14, _oled_words(str(prompt)), max_lines=1) if prompt else 14
        score = view.get("scores", [0] * (seat + 1))[seat]
        f.glyph(0, y, f.W, "GAME OVER", size=16)
        f.text(2, y + 20, f"{score:g} VP, bonus {len(p.get('bonus_achieved', []))} met")
        return f
    carding = bool(choices) and phase in ("player_card", "draft1", "draft2")
    if carding:
        _card_choice(f, game, phase, shown, prompt)
        return _armed_bar(f, shown.armed)
    # the bottom line first: the choice (its short label), or whose turn it is
    full = short = ""
    if choices:
        act = choices[cursor]
        full = _oled_words(label(act, game))
        short, pos, where = _choice_line(f, choices, cursor, game)
        bottom = f.choice(short, cursor, len(choices), shown.armed, pos=pos,
                          presses=press_count(shown.chosen, len(choices)))
        # above it: what the choice costs (before the confirming press); once armed the top bar says "press again"
        common = act.get("common") if act.get("type") == "serve" and "common" not in short else None
        bottom = _cost_lines(f, game, seat, act, bottom, where=where, common=common)
    else:
        turn = view.get("turn")
        banner = context.get("banner") or ""
        summed = context.get("round_summary") if banner.startswith("next") else None
        if summed:   # GR-10: the round's summary is on the HDMI; the next round's dice wait for it
            prompt = prompt or f"round {summed['round']} done"
            f.text(2, f.H - 12, f"next round in {banner.split()[-1]} s")
        else:
            f.text(2, f.H - 12, "your turn" if turn == seat else (f"Seat {turn + 1} plays" if turn is not None
                                                                  else "waiting"))
        bottom = f.H - 13
    y = 14
    if prompt:
        y = f.message(2, y, _oled_words(str(prompt)), max_lines=max(1, min(2, (bottom - y) // 12)))
    # dice as read, then bonus cards in hand (or the long choice in full); its dice read again
    # after a nudge (CAB-5): the reading so far, an unread die a "?", never "roll your dice" (PT30)
    rereading = seat in (context.get("dice_rereading") or ())
    so_far = (context.get("dice_awaited") or {}).get(seat) if rereading else None
    wanted = sum(q["count"] for q in view.get("dice_requests") or () if q.get("player") == seat)
    so_far = so_far if so_far and len(so_far) == wanted else None     # (a die too many seen: no places)
    dice = list(p.get("dice") or []) + list(so_far or [])
    size = 13 if not choices else 12    # a turn: room for the cost line and a bonus card
    if y + size <= bottom:
        for i, v in enumerate(dice[:9]):
            f.die(2 + i * (size + 1), y, size, v)
        if not dice:
            f.text(2, y, "no dice" if phase == "play" else "reading your dice" if rereading else "roll your dice")
        y += size + 2
    detail = _wrap_px(f, full, f.W - 4) if short != full else []
    # lines 11 px apart whose ink (y+1 .. y+9) ends above the bottom line's first row
    rows = (bottom - y - 10) // 11 + 1 if bottom - y >= 10 else 0
    if detail and len(detail) <= min(2, rows):
        for i, ln in enumerate(detail):
            f.text(2, y + i * 11, ln)
    elif not choices or choices[cursor].get("type") == "serve":
        # the secret bonus cards where they apply: a serve wins an order card (6. Scoring), or the overview
        bonus = p.get("bonus") or []
        for i, b in enumerate(bonus[:min(2, rows)]):
            _check_box(f, 2, y + i * 11, bonus_met(game, seat, b, view))
            f.best(12, y + i * 11, bonus_forms(comp.bonus_cards[b]))
        if not bonus and rows:
            f.text(2, y, "no bonus cards")
    return _armed_bar(f, bool(choices) and shown.armed)


def _armed_bar(f: OledFrame, armed: bool) -> OledFrame:
    """Once armed, the top bar asks for the confirming press; the lines
    under it stay (:func:`~firmware.screens.walkthrough.press_again_bar`)."""
    from firmware.screens.walkthrough import press_again_bar
    return press_again_bar(f, armed)


def bonus_forms(bc) -> list[str]:
    """A bonus card's line on the OLED, longest first, each saying it is a
    bonus card (issue 34, pt11 o46: "Afternoon Set 5 VP" read as nothing):
    "bonus Afternoon Set 5 VP" ... "bonus Afternoon"."""
    first = bc.name.split()[0]
    return [f"bonus {bc.name} {bc.vp} VP", f"bonus {bc.name} {bc.vp}VP", f"bonus {bc.name}",
            f"bonus {first} {bc.vp} VP", f"bonus {first}", "bonus"]


def _choice_line(f: OledFrame, choices: list[dict[str, Any]], cursor: int, game) -> tuple[str, str | None, str]:
    """The choice line as ``(words, count, group line)`` (play-test: "1/81"):
    words that name the cursor's group ("reroll 3 4", "Soda 11+: 4 5 5")
    beside the place in the group ("3/17"; none in a group of one), no
    group line; when no such
    words fit one line, the words inside the group ("5 to 4, 4 to 3")
    beside the count and the group's name on the line above ("change"),
    or where even that is too wide ("1 3 6 +common 3") no count and the
    group's line above saying both: "Coffee 13+ 2/4".  A lone choice
    keeps "press: ..." and no count."""
    act = choices[cursor]
    full = _oled_words(label(act, game))
    if len(choices) == 1:
        forms = [full, _oled_words(_short(act, game)), *detail_words(act, game)]
        return next((w for w in forms if f.fits(w, f.W - 4)), forms[-1]), None, ""
    groups = [choice_group(a, game) for a in choices]
    members = [i for i, g in enumerate(groups) if g == groups[cursor]]
    count = f"{members.index(cursor) + 1}/{len(members)}" if len(members) > 1 else ""   # "1/1" read as "the only one"
    room = f.W - f.width(count) - 18
    named = [w for w in (full, _oled_words(_short(act, game)), *detail_words(act, game)) if groups[cursor] in w]
    fit = next((w for w in named if f.fits(w, room)), None)
    if fit is not None:
        return fit, count, ""
    forms = detail_words(act, game) or [_oled_words(_short(act, game))]
    beside = next((w for w in forms if f.fits(w, room)), None)
    if beside is not None:     # issue 34, PT13 od.png: the count stays on the choice line where it fits
        return beside, count, groups[cursor]
    return next((w for w in forms if f.fits(w, f.W - 18)), forms[-1]), "", f"{groups[cursor]} {count}".strip()


def _cost_lines(f: OledFrame, game, seat: int, action: dict[str, Any], bottom: int,
                where: str = "", common: int | None = None) -> int:
    """Above the choice line (which starts at ``bottom``): what the choice
    costs ("costs 1 token, 3 yen"), above it the cursor's group and place
    in it (``where``: "reroll 3/17"; during a turn it takes the line of a
    bonus card), each only where it fits whole; ``common``: the purple die the choice line
    could not name, said here ("+common 6: pay 3 yen").  Returns the
    new top of the bottom area."""
    costs = cost_words(game, seat, action, sign="yen")
    if common is not None:
        costs = [f"+common {common}: 1 token, pay {COMMON_DIE_COST} yen", f"+common {common}: pay {COMMON_DIE_COST} yen",
                 f"+common {common} for {COMMON_DIE_COST} yen", f"+common {common}"]
    lines = [costs, [where] if where else []]
    for options in lines:
        if bottom - 11 < 14:
            break
        words = next((w for w in options if f.fits(w, f.W - 4)), None)
        if words is None:
            continue
        f.text(2, bottom - 10, words, room=f.W - 4)
        bottom -= 11
    return bottom


def _check_box(f: OledFrame, x: int, y: int, met: bool) -> None:
    """A bonus card's 8 x 10 box, ticked when the seat meets the card now
    ("6. Scoring"; a "most" card can still be lost)."""
    d = f.draw
    f.boxes.append(("bonus met" if met else "bonus not met", (x, y, x + 7, y + 9)))
    d.rectangle((x, y, x + 7, y + 9), outline=1, fill=0)
    if met:
        d.line((x + 1, y + 5, x + 3, y + 7), fill=1, width=2)
        d.line((x + 3, y + 7, x + 7, y + 1), fill=1, width=2)


def _card_choice(f: OledFrame, game, phase: str, shown, prompt: str | None) -> None:
    """The OLED while a seat chooses a player card or drafts a bonus card:
    the card under the cursor (icon, title, ability) above the choice
    line; a prompt takes one line on top, and the ability's lines that no
    longer fit above the choice line are left out (never drawn over it)."""
    choices, cursor = shown.choices, shown.cursor
    act = choices[cursor]
    if phase == "player_card":
        pc = game.comp.player_cards[act["card"]]
        title, text = pc.name, pc.text
        for with_limit in (f"{pc.name} · dice limit {pc.dice_limit}", f"{pc.name} · limit {pc.dice_limit}",
                           f"{pc.name} limit {pc.dice_limit}"):
            if f.fits(with_limit, f.W - 20):      # the card's starting dice limit (GR-4), beside its name
                title = with_limit
                break
    else:
        bc = game.comp.bonus_cards[act["card"]]
        title, text = bc.name, _bonus_text(bc)
    word = "keep" if phase != "player_card" else "play"
    chosen = f"{word} this card ({cursor + 1} of {len(choices)})"     # issue 34: "play 1 of 2"
    if phase != "player_card":    # every bonus card's VP on the choice line (PT13 g10: some beside the name)
        chosen = f"keep: {bc.vp} VP"
    # one choice line, so the ability keeps its two lines (the arrows' "1/2" says the position)
    if not f.fits(chosen, f.W - f.width(f"{cursor + 1}/{len(choices)}") - 18):
        chosen = f"{word} this card"
    bottom = f.choice(chosen, cursor, len(choices), shown.armed,
                      presses=press_count(shown.chosen, len(choices)))     # armed: the top bar says "press again"
    y = f.message(2, 14, _oled_words(str(prompt)), max_lines=1) if prompt else 14
    lines = ability_lines(f, text)
    if y + 20 <= bottom:
        f.card(2, y, 14, 20, label="P" if phase == "player_card" else "B")
    f.text(20, y, title)
    for i, (x, ln) in enumerate(lines):
        top = y + 12 + i * 11
        if top + 10 > bottom or (x < 18 and top < y + 20 and y + 20 <= bottom):
            break
        f.text(x, top, ln)


def _bonus_text(bc) -> str:
    """A bonus card's condition in words (6. Scoring)."""
    if bc.kind == "subcategory_x2":
        return f"2+ {bc.subcategories[0]}"
    if bc.kind == "subcategories_each":
        return "1+ each: " + ", ".join(bc.subcategories)
    if bc.kind == "most_category":
        return f"most {bc.category} orders"
    if bc.kind == "most_orders":
        return "most order cards"
    if bc.kind == "all_categories_x2":
        return "2+ Drink, Dessert, Food"
    return bc.kind.replace("_", " ")


def _short(action: dict[str, Any], game) -> str:
    """A label short enough for the OLED's choice line, in whole words
    (:func:`firmware.screens.ginza_words.short_words`)."""
    return short_words(action, game)


def _header(f: OledFrame, lefts: list[str], right: str) -> None:
    """The OLED's top bar with the first of ``lefts`` that fits beside
    ``right`` (the last one otherwise)."""
    room = f.W - (f.width(right) if right else 0) - 6
    f.header(next((t for t in lefts if f.fits(t, room)), lefts[-1]), right)
