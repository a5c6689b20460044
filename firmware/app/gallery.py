"""The screen gallery: a fixed, documented set of game states per game,
rendered as PNGs (HDMI and every seat's OLED) at any screen size.

``cabinet screens GAME --out DIR [--size WxH]`` plays a seeded game with
random bots straight through the engine and stops at each named state of
:data:`STATES` (the first time the game reaches it), then draws the shared
screen and the seats' OLEDs exactly as the cabinet would.  Same seed, same
pictures.  Files: ``DIR/GAME-STATE-WxH.png`` and
``DIR/GAME-STATE-oled-SEAT.png`` (the OLED at 4x, as a player sees it).
"""
from __future__ import annotations

import collections
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from engines import new_game

from bots.random_bot import RandomBot
from firmware.app.session_panels import result_hint
from firmware.runtime.controls import SeatControls

SIZES = ((1920, 1080), (800, 480))
#: The result card's foot in the gallery: what the window says with a person seated.
RESULT_HINT = result_hint("close", people=True, window=True)
OLED_ZOOM = 4


@dataclass(frozen=True)
class State:
    """One gallery picture: a name, the game's set-up and the first state
    where ``want(game, view)`` holds; ``context`` adds runtime facts (a
    countdown banner); ``cursor`` moves a seat's cursor (seat, steps);
    ``readings(game)`` gives the dice station's contest states (CAB-6)
    derived from the game there; ``result`` draws the result card over the
    HDMI screen as the session does once the game is over (no OLED
    pictures: they are the "over" state's); ``facts(game)`` adds runtime
    facts derived from the game there (dice read again after a nudge)."""
    name: str
    players: int
    seed: int
    want: Callable[[Any, dict], bool]
    about: str
    context: tuple[tuple[str, Any], ...] = ()
    cursor: tuple[int, int] | None = None
    bot: str = "random"
    readings: Callable[[Any], dict] | None = None
    result: bool = False
    facts: Callable[[Any], dict] | None = None


def _phase(name):
    return lambda g, v: v.get("phase") == name


def _rg_rolling(g, v):
    return v["phase"] == "roll" and v["round"] >= 2 and sum(s["dice"] is not None for s in v["seats"]) >= 2 \
        and any(s.get("claim") for s in v["seats"])


def _rg_rereading(g, v):
    return v["phase"] in ("roll", "stop") and v["round"] >= 2 and v["seats"][0]["dice"] is not None \
        and any(r.get("type") == "dice" and r.get("player") == 0 for r in g.chance_requests())


def _rg_kept(game) -> dict[str, Any]:
    """Seat 1's reroll being read: the dice it kept (its 2nd and 4th) in
    their places, the others being read (PT32)."""
    dice = game.seat_dice(0)
    kept = [v if i in (1, 3) else None for i, v in enumerate(dice)]
    return {"dice_awaited": {0: None}, "dice_kept": {0: kept}, "simulated_dice": True}


def _rg_blast(g, v):
    return v["phase"] == "blast" and v["round"] >= 3 and not v["turn"]["cells"] and g.legal_actions(v["turn"]["seat"])


def _cd_race_open(g, v):
    return v.get("order") is not None and v.get("race") is not None


def _cd_after_race(g, v):
    return v["phase"] == "reveal" and sum(v["vp_counts"]) >= 3 and bool((v.get("last_race") or {}).get("won"))


def _cd_late_hit(g, v):
    """Seed 13's seventh reveal: the race before it had a hit too late
    (CD-12: "Seat 3 hit fox white/blue: 3341 ms, too late"), two customers
    served (the second's place still empty: the revealed card took the
    first's) and wrong hits."""
    return v["phase"] == "reveal" and v["deck_count"] == 43


def _gz_tokens(g, v):
    return v["phase"] == "play" and not v["dice_requests"] and v["round"] >= 2 and sum(
        o["token"] is not None for c in v["customers"] if c for o in c["orders"]) >= 2


def _gz_busy(g, v):
    return v["phase"] == "play" and not v["dice_requests"] and sum(len(p["orders"]) for p in v["players"]) >= 4 \
        and sum(o["token"] is not None for c in v["customers"] if c for o in c["orders"]) >= 2


def _cc_busy(g, v):
    return v["phase"] == "serve" and v["round"] >= 5 and sum(
        c is not None for p in v["players"] for c in p["track"]) >= 15


def _cc_solo_ai(g, v):
    return v["phase"] == "share" and v["round"] >= 2 and v["closed_station"] is not None


def _cc_two_ai_placed(g, v):
    """Two seats (AI Player 3 places too): seat 1 to send a server after the
    AI's placement."""
    return v["phase"] == "place" and v["placing"] == 0 and any(
        isinstance(who, str) for ranks in v["stations"].values() for who in ranks)


def _cj_choosing(g, v):
    return not v["over"] and len(v["tables"]) >= 6 and not v["turn"]["placed"] and any(
        a["type"] == "place" for a in g.legal_actions(v["current_player"])[:3])


def _cj_full(g, v):
    return not v["over"] and len(v["tables"]) >= 16 and sum(t["turned"] for t in v["tables"]) >= 6


def _contest(check=(), rejected=(), entry=()):
    """Contest overlays (ruling CAB-6) built from the game's own pending
    dice requests, as the dice station would report them: a tray (seat, or
    ``-1`` = the common dice) can only be held, rejected or entered by hand
    while the engine still waits for that tray's dice, so its reading never
    reached the game.  The held / entered values are the seeded camera's
    reading of the requested number of dice.

    Returns:
        ``want(game, view)`` (True when every named tray has a request) and
        ``readings(game)`` (the station's ``reading_states`` dict).
    """
    keys = tuple(check) + tuple(rejected) + tuple(entry)

    def pending(game):
        return {(-1 if q.get("player") is None else q["player"]): q for q in game.chance_requests()
                if q.get("type") == "dice"}

    def want(game, view):
        return all(k in pending(game) for k in keys)

    def readings(game):
        import random
        reqs = pending(game)
        missing = [k for k in keys if k not in reqs]
        if missing:
            raise LookupError(f"no dice request pending for tray(s) {missing}: nothing to contest")
        rng = random.Random(game.now_us() + 6)
        out: dict[int, dict[str, Any]] = {}
        for k in check:
            out[k] = {"state": "check", "values": [rng.randint(1, reqs[k].get("faces", 6)) for _ in
                                                   range(reqs[k]["count"])],
                      "window_ms": 4000, "left_ms": 2400, "down": False}
        for k in rejected:
            out[k] = {"state": "rejected", "by": max(k, 0), "contests": 1, "limit": 2}
        for k in entry:
            out[k] = {"state": "entry", "values": [rng.randint(1, reqs[k].get("faces", 6)) for _ in
                                                   range(reqs[k]["count"])], "cursor": 1, "by": max(k, 0)}
        return out
    return want, readings


#: Retrograde (ruling CAB-6): seat 3's reading is held for it to check, seat 2
#: rejected its reading and nudges its dice; neither has dice in the engine yet.
RG_CONTEST_WANT, RG_CONTEST = _contest(check=(2,), rejected=(1,))
#: Ginza: the common dice were rejected (seat 1 nudges them); seat 1 enters its
#: replenished dice by hand.
GZ_CONTEST_WANT, GZ_CONTEST = _contest(rejected=(-1,), entry=(0,))


def _rg_contest(g, v):
    return v["phase"] == "roll" and v["round"] >= 2 and v["seats"][0]["dice"] is not None \
        and RG_CONTEST_WANT(g, v)


def _gz_contest(g, v):
    return v["phase"] == "play" and v["round"] >= 2 and GZ_CONTEST_WANT(g, v)


def _gz_nudging(g, v):
    return v["phase"] == "play" and v["round"] >= 2 and any(
        q.get("player") == 0 and q["count"] >= 2 for q in v["dice_requests"])


def _gz_nudged(game) -> dict[str, Any]:
    """Seat 1's dice read again after the simulated table nudged one the
    camera could not read (CAB-5, PT30): the reading so far, its second
    die unread."""
    import random
    rng = random.Random(game.now_us() + 5)
    count = next(q["count"] for q in game.chance_requests() if q.get("player") == 0)
    so_far = [None if i == 1 else rng.randint(1, 6) for i in range(count)]
    return {"dice_rereading": [0], "dice_awaited": {0: so_far}, "simulated_dice": True,
            "prompts": {0: "die nudged for you"}}


def _walk(waits: Callable[[Any, dict], bool]) -> Callable[[Any, dict], bool]:
    """The first-round state where ``waits`` holds for seat 1 (the
    first-game walkthrough's prompt to it)."""
    from firmware.screens.walkthrough import first_round
    return lambda g, v: first_round(g) and waits(g, v)


def _walk_context(players: int) -> tuple[tuple[str, Any], ...]:
    """The walkthrough on, seats 2+ bots: only seat 1 is prompted."""
    return (("walkthrough", "on"), ("bots", tuple(range(1, players))))


#: the first-game walkthrough's states: seat 1 (a person) prompted in round 1
WALK = {
    "retrograde": State("walkthrough", 3, 1, _walk(lambda g, v: v["phase"] == "blast"
                                                   and v["turn"]["seat"] == 0 and bool(g.legal_actions(0))),
                        "first-game walkthrough: seat 1 told how to blast (band under the board, OLED's top line)",
                        _walk_context(3)),
    "cha-dango": State("walkthrough", 4, 1, _walk(lambda g, v: v["phase"] == "race"
                                                  and v["race"]["answers"][0] is None),
                       "first-game walkthrough: seat 1 told to hit or sip", _walk_context(4)),
    "ginza": State("walkthrough", 3, 1, _walk(lambda g, v: v["phase"] == "play" and v["turn"] == 0
                                              and not v["dice_requests"] and bool(g.legal_actions(0))),
                   "first-game walkthrough: seat 1's first action", _walk_context(3)),
    "cryptid-cafe": State("walkthrough", 3, 1, _walk(lambda g, v: v["phase"] == "place" and v["placing"] == 0),
                          "first-game walkthrough: seat 1 told how to send a server", _walk_context(3)),
    "cafe-junior": State("walkthrough", 3, 1, _walk(lambda g, v: v["current_player"] == 0),
                         "first-game walkthrough: seat 1 told how to seat a guest", _walk_context(3)),
}
WALK_END = State("walkthrough-end", 3, 1, lambda g, v: v["round"] == 2 and v["phase"] == "place",
                 "first-game walkthrough: round 1 is over, said once", (("walkthrough", "ended"), ("bots", (1, 2))))


STATES: dict[str, list[State]] = {
    "retrograde": [
        State("countdown", 3, 1, lambda g, v: v["phase"] == "roll" and v["round"] == 1,
              "round 1 starts: the 3-2-1 countdown before the roll", (("banner", "3"),)),
        State("roll", 3, 1, _rg_rolling, "mid-game: dice read, a card claimed, others still rolling"),
        State("stop", 3, 1, _phase("stop"), "Stop!: one seat left to claim, its rerolls counted"),
        State("reroll", 3, 1, _rg_rereading, "seat 1's reroll being read: the two dice it kept stay in their "
              "places, the others are read", facts=_rg_kept),
        State("blast", 3, 1, _rg_blast, "a seat chooses its blast plan: the plan under its cursor is lit",
              cursor=(None, 1)),
        State("solo", 1, 3, lambda g, v: v["phase"] == "roll" and v["round"] >= 2
              and v["seats"][0]["dice"] is not None, "solo: the running timer (RG-10)"),
        State("contest", 3, 1, _rg_contest, "CAB-6: seat 3 checks the dice the camera read (not in the game "
              "yet), seat 2 rejected its reading and nudges its dice", readings=RG_CONTEST),
        State("four", 4, 2, lambda g, v: v["phase"] == "roll" and v["round"] >= 5
              and sum(s["dice"] is not None for s in v["seats"]) >= 3, "four seats late in the game"),
        State("over", 3, 1, lambda g, v: g.is_terminal(), "the end: final scores"),
    ],
    "cha-dango": [
        State("setup", 4, 1, lambda g, v: v["phase"] == "reveal", "the dining area; a seat reveals the next order"),
        State("race", 4, 1, _cd_race_open, "an order is out: each seat's cursor on a customer, lit in its "
              "colour (seat 2 moved its cursor two customers on); hit the customer under it, or sip (CD-12)",
              cursor=(1, 2)),
        State("held", 4, 1, _cd_race_open, "CAB-15: a race held by a pause, in its 3-2-1: the order and "
              "every customer face down until go, hands off", context=(("race_held", True), ("banner", "2"))),
        State("result", 4, 1, _cd_after_race, "after a race: who won it, in ms"),
        State("late", 4, 13, _cd_late_hit, "after a race: a hit too late, with its time, two customers "
              "served (a new customer in the first's place, the second's empty; at 800x480 the result panel "
              "widens so every line shows)"),
        State("give", 4, 5, lambda g, v: v["phase"] == "place_vp" and any(v.get("must_place") or []),
              "the slowest sipper (or a wrong hitter) chooses which VP card to give up (CD-10)"),
        State("six", 6, 2, _cd_race_open, "six seats, a race open (seat 4 aims one customer back)", cursor=(3, -1)),
        State("over", 4, 1, lambda g, v: g.is_terminal(), "the end: VP cards and the winner"),
    ],
    "ginza": [
        State("setup", 4, 1, lambda g, v: v["phase"] in ("draft1", "draft2"),
              "four seats draft bonus cards on their screens; the first customers wait"),
        State("play", 4, 1, _gz_tokens, "mid-game: tokens on order cards, dice as read"),
        State("busy", 4, 7, _gz_busy, "late: orders won, arrange cards at Lv.2, dice limits raised"),
        State("roll", 3, 2, lambda g, v: v["phase"] == "play" and bool(v["dice_requests"])
              and v["round"] >= 2, "a seat rolls dice for the camera"),
        State("contest", 3, 2, _gz_contest, "CAB-6: the common dice were rejected (seat 1 nudges them); "
              "seat 1 enters its new dice by hand", readings=GZ_CONTEST),
        State("nudged", 3, 2, _gz_nudging, "CAB-5: the table nudged a die of seat 1 the camera could not "
              "read: the reading so far, the unread die a '?', no 'roll'", facts=_gz_nudged),
        State("over", 4, 1, lambda g, v: g.is_terminal(), "6. Scoring: orders, yen and bonus cards"),
    ],
    "cryptid-cafe": [
        State("setup", 3, 1, lambda g, v: v["phase"] == "place", "round 1: the first player sends a server"),
        State("share", 5, 1, lambda g, v: v["phase"] == "share" and v["round"] >= 2,
              "five seats, four ranks (CC-1): tip sharing at a station"),
        State("busy", 5, 2, _cc_busy, "five seats late in the game: full tracks, trays, walkouts"),
        State("solo", 1, 1, _cc_solo_ai, "solo: the AI players' last move and the AI die"),
        State("two", 2, 1, _cc_two_ai_placed, "two seats with AI Player 3: its placement among the latest "
              "moves, the AI die in words"),
        State("over", 5, 1, lambda g, v: g.is_terminal(), "final scoring: the Legendary Server"),
    ],
    "cafe-junior": [
        State("setup", 4, 1, lambda g, v: True, "four tables face up, the start player to seat guests"),
        State("choose", 3, 2, _cj_choosing, "mid-game: the seat under the player's cursor is lit", cursor=(None, 2)),
        State("busy", 4, 1, _cj_full, "the café grown to a full 4 x 4 with tables turned over",
              bot="seating"),
        State("over", 4, 1, lambda g, v: g.is_terminal(), "the end: points, jokers held cost 5"),
    ],
}
for _game_id, _state in WALK.items():
    STATES[_game_id].append(_state)
for _game_id, _states in STATES.items():      # the result card over the final board (issue 34: it hid the breakdowns)
    _over = next(st for st in _states if st.name == "over")
    _states.append(State("end-card", _over.players, _over.seed, _over.want,
                         "the result card over the final board: the winner, each seat's score and its parts, "
                         "why the game ended", (("bots", (1, 2)),), result=True))
STATES["cryptid-cafe"].append(WALK_END)


class SeatingBot:
    """A Café International Junior bot that seats a guest whenever it can
    (else discards once and ends its turn), so the café grows to the full
    4 x 4 (random bots rarely get there)."""

    def __init__(self, seed: int) -> None:
        import random
        self.rng = random.Random(seed)
        self.fallback = RandomBot(seed)

    def next_action(self, game):
        seat = (game.active_players() or [None])[0]
        if seat is None:
            return self.fallback.next_action(game)
        acts = game.legal_actions(seat)
        for kind in ("place",):
            pick = [a for a in acts if a["type"] == kind]
            if pick:
                return self.rng.choice(pick)
        turn = game.view(None).get("turn") or {}
        discards = [a for a in acts if a["type"] == "discard"]
        if discards and not turn.get("discarded"):
            return self.rng.choice(discards)
        ends = [a for a in acts if a["type"] == "end_turn"]
        return ends[0] if ends else self.rng.choice(acts)


def find_state(state: State, limit: int = 20000):
    """Play the seeded game with random bots until ``state.want`` holds.

    Returns:
        ``(game, events)``: the engine there and its latest event texts.

    Raises:
        LookupError: the game ended (or ``limit`` actions passed) first.
    """
    game_id = next(gid for gid, sts in STATES.items() if state in sts)
    game = new_game(game_id, state.players, state.seed)
    bot = SeatingBot(state.seed) if state.bot == "seating" else RandomBot(state.seed)
    events: collections.deque[str] = collections.deque(maxlen=8)
    for _ in range(limit):
        if state.want(game, game.view(None)):
            return game, list(events)
        if game.is_terminal():
            break
        for e in game.apply(bot.next_action(game)):
            events.append(e["text"])
    raise LookupError(f"{game_id}: no state {state.name!r} in seed {state.seed}")


def context_for(game, events: list[str], state: State) -> tuple[dict[str, Any], list[SeatControls]]:
    """The runtime context the cabinet would pass, and the seats' controls."""
    controls = [SeatControls(s) for s in range(game.num_players)]
    if state.cursor is not None:
        seat, steps = state.cursor
        if seat is None:
            active = game.active_players()
            seat = active[0] if active else 0
        acts = controls[seat].refresh(game)
        if acts:
            controls[seat].nav(game, steps)
    ctx = {"last_events": events, "prompts": {}, "notice": "", "banner": "", "dice": {},
           "now_us": game.now_us(), "controls": controls}
    ctx.update(dict(state.context))
    if state.readings is not None:
        ctx["readings"] = state.readings(game)
    if state.facts is not None:
        ctx.update(state.facts(game))
    return ctx, controls


def index_markdown(games: list[str], sizes=SIZES) -> str:
    """A README for a gallery folder: each game's states, what each shows,
    and its pictures."""
    lines = ["# Screen gallery", "",
             "Made by `cabinet screens all --out docs/screens`: seeded games played by random bots (the full café",
             "by a bot that seats a guest whenever it can), stopped at the states below, drawn exactly as the",
             "cabinet draws them (HDMI at each size, and each seat's",
             f"128 x 64 OLED shown {OLED_ZOOM}x).  Same seed, same pictures.", ""]
    for game_id in games:
        lines += [f"## {game_id}", "", "| state | seats | seed | what it shows | pictures |", "|---|---|---|---|---|"]
        for st in STATES[game_id]:
            pics = ", ".join(f"[{w}x{h}]({game_id}-{st.name}-{w}x{h}.png)" for w, h in sizes)
            oleds = ", ".join(f"[{k + 1}]({game_id}-{st.name}-oled-{k + 1}.png)" for k in range(st.players))
            lines.append(f"| {st.name} | {st.players} | {st.seed} | {st.about} | {pics}"
                         + ("" if st.result else f"; OLEDs {oleds}") + " |")
        lines.append("")
    return "\n".join(lines)


def render(game_id: str, out: str | Path, sizes=SIZES) -> list[Path]:
    """Render every gallery state of ``game_id`` into ``out``.

    Returns:
        The PNG paths written.

    Raises:
        KeyError: no gallery for ``game_id``.
        OSError: ``out`` cannot be written.
    """
    from PIL import Image

    from engines.results import game_result

    from firmware.screens.draw import hdmi_screen, oled_frame, result_card
    from firmware.ui.hdmi import HdmiRenderer

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    renderers = [HdmiRenderer(w, h, "headless") for w, h in sizes]
    for state in STATES[game_id]:
        game, events = find_state(state)
        ctx, controls = context_for(game, events, state)
        for r in renderers:
            scene = hdmi_screen(game, ctx, size=(r.width, r.height), measure=r.scene_measure)
            if state.result:
                scene = result_card(game, game_result(game), scene, (r.width, r.height), r.scene_measure,
                                    bots=set(ctx.get("bots") or ()), hint=RESULT_HINT)
            r.draw(scene)
            written.append(r.screenshot(out / f"{game_id}-{state.name}-{r.width}x{r.height}.png"))
        for seat in range(game.num_players if not state.result else 0):
            img = oled_frame(game, seat, controls[seat], ctx).image
            big = img.convert("RGB").resize((img.width * OLED_ZOOM, img.height * OLED_ZOOM), Image.NEAREST)
            p = out / f"{game_id}-{state.name}-oled-{seat + 1}.png"
            big.save(p)
            written.append(p)
    return written
