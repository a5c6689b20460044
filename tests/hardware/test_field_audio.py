"""Field problem 8 (issue 37): HDMI audio silent.  A Pi's vc4-hdmi card plays
only IEC958 through its ``hdmi:``/``default:`` device, a Pi 4's default card is
the headphone jack, and HDMI needs a screen connected (raspberrypi/linux #3043,
#6015).  The device is chosen from a fake /proc/asound/cards and a fake
/sys/class/drm, configurable, and handed to the mixer."""
from __future__ import annotations

from firmware.runtime.config import validate
from hardware.audio import Audio, choose_device, connected_hdmi_ports, sound_cards

PI4_CARDS = """ 0 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones
                      bcm2835 Headphones
 1 [vc4hdmi0       ]: vc4-hdmi - vc4-hdmi-0
                      vc4-hdmi-0
 2 [vc4hdmi1       ]: vc4-hdmi - vc4-hdmi-1
                      vc4-hdmi-1
"""
PI5_USB_CARDS = """ 0 [vc4hdmi0       ]: vc4-hdmi - vc4-hdmi-0
                      vc4-hdmi-0
 1 [vc4hdmi1       ]: vc4-hdmi - vc4-hdmi-1
                      vc4-hdmi-1
 2 [Device         ]: USB-Audio - USB Audio Device
                      GeneralPlus USB Audio Device at usb-xhci-hcd.0-1, full speed
"""


def _drm(tmp_path, **status):
    for name, st in status.items():
        d = tmp_path / "drm" / name.replace("_", "-")
        d.mkdir(parents=True)
        (d / "status").write_text(st + "\n")
    return tmp_path / "drm"


def _cards(tmp_path, text):
    p = tmp_path / "cards"
    p.write_text(text)
    return sound_cards(p)


def test_pi4_with_a_screen_on_hdmi1_plays_through_its_iec958_hdmi_device(tmp_path):
    cards = _cards(tmp_path, PI4_CARDS)
    assert [c.id for c in cards] == ["Headphones", "vc4hdmi0", "vc4hdmi1"]
    drm = _drm(tmp_path, card1_HDMI_A_1="disconnected", card1_HDMI_A_2="connected")
    ports = connected_hdmi_ports(drm)
    assert ports == [1]
    assert choose_device("auto", cards, ports)[0] == "hdmi:CARD=vc4hdmi1,DEV=0"
    assert choose_device("auto", cards, [])[0] == "default:CARD=Headphones"       # no screen: the jack
    assert choose_device("headphones", cards, ports)[0] == "default:CARD=Headphones"
    assert choose_device("hdmi:CARD=vc4hdmi0,DEV=0", cards, ports) == ("hdmi:CARD=vc4hdmi0,DEV=0",
                                                                       "from config audio.device")


def test_pi5_usb_speaker_and_hdmi(tmp_path):
    cards = _cards(tmp_path, PI5_USB_CARDS)
    assert choose_device("auto", cards, [0])[0] == "hdmi:CARD=vc4hdmi0,DEV=0"
    assert choose_device("usb", cards, [0])[0] == "default:CARD=Device"
    assert choose_device("auto", cards, [])[0] == "default:CARD=Device"
    assert choose_device("auto", [], []) == (None, "no ALSA card listed")
    assert validate({})["audio"]["device"] == "auto"


class RecordingMixer:
    def __init__(self, refuse=()):
        self.inits, self.refuse = [], refuse

    def init(self, **kw):
        self.inits.append(kw.get("devicename"))
        if kw.get("devicename") in self.refuse:
            raise RuntimeError("No such audio device")

    def Sound(self, buffer):
        return type("S", (), {"play": lambda self: None})()


def test_the_chosen_device_is_opened_and_a_refused_name_falls_back_to_sdls_default():
    m = RecordingMixer()
    a = Audio(True, 0.5, mixer_loader=lambda: m, device="hdmi:CARD=vc4hdmi0,DEV=0")
    assert m.inits == ["hdmi:CARD=vc4hdmi0,DEV=0"] and a.device == "hdmi:CARD=vc4hdmi0,DEV=0"
    assert "hdmi:CARD=vc4hdmi0" in a.reason
    m = RecordingMixer(refuse=("hdmi:CARD=vc4hdmi0,DEV=0",))
    a = Audio(True, 0.5, mixer_loader=lambda: m, device="hdmi:CARD=vc4hdmi0,DEV=0")
    assert m.inits == ["hdmi:CARD=vc4hdmi0,DEV=0", None] and not a.muted and a.device is None
