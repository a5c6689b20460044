"""``cabinet hardware check`` (issue "Hardware layer", Done-when: runs here
against the mock backend and prints the seat map; validates the map)."""
from __future__ import annotations

import json

from firmware.cli.main import main


def test_hardware_check_on_mock_prints_the_seat_map_and_passes(capsys):
    assert main(["hardware", "check"]) == 0
    out = capsys.readouterr().out
    assert "backend:  mock" in out and "not a Raspberry Pi" in out
    assert "default wiring" in out
    lines = [l for l in out.splitlines() if l[:1].isdigit()]
    assert len(lines) == 6
    assert lines[0].split()[:3] == ["1", "4", "(pin"]          # seat 1's button on BCM 4, header pin 7
    assert "ssd1306 on I2C bus 2 at 0x3c" in lines[0] and "ssd1306 on I2C bus 7 at 0x3c" in lines[5]
    assert "GPA0 (exp)" in lines[0] and "GPB3 (exp)" in lines[5]
    assert "expander: MCP23017 on I2C bus 1 at 0x20: ok (12 inputs)" in out
    assert "input test (mock (scripted)): 24/24 inputs ok" in out
    assert "pin map:  ok" in out


def test_hardware_check_json_reports_backend_displays_and_inputs(capsys):
    assert main(["hardware", "check", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["backend"] == "mock" and r["problems"] == []
    assert len(r["seats"]) == 6 and len(r["displays"]) == 6
    assert all(d["status"] == "ok" for d in r["displays"])
    assert all(i["ok"] for i in r["inputs"]) and len(r["inputs"]) == 24
    assert {i["input"] for i in r["inputs"] if i["seat"] == 6} == {"button", "cup", "nav_a", "nav_b"}
    assert r["levels"]["seat 1 cup"] == 1                        # simulated cups start on their coasters


def test_hardware_check_with_an_encoder_seat_tests_the_knob(tmp_path, capsys):
    cfg = tmp_path / "c.toml"
    cfg.write_text("[[seats]]\nbutton = 4\ncup = 17\nnav_a = 27\nnav_b = 22\nnav_push = 23\n"
                   "nav_kind = \"encoder\"\n[seats.oled]\ndriver = \"sh1106\"\naddress = 0x3D\n")
    assert main(["--config", str(cfg), "hardware", "check", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["wiring"] == "config [[seats]]"
    assert {i["input"] for i in r["inputs"]} == {"button", "cup", "nav_push", "encoder"}
    assert r["displays"][0]["oled"].endswith("(sh1106 on I2C bus 1 at 0x3d)")


def test_hardware_check_refuses_a_bad_map_naming_the_key_path(tmp_path, capsys):
    cfg = tmp_path / "bad.toml"
    cfg.write_text("[[seats]]\nbutton = 3\ncup = 17\n")
    assert main(["--config", str(cfg), "hardware", "check"]) == 1
    err = capsys.readouterr().err
    assert "seats[0].button" in err and "BCM pin 3 is reserved for I2C SCL" in err


def test_hardware_check_says_why_the_backend_cannot_run(tmp_path, capsys):
    cfg = tmp_path / "c.toml"
    cfg.write_text('[cabinet]\nsimulate = "no"\n')
    assert main(["--config", str(cfg), "hardware", "check"]) == 1
    out = capsys.readouterr().out
    assert "backend:  ERROR not a Raspberry Pi" in out and "seat" in out


def test_live_input_test_prompts_each_input_and_reports_a_dead_wire():
    """The live test (real Pi) logic, exercised on the mock pins: a 'person'
    answers each prompt except seat 2's cup, whose wire is 'broken'."""
    from firmware.cli.hardware import live_test
    from firmware.runtime.config import validate
    from hardware.cabinet import build_cabinet

    cab = build_cabinet(validate({}), model=None, with_camera=False, with_audio=False)
    t = [1_000]
    prompts = []
    words = {"big button": "button", "left navigation button": "nav_a", "right navigation button": "nav_b"}

    def person(text="", **kw):
        prompts.append(text)
        t[0] += 10_000
        seat = int(text.split("seat ")[1].split("'")[0]) - 1 if "seat " in text else None
        if text.strip().startswith("press") and "seat 6's right" not in text:   # a dead expander wire too
            name = next(v for k, v in words.items() if k in text)
            cab.drive(seat, name, True, t[0])
            cab.drive(seat, name, False, t[0] + 5_000)
            t[0] += 5_000
        elif text.strip().startswith("lift") and seat != 1:
            cab.drive(seat, "cup", False, t[0])
        elif text.strip().startswith("put"):
            cab.drive(seat, "cup", True, t[0])

    try:
        results = live_test(cab, timeout_s=0.05, out=person)
    finally:
        cab.close()
    assert len(results) == 24
    failed = [(r["seat"], r["input"]) for r in results if not r["ok"]]
    assert failed == [(2, "cup"), (6, "nav_b")]
    assert "  press seat 2's big button ... " in prompts
    assert "  press seat 5's left navigation button ... " in prompts
    assert any("check the wire on BCM 6" in p for p in prompts)
    assert any("check the wire on expander GPB3" in p for p in prompts)
