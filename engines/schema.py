"""Snapshot schemas: check a restored game state's shape, types, ranges and
component ids before an engine uses it (``Game._validate_state``).

A schema is plain data:

* ``int``, ``bool``, ``str``: a value of that JSON type (``int`` excludes
  ``bool``); ``list``, ``dict``: any list / object; ``Range(lo, hi)``: an int in ``lo..hi``; ``OneOf(values)``: one
  of those values (component ids, phase names);
* ``None``: JSON null; a tuple ``(A, B)``: A or B;
* ``[S]``: a list whose items match S; ``Fixed([A, B, C])``: a list of
  exactly those item schemas;
* a dict ``{key: S}``: an object with exactly those keys;
  ``MapOf(keys, S)``: an object whose keys are in ``keys`` and values match S.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Range:
    """An integer in ``low..high`` (inclusive)."""
    low: int
    high: int


@dataclass(frozen=True)
class OneOf:
    """One of a fixed set of values (ids, phase names)."""
    values: frozenset

    def __init__(self, values) -> None:
        object.__setattr__(self, "values", frozenset(values))


@dataclass(frozen=True)
class Fixed:
    """A list of exactly these item schemas."""
    items: tuple

    def __init__(self, items) -> None:
        object.__setattr__(self, "items", tuple(items))


@dataclass(frozen=True)
class MapOf:
    """An object with keys from ``keys`` (None: any string) and values ``value``."""
    keys: Any
    value: Any


def check(obj: Any, schema: Any, where: str = "state") -> None:
    """Check ``obj`` against ``schema``.

    Raises:
        ValueError: naming the first path that does not match and why.
    """
    if isinstance(schema, tuple):
        errors = []
        for alt in schema:
            try:
                check(obj, alt, where)
                return
            except ValueError as exc:
                errors.append(str(exc))
        raise ValueError(errors[0] if len(errors) == 1 else f"{where}: {obj!r:.60} matches no allowed form")
    if schema is None:
        if obj is not None:
            raise ValueError(f"{where} must be null, got {obj!r:.60}")
    elif schema is bool:
        if not isinstance(obj, bool):
            raise ValueError(f"{where} must be true/false, got {obj!r:.60}")
    elif schema is int:
        if isinstance(obj, bool) or not isinstance(obj, int):
            raise ValueError(f"{where} must be an integer, got {obj!r:.60}")
    elif schema is list or schema is dict:   # any list / any object (checked elsewhere)
        if not isinstance(obj, schema):
            raise ValueError(f"{where} must be a {'list' if schema is list else 'object'}, got {obj!r:.60}")
    elif schema is str:
        if not isinstance(obj, str):
            raise ValueError(f"{where} must be a string, got {obj!r:.60}")
    elif isinstance(schema, Range):
        if isinstance(obj, bool) or not isinstance(obj, int) or not schema.low <= obj <= schema.high:
            raise ValueError(f"{where} must be an integer in {schema.low}..{schema.high}, got {obj!r:.60}")
    elif isinstance(schema, OneOf):
        if isinstance(obj, (list, dict)) or obj not in schema.values:
            raise ValueError(f"{where}: unknown value {obj!r:.60}")
    elif isinstance(schema, list):
        if not isinstance(obj, list):
            raise ValueError(f"{where} must be a list, got {obj!r:.60}")
        for i, item in enumerate(obj):
            check(item, schema[0], f"{where}[{i}]")
    elif isinstance(schema, Fixed):
        if not isinstance(obj, list) or len(obj) != len(schema.items):
            raise ValueError(f"{where} must be a list of {len(schema.items)} items, got {obj!r:.60}")
        for i, (item, sub) in enumerate(zip(obj, schema.items)):
            check(item, sub, f"{where}[{i}]")
    elif isinstance(schema, MapOf):
        if not isinstance(obj, dict):
            raise ValueError(f"{where} must be an object, got {obj!r:.60}")
        for k, v in obj.items():
            if schema.keys is not None and k not in schema.keys:
                raise ValueError(f"{where}: unknown key {k!r}")
            check(v, schema.value, f"{where}.{k}")
    elif isinstance(schema, dict):
        if not isinstance(obj, dict):
            raise ValueError(f"{where} must be an object, got {obj!r:.60}")
        missing = set(schema) - set(obj)
        extra = set(obj) - set(schema)
        if missing or extra:
            raise ValueError(f"{where}: missing keys {sorted(missing)}, unknown keys {sorted(extra)}")
        for k, sub in schema.items():
            check(obj[k], sub, f"{where}.{k}")
    else:
        raise TypeError(f"bad schema at {where}: {schema!r}")


def distinct(values: list, where: str) -> None:
    """Raise ValueError if a component id appears twice (every component is
    in exactly one place)."""
    seen = set()
    for v in values:
        if v in seen:
            raise ValueError(f"{where}: {v!r} is in two places")
        seen.add(v)
