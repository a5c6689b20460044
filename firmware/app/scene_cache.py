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
  changes only by an applied action; a refused one changes nothing),
- the ``repr`` of each context value read (``now_us`` read = a frame that
  shows time: its key changes every render, so it is built every render),
- each read seat's controls (``repr`` of its fields: cursor, armed choice,
  notes),
- whatever else the caller names (``extra``: the seat, the HDMI size, the
  result screen shown).

A builder is deterministic in those inputs, so an equal key gives an equal
frame: it is reused, and nothing changed.  A value whose ``repr`` does not
show its content (an object's default ``<... object at 0x...>``) is never
trusted: that build is not kept.
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


class SceneCache:
    """The last frame built in each slot (a seat's OLED, the HDMI) with the
    key of what it read; :meth:`begin` once a render, then :meth:`build`
    per slot.  ``hits`` / ``builds`` count reuses and builds."""

    def __init__(self) -> None:
        self._slots: dict[Any, tuple[frozenset, frozenset | None, tuple, Any]] = {}
        self._ctx: dict[str, Any] = {}
        self._version: Any = None
        self._prints: list[str] = []
        self.hits = 0
        self.builds = 0

    def begin(self, context: dict[str, Any], version: Any) -> None:
        """A render starts: ``context`` as the builders will get it, and
        ``version`` the game's state (the runtime's applied actions)."""
        self._ctx, self._version = context, version
        self._prints = [repr(vars(c)) if hasattr(c, "__dict__") else repr(c)
                        for c in (context.get(_CONTROLS) or ())]

    def forget(self) -> None:
        """Drop every kept frame (the next render builds all)."""
        self._slots.clear()

    def _key(self, keys: frozenset, seats: frozenset | None) -> tuple | None:
        ctx = self._ctx
        values = tuple(repr(ctx.get(k)) for k in sorted(keys - {_CONTROLS}))
        if any(" object at 0x" in v for v in values):
            return None
        if _CONTROLS in keys or seats:
            prints = tuple(self._prints) if seats is None else tuple(
                self._prints[s] if 0 <= s < len(self._prints) else None for s in sorted(seats))
        else:
            prints = ()
        return (self._version, values, prints)

    def build(self, slot: Any, make: Callable[[dict[str, Any]], Any], extra: Any = (),
              seats: tuple[int, ...] = ()) -> tuple[Any, bool]:
        """The frame of ``slot``: the kept one when its inputs are equal
        (``(frame, False)``), else ``make(context)`` built and kept
        (``(frame, True)``).  ``extra`` joins the key; ``seats`` are
        controls the builder gets besides the context (a seat's own)."""
        kept = self._slots.get(slot)
        if kept is not None:
            keys, kept_seats, key, frame = kept
            if key is not None and key == (extra, self._key(keys, kept_seats)):
                self.hits += 1
                return frame, False
        reads = Reads(self._ctx)
        frame = make(reads)
        self.builds += 1
        read_seats = None if reads.all_seats else frozenset(reads.seats | set(seats))
        keys = frozenset(reads.keys_read)
        inner = self._key(keys, read_seats)
        self._slots[slot] = (keys, read_seats, None if inner is None else (extra, inner), frame)
        return frame, True
