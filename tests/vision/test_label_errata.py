"""Label errata of the shared photo sets (vision/label_errata.toml): the
shipped file loads, corrections apply only to the die they name, and a
bad entry names itself."""
import numpy as np
import pytest

from vision.dataset import ERRATA_FILE, LabelledDie, correct_labels, find_dice_data, load_errata
from vision.score import score_folder


def test_shipped_errata_load_and_are_valid():
    errata = load_errata(ERRATA_FILE)
    assert sum(len(v) for v in errata.values()) >= 1
    for (set_name, image), fixes in errata.items():
        assert set_name and image.lower().endswith((".jpg", ".jpeg", ".png"))


def test_an_erratum_corrects_only_the_die_at_its_centre_with_its_published_value(tmp_path):
    img = tmp_path / "some-set" / "images" / "a.jpg"
    errata = {("some-set", "a.jpg"): [(100.0, 50.0, 6, 5)]}
    dice = [LabelledDie(6, (90, 40, 110, 60)),    # centre 100,50, value 6: corrected
            LabelledDie(6, (190, 40, 210, 60)),   # elsewhere: kept
            LabelledDie(4, (91, 41, 111, 61)),    # near, but published 4: kept
            LabelledDie(6, (95, 40, 115, 60))]    # published 6 but 5 px off: kept
    out, n = correct_labels(img, dice, errata)
    assert n == 1 and [d.value for d in out] == [5, 6, 4, 6]
    other = tmp_path / "other-set" / "images" / "a.jpg"
    assert correct_labels(other, dice, errata) == (dice, 0)


@pytest.mark.parametrize("body, says", [
    ('[[erratum]]\nset = "s"\nimage = "a.jpg"\nat = [1, 2]\nlabelled = 3\n', "erratum 1: want set"),
    ('[[erratum]]\nset = "s"\nimage = "a.jpg"\nat = [1, 2]\nlabelled = 3\ntop = 3\n', "two different values"),
    ('[[erratum]]\nset = "s"\nimage = "a.jpg"\nat = [1, 2]\nlabelled = 3\ntop = 9\n', "two different values"),
    ('[[erratum\n', "cannot read"),
])
def test_a_bad_erratum_is_refused_naming_the_file_and_entry(tmp_path, body, says):
    f = tmp_path / "errata.toml"
    f.write_text(body)
    with pytest.raises(ValueError, match=says) as e:
        load_errata(f)
    assert str(f) in str(e.value)


@pytest.mark.skipif(find_dice_data() is None, reason="shared dice photos absent")
def test_scoring_nell_applies_each_nell_erratum_once():
    folder = find_dice_data()
    errata = load_errata(ERRATA_FILE)
    images = [folder / "images" / image for (s, image) in errata if s == folder.name]
    if not images:
        pytest.skip(f"{folder.name}: no erratum names this set")
    got = score_folder(folder, lambda frame: [], images)
    assert got.errata == sum(len(errata[(folder.name, p.name)]) for p in images)
    raw = score_folder(folder, lambda frame: [], images, errata=False)
    assert raw.errata == 0 and raw.labelled == got.labelled


@pytest.mark.skipif(find_dice_data() is None, reason="shared dice photos absent")
def test_the_game_crop_library_files_an_erratum_die_under_its_top_value():
    """The simulated camera's real crops (``--dice-from``) take the errata
    as every scorer does: a crop whose published label an erratum corrects
    is filed under the face that is up, so the game does not count the
    reader's right value on it as a misread (issue 40: most of a headless
    game's misreads on the dev photos were these crops)."""
    from vision.dataset import list_images
    from vision.synth import CropLibrary
    folder = find_dice_data()
    errata = load_errata(ERRATA_FILE)
    names = {image for (s, image) in errata if s == folder.name}
    if not names:
        pytest.skip(f"{folder.name}: no erratum names this set")
    images = [p for p in list_images(folder) if p.name in names]
    lib, raw = CropLibrary(folder, images=images), CropLibrary(folder, images=images, errata=False)
    fixes = [fix for (s, image), fx in errata.items() if s == folder.name for fix in fx]
    for v in range(1, 7):   # each corrected crop moves from its published value to its top one
        moved = sum(top == v for *_, top in fixes) - sum(labelled == v for _, _, labelled, _ in fixes)
        assert len(lib.crops[v]) - len(raw.crops[v]) == moved, v
    assert any(len(lib.crops[v]) != len(raw.crops[v]) for v in range(1, 7))
