"""Cha dango rules engine ("Cha dango Rulebook"; rulings CD-1..CD-8, CAB-3,
CAB-4).

Flow (rulebook "How to Play"): the current player reveals the top ordering
card; the order is the attribute on the back of the *new* top card of the
ordering deck plus that attribute's value on the revealed card's face
(ruling CD-1).  If customers in the dining area match, every seat races to
slap them (CD-4, CD-5); if none match, every seat races to sip tea (CD-6,
CD-7) and the slowest places a VP card into the dining area.  Then the
revealed card joins the dining area and the player on the left (next seat)
takes a turn.  Revealing the last card forms no order and ends the game at
once (CD-2).  Score = VP cards; ties share the victory (CD-8).

Actions (times are integer us on the edge-source clock, CAB-3):

* ``{"type": "reveal", "player": p, "t_us": T, "buttons_down": [...],
  "cups_up": [...]}``: the current player reveals the order at ``T`` (the
  runtime maps this to the seat's navigation push).  ``buttons_down`` and
  ``cups_up`` are the seats whose big button is held / whose cup is off its
  coaster at ``T`` (the runtime's debounced levels; both optional, default:
  the levels the engine last saw).
* ``{"type": "slap", "player": p, "t_us": T}``: the big button's press edge.
* ``{"type": "release", "player": p, "t_us": T}``: its release edge.
* ``{"type": "cup_lift", ...}`` / ``{"type": "cup_down", ...}``: the cup
  sensor's edges (switch under the coaster opens / closes).
* ``{"type": "tick", "t_us": T}``: time has reached ``T``.

Stuck button: a slap is a press *edge*, and the engine only accepts a press
when it knows the button is up.  A button held when the order appears
(listed in ``buttons_down``) therefore wins nothing until a ``release`` and a
new ``slap`` arrive.  Likewise a cup already up when the order appears must
be put down and lifted again before its sip counts (CD-7).

Races are refused outside their phase: slaps, releases and cup edges when
no race is running; cup edges during a slap race.  Slaps during a sip race
win nothing and cost nothing (CD-5).
"""
from __future__ import annotations

import copy
from typing import Any

from ..base import Action, Event, Game, IllegalAction, SetupError, ranking_from_keys
from . import races
from .cards import load_cards
from .races import seat_name

EDGE_TYPES = ("slap", "release", "cup_lift", "cup_down")


class ChaDango(Game):
    """Cha dango for 2 to 6 seats (ruling CD-3: six tea cup tokens).

    Options (all integer microseconds):
        settle_us: settle window; a late input may be stamped at most this
            long before the latest stamp seen (CAB-3).
        placing_delay_us: the serving winner's slaps are ignored this long
            after their winning slap (CD-4).
        sip_us: how long a cup must be held up for a sip (CD-6).
        sip_timeout_us: time after the order by which a sip must be complete
            (CD-6).
        tie_resolution_us: stamps closer than this are a tie (CAB-4).
    """

    game_id = "cha-dango"
    display_name = "Cha dango"
    min_players = 2
    max_players = 6
    option_defaults = {
        "settle_us": 2000,
        "placing_delay_us": 800_000,
        "sip_us": 1_000_000,
        "sip_timeout_us": 6_000_000,
        "tie_resolution_us": 5,
    }

    # ------------------------------------------------------------- setup
    def _setup(self) -> None:
        """Rulebook "Setting Up": 5 starting cards form the dining area, the
        rest are shuffled into the ordering deck; seat 0 starts.

        Raises:
            SetupError: a negative time option, a tie resolution below 1 us or
                a sip timeout shorter than the sip time.
        """
        o = self.options
        for key in ("settle_us", "placing_delay_us", "sip_us", "sip_timeout_us"):
            if o[key] < 0:
                raise SetupError(f"Cha dango: option {key!r} must be >= 0 us, got {o[key]}")
        if o["tie_resolution_us"] < 1:
            raise SetupError(f"Cha dango: option 'tie_resolution_us' must be >= 1 us, got {o['tie_resolution_us']}")
        if o["sip_timeout_us"] < o["sip_us"]:
            raise SetupError("Cha dango: 'sip_timeout_us' must be at least 'sip_us'")
        cards = load_cards()
        deck = cards.ordering_ids()
        self.rng.shuffle(deck)
        self.deck: list[int] = deck
        self.dining: list[int] = cards.starting_ids()
        self.vp: list[list[int]] = [[] for _ in range(self.num_players)]
        self.current = 0
        self.phase = "reveal"
        self.now = 0
        self.buttons_down = [False] * self.num_players
        self.cups_up = [False] * self.num_players
        self.revealed: int | None = None
        self.order: dict[str, str] | None = None
        self.race: dict[str, Any] | None = None

    @property
    def cards(self):
        """The validated card data (see :mod:`engines.cha_dango.cards`)."""
        return load_cards().cards

    # ----------------------------------------------------------- queries
    def active_players(self) -> list[int]:
        """Seats that may act: the current player before a reveal, every seat
        with an input to give during a race."""
        if self.phase == "reveal":
            return [self.current]
        if self.phase in ("slap", "sip"):
            return [p for p in range(self.num_players) if self.legal_actions(p)]
        return []

    def legal_actions(self, player: int) -> list[Action]:
        """Templates (``"t_us": None``) of the seat's next input.

        Before a reveal: the current player's reveal.  Slap race: a slap if
        the seat's button is up, else its release (every seat, winners and
        losers alike).  Sip race: a lift, or a cup-down whose ``t_min_us`` is
        the lift + sip time (CD-6); nothing once the seat has sipped.
        """
        if self.phase == "reveal":
            if player != self.current:
                return []
            return [{"type": "reveal", "player": player, "t_us": None,
                     "buttons_down": [s for s in range(self.num_players) if self.buttons_down[s]],
                     "cups_up": [s for s in range(self.num_players) if self.cups_up[s]]}]
        if self.phase == "slap":
            kind = "release" if self.buttons_down[player] else "slap"
            return [{"type": kind, "player": player, "t_us": None}]
        if self.phase == "sip":
            race = self.race
            if self.cups_up[player]:
                act = {"type": "cup_down", "player": player, "t_us": None}
                lift = race["lift_us"][player]
                if lift is not None and race["done_us"][player] is None:
                    act["t_min_us"] = lift + self.options["sip_us"]
                return [act]
            if race["done_us"][player] is None:
                return [{"type": "cup_lift", "player": player, "t_us": None}]
        return []

    def now_us(self) -> int:
        """Latest timestamp applied, us."""
        return self.now

    def deadline_us(self) -> int | None:
        """When a tick next lets a race decide (a press settled, the sip
        time-out passed), us; None when no tick is awaited."""
        o = self.options
        if self.phase == "slap":
            return races.slap_deadline(self.race, o["settle_us"], o["tie_resolution_us"])
        if self.phase == "sip":
            return races.sip_deadline(self.race, o["settle_us"])
        return None

    def is_terminal(self) -> bool:
        """True once the last card has been revealed (CD-2)."""
        return self.phase == "over"

    def scores(self) -> list[float]:
        """VP cards per seat (CD-8)."""
        return [float(len(v)) for v in self.vp]

    #: What each part of a :meth:`ranking_keys` key is (CD-8: no tie-break).
    RANKING_CRITERIA = (("VP cards", 1),)

    def ranking_keys(self) -> list[tuple[int]]:
        """Per seat ``(VP cards,)`` (CD-8)."""
        return [(len(v),) for v in self.vp]

    def ranking(self) -> list[list[int]]:
        """Most VP cards first; equal counts share the place (CD-8)."""
        return ranking_from_keys(self.ranking_keys())

    def view(self, player: int | None = None) -> dict[str, Any]:
        """Public table: dining area faces, the back of the top ordering card,
        the order, VP counts, race progress and input levels.  A seat's view
        adds its own VP cards (face down to the others).  Deck order and the
        RNG are never shown."""
        cards = self.cards
        v: dict[str, Any] = {
            "phase": self.phase,
            "current": self.current,
            "now_us": self.now,
            "deck_count": len(self.deck),
            "top_back": cards[self.deck[0]].back if self.deck else None,
            "dining_area": [cards[c].to_view() for c in self.dining],
            "revealed": cards[self.revealed].to_view() if self.revealed is not None else None,
            "order": dict(self.order) if self.order else None,
            "vp_counts": [len(x) for x in self.vp],
            "buttons_down": list(self.buttons_down),
            "cups_up": list(self.cups_up),
            "race": self._race_view(),
        }
        if player is not None:
            v["player"] = player
            v["my_vp_cards"] = [cards[c].to_view() for c in self.vp[player]]
        return v

    def _race_view(self) -> dict[str, Any] | None:
        race = self.race
        if race is None:
            return None
        if race["kind"] == "slap":
            return {"kind": "slap", "open_us": race["open_us"], "customers_left": list(race["targets"]),
                    "won": [{"card": c, "player": s, "t_us": t} for c, s, t in race["won"]]}
        return {"kind": "sip", "open_us": race["open_us"], "timeout_at_us": race["timeout_at_us"],
                "sipped_us": list(race["done_us"])}

    # ----------------------------------------------------------- actions
    def _apply(self, action: Action) -> list[Event]:
        kind = action["type"]
        if kind == "tick":
            return self._tick(action)
        if kind == "reveal":
            return self._reveal(action)
        if kind in EDGE_TYPES:
            return self._edge(action)
        raise IllegalAction(f"unknown action type {kind!r} in Cha dango")

    def _tick(self, action: Action) -> list[Event]:
        t = action.get("t_us")
        if t is None:
            raise IllegalAction("a tick needs t_us (integer microseconds)")
        if t < self.now:
            raise IllegalAction(f"time cannot go backwards: tick at {t} us, the clock is at {self.now} us")
        self.now = t
        return self._advance()

    def _reveal(self, action: Action) -> list[Event]:
        """Rulebook "How to Play" 1 (take an order), CD-1, CD-2."""
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
        what = f"{value} dango" if attribute == "dango" else (
            f"{value} background" if attribute == "background" else value)
        event = {"type": "order", "player": player, "card": card, "attribute": attribute, "value": value,
                 "matches": len(matches), "t_us": t}
        if matches:
            self.phase = "slap"
            self.race = races.new_slap_race(t, matches, self.num_players)
            event["text"] = (f"Order: {what}! {len(matches)} customer{'s' if len(matches) > 1 else ''} "
                             f"match{'es' if len(matches) == 1 else ''} - slap!")
        else:
            self.phase = "sip"
            self.race = races.new_sip_race(t, self.options["sip_timeout_us"], self.num_players)
            event["text"] = f"Order: {what}! No customer matches - everyone sip your tea!"
        return [event]

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
        """A button or cup edge during a race (CD-4..CD-7, CAB-3)."""
        kind, player, t = action["type"], action.get("player"), action.get("t_us")
        if player is None:
            raise IllegalAction(f"a {kind} needs the seat ('player')")
        if t is None:
            raise IllegalAction(f"a {kind} needs t_us (integer microseconds)")
        if self.phase not in ("slap", "sip"):
            raise IllegalAction(f"no race is running: {kind} refused; "
                                f"{seat_name(self.current)} reveals the next order first")
        race = self.race
        if kind in ("cup_lift", "cup_down") and self.phase == "slap":
            raise IllegalAction(f"{kind} refused: the order matches a customer, this is a slap race, not a sip")
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
        if kind == "release" and not self.buttons_down[player]:
            raise IllegalAction(f"{seat_name(player)}'s button is not down: nothing to release")
        if kind == "cup_lift" and self.cups_up[player]:
            raise IllegalAction(f"{seat_name(player)}'s cup is already up")
        if kind == "cup_down" and not self.cups_up[player]:
            raise IllegalAction(f"cup-down without a lift: {seat_name(player)}'s cup is already down")
        # valid: mutate
        race["last_t_us"][player] = t
        self.now = max(self.now, t)
        events: list[Event] = []
        if kind == "slap":
            self.buttons_down[player] = True
            if self.phase == "slap":
                races.add_press(race, player, t)
            else:
                events.append({"type": "slap_nothing", "player": player, "t_us": t,
                               "text": f"{seat_name(player)} slapped, but no customer matches: nothing won (CD-5)"})
        elif kind == "release":
            self.buttons_down[player] = False
        elif kind == "cup_lift":
            self.cups_up[player] = True
            if race["done_us"][player] is None:
                race["lift_us"][player] = t
        else:
            events.extend(self._cup_down(player, t))
        events.extend(self._advance())
        return events

    def _cup_down(self, player: int, t: int) -> list[Event]:
        """CD-6 (a sip = cup held up for sip_us) and CD-7 (a cup up before the
        order does not count)."""
        race = self.race
        self.cups_up[player] = False
        lift = race["lift_us"][player]
        race["lift_us"][player] = None
        if race["done_us"][player] is not None:
            return []
        if lift is None:
            return [{"type": "sip_not_counted", "player": player, "t_us": t,
                     "text": f"{seat_name(player)}'s cup was up before the order: lift it again (CD-7)"}]
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

    # ------------------------------------------------------ race closing
    def _advance(self) -> list[Event]:
        """Decide what the horizon (now - settle window) has passed and close
        the race when it is over."""
        o = self.options
        horizon = self.now - o["settle_us"]
        if self.phase == "slap":
            events = races.advance_slap(self.race, horizon, o["tie_resolution_us"], o["placing_delay_us"],
                                        self.rng, self.cards)
            for e in events:
                if e["type"] == "customer_won":  # the customer becomes the winner's VP card
                    self.dining.remove(e["card"])
                    self.vp[e["player"]].append(e["card"])
            if not self.race["targets"]:
                events.extend(self._end_turn())
            return events
        if self.phase == "sip":
            race = self.race
            if all(t is not None for t in race["done_us"]) or horizon >= race["timeout_at_us"]:
                return self._close_sip()
        return []

    def _close_sip(self) -> list[Event]:
        """CD-6: the slowest places one VP card into the dining area (the
        most recently won one: the cabinet offers no choice); none lost with
        no VP cards."""
        slowest, events = races.slowest_sipper(self.race, self.options["tie_resolution_us"], self.rng)
        if self.vp[slowest]:
            card = self.vp[slowest].pop()
            self.dining.append(card)
            events.append({"type": "vp_lost", "player": slowest, "card": card,
                           "text": (f"{seat_name(slowest)} places a VP card ({self.cards[card].describe()}) "
                                    f"in the dining area: a new customer")})
        else:
            events.append({"type": "vp_lost_none", "player": slowest,
                           "text": f"{seat_name(slowest)} has no VP card to lose"})
        return events + self._end_turn()

    def _end_turn(self) -> list[Event]:
        """Rulebook "How to Play" 3: the revealed card joins the dining area,
        the player on the left takes the next turn."""
        cards = self.cards
        events: list[Event] = []
        card = self.revealed
        self.dining.append(card)
        self.revealed, self.order, self.race = None, None, None
        self.phase = "reveal"
        self.current = (self.current + 1) % self.num_players
        events.append({"type": "turn", "player": self.current, "card": card,
                       "text": (f"{cards[card].describe().capitalize()} joins the dining area. "
                                f"{seat_name(self.current)}: reveal the next order")})
        return events

    def _result_text(self) -> str:
        best = self.ranking()[0]
        n = len(self.vp[best[0]])
        if len(best) > 1:
            return f"{races.seats_text(best)} share the victory with {n} VP cards"
        return f"{seat_name(best[0])} wins with {n} VP cards"

    # ----------------------------------------------------- serialisation
    _FIELDS = ("deck", "dining", "vp", "current", "phase", "now", "buttons_down", "cups_up",
               "revealed", "order", "race")

    def _state_to_json(self) -> dict[str, Any]:
        return copy.deepcopy({name: getattr(self, name) for name in self._FIELDS})

    def _state_from_json(self, state: dict[str, Any]) -> None:
        for name in self._FIELDS:
            setattr(self, name, state[name])

