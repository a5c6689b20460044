"""Cryptid Cafe on the cabinet, drawn: the shared HDMI table and each
seat's OLED.

HDMI (public view only): the Chef Kraken board with its five stations
(Kaputtcino, Baba au Rhume, Beuv'noire, Croque-Monsieur, Waterzoeil, each
with a dish of its own), ranks 3 / 2 / 1 front first (4 / 3 / 2 / 1 with
five players, CC-1), servers as meeples in seat colours with the seat
number (AI servers grey and square-headed), a padlock on a server pushed
down that cannot move this round (CC-4), a closed station covered by its
event (CC-5), the station sharing tips lit; each seat's row: coins, the
Customer Satisfaction Track from green to red (CC-3, each space with its
face) with the customer cards on it (cryptid type, order as dishes with
counts, the tip it pays now), the dishes on the tray, served and walkout
piles; the round, the phase and what the table must do; in solo and
2-player games the AI players' last move with the AI die's face (CC-7).

Cryptid Cafe has no hidden hand: customer decks (contents and order) and
the AI decks are hidden by the engine's view and never drawn.  Rulebook
``cryptid-cafe.txt``; rulings CC-1 .. CC-8.
"""
from __future__ import annotations

import re
from typing import Any

from engines.words import plural

from firmware.screens.choices import cursor_choices


from firmware.ui.kit import BG, DIM, FEED, FG, GOLD, INFO, PANEL, Rect, Scene, header, header_todo, wrap_words
from firmware.screens.cryptid_cafe_words import first_round, walkthrough_words  # noqa: F401 - the first-game walkthrough's hooks
from firmware.screens.cryptid_cafe_oled import oled_frame  # noqa: F401 - the game's OLED hook, found here
from firmware.screens.cryptid_cafe_parts import _seat_row, _station
from firmware.screens.cryptid_cafe_round import (  # noqa: F401 - result_pause, round_summary, result_pause_ms,
    compact_finals, draw_finals, final_lines, finals_layout, held_actions, result_pause,  # held_actions: hooks
    result_pause_ms, round_summary)
from firmware.screens.round_summary import draw_round_summary, summary_fits
from firmware.screens.cryptid_cafe_words import (  # noqa: F401 - label, result_notes: the game's hooks
    STATIONS, ai_last, ai_role, ai_roll, die_words, is_move, label, pending_words, result_notes, station_name,
    todo_text)


DRAWN = True
TITLE = "Cryptid Cafe"


def _whole_moves(scene: Scene, rect: Rect, moves: list[str], newest_last: bool = False) -> list[str]:
    """Draw as many of ``moves`` (newest first) as fit ``rect`` whole,
    each word-wrapped to its width (play-tester: a move cut mid-sentence
    lost its tip): fewer moves rather than cut ones, a move with a word
    wider than the box left out; ``newest_last`` draws the chosen ones in
    the order they happened.  Returns the moves shown (newest first);
    ``scene.facts["moves"]`` / ``["move_lines"]`` say them and their lines."""
    m = scene.metrics
    line = scene.measure("Ag", m.small)[1]
    room, chosen = rect.h // line, []
    for t in moves:
        wrapped = wrap_words(t, rect.w, m.small, scene.measure)
        if wrapped is None:
            continue
        if len(wrapped) > room:
            break
        chosen.append((t, wrapped))
        room -= len(wrapped)
    y, drawn = rect.y, []
    for t, wrapped in (reversed(chosen) if newest_last else chosen):
        for part in wrapped:
            scene.text(part, Rect(rect.x, y, rect.w, line), sizes=(m.small,), colour=DIM, priority=INFO)
            drawn.append(part)
            y += line
    shown = [t for t, _ in chosen]
    scene.facts["moves"] = list(reversed(shown)) if newest_last else shown
    scene.facts["move_lines"] = drawn
    return shown


def _side_moves(scene: Scene, r: Rect, moves: list[str], keep: int = 0, pending: int = 0) -> Rect:
    """Issue 34: the foot of the side panel when the screen has no feed
    panel (2+ seats): "Latest moves" and the moves newest first, as many
    as fit whole in the lower part (at least the heading and the newest
    move; the phase announcements left out: the header says the phase);
    returns the room left above, at least ``keep`` lines (what the table
    must know) and, where the moves keep their room, ``pending`` more
    (what a person's next press would do)."""
    m = scene.metrics
    line = scene.measure("Ag", m.small)[1]
    shown = [t for t in reversed(moves) if not re.match(r"(Phase \d|Round \d|Event this round)", t)]
    newest = next((w for w in (wrap_words(t, r.w, m.small, scene.measure) for t in shown) if w), ["", ""])
    least = (1 + max(2, len(newest))) * line
    foot_h = min(r.h - keep * line - m.pad, max(least, r.h - (keep + pending) * line - m.pad))
    if foot_h < least:       # no room for a whole move under the heading (800x480): the panel as it was
        return r
    top, foot = r.rows(1, -foot_h, gap=m.pad // 2)
    head, rest = foot.rows(-line, 1)
    scene.text("Latest moves", head, sizes=(m.small,), colour=GOLD, priority=INFO)
    _whole_moves(scene, rest, shown)
    return top


def _side(scene: Scene, r: Rect, game, view: dict[str, Any], context: dict[str, Any],
          pending: list[str] | None = None, moves: list[str] | None = None, feed_panel: bool = False) -> None:
    """The round tracker, the event of the round, the AI players (their
    last move and the AI die) and the event feed; ``moves`` (no feed panel
    on this screen): the latest moves at its foot, newest first;
    ``feed_panel``: the screen has a feed panel with them (not repeated here)."""
    m = scene.metrics
    line = scene.measure("Ag", m.small)[1]
    scene.add("panel", r, None, fill=PANEL, radius=m.pad)
    inner = r.inset(m.pad // 2)
    ev = view.get("active_event")
    lines: list[tuple[str, int]] = []
    if ev and ev.get("kind") == "closed_station":
        lines.append((f"Event: {station_name(game, ev.get('station', ''))} closed", INFO))
    elif ev and ev.get("kind") == "move_two":
        lines.append(("Customers move 2", 0))
    first = view.get("first_player", 0)
    lines.append((f"First player: Seat {first + 1}", INFO))
    scene.facts["event"] = ev
    ai = view.get("ai_players") or {}
    last = ai_last(list(context.get("last_events") or []))
    die_r = None
    if ai:
        for k, a in ai.items():
            k_left = a["cards_left"]
            n = view.get("ai2_coins") if k == "ai2" else None
            # the grey servers on the board are labelled AI2 / AI3 (issue 34: "AI3" was never explained);
            # issue 34, PT13: "AI Player 3: does not score" was jargon; the rules: the AI players "simulate
            # human players" placing servers, you compete against AI Player 2 only
            # issue 34: "AI3 = AI Player 3 ..." read like code: the label in brackets after the name, as
            # people write an abbreviation, "AI Player 3 (AI3) only sends servers: 2 cards left"
            tag = "AI" + str(k)[2:]
            cards = f": {k_left} card{'s' if k_left != 1 else ''} left"
            left = (a["name"] if n is not None else ai_role(a["name"])) + cards
            said = (f"{a['name']} ({tag})" if n is not None else ai_role(f"{a['name']} ({tag})")) + cards
            # (the label where it fits one line: the solo panel is short of lines)
            # (AI Player 3's line wraps anyway: it keeps its tag, the label on its grey servers)
            lines.append((said if n is None or scene.measure(said, m.small)[0] <= inner.w else left, INFO))
            # AI Player 2's coins (rulebook: your unused dishes go to it only at Final Scoring; pt11 cy3_5;
            # once the game is over the final scores take this panel's place, ai2_score among them)
            if n is not None:
                lines.append((f"{a['name']}: {plural(n, 'coin')}", 0))
        if last is not None:
            if moves is None and not feed_panel:    # else the latest moves say it (issue 34)
                lines.append((last[0], INFO))
            scene.facts["ai_move"] = last[0]
            if last[1] is not None:
                roll = ai_roll(list(context.get("last_events") or [])) or ""
                words = die_words(roll, last[1])
                size = min(inner.w // 3, int(line * 1.6))
                # its words on one line beside it where one fits, else on two (the panel is short of lines)
                wide = inner.w - size - m.pad
                tall = not any(scene.measure(w, m.small)[0] <= wide for w in words)
                die_r, inner = inner.rows(-max(size, 2 * line if tall else line), 1, gap=m.pad // 2)
                scene.add("aidie", die_r.cols(-size, 1)[0].rows(-size, 1)[0], "aidie", symbols=last[1])
                said = _die_said(scene, die_r.cols(-size, 1, gap=m.pad)[1],
                                 words if tall else [w for w in words if scene.measure(w, m.small)[0] <= wide])
                scene.facts["ai_die"], scene.facts["ai_die_words"] = last[1], said
    if moves is None and not feed_panel:
        lines += [(t, FEED) for t in list(context.get("last_events") or [])[-3:] if not t.startswith("AI Player")]
    elif moves is not None:       # issue 34: the latest moves at the foot, below what the table must know
        must = sum(len(wrap_words(t, inner.w, m.small, scene.measure) or [t]) for t, p in lines if p < INFO)
        press = sum(len(wrap_words(t, inner.w, m.small, scene.measure) or [t]) for t in pending or [])
        inner = _side_moves(scene, inner, moves, keep=must, pending=press)
    # what the table must know (customers move 2), what a person's next press would do (gold, left out
    # short of room), the event, the first player and the AI players, then the latest moves
    for part, colour in (([x for x in lines if x[1] < INFO], FG), ([(t, INFO) for t in pending or []], GOLD),
                         ([x for x in lines if x[1] == INFO], FG), ([x for x in lines if x[1] == FEED], FG)):
        used = len(scene.lines(part, inner, size=m.small, colour=colour)) * line if part else 0
        inner = Rect(inner.x, inner.y + used, inner.w, max(0, inner.h - used))


def _die_said(scene: Scene, r: Rect, words: list[str]) -> str:
    """The AI die's meaning beside it (issue 34: the die was drawn with no
    words): the longest of ``words`` that fits ``r`` in two lines, else
    the shortest in one (dropped only where nothing fits)."""
    m = scene.metrics
    for w in words:
        if scene.wrapped(w, r, sizes=(m.small,), priority=INFO, max_lines=2):
            return w
    return ""


def _feed(scene: Scene, r: Rect, feed: list[tuple[str, int]]) -> None:
    """What a person's next press would do (gold, the entries of priority
    0), then the latest moves (the AI players' one by one), newest last."""
    m = scene.metrics
    scene.add("panel", r, None, fill=PANEL, radius=m.pad)
    inner = r.inset(m.pad)
    line = scene.measure("Ag", m.small)[1]
    pending = [(t, INFO) for t, prio in feed if prio == 0]
    feed = [(t, prio) for t, prio in feed if prio != 0]
    if pending:    # then a gap before the header; the heading and two moves keep their room (issue 34)
        room = Rect(inner.x, inner.y, inner.w, max(0, inner.h - 3 * line - m.pad))
        used = len(scene.lines(pending, room, size=m.small, colour=GOLD)) * line + m.pad
        inner = Rect(inner.x, inner.y + used, inner.w, max(0, inner.h - used))
    head, rest = inner.rows(-line, 1, gap=m.pad // 2)
    scene.text("Latest moves", head, sizes=(m.small,), colour=GOLD, priority=INFO)
    _whole_moves(scene, rest, [t for t, _ in reversed(feed)], newest_last=True)


def _board_and_seats(scene: Scene, body, view: dict[str, Any]):
    """Where the stations' board, the side panel and the seats' rows go in
    ``body`` (px): ``(board, seats, stations, side panel, flat, row_max)``;
    ``flat``: a short screen, the ranks side by side under their numbers and
    two lines a seat; ``row_max``: the tallest a seat's row may be."""
    m = scene.metrics
    h = scene.rect.h
    n = len(view["players"])
    line = scene.measure("Ag", m.small)[1]
    ranks = len(next(iter(view["stations"].values())))
    board_h = int(line * 1.3) + ranks * int(line * (1.25 if h >= 700 else 1.05)) + m.pad * 2
    if view.get("ai_players"):
        board_h += 2 * line
    board_h = min(board_h, body.h // 2 if n > 2 else body.h * 3 // 5)
    row_need = 2 * line + 4 + 2 * max(3, m.pad // 2)  # two lines per seat: tray and piles stacked
    flat = (body.h - board_h - m.pad) // n < row_need + m.pad // 2
    if flat:  # short screen: ranks side by side under their numbers, the seats get two lines each
        board_h = max(3 * line + m.pad + 2 * max(3, m.pad // 2) + int(line * 0.3),
                      body.h - m.pad - n * row_need - (n - 1) * (m.pad // 2))
    row_max = 6 * line
    seats_h = body.h - board_h - m.pad
    if not flat and n > 1 and seats_h <= n * row_max + 4 * line:
        # no feed panel below the seats: the board (and the side panel's latest moves beside it) takes up
        # to five more lines from the seats' rows, down to 5 lines each (room for the spaces' numbers above
        # the cards; play-tester: one move shown where bots had made three)
        board_h += max(0, min(5 * line, seats_h - n * 5 * line - (n - 1) * (m.pad // 2)))
    board_r, seats_r = body.rows(-board_h, 1, gap=m.pad)
    beside = not flat and n > 1 and seats_h <= n * row_max + 4 * line     # the latest moves in the side panel:
    side_w = (body.w // 4 if h >= 700 else body.w // 5) if flat else max(   # wider, a move on fewer lines
        body.w * 3 // 10 if beside else body.w // 4, scene.measure("AI Player 2: 99", m.small)[0])
    st_r, side_r = board_r.cols(1, -side_w, gap=m.pad)
    return board_r, seats_r, st_r, side_r, flat, row_max


def screen(game, view: dict[str, Any], context: dict[str, Any], size: tuple[int, int] = (1920, 1080),
           measure=None) -> Scene:
    """The shared Cryptid Cafe screen, drawn from the public ``view``.

    Args:
        game: the engine (station names, ranking at the end).
        view: ``game.view(None)``.
        context: runtime facts: ``last_events`` (the AI players' moves and
            the feed), ``notice``.
        size: the screen, px.
        measure: text measure ``(text, size_px) -> (w, h)``.

    Returns:
        A :class:`Scene`; ``scene.facts`` lists each station's ranks, each
        seat's track (customers, orders, tips), tray, coins and piles.
    """
    w, h = size
    scene = Scene(w, h, measure)
    m = scene.metrics
    header_h = scene.measure("Ag", m.medium)[1] + m.pad
    hdr, body = scene.rect.rows(-header_h, 1)
    summary = context.get("round_summary") if (context.get("banner") or "").startswith("next") else None
    # while a round's summary stands, the round it sums up (PT22: "Round 2 of 9" over "Round 1 done")
    status = f"Round {summary['round'] if summary else view['round']} of {view['rounds']}"
    todo = header_todo(scene, hdr, TITLE, status, (context.get("notice") or todo_text(game, view)).split("|"))
    header(scene, hdr, TITLE, status, todo)
    scene.facts["todo"] = todo
    body = body.inset(m.pad)
    n = len(view["players"])
    line = scene.measure("Ag", m.small)[1]
    board_r, seats_r, st_r, side_r, flat, row_max = _board_and_seats(scene, body, view)
    lit = _placing(game, context)
    finals = final_lines(view, result_notes(view))
    # the round that ended (or the final scores) in the board's and side panel's place; on a short
    # screen where its lines need more, over the seats' rows too (for the seconds it stands)
    pending = pending_words(game, view, context) if view.get("phase") != "over" else []
    if summary:          # CAB-13: a press under the summary chooses nothing; it shows the board
        pending = ["A press (button or arrow) shows the board"]
    fits = summary_fits(scene, board_r, summary, finals, pending) if summary else \
        not finals or finals_layout(scene, board_r, finals, view) is not None
    panel_r = board_r if fits else body
    if summary or finals:
        scene.part(panel_r, ("cc-summary", panel_r, repr(summary), repr(finals), context.get("banner"),
                             repr(pending)),
                   lambda sc: draw_round_summary(sc, panel_r, summary, context.get("banner") or "", pending=pending) if summary
                   else draw_finals(sc, panel_r, finals, view), bg=BG)
    for st, cell in zip(STATIONS, st_r.cols(*([1] * len(STATIONS)), gap=m.pad // 2)):
        if summary or finals:
            break
        digest = ("cc-station", st, cell, repr(view["stations"][st]), view.get("closed_station") == st,
                  view.get("sharing_station") == st, view.get("supply", {}).get(st),
                  view.get("locked", {}).get(st), flat, lit.get(st))
        # not a group: the servers (keyed meeples) slide when tip sharing moves them up and pushes others down
        scene.part(cell, digest, lambda sc, cell=cell, st=st: _station(sc, cell, game, view, st, flat, lit.get(st)),
                   group=False)
    events = list(context.get("last_events") or [])[-8:]
    has_feed = seats_r.h > n * row_max + 4 * line
    side_pending = [] if has_feed else pending      # where there is a feed panel, it goes on top of it
    side_digest = ("cc-side", side_r, repr(view.get("active_event")), view.get("first_player"),
                   repr(view.get("ai_players")), view.get("ai2_coins"), repr(events), repr(side_pending))
    side_moves = None if has_feed or n < 2 else [       # an AI's push is said to the seat it pushed (issue 34)
        t for t in events if is_move(t)]
    if not (summary or finals):
        scene.part(side_r, side_digest, lambda sc: _side(sc, side_r, game, view, context, side_pending,
                                                           side_moves, has_feed), bg=BG)
    active = set(game.active_players()) if view.get("phase") != "over" else set()
    if has_feed and panel_r is board_r:  # few seats: rows of a readable height, the latest moves below
        rows_h = n * row_max + (n - 1) * (m.pad // 2)
        # the feed holds the pending lines, its heading and three two-line moves where the rows can give
        # it room (down to 5 lines each; play-tester: only the result of three bot moves was visible)
        feed_need = (len(pending) + 7) * line + 3 * m.pad
        if seats_r.h - rows_h - m.pad < feed_need:
            rows_h = max(n * 5 * line + (n - 1) * (m.pad // 2), seats_r.h - m.pad - feed_need)
        seats_r, feed_r = seats_r.rows(-rows_h, 1, gap=m.pad)
        feed = [(t, 0) for t in pending] + [(t, INFO) for t in list(context.get("last_events") or [])[-8:]]
        scene.part(feed_r, ("cc-feed", feed_r, repr(feed)), lambda sc: _feed(sc, feed_r, feed), bg=BG)
    targets = _targets(game, context)
    for seat, row in zip(range(n) if panel_r is board_r else (), seats_r.rows(*([1] * n), gap=m.pad // 2)):
        mine = frozenset(targets.get(seat, ()))
        digest = ("cc-seat", seat, row, repr(view["players"][seat]), seat in active, tuple(sorted(mine)))
        scene.part(row, digest, lambda sc, row=row, seat=seat, mine=mine: _seat_row(
            sc, row, game, view, seat, seat in active, mine), bg=BG)
    return scene


def board_words(game, seat: int, score: float) -> str:
    """A stopped game's report line for ``seat``: the coins on its board
    and the engine's score labelled provisional ("50 coins on the board;
    provisional score 45: tips - lost customers - unused dishes + sets")."""
    coins = game.view(None)["players"][seat]["coins"]
    if score == coins:
        return f"{coins} coins on the board"
    return (f"{coins} coins on the board; provisional score {score:g}: tips - lost customers - unused dishes "
            f"+ sets (final scoring)")


def _targets(game, context: dict[str, Any]) -> dict[int, set[int]]:
    """seat -> the track spaces (0-based) whose customers the next press
    of a seat a person plays would serve (CC "Phase 3"), swap (the
    Manager) or copy and change (Change My Order: the seat's own customer
    and the other seat's), read without moving any cursor."""
    out: dict[int, set[int]] = {}
    for seat, chosen in cursor_choices(game, context).items():
        kind = chosen.get("type")
        if kind == "serve":
            out.setdefault(seat, set()).add(int(chosen["slot"]))
        elif kind == "manager":
            out.setdefault(seat, set()).update(int(k) for k in chosen.get("slots") or [])
        elif kind == "change_order":
            out.setdefault(seat, set()).add(int(chosen["slot"]))
            out.setdefault(int(chosen["target_player"]), set()).add(int(chosen["target_slot"]))
    return out


def _placing(game, context: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """station -> (rank, seat) for each seat a person plays whose cursor
    is on placing a server (CC-2), read without moving the cursor."""
    return {chosen["station"]: (int(chosen["rank"]), seat)
            for seat, chosen in cursor_choices(game, context).items() if chosen.get("type") == "place"}
