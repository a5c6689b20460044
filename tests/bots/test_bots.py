"""Bots (issue 24): every game played by every level, hidden information
never used, tournaments rotate seats and are reproducible, the CLI and the
menu offer the levels.  Few games each: the strength figures are measured
with ``cabinet tournament`` (README), not here."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest

from bots import LEVELS, BotError, make_bot, parse_kinds
from bots.cha_dango import matches
from bots.match import play_match
from bots.tournament import schedule, summarise, wilson, run_tournament
from engines import new_game

TURN_BASED = ["cafe-junior", "ginza", "cryptid-cafe"]
ALL = ["retrograde", "cha-dango", "ginza", "cryptid-cafe", "cafe-junior"]
#: the hard level with a fixed iteration budget and no clock: reproducible
QUICK_HARD = dataclasses.replace(LEVELS["hard"], search_ms=1e9, search_iterations=12)


@pytest.mark.parametrize("game_id", ALL)
def test_every_level_finishes_a_game(game_id):
    r = play_match(game_id, ["normal", "easy"], seed=3)
    assert r.error is None, r.error
    assert len(r.scores) == 2 and r.ranking


@pytest.mark.parametrize("game_id", TURN_BASED)
def test_hard_finishes_a_game_with_a_small_budget(game_id, monkeypatch):
    monkeypatch.setitem(LEVELS, "hard", dataclasses.replace(LEVELS["hard"], search_ms=3, search_iterations=6))
    r = play_match(game_id, ["hard", "random"], seed=4)
    assert r.error is None, r.error


@pytest.mark.parametrize("game_id", ["cafe-junior", "ginza", "cryptid-cafe", "retrograde"])
def test_heuristic_beats_random_on_a_few_deals(game_id):
    report = run_tournament(game_id, ["normal", "random"], games=4, seed=11, processes=1)
    assert report["errors"] == 0
    assert report["bots"]["normal"]["wins"] >= 3
    assert report["bots"]["normal"]["mean_score"] > report["bots"]["random"]["mean_score"]


# ----------------------------------------------------------- hidden info
def _advance(game_id: str, players: int, seed: int, actions: int, choice: bool = True):
    """A game a few actions in, played by heuristic bots, stopped where
    seat 0 or 1 has a real choice (with ``choice``)."""
    from bots.match import Table
    g = new_game(game_id, players, seed)
    table = Table(g, [make_bot(game_id, "normal", s) for s in range(players)], seed)
    for i in range(actions):
        g.apply(table.next_action())
    if not choice:
        return g, 0
    for _ in range(200):
        if not g.chance_requests():
            seats = [s for s in g.active_players() if len(g.legal_actions(s)) > 1]
            if seats:
                return g, seats[0]
        g.apply(table.next_action())
    raise AssertionError("no choice found")


def _hide_differently(g, seat: int, rng: random.Random):
    """The same game as the seat sees it, with every hidden thing changed:
    other hands swapped with the deck, deck orders shuffled, a new RNG (so
    other future dice and draws)."""
    h = g.clone()
    if g.game_id == "cafe-junior":
        other = 1 - seat
        pool = h.hands[other] + h.guest_pile
        rng.shuffle(pool)
        h.hands[other] = pool[:len(h.hands[other])]
        h.guest_pile = pool[len(h.hands[other]):]
        rng.shuffle(h.table_pile)
    elif g.game_id == "ginza":
        for deck in h.st["order_decks"].values():
            rng.shuffle(deck)
        rng.shuffle(h.st["customer_deck"])
    elif g.game_id == "retrograde":
        rng.shuffle(h.s["deck"])
        rng.shuffle(h.s["setup_discard"])
    elif g.game_id == "cryptid-cafe":
        for p in h.players:
            rng.shuffle(p["deck"])
        for ai in h.ais.values():
            rng.shuffle(ai["deck"])
    h.rng = random.Random(rng.random())
    return h


@pytest.mark.parametrize("game_id", TURN_BASED + ["retrograde"])
@pytest.mark.parametrize("kind", ["normal", "hard"])
def test_bot_decides_the_same_when_only_hidden_information_differs(game_id, kind):
    g, seat = _advance(game_id, 2, seed=21, actions=12)
    h = _hide_differently(g, seat, random.Random(5))
    assert g.view(seat) == h.view(seat)
    assert g.to_json() != h.to_json()
    level = QUICK_HARD if kind == "hard" else None
    a = make_bot(game_id, kind, 7, level=level).choose(g, seat)
    b = make_bot(game_id, kind, 7, level=level).choose(h, seat)
    assert a == b


def test_determinised_samples_depend_only_on_the_seats_view():
    from bots.determinise import determinise
    g, seat = _advance("cafe-junior", 2, seed=22, actions=10)
    h = _hide_differently(g, seat, random.Random(6))
    a = determinise(g, seat, random.Random(1))
    b = determinise(h, seat, random.Random(1))
    assert a.to_json()["state"] == b.to_json()["state"]
    assert a.hands[seat] == g.hands[seat]


# ------------------------------------------------------------ real time
def test_cha_dango_bot_sees_the_match():
    view = {"order": {"attribute": "figure", "value": "fox"},
            "dining_area": [{"figure": "cat", "dango": "pink", "background": "teal"},
                            {"figure": "fox", "dango": "green", "background": "red"}]}
    assert matches(view) is True
    view["order"] = {"attribute": "dango", "value": "white"}
    assert matches(view) is False


def test_cha_dango_levels_react_at_their_speed():
    easy = make_bot("cha-dango", "easy", 1)
    hard = make_bot("cha-dango", "hard", 1)
    e = sorted(easy.reaction_us() for _ in range(400))[200]
    h = sorted(hard.reaction_us() for _ in range(400))[200]
    # a press the seat already knows; its answer to an order adds the time it looks over the
    # customers (tests/bots/test_cha_dango_bot_pace.py)
    assert 400_000 < e < 500_000 and 220_000 < h < 280_000


def test_retrograde_bot_claims_the_card_the_planner_values_most():
    from bots.retrograde import card_value
    g = new_game("retrograde", 2, 5)
    from bots.match import Table
    table = Table(g, [make_bot("retrograde", "normal", s) for s in range(2)], 5)
    while not g.active_players():
        g.apply(table.next_action())
    seat = g.active_players()[0]
    bot = make_bot("retrograde", "hard", 3, level=dataclasses.replace(LEVELS["hard"], wrong=0.0))
    act = bot.choose(g, seat)
    view = g.view(seat)
    values = {c: card_value(view["seats"][seat], c, view["seats"][seat]["dice"], "hard", {})
              for c in view["face_up_ids"]}
    if act["type"] == "claim":
        assert values[act["card"]] == max(values.values())


# ------------------------------------------------------------ tournament
def test_wilson_interval():
    low, high = wilson(90, 100)
    assert round(low, 3) == 0.826 and round(high, 3) == 0.945
    assert wilson(0, 0) == (0.0, 1.0)


def test_seats_rotate_on_the_same_deal():
    plan = schedule(["hard", "random"], 4, seed=1)
    assert [p[1] for p in plan] == [["hard", "random"], ["random", "hard"]] * 2
    assert plan[0][0] == plan[1][0] and plan[2][0] == plan[3][0] and plan[0][0] != plan[2][0]


def test_tournament_is_the_same_for_the_same_seed_in_parallel():
    a = run_tournament("cafe-junior", ["normal", "easy"], games=4, seed=2, processes=1)
    b = run_tournament("cafe-junior", ["normal", "easy"], games=4, seed=2, processes=2)
    assert _strip_times(a) == _strip_times(b)
    assert a["bots"]["normal"]["games"] == 4 and a["bots"]["normal"]["decisions"] > 0


def _strip_times(report):
    return {k: {f: v for f, v in b.items() if not f.startswith(("decision_ms", "decision_cpu_ms"))}
            for k, b in report["bots"].items()}


def test_hard_with_fixed_rollouts_is_the_same_for_the_same_seed():
    a = run_tournament("cafe-junior", ["hard", "normal"], games=2, seed=5, processes=1, hard_rollouts=6)
    b = run_tournament("cafe-junior", ["hard", "normal"], games=2, seed=5, processes=2, hard_rollouts=6)
    assert _strip_times(a) == _strip_times(b) and a["hard_rollouts"] == 6
    assert a["bots"]["hard"]["decision_cpu_ms_median"] is not None


def test_fixed_rollouts_must_be_positive():
    from bots.base import BotError, fixed_rollouts
    with pytest.raises(BotError, match="1 or more rollouts"):
        fixed_rollouts(0)
    with pytest.raises(ValueError, match="hard_rollouts must be 1 or more"):
        run_tournament("cafe-junior", ["hard", "normal"], games=2, hard_rollouts=0)


def test_shared_first_place_counts_a_share():
    from bots.match import MatchResult
    r = MatchResult(1, ["hard", "random"], scores=[3, 3], ranking=[[0, 1]], decision_s=[[0.1], [0.2]])
    s = summarise("x", ["hard", "random"], 0, [r])
    assert s["bots"]["hard"]["wins"] == 0.5


def test_parse_kinds():
    assert parse_kinds("hard", 3) == ["hard"] * 3
    assert parse_kinds("hard, random", 2) == ["hard", "random"]
    with pytest.raises(BotError, match="kinds are"):
        parse_kinds("hard,genius", 2)
    with pytest.raises(BotError, match="one per seat"):
        parse_kinds("hard,random,easy", 2)


# ------------------------------------------------------------------ CLI
def test_cli_tournament_json(capsys):
    from firmware.cli.main import main
    assert main(["tournament", "ginza", "--players", "2", "--bots", "normal,random", "--games", "2",
                 "--seed", "1", "--processes", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and set(out["bots"]) == {"normal", "random"}
    assert len(out["bots"]["normal"]["win_rate_ci95"]) == 2


def test_cli_tournament_bad_kind(capsys):
    from firmware.cli.main import main
    assert main(["tournament", "ginza", "--players", "2", "--bots", "normal,wizard", "--games", "2"]) == 1
    assert "wizard" in capsys.readouterr().err


def test_cli_tournament_hard_rollouts(capsys):
    from firmware.cli.main import main
    assert main(["tournament", "cafe-junior", "--players", "2", "--bots", "hard,random", "--games", "1",
                 "--seed", "1", "--processes", "1", "--hard-rollouts", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hard_rollouts"] == 4 and out["bots"]["hard"]["decision_cpu_ms_median"] > 0
    assert main(["tournament", "cafe-junior", "--players", "2", "--bots", "hard,random", "--games", "1",
                 "--hard-rollouts", "0"]) == 1
    assert "--hard-rollouts must be 1 or more" in capsys.readouterr().err


def test_cli_simulate_with_bot_kinds(capsys):
    from firmware.cli.main import main
    assert main(["simulate", "cafe-junior", "--players", "2", "--bots", "normal,random", "--games", "2",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["completed"] == 2


def test_play_bots_with_levels():
    from firmware.cli.play import parse_bot_levels, parse_bots
    assert parse_bot_levels("all:hard", 3) == {0: "hard", 1: "hard", 2: "hard"}
    assert parse_bot_levels("2:easy,3", 3) == {1: "easy", 2: "normal"}
    assert parse_bots("2,3", 3) == {1, 2}
    with pytest.raises(ValueError, match="not a bot level"):
        parse_bot_levels("2:expert", 3)


def test_menu_offers_a_bot_level():
    from firmware.app.menu import Menu
    menu = Menu(games=["cafe-junior"])
    # the row stays in place with no bots, greyed (issue 34, PT13: rows moved under a person's presses)
    assert dict((r[0], r[1]) for r in menu.rows())["Bot level"] == "no bots"
    menu.focus = [r[0] for r in menu.rows()].index("Bots")
    menu.press()
    menu.press()                                  # bots: all
    labels = [r[0] for r in menu.rows()]
    menu.focus = labels.index("Bot level")
    menu.press()                                  # normal -> hard
    menu.focus = [r[0] for r in menu.rows()].index("Start")
    kind, params = menu.press()
    assert kind == "start" and params["bot_levels"] == {0: "hard", 1: "hard"}


def test_cafe_junior_may_place_agrees_with_place_problem():
    from engines.cafe_junior import seating
    from engines.cafe_junior.components import SIDE_ORDER
    g = new_game("cafe-junior", 2, 9)
    from bots.match import Table
    table = Table(g, [make_bot("cafe-junior", "random", s) for s in range(2)], 9)
    for _ in range(40):
        g.apply(table.next_action())
    for t in g.tables:
        for side in SIDE_ORDER:
            for card in g.comp.cards:
                assert seating.may_place(g.comp, t, side, card) == (
                    seating.place_problem(g.comp, t, side, card) is None)


@pytest.mark.parametrize("game_id", ALL)
def test_fast_clone_is_an_exact_independent_copy(game_id):
    from bots.determinise import fast_clone
    g, _ = _advance(game_id, 2, seed=8, actions=15, choice=False)
    h = fast_clone(g)
    assert h.to_json() == g.clone().to_json()
    from bots.match import Table
    table = Table(h, [make_bot(game_id, "random", s) for s in range(2)], 8)
    before = json.dumps(g.to_json(), sort_keys=True)
    for _ in range(10):
        if h.is_terminal():
            break
        h.apply(table.next_action())
    assert json.dumps(g.to_json(), sort_keys=True) == before


def test_cabinet_runs_bots_at_their_levels_and_resume_keeps_them(tmp_path, monkeypatch):
    """The runtime gives each bot seat its level; the journal keeps the
    levels and a resumed game plays with them again."""
    from firmware.runtime import config
    from firmware.app.session import Session, SessionOptions
    monkeypatch.setitem(LEVELS, "hard", dataclasses.replace(LEVELS["hard"], search_ms=2, search_iterations=4))
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(800, 480), bots={0, 1}, bot_levels={0: "hard", 1: "easy"})
    s = Session.new(cfg, "cafe-junior", 2, 5, None, tmp_path / "g.jsonl", opts, model=None)
    assert {seat: b.kind for seat, b in s.runtime.seat_bots.items()} == {0: "hard", 1: "easy"}
    s.run()
    assert s.game.is_terminal()
    assert s.runtime.seat_bots[0].decision_s and s.runtime.seat_bots[1].decision_s
    header = json.loads((tmp_path / "g.jsonl").read_text().splitlines()[0])
    assert header["meta"]["bot_levels"] == {"0": "hard", "1": "easy"}
    s2 = Session.new(cfg, "cafe-junior", 2, 6, None, tmp_path / "h.jsonl",
                     SessionOptions(headless=True, size=(800, 480), bots={1}, bot_levels={1: "hard"}), model=None)
    s2.writer.close()
    s2.cabinet.close()
    r = Session.resume(cfg, tmp_path / "h.jsonl", SessionOptions(headless=True, size=(800, 480)), model=None)
    assert {seat: b.kind for seat, b in r.runtime.seat_bots.items()} == {1: "hard"}
    r.writer.close()
    r.cabinet.close()


def test_cha_dango_bot_chooses_slap_or_sip_once_per_order():
    """With a race that does not name its kind (both inputs offered), the
    bot slaps when a customer matches, releases, then waits; a level that
    always misreads sips instead."""
    from bots.cha_dango import policy
    view = {"deck_count": 20, "current": 0, "order": {"attribute": "figure", "value": "fox"},
            "dining_area": [{"id": 3, "figure": "fox", "dango": "green", "background": "red"}]}
    both = [{"type": "slap", "player": 1, "card": 3, "t_us": None}, {"type": "cup_lift", "player": 1, "t_us": None}]
    down = [{"type": "release", "player": 1, "t_us": None}, {"type": "cup_lift", "player": 1, "t_us": None}]
    memory: dict = {}
    rng = random.Random(1)
    sure = dataclasses.replace(LEVELS["hard"], wrong=0.0)
    assert policy(view, both, rng, sure, memory) == both[0]
    assert policy(view, down, rng, sure, memory)["type"] == "release"
    assert policy(view, both, rng, sure, memory) is None
    wrong = dataclasses.replace(LEVELS["hard"], wrong=1.0)
    assert policy(view, both, rng, wrong, {})["type"] == "cup_lift"


def test_cha_dango_bot_hits_the_match_nearest_its_cursor_and_pays_the_steps():
    """Ruling CD-12: a hit names the customer under the seat's cursor.  The
    bot hits the matching customer nearest where its cursor stands (the
    cursor wraps round), and its answer time counts a step per press of
    the arrows; a level that always misreads an order nothing matches hits
    the customer under its cursor."""
    from bots.cha_dango import STEP_US, policy, weigh_us
    faces = ["cat", "fox", "panda", "rabbit", "fox"]
    view = {"deck_count": 20, "current": 0, "order": {"attribute": "figure", "value": "fox"},
            "dining_area": [{"id": 10 + i, "figure": f, "dango": "green", "background": "red"}
                            for i, f in enumerate(faces)]}
    legal = [{"type": "slap", "player": 1, "card": 10 + i, "t_us": None} for i in range(5)]
    legal.append({"type": "cup_lift", "player": 1, "t_us": None})
    sure = dataclasses.replace(LEVELS["normal"], wrong=0.0)
    memory: dict = {"cursor": (13, 3)}          # on the rabbit: the fox at 4 is one step, the one at 1 two
    assert policy(view, legal, random.Random(1), sure, memory)["card"] == 14
    rng = random.Random(2)
    near = [weigh_us(view, legal[4], sure, rng, memory) for _ in range(400)]
    memory["aim_from"] = 2                       # from the panda, the fox at 4 is two steps
    far = [weigh_us(view, legal[4], sure, rng, memory) for _ in range(400)]
    gap = sorted(far)[200] - sorted(near)[200]
    assert 0.6 * STEP_US["normal"] < gap < 1.5 * STEP_US["normal"], gap
    view["order"] = {"attribute": "figure", "value": "tanuki"}
    memory = {"cursor": (12, 2)}
    wrong = dataclasses.replace(LEVELS["hard"], wrong=1.0)
    assert policy(view, legal, random.Random(1), wrong, memory)["card"] == 12


# ------------------------------------------------------------ search


class _FakeGame:
    """A stand-in for a game in the search's eyes: remembers the root
    action applied to it; everything else is patched out."""
    def __init__(self):
        self.action = None

    def view(self, seat):
        return {}

    def apply(self, action):
        self.action = action


def _scripted_search(monkeypatch, search_module, values, rollouts, first=None):
    """Run ``search_module.search`` over actions ``a0..`` whose k-th
    rollout (k = 0, 1, ...) scores ``values[name](k)``; ``a0`` is the
    heuristic's choice."""
    import types
    seen: dict[str, int] = {}

    def leads(g, module):
        name = g.action["name"]
        k = seen.get(name, 0)
        seen[name] = k + 1
        return [values[name](k)]

    monkeypatch.setattr(search_module, "determinise", lambda game, seat, rng: game)
    monkeypatch.setattr(search_module, "fast_clone", lambda base: _FakeGame())
    monkeypatch.setattr(search_module, "rollout", lambda *a, **k: None)
    monkeypatch.setattr(search_module, "_leads", leads)
    legal = [{"type": "x", "name": n} for n in sorted(values)]
    module = types.SimpleNamespace(
        ROOT_WIDTH=len(legal), ROLLOUT_PLIES=1,
        score_action=lambda view, a: -int(a["name"][1:]),
        policy=lambda view, acts, rng, level, memory: acts[0] if first is None else first)
    bot = types.SimpleNamespace(module=module, level=dataclasses.replace(LEVELS["hard"], search_ms=1e9,
                                                                        search_iterations=rollouts),
                                rng=random.Random(1), memory={})
    return search_module.search(_FakeGame(), 0, bot, legal)["name"], seen


def test_search_chooses_among_the_actions_still_in_contention(monkeypatch):
    """An action dropped after the first round keeps its early mean; the
    survivors' means may later fall below it, but the choice is still one
    of the survivors (they saw every sample)."""
    import bots.search as search_module
    values = {"a0": lambda k: 0.0,
              "a1": lambda k: 4.5 if k < 3 else 0.0,
              "a2": lambda k: 4.0,
              "a3": lambda k: 5.0 if k < 3 else 0.0}
    chosen, seen = _scripted_search(monkeypatch, search_module, values, rollouts=60)
    assert seen["a2"] < seen["a3"]          # a2 was dropped early
    assert chosen in ("a1", "a3")


def test_search_keeps_three_candidates_down_to_two(monkeypatch):
    import bots.search as search_module
    values = {"a0": lambda k: 0.0, "a1": lambda k: 1.0, "a2": lambda k: 2.0}
    chosen, seen = _scripted_search(monkeypatch, search_module, values, rollouts=30)
    assert chosen == "a2" and sorted(seen.values())[-2] > 3


def test_search_keeps_the_heuristic_choice_within_the_margin(monkeypatch):
    import bots.search as search_module
    values = {"a0": lambda k: 1.0, "a1": lambda k: 1.0 + search_module.MARGIN / 2}
    chosen, _ = _scripted_search(monkeypatch, search_module, values, rollouts=20)
    assert chosen == "a0"


def test_ginza_search_candidates_are_different_dishes():
    from bots import ginza
    from bots.base import seat_view
    from bots.search import root_candidates
    g = new_game("ginza", 2, 3)
    table = __import__("bots.match", fromlist=["Table"]).Table(g, [make_bot("ginza", "normal", s) for s in range(2)], 3)
    checked = 0
    while not g.is_terminal() and checked < 15:
        if not g.chance_requests() and g.st["phase"] == "play":
            seat = g.active_players()[0]
            legal = g.legal_actions(seat)
            cands = root_candidates(ginza, seat_view(g, seat), legal, ginza.ROOT_WIDTH)
            keys = [ginza.candidate_key(a) for a in cands]
            assert len(set(keys)) == len(keys) and all(a in legal for a in cands)
            assert cands[0] == ginza.policy(seat_view(g, seat), legal, random.Random(0), None, {})
            checked += 1
        g.apply(table.next_action())
    assert checked == 15
