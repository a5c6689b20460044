"""A uniform weight soup (vision.training.soup): the float weights of nets
fine-tuned from the same net, averaged; the third expert shipped at stop 76
is one."""
import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
from onnx import TensorProto, helper, numpy_helper  # noqa: E402

from vision.training.soup import SoupError, soup  # noqa: E402


def _net(path, w, shape_const=(1, 2)):
    """A tiny graph y = x @ W, W float, and an integer initializer."""
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 2])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 2])
    inits = [numpy_helper.from_array(np.asarray(w, np.float32), "W"),
             numpy_helper.from_array(np.asarray(shape_const, np.int64), "shape")]
    g = helper.make_graph([helper.make_node("MatMul", ["x", "W"], ["y"])], "g", [x], [y], inits)
    onnx.save(helper.make_model(g), str(path))
    return path


def _weights(path):
    return {t.name: numpy_helper.to_array(t) for t in onnx.load(str(path)).graph.initializer}


def test_the_soup_is_the_mean_of_the_float_weights(tmp_path):
    a = _net(tmp_path / "a.onnx", [[1, 2], [3, 4]])
    b = _net(tmp_path / "b.onnx", [[3, 2], [1, 0]])
    assert soup([a, b], tmp_path / "s.onnx") == 1
    got = _weights(tmp_path / "s.onnx")
    assert np.array_equal(got["W"], np.array([[2, 2], [2, 2]], np.float32))
    assert np.array_equal(got["shape"], np.array([1, 2]))         # integers kept


def test_a_net_with_itself_is_itself(tmp_path):
    a = _net(tmp_path / "a.onnx", [[0.1, -2.5], [3.25, 4e-3]])
    soup([a, a], tmp_path / "s.onnx")
    assert np.array_equal(_weights(tmp_path / "s.onnx")["W"], _weights(a)["W"])


def test_nets_of_other_graphs_are_refused(tmp_path):
    a = _net(tmp_path / "a.onnx", [[1, 2], [3, 4]])
    c = _net(tmp_path / "c.onnx", [[1, 2, 3], [3, 4, 5]])
    d = _net(tmp_path / "d.onnx", [[1, 2], [3, 4]], shape_const=(2, 1))
    with pytest.raises(SoupError, match="W"):
        soup([a, c], tmp_path / "s.onnx")
    with pytest.raises(SoupError, match="shape"):
        soup([a, d], tmp_path / "s.onnx")
    with pytest.raises(SoupError, match="two"):
        soup([a], tmp_path / "s.onnx")
    assert not (tmp_path / "s.onnx").exists()
