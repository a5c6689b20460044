"""The game benchmark's held-out crops (issue 40): ``benchmarks/game_first_look.py
--fold odd`` lays only the crops of the scenes the shipped nets never saw."""
from __future__ import annotations

import shutil
from pathlib import Path

from tests.support.bench_modules import bench_module
from tests.support.dice_fixtures import tiny_labelled_set
from vision.dataset import fold_images
from vision.synth import CropLibrary


def _bench():
    return bench_module("game_first_look")


def _four_scenes(folder: Path) -> Path:
    """A set of four photos, four scenes (a, b, c, d): the same drawn dice."""
    tiny_labelled_set(folder)
    for name in "bcd":
        shutil.copy(folder / "images" / "a.png", folder / "images" / f"{name}.png")
        shutil.copy(folder / "labels" / "a.txt", folder / "labels" / f"{name}.txt")
    return folder


def test_the_held_out_crops_are_only_the_odd_scenes_photos_under_the_sets_name(tmp_path):
    src = _four_scenes(tmp_path / "some-set")
    out = _bench().fold_folder(str(src), "odd", str(tmp_path / "tmp"))
    assert Path(out).name == "some-set"            # the label errata are keyed by the set's name
    assert [p.name for p in fold_images(out)] == [p.name for p in fold_images(src, "odd")] == ["b.png", "d.png"]
    assert sorted(p.name for p in (Path(out) / "labels").iterdir()) == ["b.txt", "d.txt"]
    lib = CropLibrary(out)
    assert sum(len(c) for c in lib.crops.values()) == 12   # six dice on each of the two photos
    assert _bench().fold_folder(str(src), "all", str(tmp_path / "tmp2")) == str(src)
