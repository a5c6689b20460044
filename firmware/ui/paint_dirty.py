"""Which parts of the screen a new scene changes (the painter's dirty
rectangles): each component's signature (its kind, place and state), the
rectangles whose components changed, appeared or went, each with a margin,
merged where they touch; ``None`` where they cover most of the screen (a
whole repaint is then cheaper).  Rects in px of the scene's surface."""
from __future__ import annotations

from firmware.ui.kit import Node, Rect, Scene, props_repr

#: Room around a changed component repainted with it (a thick edge, a glow).
_DIRTY_MARGIN = 8


def _items(scene: Scene, prev: list[tuple] | None = None) -> list[tuple]:
    """Each top-level component's ``(signature, rect to repaint, node)``:
    equal signatures draw equal pixels (a group by its content digest).  A
    node that is the very object drawn at the same place last frame (a
    cached part's node) keeps last frame's signature."""
    out = []
    m = _DIRTY_MARGIN
    prev = prev or []
    for i, n in enumerate(scene.nodes):
        if i < len(prev) and prev[i][2] is n:
            out.append(prev[i])
            continue
        out.append((_sig(n), Rect(n.rect.x - m, n.rect.y - m, n.rect.w + 2 * m, n.rect.h + 2 * m), n))
    return out


def _near(x: int, y: int, w: int, h: int, m: int, box: Rect) -> bool:
    """True when the rectangle ``(x, y, w, h)`` grown by ``m`` on every
    side shares a pixel with ``box`` (``Rect.intersects`` without making
    the grown rectangle: the painter asks it of every component)."""
    bx, by, bw, bh = box
    return x - m < bx + bw and bx < x + w + m and y - m < by + bh and by < y + h + m


def _sig(n: Node) -> tuple:
    """What a component draws (equal signatures draw equal pixels); kept
    on the node (a scene's nodes are not changed once drawn: a part's are
    reused from scene to scene, :meth:`Scene.part`)."""
    got = n.__dict__.get("_painted_sig")
    if got is None:
        if n.kind == "group":
            got = ("group", n.rect, n.props["digest"], n.props.get("bg"))
        else:
            got = (n.kind, n.rect, n.key, props_repr(n))
        n.__dict__["_painted_sig"] = got
    return got


def _changed_children(old: Node, new: Node) -> list[Rect] | None:
    """Where a group drawn at the same place changed since the last frame:
    the rects (with the margin, cut to the group) of its children added,
    changed or gone; None when that cannot be told (the children that
    stayed are in another order) or is most of the group."""
    a, b = old.props["children"], new.props["children"]
    sa = [(c, _sig(c)) for c in a]
    sb = [(c, ca[1] if k < len(sa) and (ca := sa[k])[0] is c else _sig(c)) for k, c in enumerate(b)]
    in_a, in_b = {x[1] for x in sa}, {x[1] for x in sb}
    if [x[1] for x in sa if x[1] in in_b] != [x[1] for x in sb if x[1] in in_a]:
        return None
    m, g = _DIRTY_MARGIN, new.rect
    out = []
    for c, sig in [x for x in sb if x[1] not in in_a] + [x for x in sa if x[1] not in in_b]:
        r = c.rect
        x0, y0 = max(g.x, r.x - m), max(g.y, r.y - m)
        x1, y1 = min(g.right, r.right + m), min(g.bottom, r.bottom + m)
        if x1 > x0 and y1 > y0:
            out.append(Rect(x0, y0, x1 - x0, y1 - y0))
    if sum(r.w * r.h for r in out) > g.w * g.h * 0.6:
        return None
    return out


def _dirty(old: list[tuple], new: list[tuple], size: tuple[int, int],
           groups: dict | None = None) -> list[Rect] | None:
    """The rectangles to repaint between two frames' components (merged
    where they overlap); None when much of the screen changed (repaint it
    all).  A group drawn at the same place as last frame's counts by its
    children that changed (:func:`_changed_children`), not as a whole;
    ``groups`` then gets, per new group's cache key, the last frame's
    group and the changed rects (:meth:`Painter._group` draws the new one
    from the old one's surface, redrawing only those)."""
    if len(new) == len(old) and all(a[0] == b[0] for a, b in zip(old, new)):
        return []
    old_sigs = {o[0] for o in old}
    new_sigs = {n[0] for n in new}
    gone = [o for o in old if o[0] not in new_sigs]
    if not gone and all(n[0] in old_sigs for n in new):  # same components in another order: draw the order again
        return None
    rects = [o[1] for o in gone]
    for n in new:
        if n[0] in old_sigs:
            continue
        node = n[2]
        was = None
        if node.kind == "group":
            was = next((o for o in gone if o[2].kind == "group" and o[2].rect == node.rect
                        and o[2].props.get("bg") == node.props.get("bg")), None)
        parts = None if was is None else _changed_children(was[2], node)
        if parts is None:
            rects.append(n[1])
            continue
        rects.remove(was[1])        # (the old group's place: only its changed children are)
        gone.remove(was)
        rects += parts
        if groups is not None:
            groups[_group_key(node)] = (was[2], parts)
    return _merged(rects, size)


def _merged(rects: list[Rect], size: tuple[int, int]) -> list[Rect] | None:
    """``rects`` cut to the surface and merged where they overlap (each
    merged pair becomes the box around both, until none overlap); None
    when they cover over 60 % of it (repaint it all)."""
    merged: list[Rect] = []
    for r in rects:
        x0, y0 = max(0, r.x), max(0, r.y)
        r = Rect(x0, y0, min(size[0], r.right) - x0, min(size[1], r.bottom) - y0)
        if r.w <= 0 or r.h <= 0:
            continue
        grown = True
        while grown:
            grown = False
            for k, q in enumerate(merged):
                if q.intersects(r):
                    x0, y0 = min(q.x, r.x), min(q.y, r.y)
                    r = Rect(x0, y0, max(q.right, r.right) - x0, max(q.bottom, r.bottom) - y0)
                    merged.pop(k)
                    grown = True
                    break
        merged.append(r)
    if sum(r.w * r.h for r in merged) > size[0] * size[1] * 0.6:
        return None
    return merged


def _group_key(node: Node) -> tuple:
    """A group's (part's) cached surface's key."""
    return ("group", node.rect.w, node.rect.h, node.props["digest"], node.props.get("bg"))
