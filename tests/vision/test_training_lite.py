"""The expert that starts from ImageNet (vision.training.lite): its first
layer reads the face nets' input as Lite0 read ImageNet's, and its ONNX
file is a face net the reader runs, features and all."""
import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("onnx")

from vision.netreader import FACE_PX, _Model  # noqa: E402
from vision.training.lite import HEAD, LiteFace, imagenet_lite  # noqa: E402


def _weights_or_skip():
    from vision.training.lite import weights_file
    try:
        return weights_file()
    except FileNotFoundError as exc:
        pytest.skip(str(exc))


def test_first_layer_reads_bgr_as_lite0_read_rgb():
    path = _weights_or_skip()
    sd = torch.load(path, map_location="cpu")
    net = imagenet_lite(path)
    img = np.random.default_rng(3).integers(0, 256, (2, FACE_PX, FACE_PX, 3)).astype(np.float32)  # BGR
    ours = torch.from_numpy((img - 128) / 64).permute(0, 3, 1, 2)
    theirs = torch.from_numpy((img[..., ::-1] - 127) / 128).permute(0, 3, 1, 2)  # RGB, as Lite0 was trained
    with torch.no_grad():
        got = net.stem[0](ours)
        want = torch.nn.functional.conv2d(theirs, sd["_conv_stem.weight"], stride=2, padding=1)
    # the means differ by one grey level: at most sum|w| / 128 per output
    bound = sd["_conv_stem.weight"].abs().sum((1, 2, 3)).max().item() / 128 + 1e-5
    assert (got - want).abs().max().item() <= bound
    assert (got - want).abs().max().item() < 0.1 * want.abs().max().item()


def test_imagenet_weights_fill_every_layer_but_the_last():
    path = _weights_or_skip()
    sd = torch.load(path, map_location="cpu")
    net = imagenet_lite(path)
    assert torch.equal(net.blocks[15].project[0].weight, sd["_blocks.15._project_conv.weight"])
    assert torch.equal(net.head[1].running_var, sd["_bn1.running_var"])
    assert net.fc.weight.shape == (7, HEAD)


def test_exported_lite_face_is_a_face_net_with_features(tmp_path):
    from vision.training.train import export
    torch.manual_seed(0)
    net = LiteFace().eval()
    export(net, (1, 3, FACE_PX, FACE_PX), tmp_path / "dice_face_expert2.onnx")
    x = np.random.default_rng(1).normal(size=(5, 3, FACE_PX, FACE_PX)).astype(np.float32)
    y, f = _Model(tmp_path / "dice_face_expert2.onnx").with_features(x)
    assert y.reshape(5, -1).shape == (5, 7) and f.reshape(5, -1).shape == (5, HEAD)
    with torch.no_grad():
        want = net(torch.from_numpy(x)).numpy()
    np.testing.assert_allclose(y.reshape(5, -1), want, atol=1e-3)


def _trained_looking(net):
    """``net`` with trained-looking batch norms (zero biases are not exported)."""
    for m in net.modules():
        if isinstance(m, torch.nn.BatchNorm2d):
            m.running_mean.uniform_(-0.5, 0.5)
            m.running_var.uniform_(0.5, 2.0)
    return net


def test_an_enlarging_lite_face_reads_the_48_px_window_and_its_file_says_its_side(tmp_path):
    """``--upsample 64``: the net enlarges the reader's 48 px window
    itself (the reader cuts it as always); ``lite_px`` finds the side in
    the file, so a fine-tune loads the same net; a plain one says None."""
    from vision.training.lite import lite_px
    from vision.training.train import export, load_onnx
    torch.manual_seed(0)
    net = _trained_looking(LiteFace(64).eval())
    export(net, (1, 3, FACE_PX, FACE_PX), tmp_path / "big.onnx")
    export(LiteFace().eval(), (1, 3, FACE_PX, FACE_PX), tmp_path / "plain.onnx")
    assert lite_px(tmp_path / "big.onnx") == 64 and lite_px(tmp_path / "plain.onnx") is None
    x = np.random.default_rng(2).normal(size=(3, 3, FACE_PX, FACE_PX)).astype(np.float32)
    y, _ = _Model(tmp_path / "big.onnx").with_features(x)
    again = load_onnx(LiteFace(lite_px(tmp_path / "big.onnx")), tmp_path / "big.onnx").eval()
    with torch.no_grad():
        want = net(torch.from_numpy(x)).numpy()
        np.testing.assert_allclose(again(torch.from_numpy(x)).numpy(), want, atol=1e-3)
    np.testing.assert_allclose(y.reshape(3, -1), want, atol=1e-3)
    assert not np.allclose(want, LiteFace().eval()(torch.from_numpy(x)).detach().numpy(), atol=1e-3)


@pytest.mark.parametrize("variant", [1, 2])
def test_a_deeper_lite_face_file_says_which_lite_it_is(tmp_path, variant):
    """``hard --imagenet --lite N``: Lite1 and Lite2 are deeper (21
    blocks) and Lite2 wider; a fine-tune of the file must build the same
    net, so ``lite_variant`` tells the three apart by their depthwise
    convolutions, and the reloaded net reads as the exported one."""
    from vision.training.lite import blocks_of, lite_variant
    from vision.training.train import export, load_onnx
    torch.manual_seed(variant)
    net = _trained_looking(LiteFace(64, variant).eval())
    assert len(net.blocks) == blocks_of(variant) == 21
    export(net, (1, 3, FACE_PX, FACE_PX), tmp_path / "deep.onnx")
    export(LiteFace().eval(), (1, 3, FACE_PX, FACE_PX), tmp_path / "plain.onnx")
    assert lite_variant(tmp_path / "deep.onnx") == variant and lite_variant(tmp_path / "plain.onnx") == 0
    again = load_onnx(LiteFace(64, lite_variant(tmp_path / "deep.onnx")), tmp_path / "deep.onnx").eval()
    x = np.random.default_rng(4).normal(size=(2, 3, FACE_PX, FACE_PX)).astype(np.float32)
    with torch.no_grad():
        np.testing.assert_allclose(again(torch.from_numpy(x)).numpy(), net(torch.from_numpy(x)).numpy(),
                                   atol=1e-3)


def test_a_file_of_another_net_is_no_lite(tmp_path):
    from vision.training.lite import lite_variant
    from vision.training.train import FaceNet, export
    export(FaceNet().eval(), (1, 3, FACE_PX, FACE_PX), tmp_path / "plain_face.onnx")
    with pytest.raises(ValueError, match="not an EfficientNet-Lite"):
        lite_variant(tmp_path / "plain_face.onnx")
