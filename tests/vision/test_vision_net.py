"""The reader's networks (vision.netreader) and their training samples
(vision.training.data; no PyTorch needed for these)."""
import json
import random

import numpy as np
import pytest

from vision import netreader
from vision.die import VisionInputError
from vision.netreader import Models
from vision.reader import DiceReader
from vision.reader_settings import ReaderSettings
from vision.synth import DieSpec, render_frame
from vision.training.data import CROP, DET_MAX_PX, DET_MIN_PX, Frame, detector_sample, face_sample, synth_frame


def test_models_without_an_expert_read_with_the_fast_net_alone(tmp_path):
    """An older model folder (no dice_face_expert.onnx) still reads dice;
    an expert file that is really a detector is refused."""
    import shutil
    for name in ("dice_detector.onnx", "dice_face.onnx"):
        shutil.copy(netreader.MODELS / name, tmp_path / name)
    specs = [DieSpec(v, "red", (60 + 90 * (v - 1), 80), 15 * v, 40) for v in range(1, 7)]
    frame = render_frame((600, 160), specs, seed=2)
    r = DiceReader().with_models(Models.load(tmp_path))
    assert not r.has_expert and r.models.expert is None
    with pytest.raises(VisionInputError, match="no expert"):
        r.read_faces([np.zeros((netreader.FACE_PX, netreader.FACE_PX, 3), np.uint8)], expert=True)
    assert sorted(d.value for d in r.read_dice(frame)) == [1, 2, 3, 4, 5, 6]
    shutil.copy(netreader.MODELS / "dice_detector.onnx", tmp_path / "dice_face_expert.onnx")
    with pytest.raises(VisionInputError, match="face classifier gives 7"):
        Models.load(tmp_path)
    assert not r.has_expert  # the reader's models are kept
    assert DiceReader().has_expert  # and every other reader's


def _frame(specs, size=(400, 300)):
    img = render_frame(size, specs, seed=1)
    rows = [(s.center[0], s.center[1], s.side * 1.04, s.value) for s in specs]
    return Frame(img, np.asarray(rows, np.float32))


def test_shipped_models_and_training_record():
    """Both ONNX files ship, and the training record names the photos they
    were trained on (the odd half of the set is held out)."""
    assert netreader.MODELS.joinpath("dice_detector.onnx").is_file()
    assert netreader.MODELS.joinpath("dice_face.onnx").is_file()
    assert netreader.MODELS.joinpath("dice_face_expert.onnx").is_file() and Models.shipped().has_expert
    rec = json.loads(netreader.MODELS.joinpath("training.json").read_text())
    assert rec["fold"] == "even" and len(rec["images"]) >= 50
    assert {"detector", "faces", "expert"} <= set(rec)


def test_loading_models_names_a_missing_file(tmp_path):
    with pytest.raises(VisionInputError, match="dice_detector.onnx"):
        Models.load(tmp_path)
    with pytest.raises(VisionInputError, match="no such model folder"):
        Models.load(tmp_path / "none")
    assert Models.load(None) == Models.shipped()  # the shipped ones


def test_face_window_mirror_is_a_left_right_flip():
    """The classifier's window: FACE_PX square uint8 BGR; a mirrored window
    is the plain one flipped left to right (same centre, same scale)."""
    img = render_frame((200, 200), [DieSpec(2, "red", (100, 100), 0, 40)], noise=0)
    plain = netreader.face_window(img, 100, 100, 42)
    flip = netreader.face_window(img, 100, 100, 42, mirror=True)
    assert plain.shape == (netreader.FACE_PX, netreader.FACE_PX, 3) and plain.dtype == np.uint8
    assert np.abs(plain[:, ::-1].astype(int) - flip.astype(int)).max() <= 2


def test_face_window_large_die_keeps_its_pips():
    """A 240 px die is shrunk with area averaging: its pips stay dark
    spots on the window, not aliased away."""
    img = render_frame((600, 600), [DieSpec(1, "white", (300, 300), 0, 240)], noise=0)
    w = netreader.face_window(img, 300, 300, 250)
    c = netreader.FACE_PX // 2
    assert w[c - 1:c + 2, c - 1:c + 2].mean() < 80 and w[c - 12:c - 9, c - 1:c + 2].mean() > 180


def test_detector_sample_targets_are_die_centres():
    """Every heat-1 cell is a die centre seen at a size the detector is
    trained on; offsets are inside the cell."""
    rng = random.Random(4)
    fr = _frame([DieSpec(v, "blue", (60 + 55 * v, 150), 20 * v, 40) for v in range(1, 7)])
    for _ in range(20):
        img, tgt = detector_sample(fr, rng)
        assert img.shape == (CROP, CROP, 3) and img.dtype == np.uint8
        G = CROP // netreader.DET_STRIDE
        assert tgt.shape == (4, G, G)
        pos = tgt[0] == 1
        assert pos.sum() <= 6
        assert ((tgt[1][pos] >= 0) & (tgt[1][pos] < 1)).all()
        sizes = np.exp(tgt[3][pos]) * netreader.DET_STRIDE
        assert ((sizes > 0.9 * DET_MIN_PX) & (sizes < 1.1 * DET_MAX_PX)).all()


def test_face_samples_have_the_die_value_or_not_a_die():
    rng = random.Random(5)
    fr = _frame([DieSpec(4, "green", (200, 150), 30, 40)])
    pos = [face_sample(fr, rng, negative=False) for _ in range(10)]
    assert all(p is not None and p[1] == 3 and p[0].shape == (netreader.FACE_PX,) * 2 + (3,) for p in pos)
    neg = [n for n in (face_sample(fr, rng, negative=True) for _ in range(30)) if n is not None]
    assert neg and all(n[1] == netreader.NOT_A_DIE for n in neg)


def test_synth_frames_label_every_die():
    fr = synth_frame(random.Random(2))
    assert fr.image.dtype == np.uint8 and len(fr.dice) >= 3
    assert set(fr.dice[:, 3].astype(int)) <= set(range(1, 7))
    plain = synth_frame(random.Random(2), rich=False)
    assert len(plain.dice) >= 3 and not np.array_equal(plain.image, fr.image)


def test_blank_frame_has_no_candidates():
    assert netreader.find_dice(np.full((240, 320, 3), 128, np.uint8)) == []


@pytest.mark.parametrize("w, h", [(32, 32), (33, 47), (101, 259), (641, 479)])
def test_any_frame_size_is_read(w, h):
    """Frames of any size from 32 px up (not multiples of the nets'
    strides) are read; every candidate lies in the frame."""
    frame = render_frame((w, h), [DieSpec(5, "red", (w / 2, h / 2), 10, min(w, h) * 0.6)], seed=3)
    for d in DiceReader().read_dice(frame):
        assert 0 <= d.center[0] < w and 0 <= d.center[1] < h


def test_broken_or_swapped_model_files_are_refused(tmp_path):
    """A model file OpenCV cannot run, or the two files swapped, is a
    clear VisionInputError; the shipped models stay in use."""
    import shutil
    (tmp_path / "dice_detector.onnx").write_text("not a model")
    shutil.copy(netreader.MODELS / "dice_detector.onnx", tmp_path / "dice_face.onnx")
    with pytest.raises(VisionInputError, match="not a dice reader model"):
        Models.load(tmp_path)
    shutil.copy(netreader.MODELS / "dice_detector.onnx", tmp_path / "dice_detector.onnx")
    with pytest.raises(VisionInputError, match="face classifier"):
        Models.load(tmp_path)
    shutil.copy(netreader.MODELS / "dice_face.onnx", tmp_path / "dice_detector.onnx")
    shutil.copy(netreader.MODELS / "dice_detector.onnx", tmp_path / "dice_face.onnx")
    with pytest.raises(VisionInputError, match="swapped"):
        Models.load(tmp_path)
    assert DiceReader().models.face == netreader.face_file(netreader.MODELS, "dice_face")


@pytest.mark.parametrize("wb", [(1.0, 1.0), (0, 0, 0), ("a", 1, 1), (float("nan"), 1, 1)])
def test_bad_white_balance_is_a_clear_error(wb):
    frame = render_frame((200, 200), [DieSpec(3, "red", (100, 100), 0, 40)])
    with pytest.raises(VisionInputError, match="white_balance"):
        DiceReader().read_dice(frame, wb)


def test_large_frame_pips_are_not_dice():
    """A 1920 x 1440 frame with 200 px dice: each die is one die, its pips
    (small dice to the finer pyramid levels) are not more dice."""
    specs = [DieSpec(v, c, (250 + 280 * (v - 1), 500 + 300 * (v % 2)), 15 * v, 200)
             for v, c in zip(range(1, 7), ["white", "red", "black", "blue", "green", "yellow"])]
    dice = DiceReader().read_dice(render_frame((1920, 1440), specs, seed=2))
    assert len(dice) == 6
    for s in specs:
        d = next(d for d in dice if abs(d.center[0] - s.center[0]) < 40 and abs(d.center[1] - s.center[1]) < 40)
        assert d.value in (s.value, None), (s, d)


def test_both_runtimes_give_the_same_readings():
    """onnxruntime (when installed) and cv2.dnn run the same float ONNX
    files to the same class probabilities (fast and expert) and detector
    output (the 8-bit copies: tests/vision/test_vision_quantize.py)."""
    pytest.importorskip("onnxruntime")
    from vision.training.data import face_sample, synth_frame
    rng = random.Random(5)
    fr = synth_frame(rng)
    wins = [w for w, _ in filter(None, (face_sample(fr, rng, negative=False) for _ in range(12)))]
    x = netreader._blob(wins)
    det_in = netreader._blob([fr.image[:128, :192]])
    outs = {}
    for rt in ("onnxruntime", "opencv"):
        m = netreader.MODELS
        outs[rt] = (netreader._Model(m / "dice_face.onnx", rt)(x), netreader._Model(m / "dice_detector.onnx", rt)(det_in),
                    netreader._Model(m / "dice_face_expert.onnx", rt)(x))
    for a, b in zip(outs["onnxruntime"], outs["opencv"]):
        assert a.shape == b.shape and np.abs(a - b).max() < 1e-3


def test_colours_in_one_batch_match_one_by_one():
    """classify_colours on N dice at once names each as classify_colour
    does alone (with and without white-balance gains)."""
    from vision.colour import classify_colour, classify_colours
    g = np.random.default_rng(4)
    crops = [np.clip(g.integers(0, 256, 3) + g.normal(0, g.uniform(2, 50), (20, 20, 3)), 0, 255).astype(np.uint8)
             for _ in range(60)]
    for wb in (None, (1.2, 1.0, 0.8)):
        # classify_colour reads the crop's central region (a sixth off each side): the same pixels here
        batch = classify_colours(np.stack([c[3:17, 3:17].reshape(-1, 3) for c in crops]), wb)
        assert batch == [classify_colour(c, wb) for c in crops]
    assert classify_colours(np.zeros((0, 5, 3), np.uint8)) == []


def test_hard_negatives_are_detector_candidates_on_no_labelled_die():
    """Mining for the face classifier's training: candidates the detector
    finds where no die is labelled (here: a die left out of the labels)."""
    from vision.training.data import Frame, mine_hard_negatives
    specs = [DieSpec(v, "white", (80 + 110 * v, 150), 10 * v, 44) for v in range(1, 5)]
    img = render_frame((600, 300), specs, seed=1)
    labelled = np.asarray([(s.center[0], s.center[1], 46, s.value) for s in specs[:3]], np.float32)
    fr = Frame(img, labelled, "t")
    n = mine_hard_negatives([fr], Models.shipped().detector)
    assert n == len(fr.hard) >= 1
    assert any(abs(x - specs[3].center[0]) < 15 and abs(y - 150) < 15 for x, y, _ in fr.hard)
    for x, y, _ in fr.hard:
        assert min(abs(x - s.center[0]) for s in specs[:3]) > 20


def test_second_check_two_turns_that_disagree_leave_the_die_unread(monkeypatch):
    """CAB-5 / no silent misreads: a die whose two readings (the fast net
    at two turns, then the expert at two turns) disagree on the value is
    unreadable, even when each reading alone is sure."""
    frame = render_frame((200, 200), [DieSpec(4, "red", (100, 100), 10, 48)], seed=3)
    assert [d.value for d in DiceReader().read_dice(frame)] == [4]
    calls, seen = [], [0]

    def flip_flop(windows, expert=False):
        calls.append((expert, len(windows)))
        p = np.zeros((len(windows), 7), np.float32)
        for row in range(len(windows)):  # a sure 3, then a sure 5, ... window after window
            p[row, 2 if seen[0] % 2 == 0 else 4] = 0.99
            seen[0] += 1
        return p
    monkeypatch.setattr(Models, "read_faces", lambda self, windows, expert=False, head=None: flip_flop(windows, expert))
    # config vision.agreement "both", the expert at two turns
    agree = DiceReader(settings=ReaderSettings(nets_must_agree=True, second_look_angles=(0, 180)))
    dice = agree.read_dice(frame)
    assert [d.value for d in dice] == [None] and dice[0].confidence == 0.0
    # two fast turns disagree: the die is unread whatever the expert says; the
    # expert reads its two turns in one run (its first settles "a die", not "not a die")
    assert calls == [(False, 1), (False, 1), (True, 2)]
    # the expert alone at four turns (what ships): its turns disagree, so the
    # die is unread too; its four turns are read in one run
    calls.clear()
    dice = DiceReader().read_dice(frame)
    assert [d.value for d in dice] == [None] and dice[0].confidence == 0.0
    assert calls[-1:] == [(True, 4)]


def test_second_check_agreeing_turns_give_the_value(monkeypatch):
    frame = render_frame((200, 200), [DieSpec(4, "red", (100, 100), 10, 48)], seed=3)

    def sure_six(windows, expert=False):
        p = np.zeros((len(windows), 7), np.float32)
        p[:, 5] = 0.97
        return p
    monkeypatch.setattr(Models, "read_faces", lambda self, windows, expert=False, head=None: sure_six(windows, expert))
    assert [d.value for d in DiceReader().read_dice(frame)] == [6]
