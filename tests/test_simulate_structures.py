"""Short stacks and every betting structure: simulated hands validate clean (issue 22).

The simulator plays fixed limit, pot limit, half-pot limit and no limit with short
stacks (``--stacks 20``: 20 big blinds; ``--stacks 10-40``: each player's drawn in
that range), so multiway all-ins, side pots and the reopening rule (T8) come up
all the time. Its sessions, written as a house log and read back, must audit with
no violation. The default run plays 20 sessions at 3, 5 and 8 players in process;
``pytest -m slow`` runs the issue's proof through the command line: for Badugi,
2-7 triple draw and Badeucy, 3 to 8 players and each structure, ``simulate
--sessions 200 --stacks 20`` then ``validate``, exit 0.
"""

from __future__ import annotations

import io
import itertools
from functools import cache

import pytest

from badugi_hh.cli import main
from badugi_hh.engine import HandReport, audit
from badugi_hh.events import Hand, Raise, Record
from badugi_hh.parsers.house import read_house
from badugi_hh.rules import Structure
from badugi_hh.simulate import simulate, table_rules
from badugi_hh.writer import write_records
from conftest import every_other_wide

STRUCTURES: tuple[Structure, ...] = ("fixed", "pot", "half-pot", "no")
PROOF_GAMES = ("badugi", "27td", "badeucy")
SESSIONS = 20


@cache
def short_sessions(game: str, players: int, structure: Structure) -> tuple[Record, ...]:
    """Sessions at 20 big blinds, written as a house log and read back."""
    records = simulate(SESSIONS, 3, table_rules(game, players, structure=structure, stack=20),
                       hidden=0.2)
    out = io.StringIO()
    write_records(records, out)
    return tuple(read_house(out.getvalue(), name=f"{game}-{players}-{structure}.txt"))


def findings(records: tuple[Record, ...]) -> list[str]:
    return [str(v) for report in audit(records) for v in getattr(report, "violations", ())]


@pytest.mark.parametrize(("game", "players", "structure"), every_other_wide(list(
    itertools.product((*PROOF_GAMES, "27sd", "5cd"), (3, 5, 8), STRUCTURES))))
def test_short_stacked_sessions_validate_clean(game: str, players: int,
                                               structure: Structure) -> None:
    records = short_sessions(game, players, structure)
    assert sum(isinstance(record, Hand) for record in records) >= SESSIONS
    found = findings(records)
    assert found == [], f"{len(found)} findings, first: {found[:3]}"


def test_the_sessions_are_what_the_structure_makes_them() -> None:
    """Short stacks go all-in and make side pots; pot limit raises more than fixed limit;
    short all-in raises are met (the reopening rule has work to do)."""
    reports = {structure: [r for r in audit(short_sessions("badugi", 5, structure))
                           if isinstance(r, HandReport)] for structure in STRUCTURES}
    side_pots = {structure: sum(len(r.pots) > 1 for r in hands)
                 for structure, hands in reports.items()}
    assert min(side_pots.values()) >= 1 and sum(side_pots.values()) >= 20, side_pots
    for structure, hands in reports.items():
        assert sum(any(a.all_in for a in r.actions) for r in hands) >= 15, structure
    raises = {structure: [a.amount - a.facing for r in hands for a in r.actions
                          if a.kind == "raise"]
              for structure, hands in reports.items()}
    # fixed limit raises by the big bet, 4, or by up to twice that over a half-bet all-in
    assert max(raises["fixed"]) <= 8 < max(raises["pot"])
    short_raises = sum(isinstance(e, Raise) and e.all_in for structure in STRUCTURES
                       for record in short_sessions("27td", 8, structure)
                       if isinstance(record, Hand) for e in record.events)
    assert short_raises >= 20


def test_a_range_of_stacks_seats_each_player_with_his_own() -> None:
    rules = table_rules("badeucy", 6, structure="no").replace(starting_stack=None)
    records = list(simulate(10, 5, rules, stacks=(10, 40)))
    starts = [r for r in records if not isinstance(r, Hand) and hasattr(r, "players")]
    stacks = {player.stack for start in starts for player in start.players}
    assert len(stacks) > 5 and all(20 <= stack <= 80 and stack % 2 == 0 for stack in stacks)
    assert findings(tuple(records)) == []


@pytest.mark.parametrize("structure", ["fixed", "pot", "half-pot", "no-limit"])
def test_the_command_writes_what_validate_passes(tmp_path, structure: str, capsys) -> None:
    log = tmp_path / "short.txt"
    assert main(["simulate", "--game", "badeucy", "--players", "4", "--structure", structure,
                 "--stacks", "20", "--sessions", "5", "--out", str(log)]) == 0
    assert main(["validate", str(log)]) == 0
    assert ": clean" in capsys.readouterr().out


@pytest.mark.parametrize(("stacks", "table"), [("20", "fixed-40"), ("10-40", "fixed-10-40")])
def test_stacks_or_a_range_of_them_write_what_validate_passes(tmp_path, stacks: str, table: str,
                                                              capsys) -> None:
    log = tmp_path / "stacks.txt"
    assert main(["simulate", "--players", "4", "--stacks", stacks, "--sessions", "3",
                 "--out", str(log)]) == 0
    assert main(["validate", str(log)]) == 0
    assert ": clean" in capsys.readouterr().out
    # the session ids name the table: 40 chips each, or stacks of 10 to 40 big blinds
    assert log.read_text(encoding="utf-8").startswith(f"Session #sim-badugi-4-{table}-0-1 ")


def test_the_command_replaces_its_own_log_and_no_other_file(tmp_path, capsys) -> None:
    notes, log = tmp_path / "notes.txt", tmp_path / "sim.txt"
    notes.write_text("keep\n", encoding="utf-8")
    assert main(["simulate", "--out", str(notes)]) == 2
    assert capsys.readouterr().err == (f"badugi-hh simulate: {notes} exists and is not a log "
                                       "this command wrote: name a new file\n")
    assert notes.read_text(encoding="utf-8") == "keep\n"
    assert main(["simulate", "--seed", "1", "--out", str(log)]) == 0
    first = log.read_text(encoding="utf-8")
    assert main(["simulate", "--seed", "2", "--out", str(log)]) == 0   # run again: replaced
    assert log.read_text(encoding="utf-8") != first
    # the log written under another name, then renamed: nothing else is left
    assert sorted(path.name for path in tmp_path.iterdir()) == ["notes.txt", "sim.txt"]


def test_the_command_never_replaces_its_log_once_the_user_edited_it(tmp_path, capsys) -> None:
    """A simulated log the user has typed into (his notes, his players' names) is his:
    run again, the command refuses it as it refuses any other file. It was replaced,
    its first line being all the command looked at."""
    log = tmp_path / "sim.txt"
    assert main(["simulate", "--seed", "1", "--out", str(log)]) == 0
    edited = log.read_text(encoding="utf-8").replace("Ana", "Anita") + "# Anita owes me 5\n"
    log.write_text(edited, encoding="utf-8")
    capsys.readouterr()
    assert main(["simulate", "--seed", "2", "--out", str(log)]) == 2
    assert capsys.readouterr().err == (f"badugi-hh simulate: {log} was changed since this "
                                       "command wrote it (it is yours now): name a new file\n")
    assert log.read_text(encoding="utf-8") == edited


def test_the_command_refuses_stacks_it_cannot_read(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--stacks", "40-10"])
    assert "the smaller first" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "structure"), list(itertools.product(
    PROOF_GAMES, range(3, 9), ["fixed", "pot", "half-pot", "no-limit"])))
def test_two_hundred_sessions_validate_clean(tmp_path, game: str, players: int,
                                             structure: str, capsys) -> None:
    log = tmp_path / "sessions.txt"
    assert main(["simulate", "--game", game, "--players", str(players), "--structure",
                 structure, "--stacks", "20", "--sessions", "200", "--out", str(log)]) == 0
    assert main(["validate", str(log)]) == 0, capsys.readouterr().out[-2000:]
