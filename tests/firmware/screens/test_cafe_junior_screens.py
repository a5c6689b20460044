"""Café International Junior's screens as a player reads them (play-tester 2):
the OLED names every guest it offers, says whose turn it is, fits its lines;
the HDMI tells what happened and why."""
from __future__ import annotations

from engines import new_game
from firmware.runtime.controls import SeatControls
from firmware.screens import cafe_junior as cj
from firmware.screens.draw import default_measure, hdmi_screen

from screen_checks import context


def _new(seed: int = 3):
    """A 3-player game at its first turn and the seat to move."""
    game = new_game("cafe-junior", 3, seed)
    return game, game.current


def _frame_with(game, seat, pick):
    """Seat ``seat``'s OLED with its cursor on the first choice ``pick`` accepts."""
    c = SeatControls(seat)
    acts = c.refresh(game)                  # the choices as the runtime last read them
    c.cursor = next(i for i, a in enumerate(acts) if pick(a))
    view = game.view(seat)
    ctx = context(game, [], controls=[c if s == seat else SeatControls(s) for s in range(game.num_players)])
    return cj.oled_frame(game, seat, view, c, ctx)


def test_the_oled_names_every_guest_card_it_offers_to_discard():
    """Tester 2: discarding a Great Britain guest read "to None None" (the
    place's fallback words for a discard too long for the line)."""
    game, seat = _new()
    comp = game.comp
    bad = []
    for card in comp.cards:
        cid = card.card_id
        game.hands[seat] = [cid] + [h for h in game.hands[seat] if h != cid][:5]
        f = _frame_with(game, seat, lambda a: a.get("type") == "discard" and a.get("card") == cid)
        text = " | ".join(f.texts)
        if "None" in text or card.gender not in text:
            bad.append(f"{cid}: {text}")
        elif not card.is_joker and not (comp.country_name(card.country) in text
                                        or cj.SHORT_NAMES.get(card.country, "?") in text):
            bad.append(f"{cid} ({card.country}): {text}")
    assert not bad, bad[:5]


def test_the_oled_says_whose_turn_it_is_in_words():
    """Tester 2: a waiting seat's top line read "Seat 1 15 pts Seat 2"."""
    game, cur = _new()
    other = (cur + 1) % game.num_players
    c = SeatControls(other)
    f = cj.oled_frame(game, other, game.view(other), c, context(game, []))
    assert f"seat {cur + 1} plays" in f.texts, f.texts


def test_the_oled_choice_lines_stay_off_the_screens_edge():
    """Tester 2: "to row 3 col 2 bottom" ran to the OLED's last column."""
    from screen_checks import play_states
    touching = []
    for game, events in play_states("cafe-junior", 3, 2, limit=120):
        seat = game.current
        if seat is None or game.is_terminal():
            continue
        c = SeatControls(seat)
        for k, act in enumerate(c.refresh(game)):
            c.cursor = k
            f = cj.oled_frame(game, seat, game.view(seat), c, context(game, events))
            px = f.image.load()
            if any(px[x, y] for x in (126, 127) for y in range(14, f.H - 14)):
                touching.append(" | ".join(f.texts))
    assert not touching, touching[:3]


def test_an_armed_choice_says_press_again_on_the_oled_and_the_hdmi():
    """Tester 2: after the first press only the OLED's bottom line turned
    inverse; other games' HDMI banners mark the armed choice too."""
    game, seat = _new()
    controls = [SeatControls(s) for s in range(game.num_players)]
    c = controls[seat]
    c.refresh(game)
    assert c.press(game, 1_000) is None and c.armed
    ctx = context(game, [], controls=controls)
    f = cj.oled_frame(game, seat, game.view(seat), c, ctx)
    assert any(t.startswith("press again") and "confirm" in t for t in f.texts), f.texts
    scene = hdmi_screen(game, ctx, size=(1920, 1080), measure=default_measure())
    assert any("press again" in t for t in scene.texts()), scene.texts()


def test_an_armed_choice_still_says_where_the_guest_sits():
    """Noticed after round 8 of play-testing (issue 34): once armed, the
    OLED's "press again: confirm" took the line that said where the guest
    sits ("row 3 col 3 right"), so the seat confirmed a place its own
    screen no longer named.  Armed, the place stays and "press again"
    is asked for, with a full hand of 8 and with 6 or fewer."""
    from bots.random_bot import RandomBot
    game, seat = _new()
    bot, sizes = RandomBot(2), set()
    for _ in range(500):
        seat = game.current
        hand = len(game.view(seat).get("hand") or []) if seat is not None else 0
        if seat is not None and (hand > 6) not in sizes and any(a.get("type") == "place" for a in game.legal_actions(seat)):
            sizes.add(hand > 6)
            c = SeatControls(seat)
            c.go_to(game, next(k for k, a in enumerate(c.refresh(game)) if a.get("type") == "place"))
            ctx = context(game, [])
            where = next(t for t in cj.oled_frame(game, seat, game.view(seat), c, ctx).texts if t.startswith("row "))
            assert c.press(game, 1_000) is None and c.armed
            armed = cj.oled_frame(game, seat, game.view(seat), c, ctx).texts
            assert where in armed, (hand, armed)
            assert any(t.startswith("press again") for t in armed), armed
        if len(sizes) == 2:
            break
        game.apply(bot.next_action(game))
    assert sizes == {True, False}


def _play_until(game, pred, seed=1, limit=3000):
    """Random moves until ``pred(events texts of the last action)``; returns them all."""
    import collections
    from bots.random_bot import RandomBot
    bot, events = RandomBot(seed), collections.deque(maxlen=8)
    for _ in range(limit):
        if game.is_terminal():
            break
        new = [e["text"] for e in game.apply(bot.next_action(game))]
        events.extend(new)
        if pred(new):
            return list(events)
    raise AssertionError("never happened")


def test_the_hdmi_says_what_each_move_scored_and_why():
    """Tester 2: seating one guest took seat 1 from 4 to 15 points with no
    message; bots' turns left no record."""
    game = new_game("cafe-junior", 3, 4)
    events = _play_until(game, lambda new: any("completes" in t for t in new))
    who = next(t for t in events if "completes" in t).split()[1]
    scene = hdmi_screen(game, context(game, events, bots={0, 1, 2}), size=(1920, 1080), measure=default_measure())
    said = " ".join(scene.texts())
    assert f"Seat {who} seats" in said and "fills the table" in said and "+11" in said, said
    import re
    assert not re.search(r"\bT\d\d\b|Player \d", said), said


def test_the_end_says_why_the_game_ended_and_what_each_minus_5_is_for():
    """Tester 2: "(-5)" beside seats with no reason; the game stopped with
    "Tables 0, Free seats 2" and no reason."""
    game = new_game("cafe-junior", 3, 4)
    events = _play_until(game, lambda new: any(e.startswith("Game over") for e in new))
    view = game.view(None)
    joker = next((s for s, p in enumerate(view["penalties"]) if p), None)
    if joker is None:   # give a seat a joker in hand as the rulebook's penalty case
        joker = 0
        view["penalties"][0] = -5
    scene = cj.screen(game, view, context(game, events), size=(1920, 1080), measure=default_measure())
    said = " ".join(scene.texts())
    assert "guest pile is empty" in said or "last free place is filled" in said, said
    assert "joker" in said and "5 points" in said, said


def test_the_header_says_why_the_game_ended_above_the_result_card():
    """The result card covers the side panel: the reason must stand in the
    header too (at 1920 x 1080 and 800 x 480)."""
    game = new_game("cafe-junior", 3, 4)
    events = _play_until(game, lambda new: any(e.startswith("Game over") for e in new))
    for size in ((1920, 1080), (800, 480)):
        scene = hdmi_screen(game, context(game, events), size=size, measure=default_measure())
        todo = scene.facts["todo"]
        assert "guest pile" in todo.lower() or "place" in todo.lower(), (size, todo)


def test_a_bots_turn_lights_no_seat_on_the_table():
    """A bot's seat has no cursor a person follows (its choices are its
    own): the HDMI lit a gold seat on the table during bots' turns."""
    game, seat = _new()
    ctx = context(game, [], bots={seat})
    scene = hdmi_screen(game, ctx, size=(1920, 1080), measure=default_measure())
    assert "chosen_seat" not in scene.facts
    scene = hdmi_screen(game, context(game, []), size=(1920, 1080), measure=default_measure())
    assert "chosen_seat" in scene.facts
