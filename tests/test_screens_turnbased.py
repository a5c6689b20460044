"""Screens of the turn-based games: Ginza Retro Café, Cryptid Cafe and Café
International Junior on the shared HDMI screen (800 x 480 and 1920 x 1080,
no overlapping text) and on the seats' OLEDs (at most 5 lines of at most 21
characters).

The shared screen must never show a hand (issue "Done when": "no
screenshot of the shared screen shows a hand or a bonus card"): checked by
text (no card of any hand, no bonus card in hand, by id or name) and by
independence (changing only hidden state - hands, bonus cards, deck order -
leaves the shared screen exactly the same).  States come from seeded random
games (firmware.bots.RandomBot) at several points of every player count.
"""
from __future__ import annotations

import collections

import pytest

from engines import new_game
from engines.registry import game_from_json
from engines.base import Game
from firmware.bots import RandomBot
from firmware.controls import SeatControls
from firmware.games import cafe_junior as cj
from firmware.games import cryptid_cafe as cc
from firmware.games import ginza as gz
from firmware.screens import hdmi_screen, oled_lines
from firmware.ui.layout import Rect, overlaps
from firmware.ui.model import ScreenModel

SIZES = [(800, 480), (1920, 1080)]
CASES = [("ginza", n) for n in (2, 3, 4)] + [("cryptid-cafe", n) for n in (1, 2, 3, 4, 5)] \
    + [("cafe-junior", n) for n in (2, 3, 4)]


@pytest.fixture(scope="module")
def renderers():
    from firmware.ui.hdmi import HdmiRenderer
    return [HdmiRenderer(w, h, "headless") for w, h in SIZES]


def snapshots(game_id: str, players: int, seed: int, points=(3, 0.5, 1.0)):
    """Play a seeded random game to the end; return (game copy, events) at
    action 3, at half-way and at the end."""
    game = new_game(game_id, players, seed)
    bot = RandomBot(seed)
    events: collections.deque[str] = collections.deque(maxlen=8)
    history = []
    while not game.is_terminal():
        assert len(history) < 20_000, "game did not end"
        action = bot.next_action(game)
        for e in game.apply(action):
            events.append(e["text"])
        history.append((game.to_json(), list(events)))
    total = len(history)
    picks = sorted({min(total - 1, p if isinstance(p, int) else int(p * (total - 1))) for p in points})
    return [(game_from_json(history[i][0]), history[i][1]) for i in picks]


def context(game: Game, events: list[str]) -> dict:
    return {"last_events": events, "prompts": {}, "notice": "", "banner": "", "dice": {},
            "now_us": game.now_us()}


def model_texts(model: ScreenModel) -> list[str]:
    texts = [model.title, model.status, model.banner]
    for p in model.panels:
        texts.append(p.title)
        texts.extend(p.lines)
    return texts


def render_texts(renderers, model: ScreenModel) -> list[str]:
    """Render at every size, check the layout, return every drawn text."""
    out = []
    for r in renderers:
        boxes = r.draw(model)
        assert not overlaps(boxes), f"overlapping text at {r.width}x{r.height}"
        screen = Rect(0, 0, r.width, r.height)
        assert all(b.rect.inside(screen) for b in boxes)
        out.extend(b.text for b in boxes)
    return out


def hidden_words(game: Game) -> set[str]:
    """Ids and names of every card in a hand (Café Junior guest cards;
    Ginza bonus cards in hand or draft, dealt and not yet revealed player
    cards)."""
    words: set[str] = set()
    if game.game_id == "cafe-junior":
        for hand in game.hands:
            words.update(hand)
    elif game.game_id == "ginza":
        players = game.st["players"]
        revealed = all(p["card"] is not None for p in players)
        for p in players:
            for b in p["bonus"] + p["draft"]:
                words.update({b, game.comp.bonus_cards[b].name})
            for c in p["dealt"] + ([] if revealed or p["card"] is None else [p["card"]]):
                words.update({c, game.comp.player_cards[c].name})
    return words


def check_oled(lines: list[str]) -> None:
    assert 1 <= len(lines) <= 5, lines
    assert all(isinstance(x, str) and len(x) <= 21 for x in lines), lines


@pytest.mark.parametrize("game_id,players", CASES)
def test_cab1_screens_fit_and_never_show_a_hand(renderers, game_id, players):
    """Issue "Done when": whole games at 800x480 and 1920x1080 without
    overlapping text; no text of the shared screen names a card of any
    hand or a bonus card in hand; every OLED has at most 5 short lines."""
    for game, events in snapshots(game_id, players, seed=players + 10):
        model = hdmi_screen(game, context(game, events))
        assert len(model.panels) <= 8
        drawn = render_texts(renderers, model)
        secret = hidden_words(game)
        for text in model_texts(model) + drawn:
            leaked = [w for w in secret if w in text]
            assert not leaked, f"{game_id}: shared screen text {text!r} shows hidden {leaked}"
        for seat in range(players):
            check_oled(oled_lines(game, seat, SeatControls(seat), context(game, events)))


def _same_screen(game: Game, other: Game, events: list[str]) -> None:
    a = hdmi_screen(game, context(game, events)).key()
    b = hdmi_screen(other, context(other, events)).key()
    assert a == b, "the shared screen changed with hidden information only"


@pytest.mark.parametrize("players", [2, 4])
def test_ci_hands_do_not_change_the_shared_screen(players):
    """Café International Junior hands are hidden: swapping hand cards with
    other guest cards leaves the shared screen unchanged."""
    for game, events in snapshots("cafe-junior", players, seed=5, points=(3, 0.5)):
        other = game_from_json(game.to_json())
        pool = other.guest_pile + other.discard_pile
        for hand in other.hands:
            for i, cid in enumerate(hand):
                swap = next((c for c in pool if c != cid and c[:3] != cid[:3]), None)
                if swap is not None:
                    pool.remove(swap)
                    hand[i] = swap
        assert other.hands != game.hands
        _same_screen(game, other, events)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gr_bonus_cards_and_player_card_choice_stay_hidden(players):
    """Ginza bonus cards in hand, the draft and a chosen player card before
    the reveal are hidden: replacing them leaves the shared screen
    unchanged (the hidden choices are made on the OLEDs)."""
    game = new_game("ginza", players, 7)
    bot = RandomBot(7)
    checked = collections.Counter()
    while not game.is_terminal() and checked["play"] < 3:
        phase = game.st["phase"]
        other = game_from_json(game.to_json())
        all_bonus = sorted(game.comp.bonus_cards)
        for p in other.st["players"]:  # every bonus card in hand becomes another one
            p["bonus"] = [all_bonus[(all_bonus.index(b) + 1) % len(all_bonus)] for b in p["bonus"]]
        changed = other.st != game.st
        if phase == "player_card":
            chosen = [p for p in other.st["players"] if p["card"] is not None]
            if chosen and len(chosen) < players:
                chosen[0]["card"] = next(c for c in sorted(game.comp.player_cards) if c != chosen[0]["card"])
                changed = True
        if changed:
            _same_screen(game, other, [])
            checked[phase] += 1
        game.apply(bot.next_action(game))
    assert checked["player_card"] and checked["play"]


def test_cc_deck_order_does_not_change_the_shared_screen():
    """Cryptid Cafe customer decks are hidden (order and contents): a
    reshuffled deck leaves the shared screen unchanged."""
    for game, events in snapshots("cryptid-cafe", 3, seed=4, points=(3, 0.5)):
        other = game_from_json(game.to_json())
        for p in other.players:
            p["deck"].reverse()
        _same_screen(game, other, events)


# ------------------------------------------------------------- content
def _texts(game: Game) -> list[str]:
    return model_texts(hdmi_screen(game, context(game, [])))


def test_ci3_grid_shows_every_table_in_its_cell():
    """Ruling CI-3: the 4 x 4 grid shows each table in its cell (row, col),
    empty cells as dots; open tables list seated guests or free seats'
    flags (ruling CI-2)."""
    game, _ = snapshots("cafe-junior", 3, seed=2, points=(0.5,))[0]
    view = game.view(None)
    rows = cj.grid_lines(view)
    assert len(rows) == 4
    for r, row in enumerate(view["grid"]):
        cells = rows[r].split(" | ")
        assert len(cells) == 4
        for c, tid in enumerate(row):
            assert cells[c].startswith(tid) if tid else cells[c] == "."
    texts = _texts(game)
    for t in view["tables"]:
        if not t["turned"]:
            first, second = cj.table_lines(t)
            assert first in texts and second in texts
            top, left = t["seats"]["top"], t["seats"]["left"]
            expect = cj.guest_code(top) if top else f"{t['flags']['top_left']}/{t['flags']['top_right']}"
            assert first.split()[1] == "t:" + expect
            expect = cj.guest_code(left) if left else f"{t['flags']['top_left']}/{t['flags']['bottom_left']}"
            assert second.split()[1] == "l:" + expect
    assert any(f"Guest pile: {view['guest_pile']}" in x for x in texts)
    assert any(x.startswith("Player 1: ") and "pts" in x for x in texts)


def test_ci_oled_shows_own_hand_and_confirm_step():
    """Café International Junior OLED: the seat's own hand (country code
    and g/b, jokers J-), its choice under the cursor, "press again" after
    the first press (confirm before anything irreversible)."""
    game = new_game("cafe-junior", 2, 3)
    seat = game.current
    other = 1 - seat
    ctl = SeatControls(seat)
    waiting = oled_lines(game, other, SeatControls(other), context(game, []))
    check_oled(waiting)
    codes = [cj.guest_code(c) for c in game.view(other)["hand"]]
    assert " ".join(codes) == " ".join(waiting[1:-1])
    lines = oled_lines(game, seat, ctl, context(game, []))
    check_oled(lines)
    acts = ctl.refresh(game)
    assert f"<1/{len(acts)}>" in lines[0]
    shown = " ".join(lines[lines.index(next(x for x in lines if x.startswith("> "))):])
    assert shown == "> " + cj.label(acts[0], game.view(seat))
    assert ctl.press(game, 1) is None
    armed = oled_lines(game, seat, ctl, context(game, []))
    check_oled(armed)
    assert armed[-1] == "press again:confirm"
    assert cj.label({"type": "place", "card": "JOKER-g1", "table": "T01", "side": "top"}) == "seat J-g at T01 top"


def test_cc_board_tracks_and_specialty_cards():
    """Cryptid Cafe screen: Chef Kraken board (ranks front first, CC-1 4
    ranks with 5 players), satisfaction tracks with tips, trays, round
    tracker; the OLED shows the specialty cards left."""
    game, _ = snapshots("cryptid-cafe", 5, seed=3, points=(40,))[0]
    view = game.view(None)
    texts = _texts(game)
    assert any(t.startswith(f"Round {view['round']}/10") for t in texts)
    for line in cc.board_lines(game, view):
        assert line in texts
        assert "CLOSED" in line or " 4:" in line
    for seat, p in enumerate(view["players"]):
        for c in p["track"]:
            if c:
                assert any(c["name"] in t and f"{c['tip_now']}c" in t for t in texts)
    lines = oled_lines(game, 0, SeatControls(0), context(game, []))
    check_oled(lines)
    p0 = view["players"][0]
    flags = ("M" if p0["manager_available"] else "-") + ("C" if p0["change_order_available"] else "-")
    assert flags in lines[0]


def test_cc_solo_ai_moves_are_listed():
    """Solo rules: the AI players' moves are shown step by step from the
    events on their own panel."""
    game = new_game("cryptid-cafe", 1, 2)
    bot = RandomBot(2)
    events: list[str] = []
    while not any(e.startswith("AI Player") for e in events):
        events += [e["text"] for e in game.apply(bot.next_action(game))]
    model = hdmi_screen(game, context(game, events[-8:]))
    ai = next(p for p in model.panels if p.title == "AI players")
    ai_events = [e for e in events[-8:] if e.startswith("AI Player")]
    assert ai_events and ai.lines[-len(ai_events[-5:]):] == ai_events[-5:]
    assert any("AI Player 2 score" in x for x in ai.lines)


def test_gr_hidden_choices_on_the_oled():
    """Ginza player card choice and bonus draft are made on the seat's OLED:
    it shows the card under the cursor with its text, and the bonus cards
    in hand by name."""
    game = new_game("ginza", 3, 5)
    ctl = SeatControls(0)
    lines = oled_lines(game, 0, ctl, context(game, []))
    check_oled(lines)
    dealt = game.st["players"][0]["dealt"]
    assert lines[0].startswith("player card <1/2>")
    assert game.comp.player_cards[dealt[0]].name in lines[1]
    ctl.nav(game, 1)
    lines = oled_lines(game, 0, ctl, context(game, []))
    assert game.comp.player_cards[dealt[1]].name in lines[1]
    bot = RandomBot(5)
    while game.st["phase"] != "play" or game.chance_requests():
        game.apply(bot.next_action(game))
    for seat in range(3):
        lines = oled_lines(game, seat, SeatControls(seat), context(game, []))
        check_oled(lines)
        names = [game.comp.bonus_cards[b].name for b in game.st["players"][seat]["bonus"]]
        assert names[0] in " ".join(lines)


def test_gr_screen_customers_tokens_and_dice():
    """Ginza screen: customers with time markers, order cards with the
    colour of the token on them, each seat's dice under its colour, arrange
    levels, coins and the common purple dice."""
    game = new_game("ginza", 2, 9)
    bot = RandomBot(9)
    while not any(o["token"] is not None for s in game.st["slots"] if s for o in s["orders"]):
        game.apply(bot.next_action(game))
    view = game.view(None)
    texts = _texts(game)
    for slot in view["customers"]:
        if slot:
            assert any(t.endswith(slot["name"]) for t in texts)
            assert any(f"time marker {slot['time']}" in t for t in texts)
            for o in slot["orders"]:
                first, second = gz.order_lines(game, o, ["red", "blue"])
                assert first in texts and second in texts
                assert second.endswith("open") == (o["token"] is None)
                if o["token"] is not None:
                    assert second.endswith(["red", "blue"][o["token"]])
    for p in view["players"]:
        assert f"{p['colour']} dice: {gz.dice_text(p['dice'])} (limit {p['dice_limit']})" in texts
        assert any(t.startswith("Lv Change") for t in texts)
    assert any(f"common purple dice: {gz.dice_text(view['common_dice'])}" in t for t in texts)
    assert gz.label({"type": "change", "steps": [[3, 1], [5, -1]]}) == "change 3->4, 5->4"


@pytest.mark.parametrize("game_id,players", [("ginza", 2), ("cryptid-cafe", 3), ("cafe-junior", 2)])
def test_cab2_seat_prompts_go_to_the_seat_oled_only(game_id, players):
    """Ruling CAB-2 (a seat's OLED is its own): a runtime prompt for a seat
    (e.g. a refused input) is shown on that seat's OLED, also while it has
    choices, and never on the shared screen."""
    for game, events in snapshots(game_id, players, seed=6, points=(0.5,)):
        ctx = context(game, events)
        seat = (game.active_players() or [0])[0]
        ctx["prompts"] = {seat: "not now: secret"}
        assert not any("secret" in t for t in model_texts(hdmi_screen(game, ctx)))
        lines = oled_lines(game, seat, SeatControls(seat), ctx)
        check_oled(lines)
        assert "not now: secret" in lines


def test_gr_long_serve_choice_fits_the_oled():
    """A Ginza serve choice with many dice and a purple common die keeps
    every die on the OLED (up to 3 lines for the choice)."""
    game = new_game("ginza", 2, 1)
    bot = RandomBot(1)
    while game.st["phase"] != "play" or game.chance_requests():
        game.apply(bot.next_action(game))
    seat = game.active_players()[0]
    ctl = SeatControls(seat)
    action = {"type": "serve", "player": seat, "order": "COFF-I-1", "dice": [1, 1, 2, 2, 5, 6, 6], "common": 1}
    text = gz.label(action, game)
    assert text.endswith("+purple 1 ¥3")
    ctl.refresh = lambda g: [action]  # one choice, this one
    lines = oled_lines(game, seat, ctl, context(game, []))
    check_oled(lines)
    start = next(i for i, x in enumerate(lines) if x.startswith("> "))
    assert " ".join(lines[start:]) == ("> " + text).replace("¥3", "3Y")


@pytest.mark.parametrize("players", [1, 3])
def test_cc_final_scoring_status_names_the_winner(players):
    """Cryptid Cafe "Final Scoring": the status names the Legendary Server
    (ties broken as in "Breaking ties"); solo: whether the player beat AI
    Player 2 (rulebook "AI Player 2's score in solo mode")."""
    game, _ = snapshots("cryptid-cafe", players, seed=1, points=(1.0,))[0]
    assert game.is_terminal()
    status = hdmi_screen(game, context(game, [])).status
    if players == 1:
        assert status == ("You win!" if game.solo_won() else "AI Player 2 wins")
    else:
        assert status == "Legendary Server: " + ", ".join(f"P{s + 1}" for s in game.ranking()[0])
