"""Cha dango's turn: the order revealed, the race's edges, the race
closed and its result, the VP cards placed, the next seat's turn
(rulebook "How to Play"; rulings CD-1, CD-2, CD-4..CD-10, CD-12, CAB-3,
CAB-4, CAB-7..CAB-9).  A mixin of :class:`engines.cha_dango.game.ChaDango`:
the methods read and change the game's state fields (``deck``, ``dining``,
``gaps``, ``vp``, ``race``, ...) described there; time is integer
microseconds on the edge-source clock.  An illegal action raises
:class:`~engines.base.IllegalAction` before anything changes.
"""
from __future__ import annotations

from typing import Any

from ..base import Action, Event, IllegalAction
from ..words import plural
from . import dining as places
from . import races
from .races import seat_name


def order_words(attribute: str, value: str) -> str:
    """The order as players say it: "fox", "pink dango", "teal background"
    (ruling CD-1)."""
    if attribute == "dango":
        return f"{value} dango"
    if attribute == "background":
        return f"{value} background"
    return value


class TurnRules:
    """The turn's actions of Cha dango (see the module docstring)."""

    def _reveal(self, action: Action) -> list[Event]:
        """Rulebook "How to Play" 1 (take an order), CD-1, CD-2.  The event
        names the order only: whether it matches is for the players to see
        (CD-9)."""
        if self.phase != "reveal":
            raise IllegalAction("an order is already being served: finish the race first")
        player, t = action.get("player"), action.get("t_us")
        if player != self.current:
            raise IllegalAction(f"it is {seat_name(self.current)}'s turn to reveal the next order")
        if t is None:
            raise IllegalAction("a reveal needs t_us (integer microseconds)")
        if t < self.now:
            raise IllegalAction(f"time cannot go backwards: reveal at {t} us, the clock is at {self.now} us")
        buttons = self._level_list(action, "buttons_down", self.buttons_down)
        cups = self._level_list(action, "cups_up", self.cups_up)
        cards = self.cards
        self.now = t
        self.buttons_down, self.cups_up = buttons, cups
        self.last_race = None
        card = self.deck.pop(0)
        self.revealed = card
        if not self.deck:  # CD-2: no back to read, no order, the game ends at once
            self.phase, self.race, self.order = "over", None, None
            return [{"type": "game_over", "card": card,
                     "text": (f"{seat_name(player)} revealed the last card ({cards[card].describe()}): "
                              f"no order can be formed, the dango are sold out. " + self._result_text())}]
        attribute = cards[self.deck[0]].back
        value = cards[card].value(attribute)
        self.order = {"attribute": attribute, "value": value}
        matches = [c for c in self.dining if cards[c].value(attribute) == value]
        self.phase = "race"
        self.race = races.new_race(t, self.options["sip_timeout_us"], matches, self.num_players)
        return [{"type": "order", "player": player, "card": card, "attribute": attribute, "value": value,
                 "t_us": t, "text": (f"Order: {order_words(attribute, value)}! Hit if a customer matches, "
                                     f"sip your tea if none does")}]

    def _level_list(self, action: Action, key: str, current: list[bool]) -> list[bool]:
        if key not in action:
            return list(current)
        seats = action[key]
        if (not isinstance(seats, list) or any(isinstance(s, bool) or not isinstance(s, int)
                                               or not 0 <= s < self.num_players for s in seats)
                or len(set(seats)) != len(seats)):
            raise IllegalAction(f"{key} must be a list of distinct seats 0..{self.num_players - 1}, got {seats!r}")
        return [s in seats for s in range(self.num_players)]

    def _edge(self, action: Action) -> list[Event]:
        """A button or cup edge during a race (CD-4..CD-7, CD-9, CAB-3)."""
        kind, player, t = action["type"], action.get("player"), action.get("t_us")
        if player is None:
            raise IllegalAction(f"a {kind} needs the seat ('player')")
        if t is None:
            raise IllegalAction(f"a {kind} needs t_us (integer microseconds)")
        if self.phase != "race":
            raise IllegalAction(f"no race is running: {kind} refused"
                                + (f"; {seat_name(self.current)} reveals the next order first"
                                   if self.phase == "reveal" else ""))
        race = self.race
        if t < race["open_us"]:
            raise IllegalAction(f"{kind} stamped {t} us, before the order appeared at {race['open_us']} us")
        horizon = self.now - self.options["settle_us"]
        if t < horizon:
            raise IllegalAction(f"{kind} stamped {t} us arrived too late: the race is settled up to {horizon} us")
        last = race["last_t_us"][player]
        if last is not None and t < last:
            raise IllegalAction(f"timestamps go backwards for {seat_name(player)}: {t} us after {last} us")
        if kind == "slap" and self.buttons_down[player]:
            raise IllegalAction(f"{seat_name(player)}'s button is already down: a release must come first")
        card = action.get("card")
        if kind == "slap" and (isinstance(card, bool) or not isinstance(card, int) or card not in self.dining):
            raise IllegalAction(   # ruling CD-12
                f"a hit names the customer it lands on ('card': one of the dining area's cards), got {card!r}"
                + ("; a game recorded before hits named their customer cannot be replayed" if card is None else ""))
        if kind == "release" and not self.buttons_down[player]:
            raise IllegalAction(f"{seat_name(player)}'s button is not down: nothing to release")
        if kind == "cup_lift" and self.cups_up[player]:
            raise IllegalAction(f"{seat_name(player)}'s cup is already up")
        if kind == "cup_down" and not self.cups_up[player]:
            raise IllegalAction(f"cup-down without a lift: {seat_name(player)}'s cup is already down")
        # valid: mutate
        race["last_t_us"][player] = t
        self.now = max(self.now, t)
        in_time = t <= race["timeout_at_us"]
        events: list[Event] = []
        shown = race.get("shown_us")     # CAB-15: a held race shown again at its restart
        since = race["open_us"] if shown is None else shown
        if kind in ("slap", "cup_lift") and t - since < self.options["reveal_grace_us"]:
            # CAB-7: too soon to be an answer to this order: made before it
            if kind == "slap":
                self.buttons_down[player] = True
            else:
                self.cups_up[player] = True
            what = "hit" if kind == "slap" else "cup lift"
            fix = "let go and hit again" if kind == "slap" else "put the cup down and lift it again"
            after = races.ms(t - since)
            event = {"type": "press_too_soon", "player": player, "t_us": t, "revealer": player == self.current}
            if shown is not None:        # CAB-15: nobody has seen the race again yet, the revealer neither
                event.update(revealer=False, after_restart=True)
                text = (f"{seat_name(player)}'s {what} came {after} after the race went on: too soon to count; "
                        f"look at the order, then {fix.replace(' again', '')}")
            elif player == self.current:   # the revealer's own double tap: nobody has seen the order yet
                text = (f"{seat_name(player)}'s {what} came {after} after revealing the order: too soon to count; "
                        f"look at the order, then {fix.replace(' again', '')}")
            else:
                text = (f"{seat_name(player)}'s {what} came {after} after the order: "
                        f"too soon to count (meant for the last one?); {fix} to answer")
            return [dict(event, text=text)] + self._advance()
        if kind == "slap":
            self.buttons_down[player] = True
            if in_time:
                races.answer(race, player, "slap", t)
                races.add_press(race, player, t, card)
        elif kind == "release":
            self.buttons_down[player] = False
        elif kind == "cup_lift":
            self.cups_up[player] = True
            if in_time:
                races.answer(race, player, "cup", t)
            if race["done_us"][player] is None:
                race["lift_us"][player] = t
        else:
            events.extend(self._cup_down(player, t))
        events.extend(self._advance())
        return events

    def _cup_down(self, player: int, t: int) -> list[Event]:
        """CD-6 (a sip = cup held up for sip_us) and CD-7 (a cup up before the
        order does not count).  Tracked the same way whether or not a
        customer matches (CD-9)."""
        race = self.race
        self.cups_up[player] = False
        lift = race["lift_us"][player]
        race["lift_us"][player] = None
        if race["done_us"][player] is not None:
            return []
        if lift is None:
            return [{"type": "sip_not_counted", "player": player, "t_us": t,
                     "text": f"{seat_name(player)}'s cup was up before the order: lift it again"}]
        held = t - lift
        if held < self.options["sip_us"]:
            return [{"type": "sip_too_short", "player": player, "t_us": t,
                     "text": (f"{seat_name(player)} put the cup down after {races.ms(held)}: too short, "
                              f"hold it {races.ms(self.options['sip_us'])} - lift again")}]
        if t > race["timeout_at_us"]:
            return [{"type": "sip_too_late", "player": player, "t_us": t,
                     "text": f"{seat_name(player)} finished the sip after the time-out"}]
        race["done_us"][player] = t
        return [{"type": "sipped", "player": player, "t_us": t,
                 "text": f"{seat_name(player)} sipped ({races.ms(t - race['open_us'])} after the order)"}]

    def _restart_race(self, action: Action) -> list[Event]:
        """Ruling CAB-8: a race resumed from a save starts again at ``t_us``
        (the end of the cabinet's countdown): the same order and matching
        customers, every answer, press and sip so far forgotten, the
        time-out counted from ``t_us``.  ``buttons_down`` / ``cups_up``:
        the seats' levels at ``t_us`` (as for a reveal).

        With ``paused_at_us`` (a race paused by a person and going on,
        CAB-8) nothing is forgotten: the race goes on at ``t_us`` as if no
        time had passed since ``paused_at_us``; every stamp of the race
        (the order, answers, hits, sips, wins, the time-out) moves on by
        ``t_us - paused_at_us``, so a hit made before the pause keeps its
        place and its time after the order, measured without the paused
        span (a stamp after ``paused_at_us`` counts as made at it).  A sip
        under way goes on if the cup is still up at ``t_us``."""
        if self.phase != "race":
            raise IllegalAction("no race to restart")
        t = action.get("t_us")
        if isinstance(t, bool) or not isinstance(t, int):
            raise IllegalAction("restart_race needs t_us (integer microseconds)")
        if t < self.now:
            raise IllegalAction(f"time cannot go backwards: restart at {t} us, the clock is at {self.now} us")
        paused = action.get("paused_at_us")
        if paused is not None and (isinstance(paused, bool) or not isinstance(paused, int)
                                   or not self.race["open_us"] <= paused <= t):
            raise IllegalAction(f"paused_at_us must be an integer stamp between the order "
                                f"({self.race['open_us']} us) and the restart ({t} us), got {paused!r}")
        buttons = self._level_list(action, "buttons_down", self.buttons_down)
        cups = self._level_list(action, "cups_up", self.cups_up)
        order = self.order
        if paused is not None:     # CAB-8: a paused race goes on; what was done before the pause stands
            races.shift_race(self.race, paused, t - paused)
            for s in range(self.num_players):
                if not (cups[s] and self.cups_up[s]):   # a cup put down in the pause: its sip must start again
                    self.race["lift_us"][s] = None
            self.now = t
            self.buttons_down, self.cups_up = buttons, cups
            if self.options.get("restart_grace"):    # CAB-15: hidden while held, shown again now
                self.race["shown_us"] = t
            return [{"type": "race_resumed", "t_us": t,
                     "text": f"The race for the order ({order_words(order['attribute'], order['value'])}) goes on "
                             f"after the pause: hits and sips made before it stand"}] + self._advance()
        self.now = t
        self.buttons_down, self.cups_up = buttons, cups
        self.race = races.new_race(t, self.options["sip_timeout_us"], list(self.race["customers"]), self.num_players)
        if self.options.get("restart_grace"):    # CAB-15: the grace's words are the restart's
            self.race["shown_us"] = t
        return [{"type": "race_restarted", "t_us": t,
                 "text": f"Order: {order_words(order['attribute'], order['value'])} (again)! "
                         f"Hit if a customer matches, sip your tea if none does"}]

    def _resume_choice(self, action: Action) -> list[Event]:
        """Ruling CAB-8 (with CAB-9): the VP-card choice held from
        ``paused_at_us`` (a person's pause, the window's Esc question) goes
        on at ``t_us`` with the time it had left: its deadline moves on by
        ``t_us - paused_at_us`` (a deadline at or before ``paused_at_us``
        stays).  Raises :class:`IllegalAction` outside a choice, or when a
        stamp is not an integer, ``paused_at_us`` lies after ``t_us`` or
        ``t_us`` before the clock (the state is unchanged)."""
        if self.phase != "place_vp" or self.choice_deadline_us is None:
            raise IllegalAction("no VP-card choice to go on with")
        t, paused = action.get("t_us"), action.get("paused_at_us")
        for key, v in (("t_us", t), ("paused_at_us", paused)):
            if isinstance(v, bool) or not isinstance(v, int):
                raise IllegalAction(f"resume_choice needs {key} (integer microseconds), got {v!r}")
        if t < self.now:
            raise IllegalAction(f"time cannot go backwards: going on at {t} us, the clock is at {self.now} us")
        if paused > t:
            raise IllegalAction(f"paused_at_us ({paused} us) must not be after t_us ({t} us)")
        if self.choice_deadline_us > paused:
            self.choice_deadline_us += t - paused
        self.now = t
        return self._advance()

    def _place_vp(self, action: Action) -> list[Event]:
        """CD-10: a seat that owes VP cards places the one it chose."""
        player, card = action.get("player"), action.get("card")
        if self.phase != "place_vp":
            raise IllegalAction("no VP card is to be placed now")
        if player is None:
            raise IllegalAction("place_vp needs the seat ('player')")
        if self.owed[player] <= 0:
            raise IllegalAction(f"{seat_name(player)} has no VP card to place")
        if isinstance(card, bool) or not isinstance(card, int) or card not in self.vp[player]:
            raise IllegalAction(f"card {card!r} is not one of {seat_name(player)}'s VP cards")
        # CAB-9: at the time-out the cabinet places the card the seat was shown (``"timed_out": true``)
        events = self._give_vp(player, card, chosen=True, timed_out=bool(action.get("timed_out")))
        if not any(self.owed):
            events.extend(self._end_turn())
        return events

    def _give_vp(self, player: int, card: int, chosen: bool, timed_out: bool = False) -> list[Event]:
        self.vp[player].remove(card)
        places.join(self.dining, self.gaps, card)     # a new customer: into the first gap (issue 34)
        self.owed[player] -= 1
        if self.last_race is not None:
            self.last_race["placed_vp"].append({"player": player, "card": card})
        how = "chooses" if chosen else "places"
        if timed_out:   # CD-10, CAB-9: the seat did not choose in time; say which card went
            return [{"type": "vp_lost", "player": player, "card": card, "chosen": chosen, "timed_out": True,
                     "text": (f"{seat_name(player)}'s time to choose was up: a VP card "
                              f"({self.cards[card].describe()}) goes to the dining area")}]
        return [{"type": "vp_lost", "player": player, "card": card, "chosen": chosen,
                 "text": (f"{seat_name(player)} {how} a VP card ({self.cards[card].describe()}) for the dining "
                          f"area: a new customer")}]

    # ------------------------------------------------------ race closing
    def _advance(self) -> list[Event]:
        """Decide what the horizon (now - settle window) has passed; close
        the race once it is decided; time out a VP-card choice."""
        o = self.options
        if self.phase == "race":
            race = self.race
            horizon = self.now - o["settle_us"]
            if horizon >= race["timeout_at_us"]:  # presses after the time-out answer nothing
                race["presses"] = [p for p in race["presses"] if p[0] <= race["timeout_at_us"]]
                horizon = max(horizon, race["timeout_at_us"] + o["tie_resolution_us"])
            races.advance_presses(race, horizon, o["tie_resolution_us"], o["placing_delay_us"],
                                  self.rng, self.cards)
            if races.is_decided(race, self.now - o["settle_us"]):
                return self._close_race()
            return []
        if self.phase == "place_vp" and self.choice_deadline_us is not None and self.now >= self.choice_deadline_us:
            events: list[Event] = []
            for seat in range(self.num_players):  # CD-10: time-out: the most recent VP cards go
                while self.owed[seat] > 0:
                    events.extend(self._give_vp(seat, self.vp[seat][-1], chosen=False, timed_out=True))
            return events + self._end_turn()
        return []

    def _close_race(self) -> list[Event]:
        """The race is decided: show what happened and settle it.

        Matching order (CD-4, CD-9, CD-12): the served customers become
        their winners' VP cards; seats whose first answer was their cup are
        told they sipped wrongly, seats that hit a customer that does not
        match that they hit wrongly (both won nothing more).  No match
        (CD-6, CD-9): every hit was wrong, and the slowest sipper (a wrong
        hitter did not sip) owes one VP card.  Every wrong hitter owes
        ``wrong_hit_vp_cards`` VP cards (default 0).  Owed cards go to the
        dining area: at once when the seat has no choice, else the seat
        chooses (CD-10, phase ``place_vp``).

        Sets ``last_race``: ``order``, ``matched``, ``customers`` (ids of
        the matching customers), ``won`` (``{"card", "player", "t_us"}``),
        ``open_us``, ``answers``, ``sipped_us``, ``wrong_hits``,
        ``wrong_sips`` (seats), ``wrong_hit_cards`` (per seat, the customer
        its wrong hit named, or None), ``slowest`` (seat or None),
        ``placed_vp`` (``{"player", "card"}``, filled as cards go) and
        ``wrong_hit_vp_cards`` (what a wrong hit cost, CD-9).
        """
        race, cards, n = self.race, self.cards, self.num_players
        matched = race["kind"] == "slap"
        answers = race["answers"]
        if matched:
            names = "; ".join(cards[c].describe() for c in race["customers"])
            text = (f"The order matched {len(race['customers'])} customer"
                    f"{'s' if len(race['customers']) > 1 else ''}: {names}")
        else:
            text = "No customer matched the order: it was time to sip tea"
        events: list[Event] = [{"type": "race_decided", "matched": matched, "customers": list(race["customers"]),
                                "text": text}]
        events.extend(race["log"])
        for card, seat, _ in race["won"]:
            places.leave(self.dining, self.gaps, card)   # its place stays empty until a new customer comes
            self.vp[seat].append(card)
        served = {c for c, _, _ in race["won"]}
        # book 2A: "then he may hit the 2nd card": said where a 2nd match stayed (issue 34)
        own = (f"; each matching customer takes a hit of its own, a winner's once it has placed its card "
               f"({races.ms(self.options['placing_delay_us'])})" if served else "")
        for card in race["customers"]:
            if card not in served:
                events.append({"type": "not_served", "card": card,
                               "text": f"Nobody served the customer ({cards[card].describe()}) in time{own}"})
        owed, wrong_hits, wrong_sips, slowest = self._wrong_answers(race, matched, events)
        self.last_race = {
            "order": dict(self.order), "matched": matched, "customers": list(race["customers"]),
            "won": [{"card": c, "player": s, "t_us": t} for c, s, t in race["won"]],
            "open_us": race["open_us"],
            "answers": [None if a is None else {"answer": a[0], "t_us": a[1]} for a in answers],
            "sipped_us": list(race["done_us"]), "wrong_hits": wrong_hits, "wrong_sips": wrong_sips,
            "wrong_hit_cards": [race["wrong_cards"][s] if s in wrong_hits else None for s in range(n)],
            "slowest": slowest, "placed_vp": [], "wrong_hit_vp_cards": self.options["wrong_hit_vp_cards"]}
        self.race = None
        self.owed = [min(owed[s], len(self.vp[s])) for s in range(n)]
        if slowest is not None and not self.vp[slowest]:
            events.append({"type": "vp_lost_none", "player": slowest,
                           "text": f"{seat_name(slowest)} has no VP card to lose"})
        for s in range(n):  # no choice to make: every VP card goes, oldest first
            if self.owed[s] and self.owed[s] == len(self.vp[s]):
                for card in list(self.vp[s]):
                    events.extend(self._give_vp(s, card, chosen=False))
        if any(self.owed):
            self.phase = "place_vp"
            self.choice_deadline_us = self.now + self.options["vp_choice_us"]
            for s in range(n):
                if self.owed[s]:
                    k = self.owed[s]
                    events.append({"type": "choose_vp", "player": s, "count": k,
                                   "text": (f"{seat_name(s)}: choose {plural(k, 'VP card')} to place "
                                            f"in the dining area")})
            return events
        return events + self._end_turn()

    def _wrong_answers(self, race: dict[str, Any], matched: bool,
                       events: list[Event]) -> tuple[list[int], list[int], list[int], int | None]:
        """The wrong answers of a decided race (CD-6, CD-9, CD-12), told in
        ``events``: on a matching order the seats that sipped and the seats
        whose hit named a customer that does not match; on an order nothing
        matches every hit, and the slowest sipper (a wrong hitter did not
        sip).  Returns ``(owed, wrong_hits, wrong_sips, slowest)``: the VP
        cards each seat owes (``wrong_hit_vp_cards`` a wrong hit, 1 the
        slowest sipper)."""
        cards, n, answers = self.cards, self.num_players, race["answers"]
        owed = [0] * n
        wrong_sips: list[int] = []
        slowest = None
        cost = self.options["wrong_hit_vp_cards"]
        costs = f" and {plural(cost, 'VP card')}" if cost else ""
        if matched:
            wrong_sips = [s for s, a in enumerate(answers) if a is not None and a[0] == "cup"]
            for s in wrong_sips:
                events.append({"type": "wrong_sip", "player": s, "t_us": answers[s][1],
                               "text": (f"{seat_name(s)} lifted the cup, but a customer matched: "
                                        f"no customer for them this order")})
            wrong_hits = [s for s in range(n) if race["wrong_us"][s] is not None]
            for s in wrong_hits:   # CD-12: the hit named a customer that does not match
                owed[s] += cost
                events.append({"type": "wrong_hit", "player": s, "t_us": race["wrong_us"][s],
                               "card": race["wrong_cards"][s],
                               "text": (f"{seat_name(s)} hit a customer that did not match "
                                        f"({cards[race['wrong_cards'][s]].describe()}): a wrong hit, "
                                        f"no customer for them this order{costs}")})
            return owed, wrong_hits, wrong_sips, slowest
        wrong_hits = [s for s, a in enumerate(answers) if a is not None and a[0] == "slap"]
        for s in wrong_hits:
            owed[s] += cost
            events.append({"type": "wrong_hit", "player": s, "t_us": answers[s][1], "card": race["wrong_cards"][s],
                           "text": f"{seat_name(s)} hit a customer, but none matched: a wrong hit, no sip{costs}"})
        slowest, evs = races.slowest_sipper(race, self.options["tie_resolution_us"], self.rng)
        events.extend(evs)
        owed[slowest] += 1
        return owed, wrong_hits, wrong_sips, slowest

    def _end_turn(self) -> list[Event]:
        """Rulebook "How to Play" 3: the revealed card joins the dining area,
        the player on the left takes the next turn."""
        cards = self.cards
        events: list[Event] = []
        card = self.revealed
        places.join(self.dining, self.gaps, card)     # "this card becomes a new customer": into the first gap
        self.revealed, self.order, self.race = None, None, None
        self.owed = [0] * self.num_players
        self.choice_deadline_us = None
        self.phase = "reveal"
        self.current = (self.current + 1) % self.num_players
        events.append({"type": "turn", "player": self.current, "card": card,
                       "text": (f"{cards[card].describe().capitalize()} joins the dining area. "
                                f"{seat_name(self.current)}: reveal the next order")})
        return events
