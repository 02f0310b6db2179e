"""``badugi-hh hand``: evaluate hands given as arguments or on stdin."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from badugi_hh.cards import parse_cards
from badugi_hh.cli import main


def run_hand(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
             *args: str, stdin: str = "") -> tuple[int, list[str], str]:
    """Exit status, stdout lines and stderr of ``badugi-hh hand ARGS < stdin``."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(["hand", *args])
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


def test_arguments_print_each_value_and_the_winner(monkeypatch, capsys):
    status, out, err = run_hand(monkeypatch, capsys, "As 2h 3d Kd", "Ah 2c 3s 7d")
    assert (status, err) == (0, "")
    assert out == ["As 2h 3d Kd\t3-card 3-2-A\t715",
                   "Ah 2c 3s 7d\tbadugi 7-3-2-A\t15",
                   "hand 2 wins with badugi 7-3-2-A"]


def test_equal_values_tie_whatever_the_suits(monkeypatch, capsys):
    status, out, _ = run_hand(monkeypatch, capsys, "As 2h 3d 4c", "A♥ 2♠ 3♣ 4♦", "5s 6h 7d 8c")
    assert status == 0
    assert out[-1] == "hands 1 and 2 tie with badugi 4-3-2-A"


def test_a_single_argument_has_no_verdict(monkeypatch, capsys):
    status, out, _ = run_hand(monkeypatch, capsys, "Kd As 2h 3d 4c")
    assert (status, out) == (0, ["Kd As 2h 3d 4c\tbadugi 4-3-2-A\t0"])


def test_bad_arguments_are_named_and_exit_2(monkeypatch, capsys):
    status, out, err = run_hand(monkeypatch, capsys, "As 2h 3d 4c", "As 2h", "As Zz 3d 4c")
    assert (status, out) == (2, [])
    assert "argument 2 'As 2h': badugi hands have 4 or 5 cards, got 2" in err
    assert "argument 3 'As Zz 3d 4c': 'Zz' is not a card" in err


def test_stdin_prints_one_line_per_hand_and_reports_bad_lines(monkeypatch, capsys):
    stdin = "As 2h 3d 4c\n\nAs 2h 3d Jk\nKs Kh Kd Kc\nAs As 2d 3c\n6s 7h 7d 8c\n"
    status, out, err = run_hand(monkeypatch, capsys, stdin=stdin)
    assert status == 2
    assert out == ["As 2h 3d 4c\tbadugi 4-3-2-A\t0",
                   "Ks Kh Kd Kc\t1-card K\t1091",
                   "6s 7h 7d 8c\t3-card 8-7-6\t770"]
    assert err.splitlines() == [
        "badugi-hh hand: line 3 'As 2h 3d Jk': a joker is not a card of the deck (G2)",
        "badugi-hh hand: line 5 'As As 2d 3c': As appears twice"]


def test_stdin_ranks_are_equal_exactly_for_equal_values(monkeypatch, capsys):
    stdin = "As 2h 3d Kd\nAh 2c 3s 2h\nAs 2h 3d 4d\n"
    status, out, _ = run_hand(monkeypatch, capsys, stdin=stdin)
    ranks = [line.split("\t")[2] for line in out]
    assert status == 0 and ranks[0] == ranks[1] == ranks[2]


@pytest.mark.parametrize(("game", "hands", "verdict"), [
    ("2-7", ["7c 5d 4s 3h 2h", "Ac 5c 4d 3s 2s"], "hand 1 wins with 7-5-4-3-2"),
    ("2-7", ["6c 5d 4s 3h 2h", "2c 2d 4c 3d 5s"], "hand 2 wins with pair of deuces, 5-4-3"),
    ("a-5", ["Ac 5d 4s 3h 2h", "6c 4d 3s 2c Ah"], "hand 1 wins with 5-4-3-2-A"),
    ("high", ["As Ad Kc Qd 2h", "Ks Kd Kh 3c 2c"], "hand 2 wins with three kings, 3-2"),
])
def test_lowball_games(monkeypatch, capsys, game, hands, verdict):
    status, out, _ = run_hand(monkeypatch, capsys, "--game", game, *hands)
    assert (status, out[-1]) == (0, verdict)


def test_every_half_of_the_game_registry_is_a_game_to_evaluate(monkeypatch, capsys):
    from badugi_hh.games import GAMES

    for half in {half for game in GAMES.values() for half in game.halves}:
        status, out, err = run_hand(monkeypatch, capsys, "--game", half.name, "As 2h 3d 4c 7s")
        assert (status, err) == (0, "") and out == [
            f"As 2h 3d 4c 7s\t{half.value(parse_cards('As 2h 3d 4c 7s')).description}"
            f"\t{half.value(parse_cards('As 2h 3d 4c 7s')).rank}"]


def test_lowball_needs_five_cards(monkeypatch, capsys):
    status, _, err = run_hand(monkeypatch, capsys, "--game", "a-5", stdin="As 2h 3d 4c\n")
    assert status == 2
    assert "line 1 'As 2h 3d 4c': A-5 lowball hands have 5 cards, got 4" in err


def test_unknown_game_is_a_usage_error(monkeypatch, capsys):
    with pytest.raises(SystemExit) as exit_info:
        run_hand(monkeypatch, capsys, "--game", "holdem", "As 2h 3d 4c")
    assert exit_info.value.code == 2


def test_console_script_reads_stdin():
    script = shutil.which("badugi-hh", path=Path(sys.executable).parent) or shutil.which("badugi-hh")
    assert script, "the badugi-hh console script is not installed (pip install -e .)"
    completed = subprocess.run([script, "hand"], input="Ah 2c 3s 7d\nbad\n",
                               capture_output=True, text=True, check=False)
    assert completed.returncode == 2
    assert completed.stdout == "Ah 2c 3s 7d\tbadugi 7-3-2-A\t15\n"
    assert "line 2 'bad'" in completed.stderr


def test_hands_sharing_a_card_are_refused(monkeypatch, capsys):
    status, out, err = run_hand(monkeypatch, capsys, "As 2h 3d Kd", "Ah 2c 3s Kd")
    assert (status, out) == (2, [])
    assert err == "badugi-hh hand: Kd is in hands 1 and 2: the same card cannot be in both hands\n"
