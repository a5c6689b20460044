"""Drawn screens of the turn-based games: Ginza Retro Café, Cryptid Cafe and
Café International Junior on the shared HDMI screen (800 x 480 and 1920 x
1080) and on the seats' OLEDs.

For seeded random games at several points of every player count: every
text drawn fits its box and lies on the screen; the public information a
seat needs to act is in the scene (each Ginza order card's condition and
each seat's dice, each Cryptid station's servers, each café table's flags
and guests); and no frame shows another seat's private information (two
games differing only in hidden information give the same shared scene and
the same OLED image for the other seats).  The checkers are themselves
tested on a deliberate leak and a deliberately clipped text.
"""
from __future__ import annotations

import collections

import pytest

from engines import new_game
from engines.base import Game
from engines.registry import game_from_json
from bots.random_bot import RandomBot
from firmware.runtime.controls import SeatControls
from firmware.screens import cafe_junior as cj
from firmware.screens import cryptid_cafe as cc
from firmware.screens import cryptid_cafe_words as ccw
from firmware.screens import ginza as gz
from firmware.screens import ginza_oled as gz_oled
from firmware.screens import ginza_parts as gz_parts
from firmware.screens.draw import default_measure, hdmi_screen, oled_frame
from firmware.ui.kit import Node, Rect, Scene

SIZES = [(800, 480), (1920, 1080)]
CASES = [("ginza", n) for n in (2, 3, 4)] + [("cryptid-cafe", n) for n in (1, 2, 3, 4, 5)] \
    + [("cafe-junior", n) for n in (2, 3, 4)]


def snapshots(game_id: str, players: int, seed: int, points=(3, 0.5, 1.0)):
    """Play a seeded random game to the end; return (game copy, events) at
    the given points (an action number or a fraction of the game)."""
    game = new_game(game_id, players, seed)
    bot = RandomBot(seed)
    events: collections.deque[str] = collections.deque(maxlen=8)
    history = []
    while not game.is_terminal():
        assert len(history) < 20_000, "game did not end"
        for e in game.apply(bot.next_action(game)):
            events.append(e["text"])
        history.append((game.to_json(), list(events)))
    total = len(history)
    picks = sorted({min(total - 1, p if isinstance(p, int) else int(p * (total - 1))) for p in points})
    return [(game_from_json(history[i][0]), history[i][1]) for i in picks]


def context(game: Game, events: list[str], controls=None) -> dict:
    ctx = {"last_events": events, "prompts": {}, "notice": "", "banner": "", "dice": {},
           "now_us": game.now_us()}
    if controls is not None:
        ctx["controls"] = controls
    return ctx


def scene_at(game: Game, ctx: dict, size) -> Scene:
    return hdmi_screen(game, ctx, size=size, measure=default_measure())


# ------------------------------------------------------------- checkers
def check_fit(scene: Scene) -> None:
    """Every text node fits its rectangle (as measured) and every node's
    rectangle lies on the screen; no text is cut with an ellipsis."""
    screen = scene.rect
    for n in scene.all_nodes():
        if n.kind == "text":
            p = n.props
            assert p["text_w"] <= n.rect.w and p["text_h"] <= n.rect.h, \
                f"text {p['text']!r} ({p['text_w']}x{p['text_h']}) overflows {n.rect}"
            assert "…" not in p["text"] and "..." not in p["text"], p["text"]
            assert p["size"] >= p.get("least", scene.metrics.small) >= scene.metrics.least, p   # issue 34: names
            assert n.rect.inside(screen), f"text {p['text']!r} at {n.rect} is off the screen"
        else:
            assert n.rect.inside(Rect(-4, -4, screen.w + 8, screen.h + 8)), f"{n.kind} at {n.rect} is off screen"


def oled_image_bytes(game: Game, seat: int, ctx: dict) -> bytes:
    return oled_frame(game, seat, SeatControls(seat), ctx).image.tobytes()


def same_for_others(game: Game, other: Game, events: list[str], private_seats=()) -> None:
    """The shared scene (both sizes) and the OLED of every seat not in
    ``private_seats`` are the same in both games."""
    for size in SIZES:
        a = scene_at(game, context(game, events), size).key()
        b = scene_at(other, context(other, events), size).key()
        assert a == b, f"the shared screen at {size} changed with hidden information only"
    for seat in range(game.num_players):
        if seat in private_seats:
            continue
        assert oled_image_bytes(game, seat, context(game, events)) == \
            oled_image_bytes(other, seat, context(other, events)), f"seat {seat + 1}'s OLED shows hidden information"


# ------------------------------------------------------------- fit
@pytest.mark.parametrize("game_id,players", CASES)
def test_every_text_fits_at_both_sizes(game_id, players):
    """Whole seeded games at 800x480, 1024x600 and 1920x1080: every text fits its box
    at no less than the smallest size, nothing is off the screen, and every
    seat's OLED frame is built (an OLED text wider than its room raises)."""
    for game, events in snapshots(game_id, players, seed=players + 10):
        for size in SIZES + [(1024, 600)]:  # and a size in between: the layouts scale
            scene = scene_at(game, context(game, events), size)
            check_fit(scene)
            assert scene.facts.get("todo") is not None
        for seat in range(players):
            frame = oled_frame(game, seat, SeatControls(seat), context(game, events))
            assert frame.image.size == (128, 64)


def test_fit_checker_catches_a_clipped_text():
    """A deliberately clipped text (a node whose text is wider than its
    box) and a text off the screen fail the checker."""
    measure = default_measure()
    scene = Scene(800, 480, measure)
    scene.text("Seat 1", Rect(10, 10, 200, 40))
    check_fit(scene)
    w, h = measure("Spaghetti Napolitan", 24)
    scene.nodes.append(Node("text", Rect(10, 60, w - 5, h), {"text": "Spaghetti Napolitan", "size": 24,
                                                              "text_w": w, "text_h": h, "colour": (0, 0, 0)}))
    with pytest.raises(AssertionError):
        check_fit(scene)
    off = Scene(800, 480, measure)
    off.text("Seat 1", Rect(790, 10, 200, 40))
    with pytest.raises(AssertionError):
        check_fit(off)


# ------------------------------------------------------------- information present
def test_gr_order_cards_dice_and_mats_are_on_the_screen():
    """Ginza: each customer's time marker and order cards with their
    condition drawn as dice faces or a sum badge, yen, VP and token; each
    seat's dice as read, in its colour; arrange levels, yen, tokens; the
    common dice."""
    for game, events in snapshots("ginza", 4, seed=9, points=(0.3, 0.6)):
        view = game.view(None)
        for size in SIZES:
            scene = scene_at(game, context(game, events), size)
            facts = scene.facts
            for slot, shown in zip(view["customers"], facts["customers"]):
                if slot is None:
                    assert shown is None
                    continue
                assert shown["time"] == slot["time"]
                tokens = {n.key: n for n in scene.of_kind("token")}
                for o in slot["orders"]:
                    card = game.comp.orders[o["card"]]
                    f = facts["orders"][o["card"]]
                    assert f["faces"] == list(card.faces) and f["sum"] == card.sum
                    assert (f["coins"], f["vp"], f["token"]) == (card.coins, card.vp, o["token"])
                    card_node = next(n for n in scene.all_nodes() if n.key == f"order:{o['card']}")
                    inside = [n for n in scene.all_nodes() if n.rect.inside(card_node.rect)]
                    if card.sum is not None:
                        assert any(n.kind == "text" and n.props["text"] == f"{card.sum}+" for n in inside)
                    else:
                        assert sorted(n.props["value"] for n in inside if n.kind == "die") == sorted(card.faces)
                    if o["token"] is not None:
                        assert tokens[f"token:{o['card']}"].props["label"] == str(o["token"] + 1)
            for seat, p in enumerate(view["players"]):
                dice = [n.props["value"] for n in scene.all_nodes() if n.kind == "die" and n.key
                        and n.key.startswith(f"die:{seat}:") and n.props["value"] is not None]
                assert dice == p["dice"]
                assert all(n.props["body"] == gz_parts.DICE_RGB[p["colour"]] for n in scene.all_nodes()
                           if n.kind == "die" and n.key and n.key.startswith(f"die:{seat}:"))
                assert facts["arrange"][seat] == p["levels"] and facts["coins"][seat] == p["coins"]
                assert facts["tokens"][seat] == p["tokens"]
            assert facts["common_dice"] == view["common_dice"]


def test_cc_stations_servers_and_tracks_are_on_the_screen():
    """Cryptid Cafe: each station's ranks front first (four ranks with five
    seats, CC-1) with a meeple per server numbered by seat; each seat's
    track with its customers' orders and tips; trays and coins."""
    for game, events in snapshots("cryptid-cafe", 5, seed=3, points=(40, 0.7)):
        view = game.view(None)
        for size in SIZES:
            scene = scene_at(game, context(game, events), size)
            for st, ranks in view["stations"].items():
                assert len(ranks) == 4
                assert scene.facts["stations"][st]["ranks"] == ranks
                for who in ranks:
                    if who is None:
                        continue
                    node = next(n for n in scene.all_nodes() if n.key == f"server:{who}:{st}")
                    assert node.kind == "meeple"
                    assert node.props["label"] == (str(who + 1) if isinstance(who, int) else "AI" + who[2:])
            for seat, p in enumerate(view["players"]):
                shown = scene.facts["tracks"][seat]
                for i, c in enumerate(p["track"]):
                    if c is None:
                        assert shown[i] is None
                    else:
                        assert shown[i]["order"] == c["order"] and shown[i]["tip"] == c["tip_now"]
                        assert any(n.key == f"cust:{seat}:{c['card']}" for n in scene.all_nodes())
                assert scene.facts["trays"][seat] == p["dishes"]
                assert scene.facts["coins"][seat] == p["coins"]


def test_cc_solo_ai_move_and_die_are_shown():
    """Solo rules: the AI players' latest move is on the screen with the AI
    die's face when it rolled (CC-7)."""
    game = new_game("cryptid-cafe", 1, 2)
    bot = RandomBot(2)
    events: list[str] = []
    while not any("rolls the AI die" in e for e in events[-8:]):
        events += [e["text"] for e in game.apply(bot.next_action(game))]
    last = events[-8:]
    scene = scene_at(game, context(game, last), (1920, 1080))
    ai = [e for e in last if e.startswith("AI Player")]
    assert scene.facts["ai_move"] == ai[-1]
    assert ai[-1] in " ".join(scene.texts()), "the AI's latest move is not drawn"
    rolled = [e for e in ai if "rolls the AI die" in e][-1]
    want = next(v for k, v in ccw.SYMBOLS.items() if rolled.endswith(k) or f": {k}" in rolled)
    assert scene.facts["ai_die"] == want
    assert scene.of_kind("aidie")[0].props["symbols"] == want


@pytest.mark.parametrize("players", [1, 3])
def test_cc_final_scoring_names_the_winner(players):
    """Cryptid Cafe "Final Scoring": the header names the Legendary Server
    (ties broken as in "Breaking ties"); solo: whether the player beat AI
    Player 2."""
    game, _ = snapshots("cryptid-cafe", players, seed=1, points=(1.0,))[0]
    todo = scene_at(game, context(game, []), (1920, 1080)).facts["todo"]
    if players == 1:
        assert todo == ("You win!" if game.solo_won() else "AI Player 2 wins")
    else:
        assert todo == "Legendary Server: " + " and ".join(f"Seat {s + 1}" for s in game.ranking()[0])


def test_ci_tables_flags_and_guests_are_on_the_screen():
    """Café International Junior: every table in its grid cell (CI-3) with
    its four corner flags (CI-2) and the guests seated at it, turned tables
    marked; piles and scores."""
    for game, events in snapshots("cafe-junior", 4, seed=2, points=(0.4, 0.9)):
        view = game.view(None)
        for size in SIZES:
            scene = scene_at(game, context(game, events), size)
            for t in view["tables"]:
                shown = scene.facts["tables"][t["table"]]
                assert shown["cell"] == list(t["cell"]) and shown["turned"] == t["turned"]
                tile = next(n for n in scene.all_nodes() if n.key == f"table:{t['table']}")
                flags = sorted(n.props["code"] for n in scene.of_kind("flag") if n.rect.inside(tile.rect))
                assert flags == ([] if t["turned"] else sorted(t["flags"].values()))
                for side, g in t["seats"].items():
                    if g is None:
                        assert shown["seats"][side] is None
                        continue
                    node = next(n for n in scene.all_nodes() if n.key == f"guest:{g['id']}")
                    assert node.props["gender"] == g["gender"] and node.props["joker"] == g["joker"]
            assert scene.facts["piles"]["guests"] == view["guest_pile"]
            assert [scene.facts["scores"][s] for s in range(4)] == view["scores"]


def test_ci_chosen_seat_is_lit_and_the_guest_is_not_shown():
    """While the player to move chooses, the seat under its cursor is lit on
    the shared table; the guest card it would take is not drawn there."""
    game, events = snapshots("cafe-junior", 3, seed=4, points=(0.3,))[0]
    while True:
        seat = game.view(None)["current_player"]
        acts = SeatControls(seat).refresh(game)
        if any(a["type"] == "place" for a in acts):
            break
        game.apply(RandomBot(1).next_action(game))
    ctl = [SeatControls(s) for s in range(3)]
    acts = ctl[seat].refresh(game)
    ctl[seat].cursor = next(i for i, a in enumerate(acts) if a["type"] == "place")
    act = acts[ctl[seat].cursor]
    scene = scene_at(game, context(game, events, ctl), (1920, 1080))
    assert scene.facts["chosen_seat"] == [act["table"], act["side"]]
    assert scene.of_kind("panel") and any(n.key == "chosen-seat" for n in scene.all_nodes())
    hand_ids = {c["id"] for c in game.view(seat)["hand"]}
    assert not any(n.key and n.key.split(":")[-1] in hand_ids for n in scene.all_nodes())


# ------------------------------------------------------------- privacy
@pytest.mark.parametrize("players", [2, 4])
def test_ci_hands_stay_private(players):
    """Café International Junior hands are hidden: swapping hand cards for
    other guests leaves the shared screen and every other seat's OLED the
    same (each seat's own OLED draws its hand)."""
    for game, events in snapshots("cafe-junior", players, seed=5, points=(3, 0.5)):
        other = game_from_json(game.to_json())
        pool = other.guest_pile + other.discard_pile
        hand = other.hands[0]
        for i, cid in enumerate(hand):
            swap = next((c for c in pool if c != cid and c[:3] != cid[:3]), None)
            if swap is not None:
                pool.remove(swap)
                hand[i] = swap
        assert other.hands != game.hands
        same_for_others(game, other, events, private_seats={0})
        assert oled_image_bytes(game, 0, context(game, events)) != oled_image_bytes(other, 0, context(other, events))


@pytest.mark.parametrize("players", [2, 4])
def test_gr_bonus_cards_and_player_card_choice_stay_private(players):
    """Ginza bonus cards in hand (and a player card chosen before the
    reveal) are hidden: replacing one seat's leaves the shared screen and
    the other seats' OLEDs the same."""
    game = new_game("ginza", players, 7)
    bot = RandomBot(7)
    checked = collections.Counter()
    while not game.is_terminal() and checked["play"] < 3:
        phase = game.st["phase"]
        other = game_from_json(game.to_json())
        all_bonus = sorted(game.comp.bonus_cards)
        p = other.st["players"][0]
        p["bonus"] = [all_bonus[(all_bonus.index(b) + 1) % len(all_bonus)] for b in p["bonus"]]
        changed = other.st != game.st
        if phase == "player_card" and p["card"] is not None and \
                any(q["card"] is None for q in other.st["players"]):
            p["card"] = next(c for c in sorted(game.comp.player_cards) if c != p["card"])
            changed = True
        if changed and not game.chance_requests():
            same_for_others(game, other, [], private_seats={0})
            checked[phase] += 1
        game.apply(bot.next_action(game))
    assert checked["play"]


def test_cc_deck_order_stays_private():
    """Cryptid Cafe customer decks are hidden (order and contents): a
    reshuffled deck leaves the shared screen and the OLEDs the same."""
    for game, events in snapshots("cryptid-cafe", 3, seed=4, points=(3, 0.5)):
        other = game_from_json(game.to_json())
        for p in other.players:
            p["deck"].reverse()
        same_for_others(game, other, events)


def test_privacy_checker_catches_a_deliberate_leak(monkeypatch):
    """A shared screen that draws one card of a hand fails the privacy
    check."""
    game, events = snapshots("cafe-junior", 2, seed=5, points=(3,))[0]
    other = game_from_json(game.to_json())
    pool = other.guest_pile + other.discard_pile
    other.hands[0][0] = next(c for c in pool if c[:3] != other.hands[0][0][:3])
    same_for_others(game, other, events, private_seats={0})
    real = cj.screen

    def leaky(g, view, ctx, size=(1920, 1080), measure=None):
        scene = real(g, view, ctx, size=size, measure=measure)
        card = g.view(0)["hand"][0]
        scene.add("guest", Rect(0, 0, 40, 40), None, gender=card["gender"], joker=card["joker"],
                  country=card["country"])
        return scene
    monkeypatch.setattr(cj, "screen", leaky)
    with pytest.raises(AssertionError):
        same_for_others(game, other, events, private_seats={0})


# ------------------------------------------------------------- OLEDs
@pytest.mark.parametrize("game_id,players", [("ginza", 2), ("cryptid-cafe", 3), ("cafe-junior", 2)])
def test_cab2_seat_prompts_go_to_the_seat_oled_only(game_id, players):
    """Ruling CAB-2 (a seat's OLED is its own): a runtime prompt for a seat
    (e.g. a refused input) is on that seat's OLED and never on the shared
    screen."""
    for game, events in snapshots(game_id, players, seed=6, points=(0.5,)):
        ctx = context(game, events)
        seat = (game.active_players() or [0])[0]
        ctx["prompts"] = {seat: "not now"}
        for size in SIZES:
            assert not any("not now" in t for t in scene_at(game, ctx, size).texts())
        frame = oled_frame(game, seat, SeatControls(seat), ctx)
        assert "not now" in frame.texts


def test_gr_hidden_choices_on_the_oled():
    """Ginza player card choice and bonus draft are made on the seat's OLED:
    it shows the card under the cursor by name; later its bonus cards in
    hand by name; the shared screen says to choose on your screen."""
    game = new_game("ginza", 3, 5)
    bot = RandomBot(5)
    while game.st["phase"] != "player_card" or game.chance_requests():
        game.apply(bot.next_action(game))
    ctl = SeatControls(0)
    dealt = game.st["players"][0]["dealt"]
    frame = oled_frame(game, 0, ctl, context(game, []))
    assert any(t.startswith(game.comp.player_cards[dealt[0]].name) for t in frame.texts)   # "Taku · limit 5"
    ctl.nav(game, 1)
    frame = oled_frame(game, 0, ctl, context(game, []))
    assert any(t.startswith(game.comp.player_cards[dealt[1]].name) for t in frame.texts)
    assert "on your screen" in scene_at(game, context(game, []), (1920, 1080)).facts["todo"]
    while game.st["phase"] != "play" or game.chance_requests():
        game.apply(bot.next_action(game))
    for seat in range(3):
        if seat in game.active_players():
            continue  # its long choice may take the bonus rows while it chooses
        frame = oled_frame(game, seat, SeatControls(seat), context(game, []))
        names = [game.comp.bonus_cards[b].name for b in game.st["players"][seat]["bonus"]]
        assert any(names[0] in t for t in frame.texts)


def test_ci_oled_draws_the_hand_and_the_confirm_step():
    """Café International Junior OLED: the seat's own hand as guests, each
    named in words (codes read "CH" for China), the one under the cursor
    marked (issue 34: only it was named), its choice under the cursor,
    inverted after the first press (confirm before anything irreversible)."""
    game = new_game("cafe-junior", 2, 3)
    seat = game.current
    ctl = SeatControls(seat)
    frame = oled_frame(game, seat, ctl, context(game, []))
    hand = game.view(seat)["hand"]
    marked = next(c for c in hand if c["id"] == ctl.shown(game).chosen["card"])
    assert [t for t in frame.texts if t in {cj.country_words(c) for c in hand}] == \
        [cj.country_words(c) for c in hand], frame.texts
    assert [what for what, _ in frame.marks] == [f"marked: {cj.country_words(marked)}"], frame.marks
    assert not any(card["country"] in frame.texts for card in hand if card["country"] != "USA")
    assert ctl.press(game, 1) is None
    armed = oled_frame(game, seat, ctl, context(game, []))
    assert armed.image.getpixel((0, 63)) and not frame.image.getpixel((0, 63))
    view = {"tables": [{"table": "T01", "cell": [2, 1]}]}     # the tables carry no numbers: the grid place
    assert cj.label({"type": "place", "card": "X", "table": "T01", "side": "top"}, view) == \
        "seat X at the table in row 3, column 2, top"


def test_labels_read_as_words():
    """Action labels use the rulebooks' words."""
    assert gz.label({"type": "change", "steps": [[3, 1], [5, -1]]}) == "change 3 to 4, 5 to 4"
    assert cc.label({"type": "move_customers", "spaces": 2}) == "move customers 2 spaces"
    assert gz_parts.deck_by_time(5, 4) == {"Morning": 0, "Daytime": 1, "Night": 4}


def test_cc_tip_sharing_slides_the_servers():
    """Tip sharing moves a server up and pushes the others down (CC-4): on
    the live screen the servers slide to their new ranks (the painter is
    still animating 100 ms after the change, done after 300 ms)."""
    import pygame
    from firmware.ui.paint import Fonts, Painter
    game = new_game("cryptid-cafe", 3, 8)
    bot = RandomBot(8)
    while True:
        assert not game.is_terminal(), "no tip sharing in this seed"
        seat = (game.active_players() or [None])[0]
        share = [a for a in game.legal_actions(seat) if a["type"] == "share_tips"] if seat is not None else []
        if share:
            break
        game.apply(bot.next_action(game))
    size = (1920, 1080)
    before = scene_at(game, context(game, []), size)
    game.apply(share[0])
    after = scene_at(game, context(game, []), size)
    moved = [n.key for n in after.nodes if n.kind == "meeple" and n.key
             and next((b.rect for b in before.nodes if b.key == n.key), n.rect) != n.rect]
    assert moved, "no server changed rank"
    surf = pygame.Surface(size)
    painter = Painter(Fonts())
    painter.draw(surf, before, now_ms=0)
    painter.draw(surf, after, now_ms=100)
    assert painter.animating
    painter.draw(surf, after, now_ms=400)
    assert not painter.animating


@pytest.mark.parametrize("dice,common", [([1, 1, 3, 3, 4, 4, 4], 4), ([1, 2, 3, 4, 5, 6, 6, 6], 5),
                                         ([6, 6, 6, 6, 6, 6, 6, 6], None)])
def test_gr_long_serve_choice_fits_the_oled(dice, common):
    """A serve of many dice is a choice the OLED can show (found by the
    soak: 'serve 1,1,3,3,4,4,4+4' was one word wider than the choice room,
    so the seat's OLED was not drawn)."""
    from firmware.ui.oled import OledFrame
    action = {"type": "serve", "dice": dice, **({"common": common} if common is not None else {})}
    text = gz_oled._short(action, None)
    for index, count in ((0, 9), (12, 40)):
        OledFrame().choice(text, index, count, armed=False)   # raises if it does not fit
