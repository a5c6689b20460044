"""Fine-tuning an expert on the reader's own windows (``vision.training.hard``,
issue 40): which dice are hard, and that they are drawn more often.  No
torch needed (the fine-tune itself is training only)."""
import random

import numpy as np
import pytest

from vision.netreader import FACE_PX, NOT_A_DIE
from vision.training.hard import ReaderWindows, hard_dice


def _reading(value: int, p: float) -> np.ndarray:
    """7 class probabilities: ``value`` (1..6, or 7 for not a die) at ``p``, the rest spread."""
    row = np.full(7, (1 - p) / 6, np.float32)
    row[value - 1] = p
    return row


def _turns(rows_per_die: list[list[np.ndarray]]) -> np.ndarray:
    """T x N x 7 from, per die, its T turns' readings."""
    return np.stack([np.stack(t) for t in zip(*rows_per_die)])


def test_hard_dice_are_the_ones_the_reader_leaves_unread_or_misreads():
    """Sure and right at every turn: easy.  Turns that disagree, an average
    below the threshold, another value best: hard.  A find on no die is
    never a hard die (its own weighting is apart)."""
    sure3 = [_reading(3, 0.97)] * 4
    split = [_reading(3, 0.97)] * 3 + [_reading(5, 0.9)]
    low = [_reading(3, 0.8)] * 4
    wrong = [_reading(5, 0.97)] * 4
    classes = np.array([2, 2, 2, 2, NOT_A_DIE])
    turns = _turns([sure3, split, low, wrong, wrong])
    assert hard_dice(classes, turns).tolist() == [False, True, True, True, False]
    # the threshold decides the middle case: an average of 0.8 is enough at 0.75
    assert hard_dice(classes, turns, below=0.75).tolist() == [False, True, False, True, False]


def test_hard_dice_are_drawn_as_often_as_their_weight_says():
    """With hard weight 9 a hard die is drawn about nine times as often as
    an easy one; a fifth of the draws are finds on no die; every window
    comes back at a quarter turn or mirrored (same pixels, same class)."""
    n_easy, n_hard = 10, 10
    wins = np.zeros((n_easy + n_hard + 5, FACE_PX, FACE_PX, 3), np.uint8)
    for i in range(len(wins)):
        wins[i, 0, 0] = i  # which window this is, in a corner every turn and mirror keeps in a corner
    classes = np.array([0] * (n_easy + n_hard) + [NOT_A_DIE] * 5)
    rows = [[_reading(1, 0.99)] * 4] * n_easy + [[_reading(1, 0.5)] * 4] * n_hard + [[_reading(7, 0.99)] * 4] * 5
    mined = {"windows": wins, "cls": classes, "expert": _turns(rows)}
    sampler = ReaderWindows(mined, random.Random(1), hard_weight=9.0, jitter=0.0)
    assert sampler.counts == (20, 10, 5, 0)
    got = {"easy": 0, "hard": 0, "none": 0}
    for _ in range(4000):
        w, c = sampler.draw()
        corners = {int(w[0, 0, 0]), int(w[0, -1, 0]), int(w[-1, 0, 0]), int(w[-1, -1, 0])} - {0}
        i = corners.pop() if corners else 0
        assert w.shape == (FACE_PX, FACE_PX, 3) and c == classes[i]
        got["none" if i >= n_easy + n_hard else "hard" if i >= n_easy else "easy"] += 1
    assert 0.17 < got["none"] / 4000 < 0.23
    assert 7 < got["hard"] / got["easy"] < 11


def _dihedral(w: np.ndarray) -> list[np.ndarray]:
    """The window at its four quarter turns, each as it is and mirrored."""
    return [v for k in range(4) for v in (np.rot90(w, k), np.rot90(w, k)[:, ::-1])]


def test_a_share_of_the_draws_get_the_strong_look_and_none_without_it():
    """``strong=0.5``: about half the draws are no quarter turn or mirror of
    their window (warped, glared, blurred, jittered), the class kept;
    ``strong=0`` (as before): every draw is one."""
    g = np.random.default_rng(2)
    wins = g.integers(0, 256, (6, FACE_PX, FACE_PX, 3), dtype=np.uint8)
    classes = np.arange(6)
    rows = [[_reading(v, 0.99)] * 4 for v in range(1, 7)]
    mined = {"windows": wins, "cls": classes, "expert": _turns(rows)}
    for strong, lo, hi in ((0.0, 0.0, 0.0), (0.5, 0.4, 0.6)):
        sampler = ReaderWindows(mined, random.Random(5), hard_weight=1.0, jitter=0.0, strong=strong)
        changed = 0
        for _ in range(400):
            w, c = sampler.draw()
            assert w.shape == (FACE_PX, FACE_PX, 3) and w.dtype == np.uint8
            same = [i for i in range(6) if any(np.array_equal(w, v) for v in _dihedral(wins[i]))]
            assert same in ([], [c])
            changed += not same
        assert lo <= changed / 400 <= hi, (strong, changed)


def test_the_strong_look_keeps_the_die_readable():
    """A drawn die's window through ``strong_look`` (perspective, glare,
    blur, a small die, light and colour) still shows its value: the shipped
    expert reads most of them right, and the looks are not the window."""
    from vision.netreader import Models
    from vision.synth import DieSpec, render_frame
    from vision.training.hard import strong_look
    from vision.window import face_window
    specs = [DieSpec(v, "white", (40 + 70 * (v - 1), 50), 20 * v, 40, side_face=0.3) for v in range(1, 7)]
    frame = render_frame((440, 100), specs, seed=4)
    rng = random.Random(3)
    looks, values = [], []
    for s in specs:
        w = face_window(frame, *s.center, 40)
        for _ in range(15):
            looks.append(strong_look(w, rng))
            values.append(s.value - 1)
            assert looks[-1].shape == w.shape and looks[-1].dtype == np.uint8
            assert np.abs(looks[-1].astype(int) - w.astype(int)).mean() > 1.0
    p = Models.shipped().read_faces(looks, expert=True)
    assert (p.argmax(axis=1) == np.asarray(values)).mean() >= 0.85


def test_a_grown_expert_reads_as_the_file_it_grew_from_and_can_learn_more():
    """``vision.training.grow`` (hard.py ``--widths``): the shipped expert
    grown to wider stages gives the same logits as its file, has more
    weights, and one training step moves the new channels' zero weights
    into the old ones and the last layer.  Needs the train extra (torch):
    skipped where it is not installed, as in CI."""
    import pytest
    torch = pytest.importorskip("torch", reason="training needs the train extra (torch)")
    ort = pytest.importorskip("onnxruntime")
    from vision.netreader import MODELS
    from vision.training.grow import grow, onnx_widths
    from vision.training.train import FaceNet, _to_tensor
    path = MODELS / "dice_face_expert.onnx"
    was = onnx_widths(path)
    assert was == (24, 32, 64, 128)
    net = grow(path, was, (24, 40, 80, 160), seed=1)
    x = _to_tensor(list(np.random.default_rng(0).integers(0, 256, (8, FACE_PX, FACE_PX, 3), dtype=np.uint8)))
    want = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"]).run(None, {"x": x.numpy()})[0]
    with torch.no_grad():
        assert np.abs(net(x).numpy() - want).max() < 1e-4
    assert sum(q.numel() for q in net.parameters()) > 1.4 * sum(q.numel() for q in FaceNet(w=was, depth=2).parameters())
    last = net.f[-1]
    assert float(last.weight[:, 128 * 9:].abs().max()) == 0.0
    net.train()
    loss = torch.nn.functional.cross_entropy(net(x), torch.arange(8) % 7)
    torch.optim.SGD([q for q in net.parameters() if q.requires_grad], lr=0.1).zero_grad()
    loss.backward()
    assert float(last.weight.grad[:, 128 * 9:].abs().max()) > 0.0
    with pytest.raises(ValueError):
        grow(path, was, (24, 16, 64, 128))


def test_a_translucent_die_shows_the_table_through_its_body_and_keeps_its_own_pips():
    """``DieSpec.translucent``: the body of a tinted die takes on the table
    under it (a smoky die on a white table is lighter than on a black one;
    a solid die is the same on both), while the top face's own pips stay
    solid ink, and the face beneath shows faintly (the top face is no
    longer flat)."""
    from vision.synth import DieSpec, render_frame

    def top(translucent: float, table) -> np.ndarray:
        spec = DieSpec(1, "black", (60, 60), 0, 60, body=(45, 45, 45), pip=(40, 40, 215), translucent=translucent)
        return render_frame((120, 120), [spec], table=table, noise=0.0, seed=1)[38:82, 38:82].astype(float)

    solid_w, solid_b = top(0.0, (240, 240, 240)), top(0.0, (10, 10, 10))
    glass_w, glass_b = top(0.5, (240, 240, 240)), top(0.5, (10, 10, 10))
    assert np.abs(solid_w - solid_b).max() < 3
    body = np.ones((44, 44), bool)
    body[14:30, 14:30] = False  # leave the one's pip out
    assert (glass_w - glass_b)[body].mean() > 60
    assert np.abs(glass_w[22, 22] - [40, 40, 215]).max() < 12  # the pip is ink, not glass
    assert glass_b[body].std() > solid_b[body].std() + 2  # the six beneath shows through


def test_dark_dice_are_drawn_dark_and_see_through_or_marbled():
    """``synth_frame(dark=True)``'s dice: every one a dark body, translucent
    or marbled or both, each kind often; gold swirls among them."""
    from vision.training.data import DARK_BODIES, _dark_look
    rng = random.Random(4)
    looks = [_dark_look(rng) for _ in range(300)]
    assert all(lk.get("translucent", 0) > 0 or lk.get("marble", 0) > 0 for lk in looks)
    assert all(max(lk["body"]) <= 1.4 * max(max(b) for b in DARK_BODIES) for lk in looks)
    for key in ("translucent", "marble"):
        assert 0.3 < sum(key in lk for lk in looks) / 300 < 0.8
    assert any(lk.get("swirl") == (45, 170, 225) for lk in looks)


def test_a_share_of_the_reader_half_is_drawn_dark_dice_and_none_without_it():
    """``--dark 0.25``: about a quarter of the reader's-window half of a
    batch are drawn dark dice (windows no turn or mirror of a mined one,
    classes 0..5); ``--dark 0`` draws exactly the windows it drew before."""
    from vision.training.hard import DarkDice, reader_half
    g = np.random.default_rng(2)
    wins = g.integers(0, 256, (6, FACE_PX, FACE_PX, 3), dtype=np.uint8)
    mined = {"windows": wins, "cls": np.arange(6), "expert": _turns([[_reading(v, 0.99)] * 4 for v in range(1, 7)])}
    before = ReaderWindows(mined, random.Random(5), hard_weight=1.0)
    want = [before.draw() for _ in range(64)]
    rng = random.Random(5)
    xs, ys = reader_half(ReaderWindows(mined, rng, hard_weight=1.0), None, 0.0, 64, rng)
    assert all(np.array_equal(x, w) and y == c for x, y, (w, c) in zip(xs, ys, want))
    rng = random.Random(6)
    dark = DarkDice(rng, pool=4)
    xs, ys = reader_half(ReaderWindows(mined, rng, hard_weight=1.0, jitter=0.0), dark, 0.25, 400, rng)
    drawn = [y for x, y in zip(xs, ys) if not any(np.array_equal(x, v) for w in wins for v in _dihedral(w))]
    assert 0.17 < len(drawn) / 400 < 0.33
    assert set(drawn) <= set(range(6)) and len(set(drawn)) >= 4


def test_a_face_nets_convolutions_a_stage_are_read_from_its_file():
    """``hard --net lean`` starts a lean net from the fast net (one
    convolution a stage) and fine-tunes the first expert (two): the depth
    and widths are read from the ONNX files, as shipped."""
    pytest.importorskip("onnx")
    pytest.importorskip("torch")      # (vision.training.grow: the train extra)
    from vision.netreader import MODELS
    from vision.training.grow import conv_depth, onnx_widths
    for stem, depth, widths in (("dice_face", 1, (16, 32, 64, 96)), ("dice_lean", 1, (16, 32, 64, 96)),
                                ("dice_face_expert", 2, (24, 32, 64, 128))):
        f = MODELS / f"{stem}.onnx"
        assert conv_depth(f) == depth and onnx_widths(f, depth) == widths, stem


def test_mixup_blends_each_window_with_another_and_its_loss_alike():
    """``hard --mixup`` (``train.face_step``'s ``mixup``): the net sees
    each window blended with another of the batch by the share drawn from
    Beta(alpha, alpha), and the loss is the same blend of the two labels'
    losses; ``mixup=0`` draws nothing and reads the windows as they are.
    Needs the train extra (torch): skipped where it is not installed."""
    torch = pytest.importorskip("torch", reason="training needs the train extra (torch)")
    from vision.training.train import _to_tensor, face_step

    seen = []

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.w = torch.nn.Parameter(torch.zeros(7))

        def forward(self, x):
            seen.append(x.detach().clone())
            return self.w.expand(len(x), 7) + x.mean(dim=(1, 2, 3))[:, None] * torch.arange(7.0)

    class Src:
        rng = random.Random(3)

    rng = np.random.default_rng(0)
    xs = list(rng.integers(0, 256, (8, FACE_PX, FACE_PX, 3), dtype=np.uint8))
    ys = [0, 1, 2, 3, 4, 5, 6, 0]
    plain = face_step(Net(), Src, list(xs), list(ys), 8, lambda loss: None)[1]
    assert torch.equal(seen[-1], _to_tensor(xs))
    state = Src.rng.getstate()
    loss = face_step(Net(), Src, list(xs), list(ys), 8, lambda loss: None, mixup=0.4)[1]
    check = random.Random()
    check.setstate(state)
    lam = check.betavariate(0.4, 0.4)
    order = list(range(8))
    check.shuffle(order)
    x = _to_tensor(xs)
    assert torch.allclose(seen[-1], lam * x + (1 - lam) * x[order], atol=1e-5)
    out = Net()(lam * x + (1 - lam) * x[order])
    y = torch.tensor(ys)
    ce = torch.nn.functional.cross_entropy
    want = lam * ce(out, y, label_smoothing=0.02) + (1 - lam) * ce(out, y[order], label_smoothing=0.02)
    assert abs(float(loss) - float(want)) < 1e-5
    assert abs(float(loss) - float(plain)) > 1e-6


def test_the_moving_average_is_each_steps_weights_blended_in_by_one_minus_the_decay():
    """``hard --ema DECAY`` (``train.moving_average``): the first update
    copies the net, each later one moves the average (1 - decay) of the way
    to the net's weights and batch-norm statistics; the net trained is
    left as it is.  Needs the train extra (torch)."""
    torch = pytest.importorskip("torch", reason="training needs the train extra (torch)")
    from vision.training.train import moving_average
    net = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.BatchNorm1d(2))
    with torch.no_grad():
        net[0].weight.fill_(1.0)
        net[1].running_mean.fill_(4.0)
    avg = moving_average(net, 0.9)
    avg.update_parameters(net)
    with torch.no_grad():
        net[0].weight.fill_(3.0)
        net[1].running_mean.fill_(8.0)
    avg.update_parameters(net)
    assert torch.allclose(avg.module[0].weight, torch.full((2, 2), 0.9 * 1.0 + 0.1 * 3.0))
    assert torch.allclose(avg.module[1].running_mean, torch.full((2,), 0.9 * 4.0 + 0.1 * 8.0))
    assert torch.equal(net[0].weight, torch.full((2, 2), 3.0))
    assert type(avg.module) is type(net)
