"""Hands a PHH export leaves out are named in the file (``_left_out_before``), so its hands
read back are judged as their log was: the stacks are not carried across the hands left
out (a note), never a G3 the log does not have.

PokerStars' cash log of November 2009 is clean, but three of its hands post a new
player's big blind out of position, which PHH cannot say: the export leaves them out,
two of them one after the other, and the stacks jump across them in ways no single hand
explains (a player who joined in them won the chips).
"""

from __future__ import annotations

import re
import shutil
import warnings
from pathlib import Path

import pytest

from badugi_hh.cli import main
from badugi_hh.events import Hand
from badugi_hh.parsers.phh import read_phh
from badugi_hh.store import Store

REAL = Path(__file__).resolve().parents[1] / "tests" / "data" / "real"
LOG = REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-200911.txt"
LEFT_OUT = [["ps-35839176665", "ps-35839272371"], ["ps-35839735773"]]
NOTES = ["stacks not checked against the hand before: the file leaves out PokerStars hand "
         "35839176665 and PokerStars hand 35839272371",
         "stacks not checked against the hand before: the file leaves out PokerStars hand "
         "35839735773"]


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The log imported, then exported as PHH: its .phhs file."""
    folder = tmp_path_factory.mktemp("left-out")
    (folder / "logs").mkdir()
    shutil.copyfile(LOG, folder / "logs" / LOG.name)
    with Store(folder / "hands.duckdb") as store:
        store.import_paths([folder / "logs"])
    assert main(["export", "--format", "phh", "--db", str(folder / "hands.duckdb"),
                 "--out", str(folder / "phh")]) == 2   # three hands not written
    return folder / "phh" / (LOG.stem + ".phhs")


def validated(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    status = main(["validate", str(path)])
    return status, capsys.readouterr().out


def without(text: str, key: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True)
                   if not line.startswith(f"{key} ="))


def test_the_log_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert validated(LOG, capsys) == (0, f"{LOG}: 17 hands in 1 session: clean\n")


def test_the_export_names_the_hands_it_left_out(exported: Path) -> None:
    hands = [record for record in read_phh(exported) if isinstance(record, Hand)]
    assert len(hands) == 14
    assert [list(hand.left_out) for hand in hands if hand.left_out] == LEFT_OUT
    fields = re.findall(r"^_left_out_before = (.*)$", exported.read_text(), re.M)
    assert fields == ['["ps-35839176665", "ps-35839272371"]', '["ps-35839735773"]']


def test_its_phh_is_judged_as_the_log_a_note_not_g3(
        exported: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = validated(exported, capsys)
    assert status == 0, out
    assert "[G3]" not in out
    assert [line.split(": (note) ", 1)[1] for line in out.splitlines()
            if ": (note) " in line] == NOTES
    assert out.endswith(f"{exported}: 14 hands in 1 session: clean\n")


@pytest.mark.parametrize("removed", [("_left_out_before",), ("_left_out_before", "_site")],
                         ids=["no field", "no field, no site"])
def test_a_phh_that_does_not_name_them_is_still_g3(
        exported: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        removed: tuple[str, ...]) -> None:
    """The stacks move as no one hand moves them: without the field, PHH or not, site or
    not, the chain from hand to hand is judged as it is written (G3)."""
    text = exported.read_text()
    for key in removed:
        text = without(text, key)
    copy = tmp_path / exported.name
    copy.write_text(text)
    status, out = validated(copy, capsys)
    assert status == 1
    assert sorted(re.findall(r"\[G3\] \S+ (\w+) starts with", out)) == [
        "Hero", "TheLabman", "rumble1111", "tom1206"]
    assert "(note)" not in out


def test_the_same_gap_in_the_sites_text_is_g3_too(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The log without those hands, as a site might have written it: no hand missing
    explains the stacks (two hands are, and a player who joined in them won), so G3."""
    text = LOG.read_text(encoding="utf-8-sig")
    hands = re.split(r"(?=^PokerStars Game #)", text, flags=re.M)
    kept = [hand for hand in hands
            if not any(f"#{hand_id[3:]}:" in hand for ids in LEFT_OUT for hand_id in ids)]
    assert len(hands) - len(kept) == 3
    copy = tmp_path / LOG.name
    copy.write_text("".join(kept), encoding="utf-8")
    status, out = validated(copy, capsys)
    assert status == 1 and out.count("[G3]") == 4


def test_a_field_of_another_type_is_an_error_and_the_hand_read_without_it(
        exported: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = exported.read_text().replace('_left_out_before = ["ps-35839735773"]',
                                        "_left_out_before = 3")
    copy = tmp_path / exported.name
    copy.write_text(text)
    status, out = validated(copy, capsys)
    assert status == 2
    assert ("_left_out_before: expected an array of hand ids (strings of 1 to 200 "
            "characters, or whole numbers), got 3; the hand is read without it") in out
    assert out.count("[G3]") == 2 and NOTES[0] in out and NOTES[1] not in out


def test_a_field_naming_a_hand_the_file_holds_is_not_believed(
        exported: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The field turns the chain's checks off for its hand; naming a hand read in the same
    file (the one before it, here) it cannot be true, and the hand is judged without it."""
    text = exported.read_text()
    field = '_left_out_before = ["ps-35839735773"]'
    sections = re.split(r"^\[\d+\]$", text, flags=re.M)
    at = next(number for number, section in enumerate(sections) if field in section)
    [before] = re.findall(r'^hand = "(.+)"$', sections[at - 1], re.M)
    text = text.replace(field, f'_left_out_before = ["ps-35839735773", "{before}"]')
    copy = tmp_path / exported.name
    copy.write_text(text)
    status, out = validated(copy, capsys)
    assert status == 1 and NOTES[0] in out and NOTES[1] not in out
    assert out.count("[G3]") == 2


def test_pokerkit_loads_the_export_with_the_field(exported: Path) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        histories = list(pokerkit.HandHistory.loads_all(exported.read_text()))
        for history in histories:
            list(history)   # replayed to the end
    assert [history.user_defined_fields["_left_out_before"] for history in histories
            if "_left_out_before" in history.user_defined_fields] == LEFT_OUT


def test_hands_not_chosen_are_named_with_those_phh_cannot_say(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A hand a filter did not choose is left out as much as one PHH cannot say: the next
    hand written names both, in the order they were played."""
    from badugi_hh.commands.export import _write_phh
    from badugi_hh.hand_text import played_hands
    from badugi_hh.parsers import read_records

    played = list(played_hands(read_records(LOG)))
    chosen = {item[1].hand_id: item[2].line for item in played
              if isinstance(item, tuple) and item[1].hand_id != "ps-35839360555"}
    copy = tmp_path / "chosen.phhs"
    with copy.open("w") as out:
        count, failures = _write_phh(played, chosen, out)
    assert count == 13 and len(failures) == 3
    hands = [record for record in read_phh(copy) if isinstance(record, Hand)]
    assert [list(hand.left_out) for hand in hands if hand.left_out] == [
        [*LEFT_OUT[0], "ps-35839360555"], LEFT_OUT[1]]
    status, out = validated(copy, capsys)
    assert status == 0 and "[G3]" not in out
    assert ("the file leaves out PokerStars hand 35839176665, PokerStars hand 35839272371 "
            "and PokerStars hand 35839360555") in out
