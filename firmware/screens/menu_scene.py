"""The start menu drawn on the kit (issue 38, Build 4): the games as cards
with their own drawn art and player counts, the menu's rows (seats, house
rules, how to play, resume, start, settings, calibrate, shut down) as a
column of bars with the focused one lit, the seats as tokens (person or
bot and its level), and what the focused row does in words beside it.

:func:`menu_scene` turns a menu (:class:`firmware.app.menu.Menu`) into a
:class:`~firmware.ui.kit.Scene`; :func:`game_art` draws a game's cover
from the kit's components (droids, dice, dango, meeples, flags...).  The
text size setting ("large") scales every text of the menu and the
how-to-play pages by :data:`TEXT_SCALES`.
"""
from __future__ import annotations

from typing import Any

from engines.words import plural

from firmware.screens.games import GAMES as CABINET_GAMES, cabinet_game
from firmware.ui.scaled import SMALL_SCREEN_SCALE, new_scene
from firmware.ui.kit import (BG, DIM, FEED, FG, GOLD, INFO, PANEL, PANEL_HI, Measure, Metrics, Rect, Scene, header,
                  header_todo, seat_colour, wrap_words)

INK = (34, 30, 36)
CARD_DIM = (120, 112, 100)


# ------------------------------------------------------------------ art
def game_art(scene: Scene, rect: Rect, game_id: str) -> None:
    """A game's cover drawn in ``rect`` from the kit's components (no
    copied art): Retrograde two droids under two dice, Cha dango a cat
    customer and a dango skewer, Ginza a dish served with two dice,
    Cryptid Cafe a server meeple and a dish, Café Junior a table with a
    flag and a guest.  Unknown games get a die."""
    scene.add("panel", rect, None, fill=(30, 26, 48) if game_id == "retrograde" else (54, 48, 44), radius=6)
    r = rect.inset(max(2, rect.h // 14))
    left, right = r.cols(1, 1, gap=max(2, r.w // 20))
    top_l, bot_l = left.rows(1, 1, gap=2)
    top_r, bot_r = right.rows(1, 1, gap=2)
    if game_id == "retrograde":
        scene.add("droid", top_l, None, pips=6)
        scene.add("droid", top_r, None, pips=3)
        scene.add("die", bot_l, None, value=6, body=(64, 134, 230), pip=(250, 250, 250))
        scene.add("die", bot_r, None, value=6, body=(64, 134, 230), pip=(250, 250, 250))
    elif game_id == "cha-dango":
        scene.add("figure", left, None, name="cat")
        scene.add("dango", right, None, name="pink")
    elif game_id == "ginza":
        scene.add("plate", left, None, name="Omurice")
        scene.add("die", top_r, None, value=5, body=(222, 72, 64), pip=(250, 250, 250))
        scene.add("die", bot_r, None, value=3, body=(238, 196, 48))
    elif game_id == "cryptid-cafe":
        scene.add("meeple", left, None, colour=seat_colour(1), label="2")
        scene.add("dish", right, None, name="kaputtcino")
    elif game_id == "cafe-junior":
        scene.add("tabletop", left, None)
        scene.add("flag", top_r, None, code="JPN")
        scene.add("guest", bot_r, None, gender="girl")
    else:
        scene.add("die", r, None, value=5)


def _fits(scene: Scene, text: str, w: int, size: int) -> bool:
    return scene.measure(text, size)[0] <= w


def _first_fit(scene: Scene, options: list[str], w: int, size: int) -> str:
    return next((o for o in options if _fits(scene, o, w, size)), options[-1])


# ------------------------------------------------------------------ menu
#: what a focused row does, said beside the menu (issue 38)
ROW_WORDS = {
    "Players": ["how many seats play"],
    "Bots": ["which seats the cabinet plays", "(the others are people)"],
    "Bot level": ["how well the bots play:", "easy, normal or hard"],
    "Difficulty": ["a solo game: how much your", "unused dishes cost you", "(easy, hard or epic)"],
    "Youngest player (starts)": ["the book: the youngest", "player starts"],
    "First-game rules": ["the book's first game:", "round 1 without coins,", "power-ups, bosses, comets"],
    "How to play": ["pictures of how the game", "is played: arrows turn", "the pages"],
    "Start": ["start the game with these", "seats and rules"],
    "Volume": ["how loud the cabinet's", "sounds are (0: silent)"],
    "Text size": ["the menu's and the", "how-to-play pages' text"],
    "Sound captions": ["each sound in words for", "1.5 s in a corner, for", "who cannot hear it"],
    "Calibrate dice": ["teach the dice reader this", "cabinet's dice and light"],
    "Undo dice calibration": ["read the dice as shipped"],
    "Shut down": ["power the cabinet off", "safely (the games are saved)"],
}


#: why a greyed row does nothing now, said after its words
GREYED_WHY = {"Bot level": "; no bots now: choose them in the Bots row first",
              "Difficulty": "; only with 1 player: set Players to 1 to choose it"}


#: the Resume panel's last line: the first to go where the panel is short
RESUME_BUTTON = "the button goes on where it stopped"


def focus_words(menu: Any) -> tuple[str, list[str]]:
    """What the focused row is about, for the panel beside the rows:
    the chosen game (its blurb, players, bots), a save in full, or
    what the row does."""
    from engines import GAMES

    rows = menu.rows()
    label = rows[menu.focus][0]
    info = GAMES[menu.game_id]
    if label == "Resume" and menu.resumable:
        keys = [i for i, (lab, _) in enumerate(rows) if lab == "Resume"]
        words = menu.resumable[keys.index(menu.focus)][1].split(", ")
        words[-1] = f"played {words[-1]}" if len(words) > 1 else words[-1]
        seats = resume_seat_words(menu)
        if seats:                          # "3 players" said by the seats' line; the name and how far, one line
            words = [w for w in words if not w.endswith((" players", " player"))]
            words = [", ".join(words[:-1]), words[-1]] if len(words) > 2 else words
        return "Resume", [*words, *seats, RESUME_BUTTON]
    if label == "Watch a game":         # issue 38: the newest saved game, move by move
        if not getattr(menu, "watchable", None):
            return label, ["no saved game yet"]
        name, *rest = menu.watchable[1].split(", ")
        return label, [name, ", ".join(rest), "arrows step through its moves, the button leaves"]
    if label == "Wrong hit costs":     # Cha dango: the book's rule and a house rule, told apart (ruling CD-12)
        book = "The book: a hit on a customer that does not match wins nothing in that order."
        if rows[menu.focus][1] == "nothing more":
            return label, [book, "A house rule can add a cost in VP cards."]
        return label, [f"A house rule: a wrong hit also costs {rows[menu.focus][1]}.", book]
    if label in menu.greyed():          # the Bot level row with no bots (PT13: it stays, greyed)
        return label, [" ".join(ROW_WORDS[label]) + GREYED_WHY.get(label, "")]
    if label in ROW_WORDS and label not in ("Players", "Bots"):
        return label, [" ".join(ROW_WORDS[label])]
    if label == "Resume" and not menu.resumable:
        return "Resume", ["no unfinished game to go on with"]
    if label == "Resume last game":
        return "Resume", [menu.resume_problem or "no unfinished game"]
    declared = cabinet_game(menu.game_id)
    what, bots = (declared.blurb, list(declared.bots_note)) if declared else ("", ["bots play through the same", "buttons as people"])
    most = menu.max_players(menu.game_id)
    wired = [] if most == info.max_players else [f"(this cabinet seats {most})"]
    return info.name, [*([what] if what else []), f"{info.min_players} to {info.max_players} players",
                       *wired, " ".join(bots)]


def resume_seat_words(menu: Any) -> list[str]:
    """Who plays which seat of the focused saved game when it is resumed
    ("2 seats: seat 1 person, seat 2 bot"), whether that is as saved or the
    Bots row's choice, and that the save's seat count wins over a
    different Players row, in one line; [] when the save's seats are not
    known."""
    path = menu.focused_save()
    if path is None or path not in menu.saved_seats:
        return []
    players = menu.saved_seats[path][0]
    bots = menu.resume_seats(path)[0]
    seats = ", ".join(f"seat {s + 1} {'bot' if s in bots else 'person'}" for s in range(players))
    how = "bots as the Bots row says" if menu.bots_chosen else "bots as saved"
    count = plural(players, "seat") if players == menu.players else \
        f"the saved {plural(players, 'seat')} (not the Players row's {menu.players})"
    if players == 1 and not bots:      # a solo game: nothing about bots to say (pt11 s108: "1 seats, bots ...")
        return [f"{count}: {seats}"]
    return [f"{count}, {how}: {seats}"]


def _card_words(scene: Scene, gid: str, width: int, size: int) -> list[str] | None:
    """A card's name in at most two lines of ``width`` px (the full name,
    else the menu's short one), or None when neither fits."""
    from engines import GAMES

    name = GAMES[gid].name if gid in GAMES else gid
    for text in dict.fromkeys((name, (cabinet_game(gid).menu_name if cabinet_game(gid) else name))):
        lines = wrap_words(text, width, size, scene.measure)
        if lines is not None and len(lines) <= 2:
            return lines
    return None


def game_cards(scene: Scene, rect: Rect, menu: Any) -> None:
    """The games as cards in a row: art, name, player count; the chosen
    game's card lit gold (glowing while the Game row has the focus).  As
    many cards as their names fit (all five, else a window of them around
    the chosen game, with the count of the others at the sides)."""
    from engines import GAMES
    m = scene.metrics
    n = len(menu.games)
    # the names and counts (capitals and tall letters) at the kit's own small size unless the text is large
    size = Metrics(scene.width, scene.height).small if getattr(scene, "text_scale", 1.0) <= SMALL_SCREEN_SCALE \
        else m.small
    line_h = scene.measure("Ag", size)[1]
    shown = n
    while shown > 1:
        w = (rect.w - m.pad * (shown - 1)) // shown - 2 * max(2, m.pad // 2) - 6    # an unchosen card's words
        if all(_card_words(scene, g, w, size) is not None for g in menu.games):
            break
        shown -= 1
    first = min(max(0, menu.game_index - shown // 2), n - shown)
    games = list(enumerate(menu.games))[first:first + shown]
    cells = rect.cols(*([1] * shown), gap=m.pad)
    focus_game = menu.rows()[menu.focus][0] == "Game"
    name_lines = max(len(_card_words(scene, g, cells[0].w - 2 * max(2, m.pad // 2) - 6, size) or [""])
                     for _, g in games)
    for (i, gid), cell in zip(games, cells):
        chosen = i == menu.game_index
        card = cell if chosen else cell.inset(max(2, m.pad // 2))
        scene.add("card", card, f"menu-card-{gid}", state="selected" if chosen and focus_game else
                  "hi" if chosen else "up", fill=(250, 244, 226) if chosen else (214, 208, 194))
        inner = card.inset(max(4, m.pad))
        art, name_r, count_r = inner.rows(1, -line_h * name_lines, -line_h, gap=2)
        wide = card.inset(3)          # the words may use the card's margin (a narrow card at 800 px)
        name_r, count_r = (Rect(wide.x, r.y, wide.w, r.h) for r in (name_r, count_r))
        game_art(scene, art, gid)
        info = GAMES[gid]
        words = _card_words(scene, gid, name_r.w, size) or [info.name]
        for k, line in enumerate(words):
            scene.text(line, Rect(name_r.x, name_r.y + k * line_h, name_r.w, line_h), sizes=(size,),
                       colour=INK, align="center")
        most = menu.max_players(gid)
        count = f"{info.min_players}-{most} players" if most > info.min_players else f"{most} players"
        count = _first_fit(scene, [count, f"{info.min_players}-{most}"], count_r.w, size)
        scene.text(count, count_r, sizes=(size,), colour=INK if chosen else CARD_DIM, align="center",
                   priority=INFO)
    scene.facts["cards"] = [g for _, g in games]
    scene.facts["chosen"] = menu.game_id


def row_texts(scene: Scene, menu: Any, width: int, size: int) -> list[tuple[str, str]]:
    """Each row as (label, value) as the column draws it: both side by
    side when they fit, else the row in the menu's short words, else the
    value in a game's short name, else the label alone (the panel beside
    the rows says the rest)."""
    from engines import GAMES

    shorts = {GAMES[g].name: c.menu_name for g, c in CABINET_GAMES.items() if g in GAMES}
    pad = scene.metrics.pad

    def fits(label: str, value: str) -> bool:
        return scene.measure(label, size)[0] + (scene.measure(value, size)[0] + 2 * pad if value else 0) <= width

    out = []
    for k, (label, value) in enumerate(menu.rows()):
        options = [(label, value)] if not (label == "Resume" and menu.resumable) else []
        options += [(menu._line(label, value, k), ""), (label, shorts.get(value, value)), (label, "")]
        out.append(next((o for o in options if fits(*o)), options[-1]))
    return out


def row_column(scene: Scene, rect: Rect, menu: Any) -> None:
    """The rows as bars, the focused one lit; more rows than fit scroll
    with the focus ("2 more" above or below)."""
    m = scene.metrics
    line_h = scene.measure("Ag", m.small)[1]
    bar_h = line_h + m.pad
    gap = max(2, m.pad // 3)
    room = max(1, (rect.h + gap) // (bar_h + gap))
    rows = row_texts(scene, menu, rect.w - 2 * m.pad, m.small)
    first = 0
    if len(rows) > room:
        first = min(max(0, menu.focus - room // 2), len(rows) - room)
    y = rect.y
    shown = list(range(first, min(len(rows), first + room)))
    for j, k in enumerate(shown):
        bar = Rect(rect.x, y, rect.w, bar_h)
        y += bar_h + gap
        inner = Rect(bar.x + m.pad, bar.y, bar.w - 2 * m.pad, bar.h)
        if (j == 0 and first > 0) or (j == len(shown) - 1 and k < len(rows) - 1):
            more = first + 1 if j == 0 else len(rows) - k
            scene.text(f"{more} more above" if j == 0 else f"{more} more below", inner, sizes=(m.small,),
                       colour=DIM, align="center")
            continue
        label, value = rows[k]
        focused = k == menu.focus
        action = menu.rows()[k][0] in ("Start", "Resume", "How to play") and not focused \
            and not (menu.rows()[k][0] == "Resume" and not menu.resumable)
        scene.add("panel", bar, f"menu-row-{k}", fill=PANEL_HI if focused else PANEL,
                  border=GOLD if focused else (90, 150, 100) if action else None, radius=m.pad)
        greyed = menu.rows()[k][0] in menu.greyed()      # shown, doing nothing now ("Bot level: no bots")
        if value:
            lw = scene.measure(label, m.small)[0]
            lr, vr = inner.cols(-lw, 1, gap=m.pad)
            scene.text(label, lr, sizes=(m.small,), colour=GOLD if focused else DIM if greyed else FG)
            scene.text(value, vr, sizes=(m.small,), colour=GOLD if focused else DIM, align="right")
        else:
            scene.text(label, inner, sizes=(m.small,), colour=GOLD if focused else FG)
    scene.facts["rows"] = [f"{lab}: {val}" if val else lab for lab, val in rows]
    scene.facts["shown_rows"] = shown
    scene.facts["greyed_rows"] = sorted(menu.greyed())
    scene.facts["focus"] = menu.focus


def seat_columns(scene: Scene, n: int) -> int:
    """How many seat tokens stand side by side in the menu's seats strip:
    all of up to 3 seats, else 3 on a wide screen and 2 on a narrow one;
    2 where 3 leave "person" too little room (3 seats at 800 px)."""
    cols = n if n <= 3 else 3 if scene.width >= 1200 else 2
    if cols == 3 and scene.width < 1200:
        m = scene.metrics
        cell = (scene.width * 9 // 20 - 2 * m.pad) // 3      # the strip's share of the screen, a third of it
        if scene.measure("person", m.small)[0] + scene.measure("Ag", m.small)[1] + 2 * m.pad > cell:
            cols = 2
    return cols


def seats_strip(scene: Scene, rect: Rect, menu: Any) -> None:
    """The seats of the game to start (on a Resume row: of the saved
    game, as it will be played): a token each (its number and colour),
    "person" or the bot's level under it."""
    m = scene.metrics
    n, bots = menu.shown_seats()
    cols = seat_columns(scene, n)
    cells = rect.grid(n, cols, gap=m.pad // 2)
    line_h = scene.measure("Ag", m.small)[1]
    said = {}
    for seat, cell in zip(range(n), cells):
        tok_w = min(cell.h, line_h + m.pad)
        tok, words = cell.cols(-tok_w, 1, gap=m.pad // 2)
        scene.add("token", Rect(tok.x, tok.y + (tok.h - tok_w) // 2, tok_w, tok_w), f"menu-seat-{seat}",
                  seat=seat, colour=seat_colour(seat), label=str(seat + 1))
        level = bots.get(seat, "")
        text = "person" if seat not in bots else _first_fit(scene, [f"{level} bot", level, "bot"], words.w, m.small)
        said[seat] = text
        scene.text(text, Rect(words.x, cell.y + (cell.h - line_h) // 2, words.w, line_h), sizes=(m.small,),
                   colour=FG if seat not in bots else DIM, priority=INFO)
    scene.facts["seats"] = said


def menu_scene(menu: Any, size: tuple[int, int], measure: Measure) -> Scene:
    """The whole menu screen for ``menu`` at ``size`` px (800x480 ..
    1920x1080) at the menu's text size; its how-to-play pages instead
    while they are open.

    Raises:
        LayoutError: a row does not fit (a layout bug; tests run every row
            of every game at both sizes and both text sizes).
    """
    if menu.howto is not None:
        from firmware.screens.howto_scene import howto_scene
        return howto_scene(menu.howto, size, measure, text_size=menu.text_size_name(),
                           hint=menu.howto_hint())
    scene = new_scene(size, measure, menu.text_size_name())
    m = scene.metrics
    scene.add("panel", scene.rect, None, fill=BG, radius=0)
    head_h = scene.measure("Ag", m.medium)[1] + m.pad
    head, body = scene.rect.rows(-head_h, 1)
    todo = menu.message or header_todo(scene, head, "Tabletop cabinet", "", menu.keys_hints())
    header(scene, head, "Tabletop cabinet", "", todo)
    body = body.inset(m.pad)
    line_h = scene.measure("Ag", m.small)[1]
    cards_h = max(5 * line_h + 3 * m.pad, int(body.h * (0.40 if size[1] >= 700 else 0.36)))   # art 2 lines high at least
    cards, rest = body.rows(-cards_h, 1, gap=m.pad)
    game_cards(scene, cards, menu)
    left, right = rest.cols(11, 9, gap=m.pad)
    row_column(scene, left, menu)
    n = menu.shown_seats()[0]
    seats_h = -(-n // seat_columns(scene, n)) * (line_h + m.pad) + m.pad // 2
    seats, info = right.rows(-seats_h, 1, gap=m.pad)
    seats_strip(scene, seats, menu)
    title, lines = focus_words(menu)
    scene.add("panel", info, None, fill=PANEL, radius=m.pad)
    inner = info.inset(m.pad)
    t_r, l_r = inner.rows(-line_h, 1, gap=max(2, m.pad // 2))
    if scene.fit(title, t_r, (m.small,)):
        scene.text(title, t_r, sizes=(m.small,), colour=GOLD)
    else:                                   # a long title: wrapped above the words (never cut)
        lines, l_r = [title, *lines], Rect(inner.x, t_r.y, inner.w, inner.h)
    # where the panel is short, when a save was played and the button's line go before its seats
    scene.lines([(t, FEED if t == RESUME_BUTTON or t.startswith("played ") else INFO) for t in lines],
                l_r, size=m.small, colour=FG)
    scene.facts["info"] = [title, *lines]
    return scene
