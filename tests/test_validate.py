"""`printgen validate` end to end: reports, determinism, workers, Ray, exit status."""

from __future__ import annotations

import json
import re

import pytest
from pypdf import PdfReader

from conftest import run_cli


def validate(tmp_path, *args: str, name: str = "report.json"):
    out = tmp_path / name
    run = run_cli("validate", *args, "--json", str(out), "--quiet")
    data = json.loads(out.read_text()) if out.exists() else None
    return run, data


def test_drafting_report_and_exit_status(tmp_path):
    run, data = validate(tmp_path, "standard", "--game", "drafting", "--games", "400")
    assert run.code in (0, 1), run.err
    assert run.code == data["status"]
    assert "drafting (basic)" in run.out and "seat wins" in run.out
    section = data["sections"][0]
    assert section["players"] == [4]
    figures = section["results"]["4"]
    assert figures["games"] == 400 and figures["completion_rate"] == 1.0
    assert abs(sum(figures["seat_win_rate"]) - 1.0) < 1e-3     # rates are rounded to 4 places
    assert figures["length"]["p95"] >= figures["length"]["mean"] * 0.5


def test_same_seed_same_report_and_other_seeds_differ(tmp_path):
    _, a = validate(tmp_path, "cromwell", "--variant", "basic", "--players", "4", "--games", "300", "--seed", "7",
                    name="a.json")
    _, b = validate(tmp_path, "cromwell", "--variant", "basic", "--players", "4", "--games", "300", "--seed", "7",
                    name="b.json")
    _, c = validate(tmp_path, "cromwell", "--variant", "basic", "--players", "4", "--games", "300", "--seed", "8",
                    name="c.json")
    assert a == b
    assert a["sections"][0]["results"] != c["sections"][0]["results"]


def test_one_worker_and_two_workers_agree(tmp_path):
    args = ("cromwell", "--players", "3-4", "--games", "250", "--seed", "3")
    _, one = validate(tmp_path, *args, "--workers", "1", name="one.json")
    _, two = validate(tmp_path, *args, "--workers", "2", name="two.json")
    assert one == two


def test_ray_backend_agrees_with_local(tmp_path):
    pytest.importorskip("ray")
    args = ("standard", "--game", "drafting", "--games", "300", "--seed", "5")
    _, local = validate(tmp_path, *args, name="local.json")
    run, remote = validate(tmp_path, *args, "--backend", "ray", name="ray.json")
    assert run.code in (0, 1), run.err
    assert local == remote


def test_a_house_of_two_monarchs_is_reported(tmp_path, deck_copy):
    folder = deck_copy("cromwell")
    text = (folder / "deck.yaml").read_text()
    # Henry IV joins York: Lancaster keeps only Henry V and Henry VI.
    text = re.sub(r"(- name: Henry IV\n    house: )Lancaster", r"\1York", text)
    (folder / "deck.yaml").write_text(text)
    run, data = validate(tmp_path, str(folder), "--variant", "basic", "--games", "100")
    assert run.code == 1, run.err
    warnings = " ".join(w["message"] for s in data["sections"] for w in s["warnings"])
    assert "Lancaster" in warnings and "warning" in run.out
    assert re.search(r"Lancaster[^.]*\b2\b", warnings) or re.search(r"\b2\b[^.]*Lancaster", warnings)


def test_errors_exit_2(tmp_path, deck_copy):
    run = run_cli("validate", "cromwel")
    assert run.code == 2 and "did you mean 'cromwell'?" in run.err and "Traceback" not in run.err
    run = run_cli("validate", "cromwell", "--players", "12")
    assert run.code == 2 and "supported" in run.err
    run = run_cli("validate", "cromwell", "--game", "draftin")
    assert run.code == 2 and "did you mean 'drafting'?" in run.err
    folder = deck_copy("cromwell")
    (folder / "deck.yaml").write_text((folder / "deck.yaml").read_text().replace("\n    house: Tudor", "\n    house: Tudro", 1))
    run = run_cli("validate", str(folder))
    assert run.code == 2 and "did you mean 'Tudor'?" in run.err


def test_chart_page(tmp_path):
    chart = tmp_path / "chart.pdf"
    run = run_cli("validate", "standard", "--games", "200", "--chart", str(chart), "--quiet")
    assert run.code in (0, 1), run.err
    reader = PdfReader(chart)
    text = reader.pages[0].extract_text()
    assert "game length" in text and "seat" in text and "4 players" in text
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            assert "/FontFile2" in font.get_object()["/FontDescriptor"].get_object(), font.get_object()["/BaseFont"]
    png = tmp_path / "chart.png"
    assert run_cli("validate", "standard", "--games", "100", "--chart", str(png), "--quiet").code in (0, 1)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
