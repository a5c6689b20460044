"""Retrograde's HDMI parts: the target cards and each seat's sheet
(droids, bosses, trophies, coins, power-ups, its dice); the solo goal and
the final scores are in :mod:`firmware.screens.retrograde_end`."""
from __future__ import annotations

import re
from collections import OrderedDict
from typing import Any

from engines.retrograde.components import default_components

from firmware.ui.kit import DIM, GOLD, INFO, PANEL, Rect, Scene, seat_banner, seat_colour
from firmware.ui.palette import DIE_RGB
from firmware.screens.readings import SHORT_WORDS, STATE_WORDS
from firmware.screens.retrograde_oled import label
from firmware.screens.retrograde_names import names_that_fit, power_up


#: Seats' sheet groups by what they show (a sheet changes a few times a round).
_SHEETS: OrderedDict[tuple, tuple] = OrderedDict()


def _spot_words(card) -> str:
    """The third spot in the glossary's words (RG-2)."""
    return {"none": "", "coin": "Coin", "comet": "Comet"}.get(card.spot, card.power_up or "")


def _target_card(scene: Scene, r: Rect, cid: str, letter: str, owner: int | None, order: int | None,
                 pending: bool, first_game: bool = False, pointing: list[int] | None = None) -> None:
    """One target card (RG-2): its letter, the two droid colours as droids
    with their pips, the third spot as coin / comet / power-up icon with its
    name; claimed: the seat's colour, token and claim order; under a seat's
    cursor (``pointing``: those seats): a thick gold edge and the seats'
    numbers, so everyone sees what their press would claim."""
    m = scene.metrics
    card = default_components().card(cid)
    state = "claimed" if owner is not None else ("selected" if pointing else ("hi" if pending else "up"))
    scene.add("card", r, f"card:{cid}", state=state, seat_colour=seat_colour(owner) if owner is not None else None,
              fill=(232, 226, 210))
    inner = r.inset(max(3, m.pad // 2 + 2))
    spot = _spot_words(card) if not first_game else ""
    line_h = scene.measure("Ag", m.small)[1]
    one_line = not spot or scene.measure(spot, m.small)[0] + line_h + 2 <= inner.w
    spot_h = 0 if not spot else (line_h if one_line else 2 * line_h)
    top, droids, bottom = inner.rows(-line_h, 1, -spot_h)
    scene.text(letter, top.cols(1, 1)[0], sizes=(m.small,), colour=(30, 30, 36))
    if owner is None and pointing:   # the seats whose next press claims this card
        x = top.right
        for p in sorted(pointing, reverse=True):
            x -= top.h
            scene.add("token", Rect(x, top.y, top.h, top.h), None, seat=p, colour=seat_colour(p), label=str(p + 1))
            x -= 2
        scene.facts.setdefault("pointing", {})[letter] = sorted(pointing)
    if owner is not None:
        tok = Rect(top.right - top.h, top.y, top.h, top.h)
        scene.add("token", tok, None, seat=owner, colour=seat_colour(owner), label=str(owner + 1))
        if order is not None:
            scene.text({1: "1st", 2: "2nd", 3: "3rd"}.get(order, f"{order}th"),
                       Rect(tok.x - m.small * 2, top.y, m.small * 2 - 2, top.h),
                       sizes=(m.small,), colour=(30, 30, 36), align="right", priority=INFO)
    cells = droids.cols(1, 1, gap=m.pad // 2)
    for cell, pips in zip(cells, card.colours):
        scene.add("droid", cell.square().inset(1), None, pips=pips)
    if spot:
        icon = {"Coin": "coin", "Comet": "comet"}.get(spot, "power")
        if one_line:
            icon_r, name_r = bottom.cols(-bottom.h, 1, gap=2)
            scene.add("icon", icon_r, None, name=icon)
            scene.text(spot, name_r, sizes=(m.small,), colour=(30, 30, 36))
        else:  # a long power-up name: icon and first word, then the rest
            first, second = bottom.rows(1, 1)
            icon_r, name_r = first.cols(-first.h, 1, gap=2)
            scene.add("icon", icon_r, None, name=icon)
            words = spot.split()
            scene.text(words[0], name_r, sizes=(m.small,), colour=(30, 30, 36))
            if len(words) > 1:
                scene.text(" ".join(words[1:]), second, sizes=(m.small,), colour=(30, 30, 36), align="center")
    scene.facts.setdefault("cards", {})[cid] = {"letter": letter, "colours": list(card.colours),
                                                "spot": card.spot, "owner": owner}


def feed_text(text: str, letters: dict[str, str]) -> str:
    """An engine event as players say it: a card's id and description
    become its letter ("Seat 2 claims T19 yellow/red + coin" -> "Seat 2
    claims card C"); a round's cards as the cards face up ("Round 2: cards A,
    B, C face up")."""
    for cid, letter in letters.items():
        if cid in text:
            desc = default_components().card(cid).describe()
            text = text.replace(desc, f"card {letter}").replace(cid, f"card {letter}")
    text = re.sub(r"\s*\((?:RG|CAB)-\d+\)|,? ?\(?tie, coin flip, CAB-4\)?", lambda mt: " (tie: coin flip)"
                  if "tie" in mt.group(0) else "", text)
    # a new round's cards in the order dealt read as an order they are not (play-tester): the cards face up
    dealt = re.fullmatch(r"(Round \d+): ((?:card \w+)(?:, card \w+)*)", text)
    if dealt:
        cards = sorted(c.split()[1] for c in dealt.group(2).split(", "))
        text = f"{dealt.group(1)}: card{'s' if len(cards) != 1 else ''} {', '.join(cards)} face up"
    return text


_PRESSED = re.compile(r"(Seat \d+) grabs (card \w+)")
_SETTLED = re.compile(r"(Seat \d+) (?:claims|was too late for|loses the tie for) (card \w+)")


def feed_lines(texts: list[str], letters: dict[str, str], phase: str, n: int = 3) -> list[str]:
    """The phase box's feed: the last ``n`` events as players say them
    (:func:`feed_text`), one line per event, **newest first** (issue 34,
    shot029: "Seat 1 grabs card D · Seat 1 claims card D" read oldest
    first and said one claim twice).  A seat's press ("Seat 1 grabs card
    D", RG-12) is left out once its claim settled (claimed, too late or
    a tie lost: that line says it); during Stop the "Stop! Seat 3 gets ..."
    event is left out (the phase's own line says it, RG-8)."""
    said = [feed_text(t, letters) for t in texts[-4 * n:]]
    settled = {m.groups() for m in map(_SETTLED.match, said) if m}
    out: list[str] = []
    for text in reversed(said):
        pressed = _PRESSED.fullmatch(text)
        if pressed and pressed.groups() in settled:
            continue
        if phase == "stop" and text.startswith("Stop! Seat "):
            continue
        if text not in out:
            out.append(text)
    return out[:n]


def _cards_fit(scene: Scene, r: Rect, view: dict[str, Any], letters: dict[str, str]) -> bool:
    """True when any round's face-up cards, their third spots' names
    included, fit ``r`` side by side at the smallest text size: the most
    cards a round deals for the seats and the widest spot name of all the
    cards, so the phase box or strip is the same in every round (issue 34)."""
    from engines.retrograde.game import FLIP
    m = scene.metrics
    n = max(1, len(letters), FLIP.get(len(view["seats"]), 0))
    widest = max((scene.measure(_spot_words(c), m.small)[0] for c in default_components().cards), default=0)
    need = widest + 2 * (m.pad // 2 + 3) + scene.measure("Ag", m.small)[1] + 4
    deck_w = max(r.h * 2 // 5, scene.measure("99", m.small)[0] + m.pad)
    return (r.w - deck_w - m.pad) // n - m.pad >= need


def _cards_row(scene: Scene, r: Rect, view: dict[str, Any], letters: dict[str, str],
               pointing: dict[str, list[int]] | None = None) -> None:
    m = scene.metrics
    pointing = pointing or {}
    owner = {s["claim"]: s["seat"] for s in view["seats"] if s.get("claim")}
    order = {p: i + 1 for i, p in enumerate(view.get("claim_order") or [])}
    pending = set(view.get("claims_pending") or [])
    ids = sorted(letters, key=lambda c: letters[c])
    n = max(len(ids), 1)
    deck_w = max(r.h * 2 // 5, scene.measure("99", m.small)[0] + m.pad)
    cards_r, deck_r = r.cols(1, -deck_w, gap=m.pad)
    widest = max((max(scene.measure(w, m.small)[0] for w in (_spot_words(default_components().card(c)) or "-").split())
                  for c in ids), default=0)
    card_w = min(cards_r.w // n - m.pad, max(int(r.h * 0.9), widest + 2 * (m.pad // 2 + 3) + scene.measure("Ag", m.small)[1] + 4))
    x = cards_r.x
    for cid in ids:
        p = owner.get(cid)
        _target_card(scene, Rect(x, r.y, card_w, r.h), cid, letters[cid], p,
                     order.get(p) if p is not None else None, False, view.get("first_game", False),
                     pointing.get(cid))
        x += card_w + m.pad
    if not ids:
        scene.text("No cards face up", cards_r, sizes=(m.small,), colour=DIM)
    icon_r, count_r = deck_r.rows(1, -scene.measure("Ag", m.small)[1])
    scene.add("icon", icon_r.square(), None, name="deck")
    scene.text(str(view["deck_left"]), count_r, sizes=(m.small,), align="center", colour=DIM)
    if pending:
        scene.facts["pending"] = sorted(pending)


def seat_doing(view: dict[str, Any], seat: dict[str, Any], letters: dict[str, str], active: list[int],
               chosen: dict[str, Any] | None = None, keeps: str = "") -> str:
    """What a seat must do now, in a few words for its banner; with the
    choice under the seat's cursor (``chosen``), what its press would do
    ("claim C?", "reroll?"; with ``keeps``, what the reroll keeps, RG-16:
    "reroll: keep 2 2 5?", "reroll: roll all 6?")."""
    phase = view["phase"]
    p = seat["seat"]
    if phase in ("roll", "stop"):
        if seat.get("claim"):
            return f"card {letters.get(seat['claim'], '?')}"
        if p in (view.get("claims_pending") or []):
            return "grabs"
        if chosen is not None and chosen.get("type") == "claim":
            return f"claim {letters.get(chosen.get('card'), '?')}?"
        if chosen is not None and chosen.get("type") == "reroll":
            return f"reroll: {keeps}?" if keeps and keeps != "keep some" else "reroll?"
        if phase == "stop" and view.get("stop_seat") == p:
            return "last claim"
        return "roll" if seat["dice"] is None else "claim"
    if phase == "blast":
        return "blasts" if view["turn"]["seat"] == p else ""
    if phase == "unlock":
        if p in active and chosen is not None and chosen.get("type") == "unlock":
            return f"{label(chosen).removeprefix('unlock ')}?"
        if p in active and chosen is not None and chosen.get("type") == "keep":
            return "keep?"
        return "unlock?" if p in active else ""
    return ""


def doing_forms(doing: str) -> tuple[str, ...]:
    """:func:`seat_doing`'s words and their shorter forms, longest first,
    for a banner short of room (it keeps "Seat N" and shortens these,
    issue 34): "reroll: keep 2 2 5?", "keep 2 2 5?", "reroll?"; a dice
    check's "checks dice", "checks" (the short words at the medium size
    before the long ones at the small: PT57, "Seat 1 · 10 pts" shrank
    beside "checks dice")."""
    if doing.startswith("reroll: ") and doing.endswith("?"):
        return doing, doing.removeprefix("reroll: "), "reroll?"
    for state, words in STATE_WORDS.items():
        if doing == words and SHORT_WORDS[state] != words:
            return doing, SHORT_WORDS[state]
    return (doing,)


def _banner_rows(scene: Scene, r: Rect) -> tuple[Rect, Rect]:
    """A seat's sheet ``r`` split: (its banner's row, the rest)."""
    m = scene.metrics
    line_h = scene.measure("Ag", m.medium)[1] + m.pad
    return r.rows(-line_h, 1, gap=m.pad // 2)


def _sheet_group(scene: Scene, r: Rect, view: dict[str, Any], seat: dict[str, Any], lit: set[int],
                 lit_trophy: int = 0) -> tuple[Rect, int]:
    """The still part of a seat's sheet folded into one group (bosses,
    droids, trophies, counts; not its banner: :func:`_sheet_banner`);
    returns the dice row and die size."""
    m = scene.metrics
    p = seat["seat"]
    turn = view.get("turn")
    mine = bool(turn and turn["seat"] == p)
    start = len(scene.nodes)
    rest = _banner_rows(scene, r)[1]
    scene.facts.setdefault("scores", {})[p] = seat["score"]
    body = rest.inset(m.pad // 2)
    dice_h = min(body.h // 6, body.w // 8)
    dice_r, grid_area = body.rows(-dice_h, 1, gap=m.pad // 2)
    layout, cell, grid_r, side = _sheet_layout(scene, grid_area)
    _droid_grid(scene, grid_r, cell, seat, lit, set(turn["cells"]) if mine else set())
    rest_side = _trophies(scene, side, layout, cell, seat, lit_trophy)
    _counts(scene, grid_area, grid_r, rest_side, layout, cell, seat)
    scene.facts.setdefault("coins", {})[p] = seat["coins_marked"] - seat["coins_spent"]
    scene.group(start, r, None)
    return dice_r, dice_h


def _sheet_banner(scene: Scene, r: Rect, seat: dict[str, Any], mine: bool, doing: str) -> None:
    """A seat's banner over its sheet ``r`` ("Seat N · 7 pts", what the
    seat does now), a part of its own (issue 36: what the seat does
    changes with its cursor and with each claim; the sheet under it, a
    hundred drawings, stays one drawing, built and drawn once)."""
    banner_r = _banner_rows(scene, r)[0]
    p = seat["seat"]
    score = f"{seat['score']} pt{'s' if seat['score'] != 1 else ''}"
    scene.part(banner_r, ("rg-banner", banner_r, p, score, mine, doing), lambda sc: seat_banner(
        sc, banner_r, p, score=score, active=mine, doing=doing_forms(doing), key=f"banner:{p}"))


def _sheet_layout(scene: Scene, grid_area: Rect) -> tuple[str, int, Rect, Rect]:
    """Where the sheet's parts go in ``grid_area``: "beside" (trophies and
    counts in a column right of the grid), "under" (a tall sheet: under
    the grid) or "hybrid" (a narrow sheet: trophies in a row under the
    grid, counts beside it).  Returns (layout, cell px, the 5 x 6 grid of
    bosses and droids, the trophies' side area)."""
    m = scene.metrics
    small_h = scene.measure("Ag", m.small)[1]
    min_side = small_h * 2 + m.pad
    beside = max(8, min(grid_area.h // 6, (grid_area.w - min_side - m.pad) // 5))
    below_h = small_h * 2 + m.pad * 2
    under = max(8, min((grid_area.h - below_h) // 6, grid_area.w // 5))
    counts_w = small_h + scene.measure("99", m.small)[0] + 6
    tro_h = min(grid_area.w // 6, small_h * 4 // 3)
    hybrid = max(8, min((grid_area.h - tro_h - m.pad) // 6, (grid_area.w - counts_w - m.pad) // 5))
    beside_tro = min((grid_area.w - beside * 5 - m.pad) // 2, beside)
    layout = "under" if under > beside else ("hybrid" if beside_tro < small_h and hybrid >= beside - 2 else "beside")
    if layout == "hybrid":  # narrow sheet: trophies in a row under the grid, counts beside it
        cell = hybrid
        grid_r = Rect(grid_area.x, grid_area.y, cell * 5, cell * 6)
        side = Rect(grid_area.x, grid_r.bottom + m.pad // 2, grid_area.w, tro_h)
    elif layout == "under":  # tall sheet: trophies and counts go under the grid
        cell = under
        grid_r = Rect(grid_area.x, grid_area.y, cell * 5, cell * 6)
        side = Rect(grid_area.x, grid_r.bottom + m.pad, grid_area.w, grid_area.bottom - grid_r.bottom - m.pad)
    else:
        cell = beside
        grid_r = Rect(grid_area.x, grid_area.y, cell * 5, cell * 6)
        side = Rect(grid_r.right + m.pad, grid_area.y, grid_area.right - grid_r.right - m.pad, grid_r.h)
    return layout, cell, grid_r, side


def _droid_grid(scene: Scene, grid_r: Rect, cell: int, seat: dict[str, Any], lit: set[int], now: set[int]) -> None:
    """The five bosses over the 5 x 5 droids (their pips, blasted crossed
    out); ``now``: the droids blasted this turn; ``lit``: the plan's
    droids not blasted yet."""
    for c in range(5):
        scene.add("boss", Rect(grid_r.x + c * cell, grid_r.y, cell, cell).inset(max(1, cell // 10)), None,
                  defeated=bool(seat["bosses"][c]))
    for k in range(25):
        rr, cc = divmod(k, 5)
        scene.add("droid", Rect(grid_r.x + cc * cell, grid_r.y + (rr + 1) * cell, cell, cell).inset(1),
                  None, pips=seat["pips"][k], blasted=bool(seat["blasted"][k]), recent=k in now,
                  lit=k in lit and not seat["blasted"][k])


def _trophies(scene: Scene, side: Rect, layout: str, cell: int, seat: dict[str, Any], lit_trophy: int) -> Rect:
    """The six trophies numbered 1-6 (won ones filled, ``lit_trophy`` the
    plan's; their numbers as tall as a player's least words where the cup
    has the room) in the side area; returns the room left under them."""
    m = scene.metrics
    small_h = scene.measure("Ag", m.small)[1]
    if layout == "hybrid":
        tcols, tro_cell = 6, min(side.w // 6, side.h)
    elif layout == "under":
        tcols, tro_cell = 6, min(side.w // 6, small_h + m.pad)
    else:
        tcols = 3 if side.w >= 3 * small_h else 2
        tro_cell = min(side.w // tcols, cell)
    trows = -(-6 // tcols)
    tro_r, rest_side = side.rows(-(tro_cell * trows), 1, gap=m.pad // 2)
    for i in range(6):
        rr, cc = divmod(i, tcols)
        scene.add("icon", Rect(tro_r.x + cc * tro_cell, tro_r.y + rr * tro_cell, tro_cell, tro_cell).inset(1),
                  None, name="trophy", won=bool(seat["trophies"][i]), label=str(i + 1), lit=lit_trophy == i + 1,
                  label_px=m.least)
    return rest_side


def _counts(scene: Scene, grid_area: Rect, grid_r: Rect, rest_side: Rect, layout: str, cell: int,
            seat: dict[str, Any]) -> None:
    """The seat's unspent coins and power-up cards ("2 coins", "1 kept",
    "1 unlocked": the rulebook's "keep that card beside your sheet until
    you unlock it"; issue 34: "locked" and a bare number read as other
    things than the end screen's "unlocked") where the layout has room,
    and the unlocked power-ups by name, then the kept ones ("kept: Odd
    Eye"; PT46: at the unlock prompt a tester had to remember them).  Short of room the counts keep
    their words and leave their icons out (all of them, so the counts look
    alike), else a count shows its icon and number alone."""
    m = scene.metrics
    small_h = scene.measure("Ag", m.small)[1]
    coins_left = seat["coins_marked"] - seat["coins_spent"]
    held = seat.get("hand_cards")
    n_hand = len(held) if held is not None else seat["hand_count"]
    counts = [(icon, n, f"{n} {one if n == 1 else many}") for icon, n, one, many in (
        ("coin", coins_left, "coin", "coins"), ("deck", n_hand, "kept", "kept"),
        ("power", len(seat["unlocked"]), "unlocked", "unlocked"))]
    word_w = [scene.measure(words, m.small)[0] for _, _, words in counts]
    # a row of three shares its width as the words need it ("0 unlocked" is the widest)
    need = [small_h + 4 + w for w in word_w]
    spare = grid_area.bottom - grid_r.bottom - m.pad
    if layout == "hybrid":
        col = Rect(grid_r.right + m.pad, grid_area.y + cell, grid_area.right - grid_r.right - m.pad, cell * 5)
        rows = col.rows(*([-small_h] * len(counts)), 1, gap=m.pad)
    elif layout == "under":
        rows = rest_side.rows(-small_h, 1)[0].cols(*need, gap=m.pad) + [Rect(0, 0, 0, 0)]
    elif spare >= small_h:  # room under the grid: the counts go there in a row
        row = Rect(grid_area.x, grid_r.bottom + m.pad, grid_area.w, small_h)
        rows = row.cols(*need, gap=m.pad) + [rest_side]
    else:
        rows = rest_side.rows(*([-small_h] * len(counts)), 1, gap=m.pad // 2)
    shown = [(c, w, row) for c, w, row in zip(counts, word_w, rows) if row.bottom <= grid_area.bottom]
    # every count with its word: with the icons where all fit so, else all without them (issue 34:
    # "1 locked" beside a bare "(icon) 0" read as other things than the end screen's "0 unlocked")
    plain = not all(w <= row.w - small_h - 4 for _, w, row in shown) and all(w <= row.w for _, w, row in shown)
    for (icon, n, words), _, row in shown:
        if plain:
            scene.text(words, row, sizes=(m.small,), priority=INFO)
            continue
        ir, tr = row.cols(-small_h, 1, gap=4)
        scene.add("icon", ir, None, name=icon)
        if scene.text(words, tr, sizes=(m.small,), priority=INFO) is None:
            scene.dropped.pop()
            scene.text(str(n), tr, sizes=(m.small,))
    kept = [power_up(cid) for cid in seat.get("hand") or []]    # beside the sheet, in view (PT46)
    names = names_that_fit(scene, list(seat["unlocked"]) + [f"kept: {n}" for n in kept if n], rows[-1], m.small)
    if names and rows[-1].h > 0:
        scene.lines([(n, INFO) for n in names], rows[-1], size=m.small, colour=(120, 230, 250))


def _sheet(scene: Scene, r: Rect, view: dict[str, Any], seat: dict[str, Any], lit: set[int],
           letters: dict[str, str], doing: str = "", lit_trophy: int = 0,
           held: list[int] | None = None, rolling: int | None = None, kept: list | None = None,
           word: str | None = None) -> None:
    """One seat's sheet (RG-1): banner, dice as read (``held``: a reading
    the seat is checking, or entering by hand after two rejections, ruling
    CAB-6, drawn in a gold ring: not in the game yet; ``rolling``: the number of dice the game asks the seat
    for again, a reroll being read, drawn as blank dice being read, never
    the roll before's pips as if current; ``kept``: the dice it kept, in
    their places, None where a die is rolled: those show their pips, PT32;
    ``word``: what is said over the dice being read, :data:`ROLLING` by
    default),
    bosses above the 5
    columns, the 5 x 5 droids (blasted crossed off, this turn's in white,
    the chosen plan's lit), trophies 1-6, coins, power-ups.  The still part
    is memoised by what it shows (it changes a few times a round)."""
    p = seat["seat"]
    turn = view.get("turn")
    mine = bool(turn and turn["seat"] == p)
    _sheet_banner(scene, r, seat, mine, doing)
    memo_key = (r, scene.width, scene.height, id(getattr(scene.measure, "__self__", scene.measure)), repr(sorted(seat.items())),
                tuple(sorted(lit)), tuple(turn["cells"]) if mine else (), mine, lit_trophy)
    hit = _SHEETS.get(memo_key)
    if hit is not None:
        _SHEETS.move_to_end(memo_key)
        group, dice_r, dice_h = hit
        scene.nodes.append(group)
        scene.facts.setdefault("scores", {})[p] = seat["score"]
        scene.facts.setdefault("coins", {})[p] = seat["coins_marked"] - seat["coins_spent"]
    else:
        dice_r, dice_h = _sheet_group(scene, r, view, seat, lit, lit_trophy)
        _SHEETS[memo_key] = (scene.nodes[-1], dice_r, dice_h)
        while len(_SHEETS) > 64:
            _SHEETS.popitem(last=False)
    # the dice row stays outside the group: new readings animate in
    if mine:
        values, spent = turn["pool"], turn["spent"]
    else:
        values, spent = seat["dice"] or [], []
    shown_n = len(held[:9]) if held and view["phase"] in ("roll", "stop") else len(values[:9])
    if rolling and not held and not mine:
        shown_n = min(9, rolling)
    step, dice_h = _dice_step(dice_r, dice_h, max(6, shown_n))
    if rolling and not held and not mine and view["phase"] in ("roll", "stop"):
        values, spent = [], []     # its dice are read again: the roll before's are not current
        kept = kept if kept and len(kept) == shown_n else None
        for i in range(shown_n):
            v = kept[i] if kept else None
            if v is not None:    # a die it kept lies where it lay (PT32)
                scene.add("die", Rect(dice_r.x + i * step, dice_r.y, dice_h, dice_h), f"die:{p}:{i}",
                          value=v, state="read", body=DIE_COLOURS.get(v))
            else:
                scene.add("die", Rect(dice_r.x + i * step, dice_r.y, dice_h, dice_h), f"die:{p}:{i}",
                          value=None, state="reading", ring=None)    # (the dice's keys: nothing slides or grows)
        # the word over them, readable at a metre, as the seat's OLED says "reading your dice"
        # (where it fits the dice's height: at 800 x 480 with four seats the blank dice say it alone;
        # with dice kept, the blank dice being read say it: the word would cover the kept ones)
        m = scene.metrics
        row = Rect(dice_r.x, dice_r.y, min(dice_r.w, (shown_n - 1) * step + dice_h), dice_h)
        word = word or ROLLING
        size = scene.fit(word, row, (m.medium, m.small)) if not kept else None
        if size is not None:
            tw = scene.measure(word, size)[0] + 2 * m.pad
            k = min(shown_n, -(-(tw + step - dice_h) // step))     # the whole dice it covers, in the middle
            over = Rect(row.x + (shown_n - k) // 2 * step, row.y, k * step - (step - dice_h), row.h)
            over = over if over.w >= tw - m.pad else row
            scene.add("panel", over, None, fill=PANEL, border=DIM, radius=m.pad // 2)
            scene.text(word, over, sizes=(size,), colour=GOLD, align="center")
        scene.facts.setdefault("rolling", []).append(p)
    elif held and view["phase"] in ("roll", "stop"):
        # the reading the seat checks replaces its dice in the game (a reroll's old dice are gone)
        values, spent = [], []
        for i, v in enumerate(held[:9]):
            scene.add("die", Rect(dice_r.x + i * step, dice_r.y, dice_h, dice_h), f"held:{p}:{i}",
                      value=v, state="read", ring=GOLD, body=DIE_COLOURS.get(v))
        scene.facts.setdefault("held", {})[p] = list(held)
    elif seat["dice"] is None and not mine and view["phase"] in ("roll", "stop"):
        for i in range(6):
            scene.add("die", Rect(dice_r.x + i * step, dice_r.y, dice_h, dice_h), None,
                      value=None, state="reading", ring=None)
    for i, v in enumerate(values[:9]):
        scene.add("die", Rect(dice_r.x + i * step, dice_r.y, dice_h, dice_h), f"die:{p}:{i}",
                  value=v, state="read", dim=bool(spent and i < len(spent) and spent[i]), body=DIE_COLOURS.get(v))
    scene.facts.setdefault("dice", {})[p] = list(seat["dice"] or [])


def _dice_step(dice_r: Rect, dice_h: int, n: int) -> tuple[int, int]:
    """(step, size) in px of ``n`` dice side by side in the seat's dice row
    ``dice_r``: the row's height, smaller when ``n`` dice (a Cube Friend's
    7th, a coin's copies) would run past the sheet into the next seat's
    (issue 34: eight dice spilled over)."""
    gap = 3
    size = max(4, min(dice_h, (dice_r.w - gap * (n - 1)) // n))
    return size + gap, size


#: Over a seat's dice row while its dice are read again (a reroll): blank dice being read under it;
#: no dots (the text checks read "..." as a cut word)
#: (play-test: the roll before's dice looked current while the OLED said "reading your dice")
ROLLING = "rolling"
#: over a seat's dice read again after it rejected a reading: nothing is rolled (PT32)
READ_AGAIN = "read again"


#: Dice drawn in their droid's colour (RG-3), pips black, so a seat's dice
#: match the droids on its sheet at a glance.  Not light tints: pale red and
#: pale pink looked alike on an HDMI (PT12, a red 5 read as a pink 3).
DIE_COLOURS = dict(DIE_RGB)
