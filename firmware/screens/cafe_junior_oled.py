"""Café International Junior on a seat's OLED: the seat's hidden hand and
each choice in words (which guest, which chair at which table)."""
from __future__ import annotations

from typing import Any

from firmware.screens.choices import SeatCursor


from firmware.ui.oled import OledFrame
from firmware.screens.choices import press_count


#: A country's name where the view's is too long for an OLED line beside
#: others, still unmistakable (the play-test read "CH" as Switzerland).
SHORT_NAMES = {"GBR": "Britain"}


def country_words(card: dict[str, Any]) -> str:
    """A guest's country as a child reads it on the OLED: its name
    ("China", "Kenya"), "Britain" for Great Britain; "joker" for a joker.
    At most 7 letters (42 px), so three fit a line."""
    if card.get("joker"):
        return "joker"
    code = str(card.get("country"))
    return SHORT_NAMES.get(code) or card.get("country_name") or code


def guest_words(card: dict[str, Any] | None) -> str:
    """A guest card in words: "Kenya girl", "joker boy"; "-" for none."""
    if card is None:
        return "-"
    if card.get("joker"):
        return f"joker {card.get('gender')}"
    return f"{card.get('country_name') or card.get('country')} {card.get('gender')}"


def private_words(game, events: list[dict[str, Any]]) -> dict[int, str]:
    """The runtime's hook: the cards each seat just drew, for its own OLED
    only ("drew: Mexico girl, joker boy"; "Britain boy" for Great
    Britain, then countries alone when the words are long: "drew: Mexico,
    joker, Kenya, Britain"); the shared screen says
    only how many (PT48: a joker drawn unseen cost 5 points)."""
    out: dict[int, str] = {}
    for e in events:
        if e.get("type") != "drew" or not e.get("cards"):
            continue
        seat = int(e["player"])
        hand = {c.get("id"): c for c in game.view(seat).get("hand") or [] if c}
        cards = [hand[cid] for cid in e["cards"] if cid in hand]
        if cards:
            forms = [", ".join(guest_words(c) for c in cards),
                     ", ".join(f"{country_words(c)} {c.get('gender')}" for c in cards)]
            out[seat] = "drew: " + next((w for w in forms if len(w) <= 34),
                                        ", ".join(country_words(c) for c in cards))    # two OLED lines
    return out


SHORT = {"place": "seat guest", "exchange": "swap joker", "discard": "discard", "end_turn": "end turn"}


def fills_table(act: dict[str, Any] | None, view: dict[str, Any] | None) -> bool:
    """True when ``act`` seats the 4th guest at its table (book: "If a
    player places the fourth card at a table, his turn ends immediately")."""
    if not act or act.get("type") != "place":
        return False
    table = next((t for t in (view or {}).get("tables") or [] if t.get("table") == act.get("table")), None)
    return table is not None and sum(1 for g in table["seats"].values() if g is not None) == 3


def ends_words(act: dict[str, Any] | None, view: dict[str, Any] | None) -> str | None:
    """What a press on a place that ends the turn does, for the seat's own
    ``view``: "+11, your turn ends" (the 4th guest at a table: 1 + 10, and
    the six cards doubled, ruling CI-5), "+1, your turn ends" (the last
    card in hand), "+11, the game ends" (the last free place); None for a
    choice that does not end the turn (PT45: a press that filled a table
    said only "press again")."""
    if not act or act.get("type") != "place" or view is None:
        return None
    fills, last = fills_table(act, view), len(view.get("hand") or []) == 1
    if not (fills or last):
        return None
    turn = view.get("turn") or {}
    pts = 1
    if fills:
        pts += 10 + (int(turn.get("placed") or 0) + 1 if turn.get("start_hand") == 6 and last else 0)
    game_ends = fills and not view.get("table_pile") and view.get("free_seats") == 1
    return f"+{pts}, {'the game' if game_ends else 'your turn'} ends"


def choice_short(act: dict[str, Any], view: dict[str, Any] | None) -> list[str]:
    """The choice line's name of a choice, longest first: "fill table:
    +11" / "fill: +11" (beside a two-digit counter, PT48: the points were
    lost) / "fill table" for the guest that fills its table, else "seat
    guest", "swap joker", ..."""
    kind = act.get("type")
    if fills_table(act, view):
        pts = (ends_words(act, view) or "").split(",")[0]
        return [f"fill table: {pts}", f"fill: {pts}", "fill table"]
    return [SHORT.get(kind, str(kind).replace("_", " "))]


# ------------------------------------------------------------------ OLED
def table_words(tid: Any, view: dict[str, Any] | None, short: bool = False) -> str:
    """A table as the screen shows it: the tables carry no numbers, they
    stand on the 4 x 4 grid, so "the table in row 2, column 3" (``short``:
    "row 2 col 3"), counted from the top left; the engine's id where the
    view does not place it."""
    for table in (view or {}).get("tables", []) or []:
        if table.get("table") == tid:
            r, c = (int(v) + 1 for v in table["cell"])
            return f"row {r} col {c}" if short else f"the table in row {r}, column {c}"
    return str(tid)


def label(action: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    """A label for a Café International Junior action, with the guest and
    the table in words (``"seat Kenya girl at the table in row 2, column
    3, top"``)."""
    kind = action.get("type")
    card = _card_words(action.get("card"), view)
    if kind == "place":
        return f"seat {card} at {table_words(action.get('table'), view)}, {action.get('side')}"
    if kind == "exchange":
        return (f"swap {card} for the joker at {table_words(action.get('table'), view)}, "
                f"{action.get('side')}")
    if kind == "discard":
        return f"discard {card}"
    if kind == "end_turn":
        return "end turn (draw to 6)"
    return str(kind).replace("_", " ")


def _hand_card(cid: Any, view: dict[str, Any] | None) -> dict[str, Any] | None:
    for card in (view or {}).get("hand", []) or []:
        if card and card.get("id") == cid:
            return card
    return None


def _card_words(cid: Any, view: dict[str, Any] | None) -> str:
    card = _hand_card(cid, view)
    if card is not None:
        return guest_words(card)
    return str(cid)


def _oled_guest(f: OledFrame, x: int, y: int, card: dict[str, Any], selected: bool) -> None:
    """A guest in 1 bit, 18 x 17 px: head, a dress (girl) or shirt and legs
    (boy), a crown of points for a joker; marked (inverted) when
    ``selected``.  Its country is said in words under the row
    (:func:`_hand_names`), never as a code (play-test: "CH")."""
    d = f.draw
    fill = 1
    if selected:
        d.rectangle((x - 1, y - 1, x + 18, y + 17), fill=1)
        fill = 0
    cx = x + 9
    d.ellipse((cx - 3, y + 2, cx + 3, y + 8), outline=fill, fill=fill if card["gender"] == "boy" else (1 - fill))
    if card["gender"] == "girl":
        d.polygon([(cx, y + 9), (cx - 5, y + 16), (cx + 5, y + 16)], fill=fill)
        d.point((cx - 4, y + 4), fill=fill)
        d.point((cx + 4, y + 4), fill=fill)
    else:
        d.rectangle((cx - 3, y + 9, cx + 3, y + 13), fill=fill)
        d.line((cx - 2, y + 14, cx - 2, y + 16), fill=fill)
        d.line((cx + 2, y + 14, cx + 2, y + 16), fill=fill)
    if card.get("joker"):
        d.line((cx - 3, y + 1, cx - 5, y - 1), fill=fill)
        d.line((cx + 3, y + 1, cx + 5, y - 1), fill=fill)
        d.line((cx, y + 1, cx, y - 1), fill=fill)


def _mini_guest(f: OledFrame, x: int, y: int, card: dict[str, Any]) -> None:
    """A guest in 1 bit, 9 x 13 px, for the waiting seat's list: a crown
    (joker) on top, a head, a dress (girl) or shirt and legs (boy)."""
    d, cx = f.draw, x + 4
    if card.get("joker"):
        for dx in (-2, 0, 2):
            d.point((cx + dx, y), fill=1)
        d.line((cx - 2, y + 1, cx + 2, y + 1), fill=1)
    girl = card.get("gender") == "girl"
    d.ellipse((cx - 2, y + 2, cx + 2, y + 6), outline=1, fill=0 if girl else 1)
    if girl:
        d.polygon([(cx, y + 7), (cx - 4, y + 12), (cx + 4, y + 12)], fill=1)
    else:
        d.rectangle((cx - 2, y + 7, cx + 2, y + 10), fill=1)
        d.line((cx - 1, y + 11, cx - 1, y + 12), fill=1)
        d.line((cx + 1, y + 11, cx + 1, y + 12), fill=1)


def _hand_list(f: OledFrame, hand: list[dict[str, Any]], y: int) -> None:
    """A waiting seat's hand: each guest drawn small with its country beside
    it, two a row in the hand's order (issue 34: six figures over two rows
    of three names, "USA joker USA / Germany China Japan", did not say which
    name was whose)."""
    rows = max(1, (len(hand) + 1) // 2)
    h = max(12, min(16, (f.H - y) // rows))
    half = f.W // 2
    for i, card in enumerate(hand):
        x, top = 2 + (i % 2) * half, y + (i // 2) * h
        _mini_guest(f, x, top + (h - 13) // 2, card)
        f.best(x + 12, top + (h - 11) // 2, [country_words(card)], room=half - 14)


def _hand_names(f: OledFrame, hand: list[dict[str, Any]], pick: Any, rows: int) -> list[str]:
    """The words under the guests: the guest under the cursor as "Jamaica
    boy"; with none marked, the hand's countries in the row's order
    ("China Brazil Italy"), each country once when all do not fit
    ``rows`` lines; [] when even that does not fit."""
    card = next((c for c in hand if c.get("id") == pick), None)
    if card is not None:
        return [f"{country_words(card)} {card.get('gender')}"]
    names = [country_words(c) for c in hand]
    for words in (names, list(dict.fromkeys(names))):
        lines = f.wrap_px(" ".join(words), f.W - 4)
        if len(lines) <= rows:
            return lines
    return []


#: A hand on the seat's own turn (issue 34): two guests a row, the rows
#: this far apart, px, from a line under the top bar (a marked guest stands
#: apart from it); up to 6 guests leave
#: room for a line of what the choice does above the choice line.
TURN_TOP, TURN_ROW_PX, TURN_WORDS_MAX = 13, 9, 6


def _micro_guest(f: OledFrame, x: int, y: int, card: dict[str, Any], fill: int = 1) -> None:
    """A guest in 1 bit, 7 x 8 px (a row of 9 px keeps a line between
    rows), for the hand on the seat's own turn (up to 8 in four rows): a
    head (hollow: girl, filled: boy) over a dress, or a shirt and legs;
    drawn in ``fill`` (0 on the marked guest)."""
    d, cx = f.draw, x + 3
    girl = card.get("gender") == "girl"
    d.ellipse((cx - 2, y, cx + 2, y + 3), outline=fill, fill=(1 - fill) if girl else fill)
    if girl:
        d.polygon([(cx, y + 4), (cx - 3, y + 7), (cx + 3, y + 7)], fill=fill)
    else:
        d.rectangle((cx - 2, y + 4, cx + 2, y + 5), fill=fill)
        d.line((cx - 1, y + 6, cx - 1, y + 7), fill=fill)
        d.line((cx + 1, y + 6, cx + 1, y + 7), fill=fill)


def _turn_hand(f: OledFrame, hand: list[dict[str, Any]], pick: Any) -> int:
    """The hand on the seat's own turn: each guest drawn small with its
    country beside it, two a row in the hand's order (as while it waits),
    the guest under the cursor (card id ``pick``) marked: its cell
    inverted (:attr:`OledFrame.marks`).  Returns the y under the rows."""
    half = f.W // 2
    for i, card in enumerate(hand):
        x0, top = (i % 2) * half, TURN_TOP + (i // 2) * TURN_ROW_PX
        x1 = x0 + half - 3                  # the cells end off the screen's edge columns
        fill = 1
        if pick is not None and card.get("id") == pick:
            box = (x0, top, x1, top + TURN_ROW_PX - 1)
            f.draw.rectangle(box, fill=1)
            f.marks.append((f"marked: {country_words(card)}", box))
            fill = 0
        _micro_guest(f, x0 + 2, top, card, fill)
        f.text(x0 + 11, top - 1, country_words(card), fill=fill, room=x1 - x0 - 11)   # ink: the row's 9 px
    return TURN_TOP + -(-len(hand) // 2) * TURN_ROW_PX


def _line_words(act: dict[str, Any], view: dict[str, Any]) -> list[str]:
    """What the choice does, for a choice line with no room above it (a
    hand of 7 or 8): the place ("row 2 col 3 top"), the joker swapped,
    "discard Kenya", "end turn"; longest first."""
    kind, at = act.get("type"), table_words(act.get("table"), view, short=True)
    card = _hand_card(act.get("card"), view)
    if kind == "place":
        return [f"{at} {act.get('side')}", at]
    if kind == "exchange":
        return [f"joker {at} {act.get('side')}", f"joker {at}", "swap joker"]
    if kind == "discard":
        return [f"discard {country_words(card)}" if card else "discard", "discard"]
    return ["end turn, draw to 6", "end turn"] if kind == "end_turn" else [SHORT.get(kind, str(kind))]


def _own_turn(f: OledFrame, view: dict[str, Any], shown, hand: list[dict[str, Any]],
              prompt: bool = False) -> OledFrame:
    """The seat's OLED on its own turn (issue 34: it named only the guest
    under the cursor): the whole hand by name with the cursor's guest
    marked (:func:`_turn_hand`), then, up to 6 guests, what the choice
    does ("row 2 col 3 top") over the choice line ("seat guest 3/15",
    once armed "press again 3/15", inverted); with 7 or 8 the choice line
    itself says what it does (no count), inverted once armed, the top bar
    then saying "press again to confirm".  A press that ends the turn
    says so in the top bar, armed or not ("+11, your turn ends"; armed:
    "press again: +11, your turn ends"); unarmed, a word in passing
    (``prompt``: "look first", "not now: ...") keeps the bar."""
    act = shown.chosen
    rows_end = _turn_hand(f, hand, act.get("card"))
    kind = act.get("type")
    ends = ends_words(act, view) if shown.armed or not prompt else None    # a word in passing keeps the bar
    if ends:          # PT45: the press that fills a table says what it does in the top bar (PT48: unarmed too)
        from firmware.screens.walkthrough import oled_bar
        short = ends.replace("your turn", "turn")
        oled_bar(f, (f"press again: {ends}", f"again: {ends}", ends, short) if shown.armed else (ends, short))
        f.bar_taken = True
    if len(hand) <= TURN_WORDS_MAX:
        room = f.W - f.width(f"{shown.cursor + 1}/{len(shown.choices)}") - 18
        label = "press again" if shown.armed else next(
            (w for w in choice_short(act, view) if f.fits(w, room)), SHORT.get(kind, str(kind)))
        top = f.choice(label, shown.cursor, len(shown.choices), shown.armed,
                       presses=press_count(shown.chosen, len(shown.choices)))
        words = choice_words(act, view)      # armed too: where the guest sits stays in view
        y = top - 11                         # its ink (y+1 .. y+9) between the rows and the choice
        if y + 1 >= rows_end:
            f.best(2, y, words, room=f.W - 4)
        return f
    if shown.armed and not ends:   # the top bar asks for the press again, the choice line keeps what it does
        f.draw.rectangle((0, 0, f.W - 1, 11), fill=1)
        f.best(2, 1, ["press again to confirm", "press again: confirm", "press again"], fill=0, room=f.W - 4)
    line = next((w for w in _line_words(act, view) if f.fits(w, f.W - 18)), SHORT.get(kind, str(kind)))
    f.choice(line, shown.cursor, len(shown.choices), shown.armed, pos="",
             presses=press_count(shown.chosen, len(shown.choices)))
    return f


def oled_frame(game, seat: int, view: dict[str, Any], controls: SeatCursor, context: dict[str, Any]) -> OledFrame:
    """The seat's OLED: header with seat and points; on its own turn the
    whole hand by name, the cursor's guest marked, what the choice does and
    the choice line, inverted when armed (:func:`_own_turn`; a word in
    passing, "not now: ...", in the top bar); while it waits each guest
    with its country (:func:`_hand_list`); at the end the guests left, each
    with its country too."""
    f = OledFrame()
    score = view["scores"][seat]
    cur = view.get("current_player")
    right = place_words(view, seat) if view.get("over") else ("your turn" if cur == seat else f"seat {cur + 1} plays")
    pts = f"{score:g} pt{'s' if score != 1 else ''}"
    hand = view.get("hand") or []
    shown = controls.shown(game)
    choices, cursor = shown.choices, shown.cursor
    act = shown.chosen
    pick = act.get("card") if act else None
    y = 14
    prompt = (context.get("prompts") or {}).get(seat)
    own_turn = act is not None and hand and not view.get("over")
    if own_turn and prompt:   # the hand stays whole: the word in passing takes the top bar
        f.draw.rectangle((0, 0, f.W - 1, 11), fill=1)
        f.message(2, 1, str(prompt), max_lines=1, room=f.W - 4, fill=0)
    else:
        _header(f, [f"Seat {seat + 1}  {pts}", f"Seat {seat + 1} {pts}", pts], right)
    if own_turn:
        return _own_turn(f, view, shown, hand[:8], prompt=bool(prompt))
    if prompt:
        y = f.message(2, y, str(prompt), max_lines=2)
    if act is None and not view.get("over") and not prompt and hand:
        _hand_list(f, hand[:8], y)       # waiting: each country beside its guest
        return f      # the top bar says who plays
    if view.get("over") and hand:        # the guests left, each with its country (issue 34, PT13 f20)
        _hand_list(f, hand[:8], y)
        rows = (len(hand[:8]) + 1) // 2
        if y + rows * 16 + 10 <= f.H:    # room under them ("over" stands in the top bar)
            f.text(2, f.H - 12, "game over")
        return f
    n = min(8, len(hand))
    step = min(21, (f.W - 2 - 20) // max(1, n - 1))   # the last guest inside the frame
    for i, card in enumerate(hand[:8]):
        _oled_guest(f, 2 + i * step, y + 1, card, card.get("id") == pick)
    if not hand:
        f.text(2, y, "no cards in hand")
    rows = 1 if act is not None or view.get("over") else (f.H - y - 17) // 11
    marked = next((i for i, c in enumerate(hand[:8]) if c.get("id") == pick), None)
    for k, line in enumerate(_hand_names(f, hand[:8], pick, rows)):
        x = 2
        if marked is not None:   # under the marked guest, inside the frame
            x = max(2, min(f.W - 2 - f.width(line), 2 + marked * step + 9 - f.width(line) // 2))
        f.text(x, y + 17 + 11 * k, line, room=f.W - 2 - x, align="left" if marked is not None else "center")
    y += 26
    if view.get("over"):
        f.text(2, min(y, f.H - 12), "game over")
        return f
    if act is not None:
        if y + 10 <= f.H - 13:
            words = ["press again to confirm", "press again: confirm"] if shown.armed else choice_words(act, view)
            f.best(2, y, words, room=f.W - 4)
        short = SHORT.get(act.get("type"), str(act.get("type")))
        f.choice(short, cursor, len(choices), shown.armed, presses=press_count(act, len(choices)))
    return f      # a waiting seat: the top bar says who plays, the lines the hand's countries


def choice_words(act: dict[str, Any], view: dict[str, Any] | None) -> list[str]:
    """The OLED's line for the choice under the cursor, longest first, each
    a whole statement of its kind (a discard never falls back to a place's
    words): the guest by country name, else its short name ("Britain
    boy"); the
    place as "row 3 col 2 bottom"."""
    kind = act.get("type")
    card = _hand_card(act.get("card"), view)
    if card is None:
        named = coded = str(act.get("card"))
    elif card.get("joker"):
        named = coded = f"joker {card.get('gender')}"
    else:
        named = guest_words(card)
        coded = f"{country_words(card)} {card.get('gender')}"
    at = table_words(act.get("table"), view, short=True)
    side = act.get("side")
    if kind == "place":
        return [f"{named} to {at} {side}", f"{coded} to {at} {side}", f"{at} {side}", at]
    if kind == "exchange":
        return [f"{named} for joker {at} {side}", f"{coded} for joker {at}", f"joker {at} {side}",
                f"joker {at}"]
    if kind == "discard":
        return [f"discard {named}", f"discard {coded}", coded]
    if kind == "end_turn":
        return ["end turn, draw to 6", "end turn"]
    return [label(act, view), str(kind).replace("_", " ")]


def place_words(view: dict[str, Any], seat: int) -> str:
    """The seat's place at the end, for its top bar (PT45: "Seat 1 114
    pts over" did not say it had won): "you win!", "shared win!" (a tie
    shares the place, ruling CI-7), "2nd of 3"."""
    scores = view.get("scores") or []
    if not 0 <= seat < len(scores):
        return "over"
    place = 1 + sum(1 for v in scores if v > scores[seat])
    if place == 1:
        return "you win!" if list(scores).count(scores[seat]) == 1 else "shared win!"
    return f"{place}{ {2: 'nd', 3: 'rd'}.get(place, 'th')} of {len(scores)}"


def _header(f: OledFrame, lefts: list[str], right: str) -> None:
    """The OLED's top bar with the first of ``lefts`` that fits beside
    ``right`` (the last one otherwise)."""
    room = f.W - (f.width(right) if right else 0) - 6
    f.header(next((t for t in lefts if f.fits(t, room)), lefts[-1]), right)
