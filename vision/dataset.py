"""Labelled photo sets laid out like ``../shared/dice/nell-byler-dev``:
``images/*.jpg`` plus YOLO ``labels/<stem>.txt`` lines ``cls cx cy w h``
(normalised 0..1; class k means k+1 pips).  Also finds the shared data
folder (``$CABINET_DICE_DATA`` or ``../shared/dice`` from the project root)."""
from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp")


@dataclass(frozen=True)
class LabelledDie:
    """A ground-truth die: value 1..6 and its box in px (x0, y0, x1, y1)."""

    value: int
    box: tuple[float, float, float, float]

    @property
    def center(self) -> tuple[float, float]:
        """Box centre (x, y) in px."""
        return ((self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2)


def find_dice_data(dev_name: str = "nell-byler-dev") -> Path | None:
    """The labelled set folder, or ``None`` if absent.  Looks at
    ``$CABINET_DICE_DATA`` (the set itself or its parent) and then
    ``../shared/dice/`` relative to the project root."""
    candidates = []
    env = os.environ.get("CABINET_DICE_DATA")
    if env:
        candidates += [Path(env), Path(env) / dev_name]
    root = Path(__file__).resolve().parent.parent
    candidates.append(root.parent / "shared" / "dice" / dev_name)
    for c in candidates:
        if (c / "images").is_dir() and (c / "labels").is_dir():
            return c
    return None


def list_images(folder: str | os.PathLike) -> list[Path]:
    """Image files of a set folder (its ``images/`` subfolder if present),
    sorted by name."""
    folder = Path(folder)
    img_dir = folder / "images" if (folder / "images").is_dir() else folder
    return sorted(p for p in img_dir.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)


def load_labels(image_path: str | os.PathLike, width: int, height: int) -> list[LabelledDie]:
    """Ground truth of one image from ``../labels/<stem>.txt`` (YOLO,
    class k = k+1 pips), boxes converted to px of a ``width`` x ``height``
    image.  Raises ``ValueError`` naming the file and line when a line is
    malformed; returns ``[]`` when no label file exists."""
    image_path = Path(image_path)
    label = image_path.parent.parent / "labels" / (image_path.stem + ".txt")
    if not label.is_file():
        return []
    dice = []
    for n, line in enumerate(label.read_text().splitlines(), 1):
        if not line.strip():
            continue
        parts = line.split()
        try:
            cls, cx, cy, w, h = int(parts[0]), *map(float, parts[1:5])
        except (ValueError, IndexError) as e:
            raise ValueError(f"{label}:{n}: expected 'cls cx cy w h', got {line!r}") from e
        if not 0 <= cls <= 5:
            raise ValueError(f"{label}:{n}: class {cls} is not 0..5 (class k = k+1 pips)")
        dice.append(LabelledDie(cls + 1, ((cx - w / 2) * width, (cy - h / 2) * height,
                                          (cx + w / 2) * width, (cy + h / 2) * height)))
    return dice


#: label corrections of the shared sets (see the file's header)
ERRATA_FILE = Path(__file__).with_name("label_errata.toml")


@lru_cache(maxsize=4)
def load_errata(path: str | os.PathLike = ERRATA_FILE) -> dict[tuple[str, str], list[tuple[float, float, int, int]]]:
    """Label errata (``vision/label_errata.toml``): ``{(set, image): [(x,
    y, labelled, top), ...]}``, x / y in px of the labelled box's centre.
    Raises ``ValueError`` naming the file and entry when an entry lacks a
    field or a value is out of range (values 1..6, labelled != top)."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"{path}: cannot read the label errata ({exc})") from None
    out: dict[tuple[str, str], list[tuple[float, float, int, int]]] = {}
    for n, e in enumerate(data.get("erratum", []), 1):
        try:
            key = (str(e["set"]), str(e["image"]))
            x, y = (float(v) for v in e["at"])
            labelled, top = int(e["labelled"]), int(e["top"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"{path}: erratum {n}: want set, image, at = [x, y], labelled, top ({exc!r})") from None
        if not (1 <= labelled <= 6 and 1 <= top <= 6) or labelled == top:
            raise ValueError(f"{path}: erratum {n}: labelled {labelled} / top {top}: want two different values 1..6")
        out.setdefault(key, []).append((x, y, labelled, top))
    return out


def correct_labels(image_path: str | os.PathLike, dice: list[LabelledDie],
                   errata: dict | None = None) -> tuple[list[LabelledDie], int]:
    """``dice`` (the labels of one image of a set folder) with the errata of
    that image applied: a labelled die within 3 px of an erratum's centre
    and with its published value takes the erratum's top value.  Returns the
    dice and the number corrected (an erratum that matches no die - a set
    that was relabelled - changes nothing)."""
    image_path = Path(image_path)
    errata = load_errata() if errata is None else errata
    fixes = errata.get((image_path.parent.parent.name, image_path.name))
    if not fixes:
        return dice, 0
    out, n = [], 0
    for d in dice:
        cx, cy = d.center
        hit = next((top for x, y, lab, top in fixes if abs(cx - x) <= 3 and abs(cy - y) <= 3 and d.value == lab), None)
        out.append(d if hit is None else replace(d, value=hit))
        n += hit is not None
    return out, n


def labelled_photos(images, skipped: list[str] | None = None, errata: bool = True):
    """Each readable photo of ``images`` (paths into a labelled set) with
    its labels: yields ``(path, frame, truth, corrected)``; ``frame`` is the
    BGR ``uint8`` array (H x W x 3), ``truth`` its :class:`LabelledDie` list
    with the errata of ``vision/label_errata.toml`` applied unless
    ``errata`` is False, ``corrected`` how many labels they changed.  A file
    that is not a readable image is added to ``skipped`` ("name: why") and
    left out.  The one place the scorers (score, curve, breakdown) open a
    labelled photo."""
    import cv2

    for path in images:
        path = Path(path)
        frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if frame is None:
            if skipped is not None:
                skipped.append(f"{path.name}: not a readable image file")
            continue
        truth = load_labels(path, frame.shape[1], frame.shape[0])
        fixed = 0
        if errata:
            truth, fixed = correct_labels(path, truth)
        yield path, frame, truth, fixed


#: Roboflow export names: ``<split>__<original stem>_<ext>.rf.<hash>.<ext>``
_ROBOFLOW = re.compile(r"^(?:(?:train|valid|test)__)?(?P<stem>.+?)_(?:jpe?g|png|bmp)\.rf\.[0-9a-f]+$", re.I)


def scene_key(image: str | os.PathLike) -> str:
    """The scene an image shows: augmented copies of one photo (a Roboflow
    export's ``train__PXL_2024..._jpg.rf.<hash>.jpg``, ``valid__...``) share
    it; any other image is its own scene (its stem)."""
    stem = Path(image).stem
    m = _ROBOFLOW.match(stem)
    return m.group("stem") if m else stem


FOLDS = ("all", "even", "odd")


def fold_images(folder: str | os.PathLike, fold: str = "all") -> list[Path]:
    """The images of a set folder sorted by name: ``all``, or those of the
    ``even``-numbered (0, 2, 4...) or ``odd``-numbered *scenes*
    (:func:`scene_key`, scenes sorted by name) - the two halves the dice
    reader's models are trained and scored on.  Split by scene, never by
    file, so no augmented copy of a scored photo was trained on (where every
    image is its own scene, as in nell-byler-dev, this is the even- or
    odd-numbered images).  Raises ``ValueError`` for another ``fold``."""
    if fold not in FOLDS:
        raise ValueError(f"fold {fold!r}: want one of {', '.join(FOLDS)}")
    images = list_images(folder)
    if fold == "all":
        return images
    scenes = sorted({scene_key(p) for p in images})
    keep = set(scenes[0 if fold == "even" else 1::2])
    return [p for p in images if scene_key(p) in keep]


def shared_sets() -> list[Path]:
    """Every labelled set folder beside the dev set (``../shared/dice/*`` or
    ``$CABINET_DICE_DATA``'s), sorted by name; ``[]`` when none is found."""
    dev = find_dice_data()
    if dev is None:
        env = os.environ.get("CABINET_DICE_DATA")
        root = Path(env) if env else None
    else:
        root = dev.parent
    if root is None or not root.is_dir():
        return []
    return sorted(c for c in root.iterdir() if (c / "images").is_dir() and (c / "labels").is_dir())
