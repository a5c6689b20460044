"""Ginza Retro Café turns ("A. Turn Procedure") and the end of the round
("B. End of the Round"), mixed into :class:`engines.ginza.game.GinzaGame`.

Every action handler validates fully and raises
:class:`engines.base.IllegalAction` before anything changes.
"""
from __future__ import annotations

from typing import Any

from ..base import Action, Event, IllegalAction
from ..words import plural
from .dice import apply_changes, change_options, meets, serve_options, sub_multisets, take

#: "Increase your dice limit": yen to go from limit L to L + 1.
LIMIT_COSTS = {5: 4, 6: 4, 7: 6, 8: 6}
MAX_LIMIT = 9
#: "You may add 1 common die for this action by paying ¥3."
COMMON_DIE_COST = 3
#: "4-2. ... two or more Order cards of that Customer, you get ¥2."
TWO_CARD_BONUS = 2
MAIN_ACTIONS = ("serve", "change", "reroll", "add", "wash")


def _ev(kind: str, text: str, **extra: Any) -> Event:
    return {"type": kind, "text": text, **extra}


def _faces(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, int) for v in value):
        raise IllegalAction(f"{what} must be a list of die faces, got {value!r}")
    return sorted(value)


class PlayMixin:
    """Turn actions and round end; needs the attributes of GinzaGame."""

    # ------------------------------------------------------ ability data
    def _card(self, seat: int):
        return self.comp.player_cards[self._p(seat)["card"]]

    def serve_coins(self, seat: int, order_id: str) -> int:
        """Yen ``seat`` gets for serving the order card ``order_id`` ("Serve
        a Dish": the card's yen, plus a serve-coin player card's yen for a
        dish of its category).  The ¥2 for two of one customer's dishes
        comes when the customer is served, and is not counted.  Raises
        KeyError for an unknown order card or a seat with no player card."""
        card = self.comp.orders[order_id]
        gain = card.coins
        pc = self._card(seat)
        if pc.ability_kind() == "serve_coin" and pc.ability_value("category") == card.category:
            gain += pc.ability_value("coins")
        return gain

    def limit_cost(self, seat: int) -> int | None:
        """Yen ``seat`` pays for its next dice-limit step ("Increase your
        dice limit": 5->6 and 6->7 ¥4, 7->8 and 8->9 ¥6), less a
        discount player card's yen (GR-4); ``None`` at the top (9).  A
        seat with no player card yet pays the full price."""
        me = self._p(seat)
        cost = LIMIT_COSTS.get(me["limit"])
        if cost is None:
            return None
        pc = self.comp.player_cards.get(me["card"]) if me.get("card") else None
        if pc is not None and pc.ability_kind() == "limit_discount":
            cost = max(0, cost - pc.ability_value("coins"))
        return cost

    def _category_vp(self, seat: int, category: str) -> int:
        return sum(self.comp.orders[o].vp for o in self._p(seat)["orders"]
                   if self.comp.orders[o].category == category)

    def _open_orders(self) -> list[tuple[int, int]]:
        return [(i, j) for i, slot in enumerate(self.st["slots"]) if slot is not None
                for j, o in enumerate(slot["orders"]) if o["token"] is None]

    # ------------------------------------------------------ legal actions
    def _play_actions(self, seat: int) -> list[Action]:
        """Upgrades (A-2) and one action (A-3); during a reroll only further
        rerolls of the dice just rerolled, or stop."""
        me = self._p(seat)
        rr = self.st["reroll"]
        if rr is not None:
            acts = [{"type": "reroll", "player": seat, "dice": d} for d in sub_multisets(rr["eligible"]) if d]
            return acts + [{"type": "stop", "player": seat}]
        acts: list[Action] = []
        for arr_id, arr in self.comp.arrange.items():
            if (me["levels"][arr_id] == 1 and me["coins"] >= self.comp.upgrade_coins
                    and self._category_vp(seat, arr.category) >= self.comp.upgrade_vp):
                acts.append({"type": "upgrade", "player": seat, "arrange": arr_id})
        if me["limit"] < MAX_LIMIT and me["coins"] >= self.limit_cost(seat):
            acts.append({"type": "raise_limit", "player": seat})
        may_common = me["coins"] >= COMMON_DIE_COST and bool(self.st["common"])
        for i, j in self._open_orders():
            cid = self.st["slots"][i]["orders"][j]["card"]
            for dice, common in serve_options(self.comp.orders[cid], me["dice"], self.st["common"], may_common):
                acts.append({"type": "serve", "player": seat, "order": cid, "dice": dice, "common": common})
        changes = self.comp.arrange["change"].level(me["levels"]["change"])["changes"]
        acts += [{"type": "change", "player": seat, "steps": s} for s in change_options(me["dice"], changes)]
        acts += [{"type": "reroll", "player": seat, "dice": d} for d in sub_multisets(me["dice"]) if d]
        acts += [{"type": "add", "player": seat, "count": k} for k in range(1, self._max_add(seat) + 1)]
        ones = me["dice"].count(1)
        acts += [{"type": "wash", "player": seat, "ones": k} for k in range(0, min(3, ones) + 1)]
        return acts

    def _max_add(self, seat: int) -> int:
        me = self._p(seat)
        room = me["limit"] - len(me["dice"])
        cap = self.comp.arrange["add"].level(me["levels"]["add"])["max_add"]
        return max(0, room if cap is None else min(cap, room))

    # --------------------------------------------------------- dispatch
    def _play(self, seat: int, action: Action) -> list[Event]:
        kind = action["type"]
        rr = self.st["reroll"]
        if rr is not None and kind not in ("reroll", "stop"):
            raise IllegalAction("you are rerolling: reroll dice you just rerolled, or stop")
        if kind == "stop":
            if rr is None:
                raise IllegalAction("there is no reroll to stop")
            self.st["reroll"] = None
            return [_ev("stop", f"seat {seat + 1} stops rerolling", player=seat)] + self._end_turn()
        if kind == "upgrade":
            return self._upgrade(seat, action.get("arrange"))
        if kind == "raise_limit":
            return self._raise_limit(seat)
        if kind not in MAIN_ACTIONS:
            raise IllegalAction(f"unknown action {kind!r}; actions: upgrade, raise_limit, "
                                f"{', '.join(MAIN_ACTIONS)}, stop")
        if rr is None and self._p(seat)["tokens"] < 1:  # cannot happen: turns skip such seats
            raise IllegalAction("you have no action token")
        return getattr(self, f"_do_{kind}")(seat, action)

    # ------------------------------------------------- A-2 ability upgrade
    def _upgrade(self, seat: int, arr_id: Any) -> list[Event]:
        """"Raise the Arrange Lv.": 4+ VP of order cards of the arrange
        card's category (GR-1) and ¥3 flip it from Lv.1 to Lv.2."""
        me = self._p(seat)
        arr = self.comp.arrange.get(arr_id) if isinstance(arr_id, str) else None
        if arr is None:
            raise IllegalAction(f"arrange must be one of {sorted(self.comp.arrange)}, got {arr_id!r}")
        if me["levels"][arr.id] >= 2:
            raise IllegalAction(f"{arr.name} is already at Lv.2")
        vp = self._category_vp(seat, arr.category)
        if vp < self.comp.upgrade_vp:
            raise IllegalAction(f"raising {arr.name} needs {self.comp.upgrade_vp} VP of {arr.category} "
                                f"order cards; you have {vp}")
        if me["coins"] < self.comp.upgrade_coins:
            raise IllegalAction(f"raising {arr.name} costs ¥{self.comp.upgrade_coins}; you have ¥{me['coins']}")
        me["coins"] -= self.comp.upgrade_coins
        me["levels"][arr.id] = 2
        return [_ev("upgrade", f"seat {seat + 1} raises {arr.name} to Lv.2 for ¥{self.comp.upgrade_coins}",
                    player=seat, arrange=arr.id)]

    def _raise_limit(self, seat: int) -> list[Event]:
        """"Increase your dice limit": 5->6 ¥4, 6->7 ¥4, 7->8 ¥6, 8->9 ¥6;
        each step acquires 1 die, rolled at once (GR-5)."""
        me = self._p(seat)
        if me["limit"] >= MAX_LIMIT:
            raise IllegalAction(f"your dice limit is already {MAX_LIMIT}")
        cost = self.limit_cost(seat)
        if me["coins"] < cost:
            raise IllegalAction(f"raising the dice limit to {me['limit'] + 1} costs ¥{cost}; you have ¥{me['coins']}")
        me["coins"] -= cost
        me["limit"] += 1
        self._roll(seat, 1, "dice limit")
        self.st["after"] = "turn"
        return [_ev("raise_limit", f"seat {seat + 1} raises the dice limit to {me['limit']} for ¥{cost}",
                    player=seat, limit=me["limit"])]

    # ---------------------------------------------------- A-3 serve a dish
    def _do_serve(self, seat: int, action: Action) -> list[Event]:
        """"Serve a Dish": an order card without a token, own dice (plus at
        most 1 common die for ¥3) meeting its condition; coins at once; the
        customer is served when every order card holds a token."""
        me = self._p(seat)
        cid = action.get("order")
        where = next(((i, j) for i, slot in enumerate(self.st["slots"]) if slot is not None
                      for j, o in enumerate(slot["orders"]) if o["card"] == cid), None)
        if where is None:
            raise IllegalAction(f"order card {cid!r} is not in the customer area")
        i, j = where
        if self.st["slots"][i]["orders"][j]["token"] is not None:
            raise IllegalAction(f"order card {cid} already holds an action token")
        dice = _faces(action.get("dice"), "dice")
        left = take(me["dice"], dice)
        if left is None:
            raise IllegalAction(f"you do not have the dice {dice} (your dice: {me['dice']})")
        common = action.get("common")
        used = list(dice)
        if common is not None:
            if isinstance(common, bool) or not isinstance(common, int):
                raise IllegalAction(f"common must be a die face or null, got {common!r}")
            if common not in self.st["common"]:
                raise IllegalAction(f"no common die shows {common} (common dice: {self.st['common']})")
            if me["coins"] < COMMON_DIE_COST:
                raise IllegalAction(f"a common die costs ¥{COMMON_DIE_COST}; you have ¥{me['coins']}")
            used.append(common)
        card = self.comp.orders[cid]
        if not meets(card, used):
            raise IllegalAction(f"dice {sorted(used)} do not meet {card.item}'s condition {card.condition_text()}")
        # --- valid: mutate
        me["tokens"] -= 1
        self.st["slots"][i]["orders"][j]["token"] = seat
        me["dice"] = left
        gain = self.serve_coins(seat, cid)
        if common is not None:
            self.st["common"].remove(common)
            me["coins"] -= COMMON_DIE_COST
        me["coins"] += gain
        extra = f" + common {common} for ¥{COMMON_DIE_COST}" if common is not None else ""
        events = [_ev("serve", f"seat {seat + 1} serves {card.item} ({card.condition_text()}) with {dice}{extra}"
                      f" and gets ¥{gain}", player=seat, order=cid)]
        if all(o["token"] is not None for o in self.st["slots"][i]["orders"]):
            events += self._served(i)
            if self.st["phase"] == "over":
                return events
        return events + self._end_turn()

    def _served(self, i: int) -> list[Event]:
        """"Successfully served a customer" (4-1..4-5): order cards and
        tokens to their players (the event says who takes which card and
        its VP), ¥2 to a player with 2+ tokens there, the
        customer leaves, a new one arrives, the game ends if none is left."""
        slot = self.st["slots"][i]
        cust = self.comp.customers[slot["id"]]
        won: dict[int, list[str]] = {}      # seat -> the order cards it takes
        for o in slot["orders"]:
            p = self._p(o["token"])
            p["orders"].append(o["card"])
            p["tokens"] += 1
            card = self.comp.orders[o["card"]]
            won.setdefault(o["token"], []).append(f"{card.item} ({card.vp} VP)")
        takes = ", ".join(f"seat {s + 1} takes " + " and ".join(cards) for s, cards in sorted(won.items()))
        events = [_ev("served", f"{cust.name} is served and leaves; order cards: {takes}", customer=slot["id"],
                      players=sorted(won))]
        for s, n in sorted((s, len(cards)) for s, cards in won.items()):
            if n >= 2:
                self._p(s)["coins"] += TWO_CARD_BONUS
                events.append(_ev("bonus_coins", f"seat {s + 1} served {n} of {cust.name}'s dishes: ¥{TWO_CARD_BONUS}",
                                  player=s))
        self.st["slots"][i] = None
        self.st["customers_left"] += 1
        self.st.setdefault("served_customers", []).append(slot["id"])
        events += self._arrive(i)
        if all(s is None for s in self.st["slots"]):
            events += self._game_over()
        return events

    # ---------------------------------------------------------- arrange
    def _do_change(self, seat: int, action: Action) -> list[Event]:
        """"Change Dice Rolls": Lv.1 one +-1 change, Lv.2 two (same or
        different die); never 1 -> 0 or 6 -> 7.  Steps are ``[face, +1|-1]``
        applied in order.  Ruling GR-7: the die keeps its place; on the
        cabinet the seat turns it and the runtime confirms the new face with
        the camera before sending this action."""
        me = self._p(seat)
        steps = action.get("steps")
        most = self.comp.arrange["change"].level(me["levels"]["change"])["changes"]
        if not isinstance(steps, list) or not 1 <= len(steps) <= most:
            raise IllegalAction(f"Change Dice Rolls Lv.{me['levels']['change']} allows 1..{most} "
                                f"changes, got {steps!r}")
        try:
            new = apply_changes(me["dice"], steps)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from exc
        self._token_on_arrange(seat)
        old = me["dice"]
        me["dice"] = new
        return [_ev("change", f"seat {seat + 1} changes dice {old} -> {new}", player=seat)] + self._end_turn()

    def _do_reroll(self, seat: int, action: Action) -> list[Event]:
        """"Reroll Dice": Lv.1 twice, Lv.2 four times; the first reroll
        takes any of your dice, every later one only dice from the reroll
        just made (the narrowing rule)."""
        me = self._p(seat)
        dice = _faces(action.get("dice"), "dice")
        if not dice:
            raise IllegalAction("choose at least one die to reroll")
        rr = self.st["reroll"]
        pool = me["dice"] if rr is None else rr["eligible"]
        if take(pool, dice) is None:
            which = "your dice" if rr is None else "the dice you just rerolled"
            raise IllegalAction(f"you can only reroll {which} {pool}, not {dice}")
        if rr is None:
            self._token_on_arrange(seat)
            total = self.comp.arrange["reroll"].level(me["levels"]["reroll"])["rerolls"]
            rr = self.st["reroll"] = {"player": seat, "remaining": total, "eligible": []}
        rr["remaining"] -= 1
        rr["eligible"] = []
        me["dice"] = take(me["dice"], dice)
        self._roll(seat, len(dice), "reroll")
        self.st["after"] = "reroll"
        return [_ev("reroll", f"seat {seat + 1} rerolls {dice} ({plural(rr['remaining'], 'reroll')} left after this)",
                    player=seat)]

    def _do_add(self, seat: int, action: Action) -> list[Event]:
        """"Add Dice": Lv.1 up to 3, Lv.2 up to the dice limit; never above
        the limit, so a seat at its limit may not add (ruling GR-9); each die
        rolled (GR-5)."""
        count = action.get("count")
        most = self._max_add(seat)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= most:
            raise IllegalAction(f"you can add 1..{most} dice now (Add Dice Lv."
                                f"{self._p(seat)['levels']['add']}, dice limit), not {count!r}"
                                if most else "you cannot add dice: you are at your dice limit")
        self._token_on_arrange(seat)
        self._roll(seat, count, "add dice")
        self.st["after"] = "end_turn"
        return [_ev("add", f"seat {seat + 1} adds {plural(count, 'die', 'dice')}", player=seat)]

    def _do_wash(self, seat: int, action: Action) -> list[Event]:
        """"Wash Dishes": use 0..3 dice showing 1 for ¥1/3/5/7 (the player
        card's dishwashing table, GR-4)."""
        me = self._p(seat)
        ones = action.get("ones")
        have = me["dice"].count(1)
        if isinstance(ones, bool) or not isinstance(ones, int) or not 0 <= ones <= 3:
            raise IllegalAction(f"wash with 0..3 dice showing 1, not {ones!r}")
        if ones > have:
            raise IllegalAction(f"you have only {have} dice showing 1")
        gain = self._card(seat).dishwashing[ones]
        self._token_on_arrange(seat)
        me["dice"] = take(me["dice"], [1] * ones)
        me["coins"] += gain
        return [_ev("wash", f"seat {seat + 1} washes dishes with {plural(ones, 'die', 'dice')} showing 1 and gets ¥{gain}",
                    player=seat)] + self._end_turn()

    def _token_on_arrange(self, seat: int) -> None:
        me = self._p(seat)
        me["tokens"] -= 1
        me["arrange_tokens"] += 1

    # ------------------------------------------------------ turn order
    def _end_turn(self) -> list[Event]:
        """Pass the turn left (seat + 1) to the next seat with an action
        token (A-1: a seat without one passes); when no seat has one, end
        the round."""
        self.st["reroll"] = None
        n = self.num_players
        cur = self.st["turn"]
        events: list[Event] = []
        for k in range(1, n + 1):
            s = (cur + k) % n
            if self._p(s)["tokens"] > 0:
                self.st["turn"] = s
                return events
            if s != cur and any(p["tokens"] > 0 for p in self.st["players"]):
                events.append(_ev("pass", f"seat {s + 1} has no action token and passes", player=s))
        return events + self._end_round()

    def _begin_round(self) -> list[Event]:
        st = self.st
        st["round"] += 1
        st["turn"] = st["start_player"]
        events = [_ev("round", f"Round {st['round']} begins; seat {st['start_player'] + 1} starts",
                      round=st["round"])]
        if self._p(st["turn"])["tokens"] > 0:
            return events
        return events + self._end_turn()

    def _end_round(self) -> list[Event]:
        """"B. End of the Round" B-1..B-5."""
        st = self.st
        events: list[Event] = [_ev("round_end", f"Round {st['round']} ends", round=st["round"])]
        # B-1 customers' remaining rounds elapse; failures refill every space
        failed: list[str] = []
        for i, slot in enumerate(st["slots"]):
            if slot is None:
                continue
            if slot["time"] == 2:
                slot["time"] = 1
                continue
            failed.append(slot["id"])
            name = self.comp.customers[slot["id"]].name
            for o in slot["orders"]:
                if o["token"] is not None:
                    self._p(o["token"])["tokens"] += 1
                    # a dish served, lost with its customer (absent in older saves)
                    self._p(o["token"])["lost_dishes"] = self._p(o["token"]).get("lost_dishes", 0) + 1
            st["discarded_orders"] += len(slot["orders"])
            st["slots"][i] = None
            st["customers_left"] += 1
            st.setdefault("unserved_customers", []).append(slot["id"])
            events.append(_ev("failed", f"{name} was not served in time and leaves; their order cards "
                              "are discarded", customer=slot["id"]))
        if failed:
            for i in range(len(st["slots"])):
                if st["slots"][i] is None:
                    events += self._arrive(i)
        if all(s is None for s in st["slots"]):
            st["last_unserved"] = failed       # the game ends with these customers leaving unserved
            return events + self._game_over()
        # B-2 collect tokens from arrange cards and dishwashing areas only
        for p in st["players"]:
            p["tokens"] += p["arrange_tokens"]
            p["arrange_tokens"] = 0
        # B-3 start player: most dice; tie -> current start player, else
        # the tied seat nearest clockwise from them (ruling GR-6)
        counts = [len(p["dice"]) for p in st["players"]]
        best = max(counts)
        n = self.num_players
        start = next((st["start_player"] + k) % n for k in range(n) if counts[(st["start_player"] + k) % n] == best)
        st["start_player"] = start
        events.append(_ev("start_player", f"seat {start + 1} has the most dice and starts next round", player=start))
        # B-4 replenish to the dice limit; B-5 reroll the common dice
        for s, p in enumerate(st["players"]):
            missing = p["limit"] - len(p["dice"])
            if missing > 0:
                self._roll(s, missing, "replenish")
        st["common"] = []
        self._roll(None, 3, "common dice")
        st["after"] = "round"
        return events

    def _game_over(self) -> list[Event]:
        self.st["phase"] = "over"
        self.st["turn"] = None
        self.st["reroll"] = None
        sc = self.scores()
        return [_ev("game_over", "No customers are left: " + ", ".join(
            f"seat {s + 1} {int(v)} VP" for s, v in enumerate(sc)), scores=sc)]
