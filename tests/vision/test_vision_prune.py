"""vision.training.prune: slimmer face nets cut from trained ones (issue #21's speed budget)."""
from __future__ import annotations

import numpy as np
import pytest

ort = pytest.importorskip("onnxruntime")
onnx = pytest.importorskip("onnx")
from onnx import numpy_helper  # noqa: E402

from vision.netreader import MODELS  # noqa: E402
from vision.training.prune import PruneError, main, prune_face, stage_widths  # noqa: E402

FAST = MODELS / "dice_face.onnx"


def _blobs(n: int = 64, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return ((rng.integers(0, 256, (n, 3, 48, 48)).astype(np.float32)) - 128) / 64


def _run(model, x: np.ndarray) -> list[np.ndarray]:
    so = ort.SessionOptions()
    so.intra_op_num_threads = 1
    s = ort.InferenceSession(model.SerializeToString() if hasattr(model, "SerializeToString") else str(model), so,
                             providers=["CPUExecutionProvider"])
    return s.run(None, {s.get_inputs()[0].name: x})


def _conv_widths(model) -> list[int]:
    init = {t.name: t for t in model.graph.initializer}
    return [init[n.input[1]].dims[0] for n in model.graph.node if n.op_type == "Conv"]


def test_pruning_to_the_source_widths_reads_as_the_source():
    x = _blobs(16)
    same = prune_face(FAST, stage_widths(FAST), _blobs())
    y0, f0 = _run(FAST, x)
    y1, f1 = _run(same, x)
    np.testing.assert_allclose(y1, y0, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(f1, f0, rtol=1e-5, atol=1e-5)


def test_pruned_net_has_the_widths_asked_and_runs():
    want = tuple(max(1, w - 4) for w in stage_widths(FAST))
    slim = prune_face(FAST, want, _blobs())
    assert tuple(_conv_widths(slim)) == want
    y, f = _run(slim, _blobs(5))
    assert y.shape == (5, 7) and f.shape == (5, want[-1] * 9)
    assert np.isfinite(y).all()


def test_a_channel_that_never_fires_is_cut_first(tmp_path):
    m = onnx.load(str(FAST))
    convs = [n for n in m.graph.node if n.op_type == "Conv"]
    init = {t.name: t for t in m.graph.initializer}
    bias = numpy_helper.to_array(init[convs[1].input[2]]).copy()
    bias[5] = -1e4  # channel 5 of the second convolution: always below zero, dead after its ReLU
    init[convs[1].input[2]].CopyFrom(numpy_helper.from_array(bias, convs[1].input[2]))
    src = tmp_path / "dice_face.onnx"
    onnx.save(m, str(src))
    w = stage_widths(FAST)
    slim = prune_face(src, (w[0], w[1] - 1, w[2], w[3]), _blobs())
    # the kept biases of the second convolution: every one but the dead channel's
    sinit = {t.name: t for t in slim.graph.initializer}
    sconvs = [n for n in slim.graph.node if n.op_type == "Conv"]
    kept = numpy_helper.to_array(sinit[sconvs[1].input[2]])
    np.testing.assert_array_equal(kept, np.delete(bias, 5))


def test_bad_widths_and_files_are_refused(tmp_path):
    w = stage_widths(FAST)
    with pytest.raises(PruneError, match="widths"):
        prune_face(FAST, (w[0], w[1] + 1, w[2], w[3]), _blobs())  # wider than the source
    with pytest.raises(PruneError, match="widths"):
        prune_face(FAST, w[:3], _blobs())
    with pytest.raises(PruneError, match="no such file"):
        prune_face(tmp_path / "nothing.onnx", w, _blobs())
    with pytest.raises(PruneError, match="not a face net"):
        prune_face(MODELS / "dice_detector.onnx", (8, 8, 8, 8), _blobs())


def test_cli_wants_some_widths(capsys):
    with pytest.raises(SystemExit) as exc:
        main([str(MODELS), "/nonexistent-out", "/nonexistent-set"])
    assert exc.value.code == 2
    assert "--expert-widths" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main([str(MODELS), "/nonexistent-out", "/nonexistent-set", "--expert-widths", "24,32,x,128"])
    assert exc.value.code == 2


EXPERT = MODELS / "dice_face_expert.onnx"


def _with_dead_channels(path, tmp_path, per_conv: int = 3):
    """A copy of the face net in ``path`` whose first ``per_conv`` channels of
    every convolution never fire (bias -1e4: below zero before the ReLU for
    any window).  Returns (file, stage widths once those are cut)."""
    m = onnx.load(str(path))
    init = {t.name: t for t in m.graph.initializer}
    for n in (n for n in m.graph.node if n.op_type == "Conv"):
        bias = numpy_helper.to_array(init[n.input[2]]).copy()
        bias[[1, 4, 6][:per_conv]] = -1e4
        init[n.input[2]].CopyFrom(numpy_helper.from_array(bias, n.input[2]))
    f = tmp_path / path.name
    onnx.save(m, str(f))
    return f, tuple(v - per_conv for v in stage_widths(path))


@pytest.mark.parametrize("net", [FAST, EXPERT], ids=["fast, one conv a stage", "expert, two convs a stage"])
def test_cutting_channels_that_never_fire_changes_no_logit(net, tmp_path):
    """Every convolution of the net (both of each stage's in the expert)
    loses exactly its dead channels; the next layers' inputs and the linear
    layer's columns follow, so the logits are those of the uncut net."""
    src, widths = _with_dead_channels(net, tmp_path)
    x = _blobs()  # a channel silent on the windows that rank the channels is silent on these
    slim = prune_face(src, widths, x)
    np.testing.assert_allclose(_run(slim, x)[0], _run(src, x)[0], rtol=1e-4, atol=1e-4)
    # the declared features width is the cut one
    feat = next(o for o in slim.graph.output if o.name == "features")
    assert feat.type.tensor_type.shape.dim[1].dim_value == widths[-1] * 9
    onnx.shape_inference.infer_shapes(slim, strict_mode=True)


def test_a_channel_nothing_reads_is_cut_first(tmp_path):
    """The ranking weighs a channel's activation by how much the next layer
    reads it: a lively channel whose outgoing weights are zero goes first."""
    m = onnx.load(str(FAST))
    convs = [n for n in m.graph.node if n.op_type == "Conv"]
    init = {t.name: t for t in m.graph.initializer}
    w2 = numpy_helper.to_array(init[convs[2].input[1]]).copy()
    w2[:, 3] = 0.0  # the third convolution ignores channel 3 of the second
    init[convs[2].input[1]].CopyFrom(numpy_helper.from_array(w2, convs[2].input[1]))
    src = tmp_path / "dice_face.onnx"
    onnx.save(m, str(src))
    w = stage_widths(FAST)
    x = _blobs()
    slim = prune_face(src, (w[0], w[1] - 1, w[2], w[3]), x)
    np.testing.assert_allclose(_run(slim, x)[0], _run(src, x)[0], rtol=1e-4, atol=1e-4)


def test_cli_checks_everything_before_writing(tmp_path, capsys):
    sets = tmp_path / "notaset"
    sets.mkdir()
    out = tmp_path / "out"
    for args, words in (
            ([str(MODELS), str(out), str(sets), "--expert-widths", "24,32,64,128"], "not a labelled set"),
            ([str(MODELS), str(MODELS), str(sets), "--expert-widths", "24,32,64,128"], "another folder"),
            ([str(MODELS), str(out), str(sets), "--expert-widths", "24,32,64,128", "--photos", "0"], "--photos"),
            ([str(MODELS), str(out), str(MODELS), "--expert-widths", "24,32,64,999"], "not a labelled set")):
        with pytest.raises(SystemExit) as exc:
            main(args)
        assert exc.value.code == 2
        assert words in capsys.readouterr().err
        assert not out.exists()
