"""Build a seat's OLED frame and the HDMI scene only when what they show
changed (issue 36: a pass that changed one seat's cursor built every
scene again, at the Pi 4's CPU speed).

A builder reads the game (through the engine's views and the seats'
controls) and the render's *context* (:meth:`firmware.app.session.Session.context`).
:class:`SceneCache` hands the builder the context wrapped in
:class:`Reads`, which notes the context keys it read and, of
``context["controls"]``, the seats it read; the result is kept with a key
made of exactly those inputs:

- the game's state: the runtime's count of applied actions (the engine
  changes only by an applied action; a refused one changes nothing), or,
  for a builder handed the game itself (``build(..., game=...)``: a seat's
  OLED frame), what it read of the game (:class:`GameReads`: each engine
  method it called with its arguments and the ``repr`` of the answer, each
  attribute's ``repr``): after an applied action the kept frame is kept
  when every read gives the same answer again (issue 36: an action of one
  seat rebuilt every seat's frame),
- the ``repr`` of each context value read (``now_us`` read = a frame that
  shows time: its key changes every render, so it is built every render),
- each read seat's controls (``repr`` of its fields: cursor, armed choice,
  notes),
- whatever else the caller names (``extra``: the seat, the HDMI size, the
  result screen shown).

A builder is deterministic in those inputs, so an equal key gives an equal
frame: it is reused, and nothing changed.  A value whose ``repr`` does not
show its content (an object's default ``<... object at 0x...>``) is never
trusted: that build is not kept (a game read: the frame is keyed by the
applied actions instead, as is one that called an engine method not in
:data:`ASKED_AGAIN`, e.g. Retrograde's blast planner, too costly to ask
again).
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

#: context keys whose reads are tracked otherwise (per seat)
_CONTROLS = "controls"


class _SeatsRead:
    """``context["controls"]`` as a builder sees it: the seats' controls,
    noting which seats were read (iterating reads them all)."""

    def __init__(self, controls: Any, reads: "Reads") -> None:
        self._controls, self._reads = controls, reads

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, int):
            self._reads.seats.add(i if i >= 0 else len(self._controls) + i)
        else:
            self._reads.all_seats = True
        return self._controls[i]

    def __len__(self) -> int:
        return len(self._controls)

    def __iter__(self) -> Iterator[Any]:
        self._reads.all_seats = True
        return iter(self._controls)


class Reads(dict):
    """A render's context that notes what a builder read: :attr:`keys`
    (context keys read, or tested with ``in``), :attr:`seats` (seats of
    ``context["controls"]`` read), :attr:`all_seats` (every seat's, e.g.
    iterated).  Iterating or copying the context counts as reading it
    all."""

    def __init__(self, context: dict[str, Any]) -> None:
        super().__init__(context)
        self.keys_read: set[str] = set()
        self.seats: set[int] = set()
        self.all_seats = False

    def __getitem__(self, k: str) -> Any:
        self.keys_read.add(k)
        v = super().__getitem__(k)
        return _SeatsRead(v, self) if k == _CONTROLS and v is not None else v

    def get(self, k: str, default: Any = None) -> Any:
        self.keys_read.add(k)
        return self[k] if super().__contains__(k) else default

    def __contains__(self, k: object) -> bool:
        if isinstance(k, str):
            self.keys_read.add(k)
        return super().__contains__(k)

    def _everything(self) -> None:
        self.keys_read.update(super().keys())
        self.all_seats = True

    def __iter__(self) -> Iterator[str]:
        self._everything()
        return super().__iter__()

    def keys(self) -> Any:
        self._everything()
        return super().keys()

    def values(self) -> Any:
        self._everything()
        return super().values()

    def items(self) -> Any:
        self._everything()
        return super().items()

    def copy(self) -> dict[str, Any]:
        self._everything()
        return dict(super().items())


#: Engine methods a kept frame's reads may ask again after an action (cheap
#: and pure: the :class:`engines.base.Game` API and Retrograde's dice).
ASKED_AGAIN = frozenset({"view", "legal_actions", "chance_requests", "active_players", "is_terminal", "scores",
                         "ranking", "ranking_keys", "now_us", "deadline_us", "seat_dice", "can_take_back",
                         "take_back_problem"})
#: Game attributes set once when the game is made (never read again).
FIXED = frozenset({"game_id", "display_name", "num_players", "seed", "options", "comp", "TAKE_BACK",
                   "min_players", "max_players", "option_defaults", "REVEALING_EVENTS"})


def _print(value: Any) -> str | None:
    """The ``repr`` of ``value``, or None when it does not show its content."""
    text = repr(value)
    return None if " object at 0x" in text else text


class GameReads:
    """The game as a builder sees it: every attribute and method of the
    game, noting what was read (:attr:`reads`: ``(name, args, kwargs) ->
    repr of the answer``; a fixed attribute, :data:`FIXED`, is not noted),
    and :attr:`trusted` False once a read cannot be asked again and
    compared (an answer without a content ``repr``, a method not in
    :data:`ASKED_AGAIN`).  One per game, kept (firmware caches key on the
    game's ``id``)."""

    def __init__(self, game: Any) -> None:
        object.__setattr__(self, "_game", game)
        self.start()

    def start(self) -> None:
        """A build starts: nothing read yet."""
        object.__setattr__(self, "reads", {})
        object.__setattr__(self, "trusted", True)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a screen builder may not set the game's {name}")

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._game, name)
        if name in FIXED:
            return value
        if not callable(value):
            self._note((name, None, None), value)
            return value

        def asked(*args: Any, **kwargs: Any) -> Any:
            answer = value(*args, **kwargs)
            if name not in ASKED_AGAIN:
                object.__setattr__(self, "trusted", False)
                return answer
            if type(answer) is dict:      # a view: what the builder reads of it is noted key by key
                answer = _ViewRead(answer)
            self._note((name, args, tuple(sorted(kwargs.items()))), answer)
            return answer
        return asked

    def _note(self, what: tuple, answer: Any) -> None:
        key = (what[0], _print(what[1]), _print(what[2]))
        if None in key[1:]:
            object.__setattr__(self, "trusted", False)
            return
        self.reads.setdefault(key, []).append((what, answer))

    def finish(self) -> dict | None:
        """The build is over: its reads (``(name, args, kwargs) -> (the
        call, the keys read of a dict answer or None: all, the printed
        answer)``), or None when they cannot be trusted."""
        if not self.trusted:
            return None
        out = {}
        for key, answers in self.reads.items():
            what, keys = answers[0][0], set()
            for _, answer in answers:
                if not isinstance(answer, Reads) or answer.all_seats or keys is None:
                    keys = None
                else:
                    keys |= answer.keys_read
            printed = _printed(answers[0][1], keys)
            if printed is None:
                return None
            out[key] = (what, None if keys is None else frozenset(keys), printed)
        return out


def _printed(answer: Any, keys: Any) -> str | None:
    """The ``repr`` of ``answer`` (of only its ``keys`` when given: a dict
    of which the builder read those), or None when it hides its content."""
    if keys is None:
        return _print(dict(answer.items()) if isinstance(answer, Reads) else answer)
    return _print([(k, dict.get(answer, k, _MISSING)) for k in sorted(keys, key=repr)])


_MISSING = "(missing)"


class _ViewRead(Reads):
    """An engine's dict answer (a view) as a builder sees it: the keys it
    read are noted (:class:`Reads`); comparing, printing or measuring it
    reads all of it."""

    def __getitem__(self, k: str) -> Any:
        self.keys_read.add(k)
        return dict.__getitem__(self, k)

    def get(self, k: str, default: Any = None) -> Any:
        self.keys_read.add(k)
        return dict.get(self, k, default)

    def __len__(self) -> int:
        self._everything()
        return dict.__len__(self)

    def __eq__(self, other: object) -> bool:
        self._everything()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None     # type: ignore[assignment]

    def __repr__(self) -> str:
        self._everything()
        return dict.__repr__(self)


class SceneCache:
    """The last frame built in each slot (a seat's OLED, the HDMI) with the
    key of what it read; :meth:`begin` once a render, then :meth:`build`
    per slot.  ``hits`` / ``builds`` count reuses and builds."""

    def __init__(self) -> None:
        self._slots: dict[Any, tuple[frozenset, frozenset | None, tuple, Any]] = {}
        self._ctx: dict[str, Any] = {}
        self._version: Any = None
        self._prints: list[str] = []
        self._games: dict[int, GameReads] = {}
        self._asked: dict[tuple, str | None] = {}    # game reads asked again this render
        self.hits = 0
        self.builds = 0

    def begin(self, context: dict[str, Any], version: Any) -> None:
        """A render starts: ``context`` as the builders will get it, and
        ``version`` the game's state (the runtime's applied actions)."""
        self._ctx, self._version = context, version
        self._asked = {}
        self._prints = [repr(vars(c)) if hasattr(c, "__dict__") else repr(c)
                        for c in (context.get(_CONTROLS) or ())]

    def forget(self) -> None:
        """Drop every kept frame (the next render builds all)."""
        self._slots.clear()

    def _key(self, keys: frozenset, seats: frozenset | None, version: Any = None) -> tuple | None:
        ctx = self._ctx
        values = tuple(repr(ctx.get(k)) for k in sorted(keys - {_CONTROLS}))
        if any(" object at 0x" in v for v in values):
            return None
        if _CONTROLS in keys or seats:
            prints = tuple(self._prints) if seats is None else tuple(
                self._prints[s] if 0 <= s < len(self._prints) else None for s in sorted(seats))
        else:
            prints = ()
        return (version, values, prints)

    def _same_reads(self, game: Any, reads: dict) -> bool:
        """True when every read of ``game`` gives the same answer now
        (each asked once a render, whichever slot asks)."""
        for key, ((name, args, kwargs), keys, printed) in reads.items():
            if key not in self._asked:
                value = getattr(game, name)
                self._asked[key] = value(*args, **dict(kwargs)) if args is not None else value
            if _printed(self._asked[key], keys) != printed:
                return False
        return True

    def build(self, slot: Any, make: Callable[..., Any], extra: Any = (),
              seats: tuple[int, ...] = (), game: Any = None) -> tuple[Any, bool]:
        """The frame of ``slot``: the kept one when its inputs are equal
        (``(frame, False)``), else ``make(context)`` built and kept
        (``(frame, True)``).  ``extra`` joins the key; ``seats`` are
        controls the builder gets besides the context (a seat's own).
        With ``game``, the builder is ``make(context, game_reads)``: it
        reads the game through :class:`GameReads`, and the frame is kept
        across actions while those reads answer the same."""
        kept = self._slots.get(slot)
        if kept is not None:
            keys, kept_seats, key, frame, reads, version = kept
            tracked = reads is not None
            if key is not None and key == (extra, self._key(keys, kept_seats, None if tracked else self._version)):
                if not tracked or version == self._version or self._same_reads(game, reads):
                    if tracked and version != self._version:
                        self._slots[slot] = (keys, kept_seats, key, frame, reads, self._version)
                    self.hits += 1
                    return frame, False
        ctx = Reads(self._ctx)
        if game is None:
            frame, reads = make(ctx), None
        else:
            proxy = self._games.get(id(game))
            if proxy is None or proxy._game is not game:
                proxy = self._games[id(game)] = GameReads(game)
            proxy.start()
            frame = make(ctx, proxy)
            reads = proxy.finish()
        self.builds += 1
        read_seats = None if ctx.all_seats else frozenset(ctx.seats | set(seats))
        keys = frozenset(ctx.keys_read)
        inner = self._key(keys, read_seats, None if reads is not None else self._version)
        self._slots[slot] = (keys, read_seats, None if inner is None else (extra, inner), frame, reads,
                             self._version)
        return frame, True
