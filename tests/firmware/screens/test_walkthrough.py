"""The first-game walkthrough's prompts (firmware.screens.walkthrough):
for each game, the engine is driven through its first round with random
bots at every seat but seat 1, whose choices a random "person" makes; at
each step the game waits for seat 1 the band names seat 1 and the button
that does the choice under its cursor, the OLED's top bar says the one
line, and the board is never under the band."""
from __future__ import annotations

import pytest

from bots.random_bot import RandomBot
from engines import new_game
from firmware.runtime.controls import SeatControls
from firmware.screens import walkthrough
from firmware.screens.choices import press_count
from firmware.screens.draw import hdmi_screen, oled_frame
from firmware.ui.kit import Scene

GAMES = ("retrograde", "cha-dango", "ginza", "cryptid-cafe", "cafe-junior")

#: the kinds of step a person meets in the first round, per game (seat 1, seed below)
KINDS = {
    "retrograde": {"dice", "claim/reroll", "blast"},
    "cha-dango": {"reveal", "race"},
    "ginza": {"choose_card", "pick_bonus", "play", "dice"},
    "cryptid-cafe": {"place", "change_order", "move"},
    "cafe-junior": {"place", "end_turn/place"},
}


def _measure(text: str, size: int) -> tuple[int, int]:
    """The painter's font, as the cabinet measures."""
    from firmware.screens.draw import default_measure
    return default_measure()(text, size)


def _context(game, controls, on: bool = True) -> dict:
    return {"walkthrough": "on" if on else None, "controls": controls, "bots": list(range(1, game.num_players)),
            "last_events": [], "prompts": {}, "notice": "", "banner": "", "dice": {}, "now_us": game.now_us()}


def _waited(game, controls) -> str | None:
    """The kind of step the game waits for seat 1 in (None: not waiting)."""
    view = game.view(0)
    if game.game_id == "cha-dango" and view["phase"] == "race":
        answers = view["race"]["answers"]
        return "race" if answers[0] is None else None
    shown = controls[0].shown(game)
    choices = shown.choices
    if game.game_id == "cha-dango" and shown.chosen is not None and shown.chosen.get("type") == "slap":
        choices = [shown.button] if shown.button is not None else []   # aiming ahead between orders (CD-12)
    if not choices:
        return "dice" if any(r.get("player") == 0 for r in game.chance_requests()) else None
    kinds = sorted({a["type"] for a in choices})
    if game.game_id == "retrograde":
        return "blast" if view["phase"] == "blast" else "/".join(kinds)
    if game.game_id == "cryptid-cafe":
        return view["phase"]
    if game.game_id == "ginza" and view["phase"] == "play":
        return "play" if "serve" in kinds or "wash" in kinds else "/".join(kinds)
    return "/".join(k for k in kinds if k not in ("discard", "exchange"))


def _first_round(game_id: str, seed: int = 3, players: int = 3):
    """Yield ``(game, controls, kind)`` at each step of the first round
    where the game waits for seat 1, then play on with the bots."""
    game = new_game(game_id, players, seed=seed)
    bot = RandomBot(seed)
    controls = [SeatControls(s) for s in range(players)]
    for _ in range(2000):
        if game.is_terminal() or not walkthrough.first_round(game):
            return
        kind = _waited(game, controls)
        if kind is not None:
            yield game, controls, kind
        game.apply(bot.next_action(game))
    raise AssertionError(f"{game_id}: the first round did not end in 2000 actions")


def _button_said(game, controls, text: str) -> None:
    shown = controls[0].shown(game)
    if game.game_id == "cha-dango" and game.view(0)["phase"] == "race":
        assert "button" in text or "cup" in text, text
        return
    if not shown.choices:
        assert "in your tray" in text, text
        return
    choices = shown.choices if shown.button is None else [shown.button]   # (aiming ahead beside a reveal, CD-12)
    presses = press_count(shown.pressed, len(choices))
    want = "press your button to" if presses == 1 else "press your button twice to"
    text = text.lower()
    assert want in text, (text, shown.chosen)
    if len(choices) > 1:
        assert "the arrows choose" in text.lower(), text


@pytest.mark.parametrize("game_id", GAMES)
def test_every_first_round_step_names_seat_1_and_its_button(game_id):
    seen = set()
    for game, controls, kind in _first_round(game_id):
        ctx = _context(game, controls)
        prompts = walkthrough.prompts(game, ctx)
        mine = [p for p in prompts if 0 in p.seats]
        assert mine, f"{game_id}: no prompt for seat 1 at a {kind} step"
        text = mine[0].text
        assert text.startswith("Seat 1,") or text.startswith("Seats 1"), text
        assert all(s not in p.seats for p in prompts for s in ctx["bots"]), "a bot's seat was prompted"
        _button_said(game, controls, text)
        line = walkthrough.oled_line(game, 0, controls[0].shown(game), ctx)
        assert line, f"{game_id}: no OLED line at a {kind} step"
        frame = oled_frame(game, 0, controls[0], ctx)
        assert any(t in frame.texts for t in line), (line, frame.texts)
        assert not frame.overlaps(), frame.overlaps()
        seen.add(kind)
    assert KINDS[game_id] <= seen, f"{game_id}: steps never met in round 1: {KINDS[game_id] - seen}"


def _board_clear(scene: Scene) -> None:
    band = scene.facts["walkthrough"]["band"]
    texts = scene.facts["walkthrough"]["texts"]
    assert texts
    if band.y == 0:          # over the top bar: the board keeps the whole screen
        return
    for n in scene.all_nodes():
        if n.rect.y < band.y:
            assert n.rect.bottom <= band.y, f"{n.kind} {n.props.get('text', '')!r} reaches under the band"


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("size", [(1920, 1080), (800, 480)])
def test_the_band_is_drawn_beside_the_board_at_both_sizes(game_id, size):
    kinds = set()
    for game, controls, kind in _first_round(game_id):
        if kind in kinds:
            continue
        kinds.add(kind)
        scene = hdmi_screen(game, _context(game, controls), size=size, measure=_measure)
        assert (scene.width, scene.height) == size
        assert "walkthrough" in scene.facts, f"{game_id} {kind}: no band"
        _board_clear(scene)
        assert any("Seat 1" in t for t in scene.facts["walkthrough"]["texts"])
    assert kinds


@pytest.mark.parametrize("game_id", GAMES)
def test_the_walkthrough_ends_with_the_first_round(game_id):
    game = new_game(game_id, 3, seed=3)
    bot = RandomBot(3)
    assert walkthrough.first_round(game)
    while walkthrough.first_round(game):
        game.apply(bot.next_action(game))
    for _ in range(60):      # it never comes back
        if game.is_terminal():
            break
        assert not walkthrough.first_round(game)
        game.apply(bot.next_action(game))


@pytest.mark.parametrize("game_id", GAMES)
def test_off_or_ended_no_prompt_and_ended_says_so_once(game_id):
    for game, controls, kind in _first_round(game_id):
        off = _context(game, controls, on=False)
        assert walkthrough.prompts(game, off) == []
        assert "walkthrough" not in hdmi_screen(game, off, size=(1920, 1080), measure=_measure).facts
        assert walkthrough.oled_line(game, 0, controls[0].shown(game), off) == ()
        ended = dict(off, walkthrough="ended")
        scene = hdmi_screen(game, ended, size=(1920, 1080), measure=_measure)
        assert scene.facts["walkthrough"]["texts"] == [walkthrough.ENDED]
        assert walkthrough.prompts(game, ended) == []
        break


def test_a_bot_seat_is_never_prompted():
    game = new_game("retrograde", 2, seed=1)
    controls = [SeatControls(s) for s in range(2)]
    ctx = dict(_context(game, controls), bots=[0, 1])
    assert walkthrough.prompts(game, ctx) == []
    ctx["bots"] = []
    assert [p.seats for p in walkthrough.prompts(game, ctx)] == [(0, 1)]   # both roll at once: one line


def test_while_bots_play_the_band_stays_and_names_them():
    """No person is waited for: the band stays (the board keeps its
    place) and says which seats play now; all bots: no band at all."""
    game = new_game("cryptid-cafe", 3, seed=3)
    bot = RandomBot(3)
    controls = [SeatControls(s) for s in range(3)]
    while not (game.active_players() and 0 not in game.active_players()):
        game.apply(bot.next_action(game))
    ctx = _context(game, controls)
    assert walkthrough.prompts(game, ctx) == []
    scene = hdmi_screen(game, ctx, size=(1920, 1080), measure=_measure)
    who = " and ".join(f"Seat {s + 1}" for s in game.active_players())
    assert scene.facts["walkthrough"]["texts"][0].startswith(who.replace("Seat 2 and Seat 3", "Seats 2 and 3"))
    assert "watch the board" in scene.facts["walkthrough"]["texts"][0]
    everyone = dict(ctx, bots=[0, 1, 2])
    assert "walkthrough" not in hdmi_screen(game, everyone, size=(1920, 1080), measure=_measure).facts


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 480)])
def test_cafe_junior_grid_keeps_its_place_under_the_band(size):
    """PT16 (issue 34): the café's grid moved and shrank as the band's
    words and its "Last move" line changed through round 1: a person's
    cursor cell jumped between two presses.  While the band stays, the
    grid stays where it is."""
    game = new_game("cafe-junior", 3, seed=3)
    bot = RandomBot(3)
    controls = [SeatControls(s) for s in range(3)]
    texts: list[str] = []
    grids = set()
    while walkthrough.first_round(game) and not game.is_terminal():
        if _waited(game, controls) is not None:
            ctx = dict(_context(game, controls), last_events=list(texts))
            scene = hdmi_screen(game, ctx, size=size, measure=_measure)
            if "walkthrough" in scene.facts and scene.facts["walkthrough"]["band"].y > 0:
                grids.add(tuple(scene.facts["grid"]))
        texts += [e["text"] for e in game.apply(bot.next_action(game)) if e.get("text")]
    assert len(grids) == 1, sorted(grids)
