"""The leave-one-set-out driver (vision.training.loo): its arguments and
its table; the training itself is run by hand (issue #21, hours of CPU)."""
import json
import subprocess
import sys

import pytest

from vision.training import loo


def _labelled(tmp_path, name):
    d = tmp_path / name
    (d / "images").mkdir(parents=True)
    (d / "labels").mkdir()
    return d


def _summary(left_out, acc, wrong):
    right = round(0.5 * 200)
    return {"left_out": left_out, "labelled_dice": 200, "accuracy": acc, "recall": 0.5,
            "confident_wrong": wrong / 200, "wrong": wrong, "exact_images": 0.25,
            "first_look_rate": right / 200, "misread_rate": wrong / 200, "right": right}


def test_table_gives_first_look_and_misread_of_the_dice_on_the_table(tmp_path, capsys):
    """Issue 40's measure: first look = right values / dice on the table,
    misread = wrong values / dice on the table (not accuracy of the dice
    given a value, the measure of issue 21)."""
    a, b = _labelled(tmp_path, "set-a"), _labelled(tmp_path, "set-b")
    out = tmp_path / "loo"
    loo.fold_dir(out, "set-a").mkdir(parents=True)
    (loo.fold_dir(out, "set-a") / "score.json").write_text(json.dumps(_summary("set-a", 0.975, 3)))
    assert loo.main([str(a), str(b), "--out", str(out), "--table"]) == 0
    text = capsys.readouterr().out
    assert "| left out | dice | first look | misread | unread |" in text
    assert "| set-a | 200 | 50.0 % (100) | 1.50 % (3) | 48.5 % (97) |" in text
    assert "set-b" not in text  # not scored yet: no row, no guess


def test_a_scored_fold_is_not_trained_again(tmp_path):
    a, b = _labelled(tmp_path, "set-a"), _labelled(tmp_path, "set-b")
    out = tmp_path / "loo"
    loo.fold_dir(out, "set-b").mkdir(parents=True)
    (loo.fold_dir(out, "set-b") / "score.json").write_text(json.dumps(_summary("set-b", 0.9, 7)))
    def no_training(*args, **kw):
        raise AssertionError(f"a scored fold was trained again: {args}")
    monkey = pytest.MonkeyPatch()
    monkey.setattr(loo.subprocess, "run", no_training)
    try:
        got = loo.run_fold([a, b], b, out, ["--det-steps", "1"])
    finally:
        monkey.undo()
    assert got["accuracy"] == 0.9 and got["wrong"] == 7


@pytest.mark.parametrize("bad, says", [(["--left-out", "set-z"], "not one of set-a, set-b"),
                                       (["NOTASET"], "not a labelled set")])
def test_bad_arguments_exit_2_with_the_reason(tmp_path, bad, says):
    a, b = _labelled(tmp_path, "set-a"), _labelled(tmp_path, "set-b")
    args = [str(a), str(b), "--out", str(tmp_path / "loo")]
    args = args + bad if bad[0].startswith("--") else [str(tmp_path / bad[0])] + args
    r = subprocess.run([sys.executable, "-m", "vision.training.loo", *args], capture_output=True, text=True)
    assert r.returncode == 2 and says in r.stderr, r.stderr


def test_calibration_split_keeps_augmented_copies_of_a_scene_together(tmp_path):
    """calib_eval: one scene in five calibrates, never a copy of a scored
    photo (Roboflow exports hold augmented copies of one photo)."""
    from vision.dataset import scene_key
    from vision.training.calib_eval import link_folder, split
    d = _labelled(tmp_path, "set-r")
    for k in range(10):
        for h in ("aaa", "bbb"):
            name = f"train__PXL_2024010{k}_jpg.rf.{h}{k}"
            (d / "images" / f"{name}.jpg").write_bytes(b"x")
            (d / "labels" / f"{name}.txt").write_text("0 0.5 0.5 0.1 0.1\n")
    cal, scored = split(d, 5)
    assert len(cal) == 4 and len(scored) == 16
    assert not {scene_key(p) for p in cal} & {scene_key(p) for p in scored}
    linked = link_folder(cal, tmp_path / "cal")
    assert sorted(p.name for p in (linked / "images").iterdir()) == sorted(p.name for p in cal)
    assert len(list((linked / "labels").iterdir())) == 4
    with pytest.raises(ValueError, match="every=1"):
        split(d, 1)


def test_loo_needs_two_sets_and_refuses_a_broken_score_file(tmp_path, capsys):
    a, b = _labelled(tmp_path, "set-a"), _labelled(tmp_path, "set-b")
    r = subprocess.run([sys.executable, "-m", "vision.training.loo", str(a), "--out", str(tmp_path / "loo")],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "at least two labelled sets" in r.stderr
    out = tmp_path / "loo"
    loo.fold_dir(out, "set-a").mkdir(parents=True)
    (loo.fold_dir(out, "set-a") / "score.json").write_text('{"left_out": "set-a"}')
    assert loo.main([str(a), str(b), "--out", str(out), "--table"]) == 1
    assert "not a fold's score" in capsys.readouterr().err


def test_calib_eval_refuses_a_bad_models_folder_with_a_clear_error(tmp_path):
    a = _labelled(tmp_path, "set-a")
    r = subprocess.run([sys.executable, "-m", "vision.training.calib_eval", str(a), "--models",
                        str(tmp_path / "nope")], capture_output=True, text=True)
    assert r.returncode == 2 and "--models" in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_loo_table_of_no_scored_fold_says_so(tmp_path, capsys):
    a, b = _labelled(tmp_path, "set-a"), _labelled(tmp_path, "set-b")
    assert loo.main([str(a), str(b), "--out", str(tmp_path / "typo"), "--table"]) == 1
    assert "no fold scored" in capsys.readouterr().err


def test_calib_eval_refuses_a_bad_label_file_without_a_traceback(tmp_path):
    import cv2
    import numpy as np
    d = _labelled(tmp_path, "set-a")
    for k in range(6):
        cv2.imwrite(str(d / "images" / f"p{k}.png"), np.full((64, 64, 3), 128, np.uint8))
        (d / "labels" / f"p{k}.txt").write_text("0 0.5 0.5 0.2 0.2\n" if k else "9 0.5 0.5 0.2 0.2\n")
    r = subprocess.run([sys.executable, "-m", "vision.training.calib_eval", str(d)], capture_output=True, text=True)
    assert r.returncode == 1 and "class 9 is not 0..5" in r.stderr and "Traceback" not in r.stderr, r.stderr
    for k in range(6):
        (d / "labels" / f"p{k}.txt").write_text("")
    r = subprocess.run([sys.executable, "-m", "vision.training.calib_eval", str(d)], capture_output=True, text=True)
    assert r.returncode == 2 and "no labelled dice" in r.stderr, r.stderr
