"""`printgen validate` end to end: reports, determinism, workers, Ray, exit status."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys

import pytest
from conftest import ROOT, run_cli
from pypdf import PdfReader


def validate(tmp_path, *args: str, name: str = "report.json"):
    out = tmp_path / name
    run = run_cli("validate", *args, "--json", str(out), "--quiet")
    data = json.loads(out.read_text()) if out.exists() else None
    return run, data


# The Ray run of the last test. Starting Ray is seconds of waiting for its own processes (about 6 s
# of wall time for 3 s of processor time), during which the test's worker would sit idle: the run
# is started with the module's first test instead, when the Ray test is among those to run, and
# the module's other tests fill the wait. 200 games are four batches of 50 (runner.chunk_size),
# so four Ray tasks whose results must come back in order.
RAY_ARGS = ("standard", "--game", "drafting", "--games", "200", "--looks", "1", "--seed", "5")
RAY_TEST = "test_ray_backend_agrees_with_local"


@pytest.fixture(scope="module", autouse=True)
def ray_run(request, tmp_path_factory):
    """(the running `validate --backend ray` process, its JSON report's path), or None when the Ray
    test is not selected here or Ray is not installed; a run not waited for is ended at the end."""
    chosen = any(item.name == RAY_TEST and item.module is request.module for item in request.session.items)
    if not chosen or importlib.util.find_spec("ray") is None:
        yield None
        return
    ray_json = tmp_path_factory.mktemp("ray") / "ray.json"
    process = subprocess.Popen([sys.executable, "-m", "printgen", "validate", *RAY_ARGS, "--backend", "ray",
                                "--json", str(ray_json), "--quiet"], env=dict(os.environ, PYTHONPATH=str(ROOT)),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        yield process, ray_json
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def test_drafting_report_and_exit_status(tmp_path):
    run, data = validate(tmp_path, "standard", "--game", "drafting", "--games", "400")
    assert run.code in (0, 1), run.err
    assert run.code == data["status"]
    assert "drafting (basic)" in run.out and "seat wins" in run.out
    section = data["sections"][0]
    assert section["players"] == [4]
    figures = section["results"]["4"]
    # 400 games first, more while a seat's interval straddles its band's edge (up to 16 times as many)
    assert figures["looks"]["games"] == figures["games"] and 400 <= figures["games"] <= 6400
    assert figures["games"] == 400 * 2 ** (figures["looks"]["looks"] - 1) and figures["completion_rate"] == 1.0
    assert abs(sum(figures["seat_win_rate"]) - 1.0) < 1e-3     # rates are rounded to 4 places
    assert figures["length"]["p95"] >= figures["length"]["mean"] * 0.5


def looks_taken(data: dict) -> list[int]:
    """The looks each section and player count took."""
    return [m["looks"]["looks"] for s in data["sections"] for m in s["results"].values()]


# Two looks (--looks 2): the games of a further look are played, seeded and shared out as every
# later look's are; the default's five would repeat that with up to 16 times the games.
def test_same_seed_same_report_and_other_seeds_differ(tmp_path):
    args = ("cromwell", "--variant", "basic", "--players", "4", "--games", "300", "--looks", "2")
    _, a = validate(tmp_path, *args, "--seed", "7", name="a.json")
    _, b = validate(tmp_path, *args, "--seed", "7", name="b.json")
    _, c = validate(tmp_path, *args, "--seed", "8", name="c.json")
    assert looks_taken(a) == [2] and looks_taken(c) == [2]
    assert a == b
    assert a["sections"][0]["results"] != c["sections"][0]["results"]


def test_one_worker_and_two_workers_agree(tmp_path):
    args = ("cromwell", "--players", "3-4", "--games", "150", "--seed", "3", "--looks", "2")
    _, one = validate(tmp_path, *args, "--workers", "1", name="one.json")
    _, two = validate(tmp_path, *args, "--workers", "2", name="two.json")
    assert looks_taken(one) == [2, 2, 2, 2]
    assert one == two


def test_a_house_of_two_monarchs_is_reported(tmp_path, deck_copy):
    folder = deck_copy("cromwell")
    text = (folder / "deck.yaml").read_text()
    # Henry IV joins York: Lancaster keeps only Henry V and Henry VI.
    text = re.sub(r"(- name: Henry IV\n    house: )Lancaster", r"\1York", text)
    (folder / "deck.yaml").write_text(text)
    run, data = validate(tmp_path, str(folder), "--variant", "basic", "--games", "100", "--looks", "1")
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
    (folder / "deck.yaml").write_text((folder / "deck.yaml").read_text().replace("\n    house: Tudor",
                                                                                 "\n    house: Tudro", 1))
    run = run_cli("validate", str(folder))
    assert run.code == 2 and "did you mean 'Tudor'?" in run.err


def test_chart_page(tmp_path):
    chart = tmp_path / "chart.pdf"
    run = run_cli("validate", "standard", "--games", "200", "--looks", "1", "--chart", str(chart), "--quiet")
    assert run.code in (0, 1), run.err
    reader = PdfReader(chart)
    text = reader.pages[0].extract_text()
    assert "game length" in text and "seat" in text and "4 players" in text
    assert "dead: held but never used" in text and "fair share 25 %" in text
    assert re.search(r"every one of the [\d,]+ games lasted exactly 12 picks", text)
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            assert "/FontFile2" in font.get_object()["/FontDescriptor"].get_object(), font.get_object()["/BaseFont"]
    png = tmp_path / "chart.png"
    run = run_cli("validate", "standard", "--games", "100", "--looks", "1", "--chart", str(png), "--quiet")
    assert run.code in (0, 1), run.err
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# -- the deck's own setup ----------------------------------------------------------------------------

def test_shipped_cromwell_passes_with_the_setup_its_deck_declares(tmp_path):
    """No options: every variant and player count is played as deck.yaml sets it up (never Blois,
    a house of one monarch), and the shipped deck passes its own validation."""
    run, data = validate(tmp_path, "cromwell", "--games", "300", "--looks", "1")
    assert run.code == 0 and data["status"] == 0, run.out + run.err
    # --looks 1 plays --games exactly: the header promises no further games
    assert run.out.splitlines()[0].endswith("greedy bots"), run.out.splitlines()[0]
    assert "Result: passes" in run.out and "(exit status 0)" in run.out
    from printgen.commands.validate import game_setups, setup_options
    from printgen.model.load import load_deck

    setup = game_setups(load_deck("cromwell"))["cromwell"]
    for section in data["sections"]:
        assert section["players"] == [3, 4, 5, 6]
        for n in section["players"]:
            used = section["setup"][str(n)]
            assert used["from"] == "deck.yaml"
            assert used["options"] == setup_options(setup, section["variant"], n)
            assert "Blois" not in str(used["options"])
        assert not [w for w in section["warnings"] if w["level"] != "undecided"]
    assert "Blois" not in run.out.split("== cromwell (basic) ==")[1].split("advice")[0]
    # length as players count it
    assert all(s["length_unit"] == "turns" for s in data["sections"]) and "turns mean" in run.out
    assert "steps" not in run.out


def advice_commands(report: str) -> list[list[str]]:
    import shlex

    return [shlex.split(line.split(": printgen ", 1)[1]) for line in report.splitlines()
            if line.strip().startswith("advice:") and ": printgen " in line]


def test_advice_lines_are_commands_that_run(tmp_path, deck_copy):
    folder = deck_copy("cromwell", "my deck")        # a path with a space must come out quoted
    run, _ = validate(tmp_path, str(folder), "--variant", "advanced", "--games", "30",
                      "-O", "houses=Normandy..Windsor")
    # too few games to judge a seat or card: the header says no more are played (it once said "up to 320")
    assert "too few to judge a seat or card" in run.out.splitlines()[0] and "up to" not in run.out.splitlines()[0]
    commands = advice_commands(run.out)
    assert len(commands) == 4, run.out
    for players, args in zip((3, 4, 5, 6), commands):
        assert args[:6] == ["validate", str(folder), "--variant", "advanced", "--players", str(players)]
        assert args[6] == "-O" and args[7].startswith("houses=")
    args = commands[1]
    again, data = validate(tmp_path, *args[1:], "--games", "40", name="again.json")
    assert again.code in (0, 1), again.err
    section = data["sections"][0]
    assert section["players"] == [4] and section["variant"] == "advanced"
    houses = args[7].split("=", 1)[1]
    assert section["setup"]["4"]["from"] in ("deck.yaml and command line", "command line")
    shown = section["setup"]["4"]["options"]["houses"]
    assert (",".join(shown) if isinstance(shown, list) else shown) == houses
    assert "(the deck's own setup)" in again.out       # the advice now matches what was played


def test_a_bad_setup_in_the_deck_file_is_reported_at_its_line(tmp_path, deck_copy):
    folder = deck_copy("cromwell")
    path = folder / "deck.yaml"
    lines = path.read_text().splitlines()
    number = next(i for i, line in enumerate(lines) if line.strip().startswith("4: {houses: [Normandy"))
    lines[number] = lines[number].replace("Tudor", "Tudro")
    path.write_text("\n".join(lines) + "\n")
    run = run_cli("validate", str(folder), "--variant", "basic", "--games", "10")
    assert run.code == 2 and "Traceback" not in run.err
    assert f"deck.yaml, line {number + 1}" in run.err and "Tudro" in run.err and "did you mean 'Tudor'?" in run.err
    # the command line can still override the broken setup
    assert run_cli("validate", str(folder), "--variant", "basic", "--players", "4", "--games", "10",
                   "-O", "houses=Plantagenet..Stuart", "--quiet").code in (0, 1)
    # a misspelt variant in the setup is not silently ignored
    number = next(i for i, line in enumerate(lines) if line.strip() == "advanced:")
    lines[number] = lines[number].replace("advanced", "advancd")
    path.write_text("\n".join(lines) + "\n")
    run = run_cli("validate", str(folder), "--games", "10")
    assert run.code == 2 and f"deck.yaml, line {number + 1}" in run.err and "did you mean 'advanced'?" in run.err


# -- honest statistics --------------------------------------------------------------------------------

def fake_results(wins_by_seat: list[int], players: int):
    from printgen.sim.report import Result

    out = []
    for seat, wins in enumerate(wins_by_seat):
        for _ in range(wins):
            scores = [0.0] * players
            scores[seat] = 1.0
            out.append(Result(len(out), players, 10, False, scores, [seat], [7] * players, 0, 0, 5))
    return out


def seat_warnings(wins_by_seat: list[int], level: str = "warning") -> list[str]:
    from printgen.sim.metrics import findings, summarise

    summary = summarise(fake_results(wins_by_seat, len(wins_by_seat)), [], [])
    return [f.message for f in findings(summary, None) if "seat" in f.message and f.level == level]


def test_no_seat_warning_for_a_fair_game_played_a_few_times():
    import random

    rng = random.Random(5)
    alarms = 0
    for _ in range(300):               # 300 fair validations of 40 games, 4 seats
        wins = [0] * 4
        for _ in range(40):
            wins[rng.randrange(4)] += 1
        alarms += bool(seat_warnings(wins))
    # a seat 10 points off its share happens in about half of such runs by luck alone; a warning
    # needs the whole interval beyond the band, so false alarms stay rare
    assert alarms <= 0.01 * 300
    assert seat_warnings([16, 8, 8, 8]) == []          # 40 % of 40 games: not enough to say ...
    assert len(seat_warnings([16, 8, 8, 8], "undecided")) == 4     # ... so every seat is undecided


def test_a_rigged_seat_is_reported_with_its_interval_and_band():
    messages = seat_warnings([800, 400, 400, 400])     # seat 1 wins 40 % of 2,000 games
    assert len(messages) == 1, messages
    text = messages[0]
    assert text.startswith("4 players: seat 1 wins 40 % of 2,000 games (99.8 % interval 36.7-43.4 %)"), text
    assert "fine is 18.8 to 31.2 % (a fair 25 %, give or take a quarter of it)" in text
    assert text.endswith("it wins clearly more than its share")
    # the other seats (20 %, interval 17.5-22.7 %) straddle the band's lower edge: undecided, not warned
    assert len(seat_warnings([800, 400, 400, 400], "undecided")) == 3
    # the chi-square p-value of all seats together is in the figures
    from printgen.sim.metrics import summarise

    summary = summarise(fake_results([800, 400, 400, 400], 4), [], [])
    assert summary["seat_chi2"]["p"] < 1e-20 and summary["seat_win_ci95"][0] == [0.3787, 0.4216]


def test_a_fair_game_with_the_fewest_games_judged_passes_end_to_end(tmp_path):
    run, data = validate(tmp_path, "standard", "--games", "100", "--seed", "3")
    assert run.code == 0, run.out
    assert not [w for s in data["sections"] for w in s["warnings"] if "seat" in w["message"]
                and w["level"] == "warning"]


def test_drafting_has_no_dead_card_artefact_and_counts_picks(tmp_path):
    run, data = validate(tmp_path, "standard", "--games", "2000")
    assert run.code == 0, run.out
    figures = data["sections"][0]["results"]["4"]
    rates = figures["dead_rate_by_card"]
    for suit in ("Spades", "Hearts", "Diamonds", "Clubs"):
        same = [rates[f"{rank} of {suit}"] for rank in ("Ten", "Jack", "Queen", "King")]
        assert max(same) - min(same) < 0.06, (suit, same)
    assert not [w for w in data["sections"][0]["warnings"] if "dead" in w["message"]]
    assert figures["length"] == {**figures["length"], "mean": 12.0, "min": 12, "max": 12, "unit": "picks"}
    assert "picks mean" in run.out and "steps" not in run.out


# -- limits -------------------------------------------------------------------------------------------

def test_games_and_workers_are_bounded():
    import os

    from printgen.commands.validate import ValidateOptions, check_limits
    from printgen.files.errors import UserError

    for settings, says in (({"workers": 0}, "at least 1 worker"), ({"workers": -3}, "at least 1 worker"),
                           ({"games": 0}, "at least 1 game"), ({"games": 2_000_000}, "1,000,000")):
        with pytest.raises(UserError, match=says):
            check_limits(ValidateOptions(**settings))
    options = ValidateOptions(workers=5000)
    notes = check_limits(options)
    assert options.workers == 4 * (os.cpu_count() or 1) and "--workers 5,000 is more than" in notes[0]
    assert check_limits(ValidateOptions(workers=2, games=1_000_000)) == []
    # on the command line: a refusal is one message and exit status 2; a cap is a note
    run = run_cli("validate", "standard", "--workers", "0")
    assert run.code == 2 and "at least 1 worker" in run.err and "Traceback" not in run.err, run.err
    run = run_cli("validate", "standard", "--games", "100", "--looks", "1", "--workers", "5000", "--quiet")
    assert run.code == 0, run.err
    assert "--workers 5,000 is more than this computer can use" in run.err


# -- charts -------------------------------------------------------------------------------------------

def test_length_bins_end_near_the_data():
    from printgen.draw.documents.chart_panels import length_bins

    spread = list(range(5, 61)) * 3
    bins = length_bins(spread)
    width = bins["edges"][1] - bins["edges"][0]
    assert bins["edges"][0] == 5 and 60 < bins["edges"][-1] <= 60 + width and bins["over"] == 0
    tail = list(range(1, 301)) * 2 + [1218]          # one game far beyond the rest
    bins = length_bins(tail)
    assert bins["over"] == 1 and 290 <= bins["edges"][-1] <= 320
    assert length_bins([12] * 50) == {"edges": [12, 13], "counts": [50], "under": 0, "over": 0, "step": 1}


def test_svg_chart_is_svg_and_other_suffixes_are_refused(tmp_path):
    svg = tmp_path / "chart.svg"
    run = run_cli("validate", "standard", "--games", "100", "--looks", "1", "--chart", str(svg), "--quiet")
    assert run.code == 0, run.err
    text = svg.read_text()
    assert text.lstrip().startswith("<?xml") and "<svg" in text and "%PDF" not in text
    assert "fair share 25 %" in text and "dead: held but never used" in text and "12 picks" in text
    bad = tmp_path / "chart.jpg"
    run = run_cli("validate", "standard", "--games", "50", "--chart", str(bad))
    assert run.code == 2 and ".pdf, .svg or .png" in run.err and not bad.exists()


def test_more_games_are_played_as_the_judged_ones_unless_other_bots_are_named():
    """The `more` a report is handed plays through the same runner, seed and deck: the same games
    as a run with those options, with the judged bots (which it names) unless it is given others."""
    from printgen.games.drafting import GAME
    from printgen.sim.runner import MoreGames, batches, execute

    game, greedy, careless = GAME(), ("greedy",) * 4, ("random",) * 4
    more = MoreGames(game, "basic", "standard", 4, 5, 1, "local", None, greedy)

    def run(bots):
        return [(r.scores, r.length) for r in execute(batches(game, "basic", "standard", {}, 4, 12, 5, bots, 5))]
    assert more.bots == greedy
    assert [(r.scores, r.length) for r in more({}, 12)] == run(greedy)
    assert [(r.scores, r.length) for r in more({}, 12, bots=careless)] == run(careless) != run(greedy)


def test_ray_backend_agrees_with_local(tmp_path, ray_run):
    """Last in the module: the Ray run was started with the module's first test (`ray_run`), and
    one look of 200 games in four Ray tasks is enough to compare every figure with a local run."""
    pytest.importorskip("ray")
    process, ray_json = ray_run
    _, local = validate(tmp_path, *RAY_ARGS, name="local.json")
    try:
        _, err = process.communicate(timeout=300)
    finally:
        process.kill()
    assert process.returncode in (0, 1), err
    assert local == json.loads(ray_json.read_text())
    # Ray's own log lines are not the designer's business: only the report's words reach the terminal
    assert "Ray instance" not in err and "WARNING" not in err and "INFO" not in err, err
