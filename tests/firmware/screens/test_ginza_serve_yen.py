"""Issue 34 (fresh play-tester PT24): as Shin ("+1 yen each time you serve
a Drink") the armed Cream Soda said "get 2 yen" and the serve gave ¥3: the
preview left out the player card's ability.  What a serve choice says it
gets is what the serve gives (the order card's yen plus a serve-coin
ability's, "Serve a Dish" and the player cards; the ¥2 for two of one
customer's dishes comes later, when the customer is served, and is not
promised)."""
from __future__ import annotations

import copy
import re

from firmware.screens.ginza_words import cost_parts

from screen_checks import play_states

COMMON_DIE_COST = 3


def test_the_yen_a_serve_says_it_gets_is_the_yen_it_gives():
    checked = with_ability = 0
    for seed in (1, 2, 3, 4, 5):
        for game, _ in play_states("ginza", 3, seed, every=3, limit=400):
            view = game.view(None)
            if view["phase"] != "play" or view["dice_requests"] or view["turn"] is None:
                continue
            seat = view["turn"]
            serves = [a for a in game.legal_actions(seat) if a["type"] == "serve"][:3]
            for act in serves:
                _, gains = cost_parts(game, seat, act, sign="yen")
                said = int(re.match(r"(\d+) yen", gains[0]).group(1))
                after = copy.deepcopy(game)
                before = after.view(None)["players"][seat]["coins"]
                events = after.apply(act)
                bonus = sum(2 for e in events if e.get("type") == "bonus_coins" and e.get("player") == seat)
                paid = COMMON_DIE_COST if act.get("common") is not None else 0
                got = after.view(None)["players"][seat]["coins"] - before - bonus + paid
                assert said == got, (act, gains, got, view["players"][seat].get("card"))
                checked += 1
                pc = game.comp.player_cards[view["players"][seat]["card"]]
                with_ability += pc.ability_kind() == "serve_coin" and \
                    pc.ability_value("category") == game.comp.orders[act["order"]].category
    assert checked > 20 and with_ability, (checked, with_ability)
