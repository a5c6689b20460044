"""A Retrograde seat's power-ups by name, as much of the list as its panel
holds (:mod:`firmware.screens.retrograde_sheet`'s counts)."""
from __future__ import annotations

from engines.retrograde.components import default_components

from firmware.ui.kit import Rect, Scene, wrap_words


def power_up(cid: str) -> str:
    """The power-up's name on card ``cid`` ("" for none or an unknown card)."""
    try:
        return default_components().card(cid).power_up or ""
    except KeyError:
        return ""


def names_that_fit(scene: Scene, names: list[str], r: Rect, size: int) -> list[str]:
    """Power-ups' ``names`` as the panel ``r`` (px) holds them at
    ``size``: all of them where they fit, else as many as fit and "+N
    more" for the rest (PT42: "2 unlocked" over one name, the other
    dropped), else none (the count says how many)."""
    room = r.h // max(1, scene.measure("Ag", size)[1]) if r.h > 0 else 0

    def lines(texts: list[str]) -> int | None:
        wrapped = [wrap_words(t, r.w, size, scene.measure) for t in texts]
        return None if any(w is None for w in wrapped) else sum(len(w) for w in wrapped)
    for k in range(len(names), 0, -1):
        shown = names[:k] + ([f"+{len(names) - k} more"] if k < len(names) else [])
        used = lines(shown)
        if used is not None and used <= room:
            return shown
    return []
