"""Play-tester (issue 34, pt11 o46 / o52): every choice on a Ginza seat's
OLED, even "add 3 dice" or "reroll 4", showed an unticked "Afternoon Set
5 VP" line with no hint why.  It is the seat's secret bonus card ("6.
Scoring": VP at the end for the order cards it holds), which only a serve
(an order card won) can bring nearer.  The OLED shows a bonus card only
where it applies (a serve under the cursor, or no choice to make) and
says it is a bonus card."""
from __future__ import annotations

from bots.random_bot import RandomBot
from engines import new_game
from firmware.runtime.controls import SeatControls
from firmware.screens.draw import oled_frame


def _turns(seed: int):
    """Yield (game, seat, controls) at each turn of a person's seat in play
    that holds bonus cards, with every choice under the cursor in turn."""
    game = new_game("ginza", 3, seed)
    bot = RandomBot(seed)
    for _ in range(600):
        if game.is_terminal():
            return
        view = game.view(None)
        seat = view.get("turn")
        if view["phase"] == "play" and seat is not None and not game.chance_requests() \
                and game.view(seat)["players"][seat].get("bonus"):
            c = SeatControls(seat)
            n = len(c.refresh(game))
            for _ in range(n):
                yield game, seat, c
                c.nav(game, 1)
        game.apply(bot.next_action(game))


def test_a_bonus_card_shows_only_on_a_serve_and_says_it_is_a_bonus_card():
    seen = {"serve": 0, "other": 0}
    for seed in (1, 2, 3):
        for game, seat, c in _turns(seed):
            shown = c.shown(game)
            kind = shown.choices[shown.cursor]["type"]
            ctx = {"controls": [c], "bots": [], "last_events": [], "prompts": {}, "dice": {}}
            f = oled_frame(game, seat, c, ctx)
            names = [game.comp.bonus_cards[b].name for b in game.view(seat)["players"][seat]["bonus"]]
            said = [t for t in f.texts if any(n in t for n in names)]
            if kind == "serve":
                seen["serve"] += bool(said)
                assert all("bonus" in t for t in said), (kind, f.texts)
            else:
                seen["other"] += 1
                assert not said, (kind, shown.choices[shown.cursor], f.texts)
            assert not f.overlaps(), f.overlaps()
            if seen["serve"] >= 20 and seen["other"] >= 40:
                return
    assert seen["serve"] and seen["other"], seen
