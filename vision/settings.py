"""Config schema of the ``[vision]`` section (dice reader calibration and
tray zones).  Plain data read by :mod:`firmware.runtime.config`; :func:`check` adds
semantic checks."""
from __future__ import annotations

from typing import Any

TRAY_SCHEMA: dict[str, dict] = {
    "seat": {"type": int, "default": 0, "min": 0, "max": 5, "doc": "seat index this tray belongs to"},
    "polygon": {"type": list, "default": [], "doc": "tray outline in frame px, [[x, y], ...] (3+ points)"},
}

VISION_SCHEMA: dict[str, dict] = {
    "settle_ms": {"type": int, "default": 400, "min": 50, "max": 5000,
                  "doc": "dice must be unchanged this long to count as at rest, ms"},
    "contest_ms": {"type": int, "default": 4000, "min": 0, "max": 10000,
                   "doc": "a settled reading is shown this long for its seat to check: a long press "
                          "rejects it (reroll), a short press accepts it; 0 = no check, ms"},
    "min_value_p": {"type": float, "default": 0.7, "min": 0.5, "max": 0.99,
                    "doc": "probability a die's readings must give its value for it to be read (else it is "
                           "unread and its seat nudges it); lower reads more dice and misreads more"},
    "agreement": {"type": str, "default": "expert", "choices": ["expert", "both"],
                  "doc": "who decides a die the fast net is unsure of: \"expert\" (the expert net's "
                         "turns alone) or \"both\" (the expert and the fast net must agree: fewer dice "
                         "read, more left to nudge, a few less misread)"},
    "lean_max_p": {"type": float, "default": 0.5, "min": 0.05, "max": 1.0,
                   "doc": "how sure the lean net must be that a die leans (cocked on the tray's wall or "
                          "on another die) for it to stay unread and its seat to nudge it; 1.0 = never "
                          "ask the lean net (a camera looking at the trays at a slant, whose flat dice it "
                          "takes for leaning)"},
    "white_balance": {"type": list, "items": float, "default": [1.0, 1.0, 1.0],
                      "doc": "per-channel B, G, R gains from calibration"},
    "trays": {"type": "tables", "schema": TRAY_SCHEMA, "default": [],
              "doc": "one [[vision.trays]] per seat; empty = split the frame evenly"},
}

SCHEMA: dict[str, dict] = {
    "vision": {"type": "table", "schema": VISION_SCHEMA, "doc": "dice reader"},
}


def check(cfg: dict[str, Any]) -> list[tuple[str, str]]:
    """Semantic checks of ``[vision]``: polygons well formed, one tray per
    seat.  Returns ``(key_path, message)`` pairs."""
    problems: list[tuple[str, str]] = []
    wb = cfg.get("vision", {}).get("white_balance", [1.0, 1.0, 1.0])
    if check_white_balance(wb) is not None:
        problems.append(("vision.white_balance", check_white_balance(wb)))
    seen: set[int] = set()
    for i, tray in enumerate(cfg.get("vision", {}).get("trays", [])):
        poly = tray["polygon"]
        if len(poly) < 3 or not all(isinstance(p, list) and len(p) == 2 and all(
                isinstance(c, (int, float)) and not isinstance(c, bool) for c in p) for p in poly):
            problems.append((f"vision.trays[{i}].polygon",
                             "must be 3 or more [x, y] points in frame pixels, e.g. [[0,0],[320,0],[320,240]]"))
        else:
            w = cfg.get("camera", {}).get("width")
            h = cfg.get("camera", {}).get("height")
            if isinstance(w, int) and isinstance(h, int):
                outside = [p for p in poly if not (0 <= p[0] <= w and 0 <= p[1] <= h)]
                if outside:
                    problems.append((f"vision.trays[{i}].polygon",
                                     f"point(s) {', '.join(map(str, outside))} lie outside the {w}x{h} camera "
                                     "frame (camera.width x camera.height); recalibrate the trays or fix the "
                                     "camera size"))
        if tray["seat"] in seen:
            problems.append((f"vision.trays[{i}].seat", f"seat {tray['seat']} already has a tray"))
        seen.add(tray["seat"])
    return problems


def check_white_balance(wb: Any) -> str | None:
    """What is wrong with B, G, R white-balance gains (three finite numbers
    in 0.05..20), or ``None`` if they are fine."""
    import math
    if hasattr(wb, "tolist") and getattr(wb, "ndim", 0) == 1:  # a numpy array of 3 gains
        wb = wb.tolist()
    if not isinstance(wb, (list, tuple)) or len(wb) != 3 or not all(
            isinstance(g, (int, float)) and not isinstance(g, bool) and math.isfinite(g) and 0.05 <= g <= 20
            for g in wb):
        return (f"must be three B, G, R gains between 0.05 and 20, got {wb!r}; "
                "run the calibration or use [1.0, 1.0, 1.0]")
    return None


def missing_trays(vision_cfg: dict[str, Any], players: int) -> list[int]:
    """Seats ``0..players-1`` with no ``[[vision.trays]]`` zone, when trays
    are configured at all (none configured: the frame is split evenly, so
    nothing is missing)."""
    trays = vision_cfg.get("trays", [])
    if not trays:
        return []
    have = {t.get("seat") for t in trays}
    return [s for s in range(players) if s not in have]
