"""A uniform weight soup: the float weights of face nets fine-tuned from the
same net, averaged weight for weight (Wortsman et al. 2022, "Model soups").

    python -m vision.training.soup OUT.onnx IN_A.onnx IN_B.onnx [IN_C.onnx ...]

The third expert shipped at stop 76 is the soup of two third rounds of
``vision.training.hard`` (seeds 10 and 11) from the same second round: it
read more dice and misread fewer than either round alone
(``docs/dice-reader-history.md``).  Make its 8-bit copy afterwards
(``vision.training.quantize``).  Needs the ``train`` extra (``onnx``).
"""
from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np


class SoupError(ValueError):
    """The nets cannot be averaged: not the same graph (names, shapes)."""


def soup(paths: list[Path], out: Path) -> int:
    """Average the floating-point initializers of the ONNX files ``paths``
    (at least two, the same graph: every initializer's name and shape
    alike) into ``out``, the first file's graph with the means.  Integer
    initializers (shapes, indices) must be equal and are kept.

    Returns:
        how many initializers were averaged.

    Raises:
        SoupError: fewer than two files, or the graphs differ.
    """
    import onnx
    from onnx import numpy_helper
    if len(paths) < 2:
        raise SoupError("a soup needs at least two nets")
    models = [onnx.load(str(p)) for p in paths]
    tables = [{t.name: numpy_helper.to_array(t) for t in m.graph.initializer} for m in models]
    first = models[0]
    averaged = 0
    for t in first.graph.initializer:
        arrays = [table.get(t.name) for table in tables]
        if any(a is None or a.shape != arrays[0].shape for a in arrays):
            raise SoupError(f"{t.name}: not in every net with the same shape ({[p.name for p in paths]})")
        if arrays[0].dtype.kind == "f":
            mean = np.mean([a.astype(np.float64) for a in arrays], axis=0).astype(arrays[0].dtype)
            t.CopyFrom(numpy_helper.from_array(mean, t.name))
            averaged += 1
        elif any(not np.array_equal(a, arrays[0]) for a in arrays[1:]):
            raise SoupError(f"{t.name}: an integer initializer differs between the nets")
    out.parent.mkdir(parents=True, exist_ok=True)
    onnx.save(first, str(out))
    return averaged


def main(argv: list[str] | None = None) -> int:
    """CLI: ``OUT IN...``; prints how many weights were averaged."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", type=Path, help="the soup's ONNX file")
    p.add_argument("nets", type=Path, nargs="+", help="two or more ONNX files fine-tuned from the same net")
    a = p.parse_args(argv)
    try:
        n = soup(a.nets, a.out)
    except SoupError as exc:
        p.error(str(exc))
    print(f"{a.out}: {n} weights averaged over {len(a.nets)} nets")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
