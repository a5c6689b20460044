"""The cabinet runtime driven headless: scripted MockFactory timelines,
bots through the same inputs as people, kill-and-resume, camera dropout,
unreadable dice, and screens at 800 x 480 and 1920 x 1080."""
from __future__ import annotations

import json

import pytest

from engines import GAMES
from engines.registry import is_available
from firmware.runtime import config
from firmware.runtime.dice_station import DiceStation
from firmware.runtime.dice_table import SimTable
from firmware.runtime.journal import replay
from firmware.screens.draw import hdmi_screen
from firmware.app.session import Session, SessionOptions
from firmware.ui.hdmi import HdmiRenderer
from firmware.ui.kit import Scene
from screen_checks import scene_problems
from vision.die import Die

NOT_A_PI = None  # model string for build_cabinet: no Raspberry Pi here


def cfg_for(tmp_path):
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    return cfg


def new_session(tmp_path, game_id, players, seed=3, bots=None, name="g.jsonl"):
    opts = SessionOptions(headless=True, size=(800, 480),
                          bots=set(range(players)) if bots is None else bots)
    return Session.new(cfg_for(tmp_path), game_id, players, seed, None, tmp_path / name, opts, model=NOT_A_PI)


def state(game):
    return json.dumps(game.to_json(), sort_keys=True)


@pytest.mark.skipif(not is_available("cha-dango"), reason="Cha dango engine not available")
def test_cha_dango_scripted_round_slap_race_ranks_by_edge_time(tmp_path):
    """CD-4 / CAB-3: a scripted round on mock pins; the earlier press edge
    wins the customer whatever order the presses are handled in."""
    s = new_session(tmp_path, "cha-dango", 3, bots=set())
    rt = s.runtime
    t0 = rt.now_us
    rt.step(t0)
    rt.timeline.press(0, t0 + 10_000)             # seat 1 reveals (cursor on "reveal")
    rt.step(t0 + 200_000)
    view = s.game.view(None)
    assert view["phase"] == "race" and s.game.race["kind"] == "slap", \
        "the first order of a fresh game matches a customer"
    t1 = rt.now_us
    rt.timeline.press(2, t1 + 300_003)            # seat 3: 3 us later than seat 2
    rt.timeline.press(1, t1 + 300_000)            # seat 2 first
    while s.game.view(None)["phase"] == "race" and rt.now_us < t1 + 10_000_000:
        nxt = rt.next_event_us() or rt.now_us + 1000
        rt.step(max(nxt, rt.now_us + 1))
    assert s.game.scores()[1] >= 1 and s.game.scores()[1] >= s.game.scores()[2]
    won = [e for e in rt.events if "Player 2" in e and "served" in e]
    assert won, list(rt.events)


@pytest.mark.skipif(not is_available("cha-dango"), reason="Cha dango engine not available")
def test_press_during_a_screen_that_expects_nothing_is_ignored(tmp_path):
    s = new_session(tmp_path, "cha-dango", 3, bots=set())
    rt = s.runtime
    before = state(s.game)
    rt.timeline.press(2, rt.now_us + 1000)        # seat 3 is not the current player
    rt.step(rt.now_us + 500_000)
    assert state(s.game) == before
    assert rt.stats.ignored_inputs >= 1


@pytest.mark.parametrize("game_id", [g for g in ("cha-dango", "cafe-junior", "cryptid-cafe") if is_available(g)])
def test_kill_mid_game_and_resume_to_the_same_state(tmp_path, game_id):
    """Killing the process at any point and resuming continues the game:
    the journal replays to exactly the state the runtime had."""
    players = max(2, GAMES[game_id].min_players)
    s = new_session(tmp_path, game_id, players, seed=11)
    rt = s.runtime
    rt.step(rt.now_us)
    while rt.stats.actions < 25 and not s.game.is_terminal():
        rt.step(max(rt.next_event_us() or rt.now_us + 1000, rt.now_us + 1))
    at_kill = state(s.game)
    # "kill": the session is dropped without closing anything; the OS
    # closes a killed process's files, which releases the journal's lock
    s.writer.close()
    resumed = Session.resume(cfg_for(tmp_path), tmp_path / "g.jsonl", SessionOptions(headless=True, size=(800, 480)),
                             model=NOT_A_PI)
    assert state(resumed.game) == at_kill
    assert resumed.runtime.bots == set(range(players))
    resumed.run()
    assert resumed.game.is_terminal()
    final, _ = replay(tmp_path / "g.jsonl")
    assert state(final) == state(resumed.game)


@pytest.mark.parametrize("game_id", [g for g in GAMES if is_available(g)])
@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_screens_render_without_overlapping_text(game_id, size):
    from engines import new_game
    from bots.random_bot import RandomBot
    game = new_game(game_id, GAMES[game_id].max_players, 5)
    bot = RandomBot(5)
    renderer = HdmiRenderer(*size, "headless")
    for step in range(120):
        if step % 40 == 0 or game.is_terminal():
            model = hdmi_screen(game, {"last_events": ["Player 1 did a thing"] * 3, "banner": "3"}, size=size,
                                measure=renderer.scene_measure)
            renderer.draw(model)
            assert isinstance(model, Scene) and model.nodes and scene_problems(model) == []
        if game.is_terminal():
            break
        game.apply(bot.next_action(game))


class FakeGame:
    """Just enough of a game for the dice station: one dice request."""
    num_players = 2

    def __init__(self, count=3):
        self.req = {"type": "dice", "player": 1, "count": count, "colour": None, "faces": 6}

    def chance_requests(self):
        return [self.req]

    def now_us(self):
        return 0


class FakeRuntime:
    def __init__(self, game):
        self.game = game
        self.prompts = {}


def run_station(station, runtime, until_us):
    answers, t = [], 0
    while t <= until_us and not answers:
        answers = station.poll(runtime, t)
        t = max(t + 1, station.next_us() or t + 1)
    return answers, t


def test_dice_station_answers_with_what_the_camera_read():
    """GR-5 / RG-7: the answer is the settled reading of the seat's tray,
    stamped with the settle time; misreads are counted against the truth."""
    table = SimTable(2, seed=4)
    station = DiceStation(2, settle_ms=200, table=table)
    runtime = FakeRuntime(FakeGame())
    answers, t = run_station(station, runtime, 5_000_000)
    assert len(answers) == 1 and len(answers[0]["values"]) == 3
    assert station.stats.dice_read == 3
    assert station.stats.misread == 0


def test_unreadable_die_asks_for_a_nudge_and_never_guesses(monkeypatch):
    """CAB-5: a die the reader cannot read makes the seat nudge it; the game
    waits and gets the value only from a full reading."""
    import firmware.runtime.dice_camera as ds
    real = ds.MultiLook.read  # what the station reads of a frame (its dice over the looks so far)
    calls = {"n": 0}

    def flaky(self, frame, wb=None):
        dice = real(self, frame, wb)
        calls["n"] += 1
        if calls["n"] < 12 and dice:
            d = dice[0]
            dice[0] = Die(None, d.colour, d.center, d.box, 0.0)
        return dice

    monkeypatch.setattr(ds.MultiLook, "read", flaky)
    station = DiceStation(2, settle_ms=200, table=SimTable(2, seed=4))
    runtime = FakeRuntime(FakeGame())
    answers, _ = run_station(station, runtime, 20_000_000)
    assert station.stats.nudges >= 1
    assert answers and None not in answers[0]["values"]


def test_camera_dropout_pauses_and_resumes():
    """A camera that drops out mid-game: no answer and "camera not ready",
    then the game goes on when frames come back."""
    from hardware.camera import CameraNotReady
    table = SimTable(2, seed=4)

    class FlakyCamera:
        ready = False
        up = False

        def now_us(self):           # the camera's own clock (issue 39)
            return getattr(self, "t", 0)

        def read(self, not_before_us=None):
            if not self.up:
                raise CameraNotReady("camera not ready: unplugged")
            self.ready = True
            self.t = getattr(self, "t", 0) + 50_000
            return table.frame(self.t), self.t

    cam = FlakyCamera()
    station = DiceStation(2, settle_ms=200, camera=cam, zones=table.zones)
    runtime = FakeRuntime(FakeGame())
    table.throw(1, [2, 4, 6], None, 0)
    assert station.poll(runtime, 0) == []
    assert not station.camera_ready
    cam.up = True
    answers, _ = run_station(station, runtime, 10_000_000)
    assert station.camera_ready and answers and sorted(answers[0]["values"]) == [2, 4, 6]


def test_menu_choices_and_start():
    from firmware.app.menu import Menu
    menu = Menu(games=["cha-dango", "cryptid-cafe"])
    assert menu.rows()[0] == ("Game", "Cha dango")
    menu.focus = 1
    assert menu.press() is None and menu.players == 3
    menu.focus = 2
    menu.press()
    menu.press()                                   # bots: all
    menu.focus = [r[0] for r in menu.rows()].index("Start")
    kind, params = menu.press()
    assert kind == "start" and params == {"game": "cha-dango", "players": 3, "bots": {0, 1, 2}, "options": None,
                                          "bot_levels": {0: "normal", 1: "normal", 2: "normal"},
                                          "walkthrough": True}     # the menu's Walkthrough row: on by default
    menu.focus = 0
    menu.press()                                   # next game: Cryptid Cafe has a difficulty row, solo only
    assert "Difficulty" in menu.greyed() and menu.players > 1      # greyed "solo only" (issue 34)
    menu.players = 1
    assert "Difficulty" in [r[0] for r in menu.rows()] and "Difficulty" not in menu.greyed()
    renderer = HdmiRenderer(800, 480, "headless")
    scene = menu.scene((800, 480), renderer.scene_measure)
    renderer.draw(scene)
    texts = scene.of_kind("text")
    assert texts and all(n.rect.inside(scene.rect) for n in texts)
    assert not [(a.props["text"], b.props["text"]) for i, a in enumerate(texts) for b in texts[i + 1:]
                if a.rect.intersects(b.rect)]


def test_a_die_that_is_never_readable_does_not_stall_the_game(monkeypatch):
    """CAB-5 fallback: nudge, then reroll, then the seat enters the values
    with its buttons; the simulated seat never waits forever."""
    import firmware.runtime.dice_camera as ds
    real = ds.MultiLook.read  # what the station reads of a frame (its dice over the looks so far)

    def never(self, frame, wb=None):
        dice = real(self, frame, wb)
        return [Die(None, d.colour, d.center, d.box, 0.0) for d in dice]

    monkeypatch.setattr(ds.MultiLook, "read", never)
    station = DiceStation(2, settle_ms=200, table=SimTable(2, seed=4))
    answers, _ = run_station(station, FakeRuntime(FakeGame()), 60_000_000)
    assert answers and station.stats.rerolls >= 1 and station.stats.entered == 3
    assert station.stats.dice_read == 0


def test_replay_camera_feeds_the_dice_station(tmp_path):
    """A recorded camera (replay source) answers a dice request: moving
    frames are never taken as a reading; the settled tray is."""
    import cv2

    from hardware.camera import CameraSupervisor, ReplaySource
    table = SimTable(2, seed=9)
    table.throw(1, [3, 5, 1], None, 0)
    for i in range(14):
        t = i * 100_000
        frame = table.frame(t if i < 4 else 10**9)   # 4 tumbling frames, then at rest
        cv2.imwrite(str(tmp_path / f"f{i:03d}.png"), frame)
    clock = {"t": 0}
    source = ReplaySource(tmp_path, fps=10, clock_us=lambda: clock["t"], start_us=0, realtime=False, loop=False)
    station = DiceStation(2, settle_ms=300, camera=CameraSupervisor(source), zones=table.zones)
    runtime = FakeRuntime(FakeGame())
    answers, t = [], 0
    while not answers and t < 1_400_000:
        clock["t"] = t
        answers = station.poll(runtime, t)
        t += 100_000
    assert answers and sorted(answers[0]["values"]) == [1, 3, 5]
    assert answers[0]["values"] and t > 700_000, "a reading during motion must not count"


@pytest.mark.skipif(not is_available("retrograde"), reason="Retrograde engine not available")
def test_retrograde_scripted_claims_then_a_full_round(tmp_path):
    """RG-7 / RG-8 on the runtime: dice come from the simulated camera; seat
    1 claims the selected card with its button; seat 2 is stopped and must
    claim one of the remaining cards; the round then completes (bots blast)."""
    s = new_session(tmp_path, "retrograde", 2, seed=5, bots=set())
    rt = s.runtime
    g = s.game

    def run_until(cond, limit_us=60_000_000):
        end = rt.now_us + limit_us
        while not cond() and rt.now_us < end:
            nxt = rt.next_event_us()
            rt.step(max(nxt if nxt is not None else rt.now_us + 50_000, rt.now_us + 1))
        assert cond()

    run_until(lambda: not g.chance_requests() and g.active_players())
    choices = rt.controls[0].refresh(g)
    index = next(i for i, a in enumerate(choices) if a["type"] == "claim")
    rt.nav(0, index - rt.controls[0].cursor)        # turn the encoder to the first card
    card = choices[index]["card"]
    assert card in g.view(None)["face_up_ids"]
    rt.timeline.press(0, rt.now_us + 1000)
    run_until(lambda: g.view(None)["seats"][0]["claim"] is not None)
    assert card in str(g.view(None)["seats"][0]["claim"])
    # seat 2 is the last one: Stop (RG-8): it may reroll twice, then must claim
    run_until(lambda: not g.chance_requests() and 1 in g.active_players())
    claims = [a for a in rt.controls[1].refresh(g) if a["type"] == "claim"]
    assert claims
    # the encoder turned to the card, as a person does (a press within a moment of its dice check
    # running out, with no turn since, is the check's "dice ok", ruling CAB-6)
    rt.nav(1, rt.controls[1].refresh(g).index(claims[0]) - rt.controls[1].cursor)
    rt.timeline.press(1, rt.now_us + 1000)          # at Stop a claim is no race: it arms first (RG-15)
    rt.step(rt.now_us + 200_000)
    assert rt.controls[1].armed is not None and rt.controls[1].message == "press again to claim"
    assert g.view(None)["seats"][1]["claim"] is None
    rt.timeline.press(1, rt.now_us + 1000)          # and the second press claims
    run_until(lambda: g.view(None)["seats"][1]["claim"] is not None or g.view(None)["round"] > 1)
    rt.bots = {0, 1}
    run_until(lambda: g.view(None)["round"] == 2, limit_us=600_000_000)
    assert s.dice.stats.dice_read >= 12


@pytest.mark.skipif(not is_available("retrograde"), reason="Retrograde engine not available")
def test_blast_plan_is_cycled_and_confirmed_with_two_presses(tmp_path):
    """Retrograde 3 - Blast Droids on the cabinet: the planner's best plans
    come first among the seat's choices; press arms, press again applies
    every step of the plan (journaled one by one)."""
    from bots.random_bot import RandomBot
    s = new_session(tmp_path, "retrograde", 2, seed=8, bots=set())
    g, rt = s.game, s.runtime
    bot = RandomBot(1)
    while not (g.view(None)["phase"] == "blast" and g.plans(g.view(None)["turn"]["seat"])):
        g.apply(bot.next_action(g))
        if g.is_terminal():
            pytest.skip("no blast turn with a plan in this seed")
    seat = g.view(None)["turn"]["seat"]
    choices = rt.controls[seat].refresh(g)
    assert choices[0]["type"] == "plan"
    best = choices[0]["steps"]
    before = g.scores()[seat]
    rt.controls[seat].cursor = 0
    from hardware.debounce import InputEvent
    rt.handle_input(InputEvent(seat, "button", "press", g.now_us() + 10))
    assert rt.controls[seat].armed and g.scores()[seat] == before
    rt.handle_input(InputEvent(seat, "button", "press", g.now_us() + 20))
    assert rt.stats.actions == len(best.actions(seat))


@pytest.mark.skipif(not is_available("retrograde"), reason="Retrograde engine not available")
def test_retrograde_roll_starts_with_a_3_2_1_countdown(tmp_path):
    """A 3-2-1 countdown starts each Retrograde roll; no die is read before
    it ends."""
    s = new_session(tmp_path, "retrograde", 2, seed=2)
    rt = s.runtime
    banners = []
    rt.step(rt.now_us)
    t0 = rt.now_us
    while rt.now_us < t0 + 3_500_000:
        banners.append(s.countdown)
        if rt.now_us < t0 + 2_999_000:
            assert s.dice.stats.frames == 0
        rt.step(max(rt.next_event_us() or rt.now_us + 100_000, rt.now_us + 1))
    seen = [b for i, b in enumerate(banners) if b and (i == 0 or banners[i - 1] != b)]
    assert seen[:4] == ["3", "2", "1", "roll!"]


@pytest.mark.skipif(not is_available("ginza"), reason="Ginza engine not available")
def test_ginza_change_dice_rolls_waits_for_the_camera(tmp_path):
    """GR-7: Change Dice Rolls is applied only once the camera sees the
    turned die in the seat's tray."""
    from bots.random_bot import RandomBot
    from hardware.debounce import InputEvent
    s = new_session(tmp_path, "ginza", 2, seed=3, bots=set())
    g, rt = s.game, s.runtime
    bot = RandomBot(2)
    for _ in range(400):
        seat = next((p for p in g.active_players()
                     if any(a["type"] == "change" for a in g.legal_actions(p))), None)
        if seat is not None and not g.chance_requests():
            break
        g.apply(bot.next_action(g))
    else:
        pytest.skip("no Change Dice Rolls turn in this seed")
    choices = rt.controls[seat].refresh(g)
    index = next(i for i, a in enumerate(choices) if a["type"] == "change")
    rt.controls[seat].cursor = index
    before = state(g)
    rt.handle_input(InputEvent(seat, "button", "press", 10))
    rt.handle_input(InputEvent(seat, "button", "press", 20))
    assert state(g) == before and seat in rt.confirming
    assert rt.prompts[seat].startswith("turn dice to")
    t = rt.now_us
    while seat in rt.confirming and rt.now_us < t + 10_000_000:
        rt.step(max(rt.next_event_us() or rt.now_us + 100_000, rt.now_us + 1))
    assert seat not in rt.confirming and state(g) != before
