"""`printgen preview` without -o: the PNG goes beside the deck's build, named after what it shows."""

from __future__ import annotations

from conftest import run_cli


def test_preview_without_output_names_its_file_and_says_where(tmp_path):
    card = run_cli("preview", "cromwell", "--card", "Henry VIII", "--dpi", "40", cwd=tmp_path)
    assert card.code == 0, card.err
    path = tmp_path / "output" / "cromwell" / "preview" / "henry-viii.png"
    assert path.read_bytes().startswith(b"\x89PNG")
    assert "output/cromwell/preview/henry-viii.png" in card.out, card.out
    sheet = run_cli("preview", "spanish", "--pack", "48", "--sheet", "2", "--back", "--dpi", "20", cwd=tmp_path)
    assert sheet.code == 0, sheet.err
    assert (tmp_path / "output" / "spanish" / "preview" / "48-sheet-2-back.png").is_file()
    named = run_cli("preview", "cromwell", "--dpi", "20", "-o", "mine.png", cwd=tmp_path)
    assert named.code == 0 and (tmp_path / "mine.png").is_file(), named.err
