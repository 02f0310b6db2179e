"""PHH hands that once read wrong: a figure the reader changed, a line it cut a hand at.

Each is a hand the specification allows (or PokerKit refuses, and the audit must then
say why, at the line): it reads as PokerKit reads it, and is judged as the log writes it.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from badugi_hh.engine import HandReport, audit
from badugi_hh.events import Hand, ParseError
from badugi_hh.parsers.phh import read_phh
from badugi_hh.store import Store

#: A heads-up no-limit single draw at 1/2, stacks 100; ``{action}`` is p2's first.
SINGLE_DRAW = """variant = "N2L1D"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 7h6c4c3d2c", "d dh p2 KsQdJhTc9c", "{action}", "p1 f"]
"""


def read(text: str, name: str = "x.phh") -> list[object]:
    return list(read_phh(text, name))


def hands(records: list[object]) -> list[Hand]:
    return [record for record in records if isinstance(record, Hand)]


def errors(records: list[object]) -> list[ParseError]:
    return [record for record in records if isinstance(record, ParseError)]


def violations(records: list[object]) -> list[tuple[str, int, str]]:
    return [(violation.rule, violation.line, violation.message) for report in audit(records)
            if isinstance(report, HandReport) for violation in report.violations]


def stored(tmp_path: Path, files: dict[str, str], query: str) -> list[tuple[object, ...]]:
    """``files`` (name: text) imported into a new store: what ``query`` reads of it."""
    logs = tmp_path / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (logs / name).write_text(text, encoding="utf-8")
    with Store(tmp_path / "hands.duckdb") as store:
        store.import_paths(sorted(logs.iterdir()), zone="UTC")
        return store.connection.sql(query).fetchall()


# -- amounts: the unit follows the decimals needed ------------------------------------------

WHOLE = """variant = "F2L3D"
antes = [0, 3, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
actions = ["d dh p1 7h6c4c3d2c", "d dh p2 ??????????", "d dh p3 AsQs6s5c3c", "p3 f", "p1 f"]
finishing_stacks = [99, 101, 100]
"""
#: The same hand with its whole amounts written as floats, as the specification's own
#: examples write them (``antes = [0.0, 3.0]``).
AS_FLOATS = """variant = "F2L3D"
antes = [0.0, 3.0, 0.0]
blinds_or_straddles = [1.0, 2.0, 0.0]
small_bet = 2.0
big_bet = 4.0
starting_stacks = [100.0, 100.0, 100.0]
actions = ["d dh p1 7h6c4c3d2c", "d dh p2 ??????????", "d dh p3 AsQs6s5c3c", "p3 f", "p1 f"]
finishing_stacks = [99.0, 101.0, 100.0]
"""


def test_whole_amounts_written_as_floats_are_stored_as_the_same_chips(tmp_path: Path) -> None:
    query = "SELECT source, kind, currency, unit, pot FROM hands ORDER BY source"
    rows = stored(tmp_path, {"floats.phh": AS_FLOATS, "ints.phh": WHOLE}, query)
    assert [row[1:] for row in rows] == [("home", "chips", 1, 5)] * 2


def test_a_bet_written_with_an_exponent_keeps_the_hands_chips() -> None:
    [hand] = hands(read(SINGLE_DRAW.format(action="p2 cbr 1e2")))
    assert hand.unit == 1 and hand.ruleset.big_blind == 2


def test_a_hand_that_names_its_currency_is_counted_in_cents() -> None:
    [hand] = hands(read(WHOLE + 'currency = "USD"\n'))
    assert hand.unit == 100 and hand.ruleset.small_bet == 200


# -- a bet beyond the stack ---------------------------------------------------------------------

@pytest.mark.parametrize("amount", ["1000", "1e3"])
def test_a_raise_beyond_the_stack_is_s3_at_its_line_not_an_all_in(amount: str) -> None:
    records = read(SINGLE_DRAW.format(action=f"p2 cbr {amount}"))
    assert errors(records) == []
    assert violations(records) == [
        ("S3", 6, "p2 puts in 999 with only 99 behind; a short stack goes all-in for the rest")]


def test_a_raise_beyond_the_stack_stores_nets_that_add_up(tmp_path: Path) -> None:
    query = "SELECT player, start_stack, end_stack, net FROM hand_players ORDER BY player"
    rows = stored(tmp_path, {"over.phh": SINGLE_DRAW.format(action="p2 cbr 1000")}, query)
    assert sum(net for *_, net in rows) == 0   # type: ignore[misc]
    assert all(end == start + net and end >= 0 for _, start, end, net in rows)  # type: ignore[operator]


# -- the words: what the log says ----------------------------------------------------------------

def test_a_raise_to_less_than_the_blind_is_named_as_the_log_writes_it() -> None:
    text = SINGLE_DRAW.replace("[100, 100]", "[100, 100, 100]").replace(
        "[0, 0]", "[0, 0, 0]").replace("[1, 2]", "[1, 2, 0]").replace(
        '"{action}", "p1 f"', '"d dh p3 8s6s5h4d3c", "p3 cc", "p1 cc", "p2 cbr 1", "p3 f", '
                              '"p1 f"')
    records = read(text)
    assert violations(records) == [
        ("B2", 6, "p2 raises to 1; in no limit a raise before the first draw goes to at "
                  "least 4")]
    [report] = [item for item in audit(records) if isinstance(item, HandReport)]
    assert report.end_stacks == {"p1": 98, "p2": 104, "p3": 98}


def test_an_amount_past_the_limit_after_scaling_names_the_limit_in_the_files_terms() -> None:
    text = SINGLE_DRAW.format(action="p2 cc").replace("min_bet = 2", "min_bet = 2.000001")
    text = text.replace("[100, 100]", "[999999999999999, 999999999999999]")
    [error] = errors(read(text))
    assert (error.line, error.column) == (5, 1)
    assert error.message == (
        "starting_stacks: the amount 999999999999999 is more than 1,000,000,000: the hand is "
        "counted in units of 0.000001, as its amounts' decimals need, and the store holds "
        "at most 10^15 of them")


# -- where a .phhs file's hands start ---------------------------------------------------------

BADUGI = """variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = ["d dh p1 As2d3h4c", "d dh p2 KsQdJhTc", "p2 f"]
"""


@pytest.mark.parametrize("quote", ['"""', "'''"])
def test_a_header_inside_a_multi_line_string_starts_no_hand(quote: str) -> None:
    text = (f"[1]\n{BADUGI}author = {quote}\n[2]\nnot a hand\n{quote}\n\n[3]\n{BADUGI}"
            f"event = 'a \"\"\" and a # in a one-line string'\n\n[4]\n{BADUGI}")
    records = read(text, "x.phhs")
    assert [str(error) for error in errors(records)] == []
    assert [hand.hand_id for hand in hands(records)] == ["1", "3", "4"]
    pokerkit = pytest.importorskip("pokerkit")
    assert len(list(pokerkit.HandHistory.load_all(io.BytesIO(text.encode())))) == 3


def test_a_hands_table_written_after_another_hand_is_a_note_and_no_hand_lost() -> None:
    text = f"[1]\n{BADUGI}\n[2]\n{BADUGI}\n[1._meta]\nx = 1\n\n[3]\n{BADUGI}"
    records = read(text, "x.phhs")
    assert [hand.hand_id for hand in hands(records)] == ["1", "2", "3"]
    [note] = errors(records)
    assert (note.line, note.column, note.hand_lost) == (19, 1, False)
    assert note.message == ("[1._meta] is a table of hand 1, written after another hand's: "
                            "hand 1 is read without it")
    pokerkit = pytest.importorskip("pokerkit")
    assert len(list(pokerkit.HandHistory.load_all(io.BytesIO(text.encode())))) == 3


# -- the chain of stacks from hand to hand -------------------------------------------------------

def table_hand(key: int, stacks: str, players: str = "") -> str:
    """A hand of table ``t`` numbered ``key``, its stacks ``stacks`` (``[90, 110]``), each
    key's deal its own."""
    deal = BADUGI.replace("As2d3h4c", ["As2d3h4c", "Ac2h3d4s"][key % 2])
    return (f"[{key}]\n" + deal.replace("[100, 100]", stacks)
            + f'table = "t"\nhand = {key}\n{players}\n')


def notes(records: list[object]) -> list[str]:
    return [note for report in audit(records) if isinstance(report, HandReport)
            for note in report.notes]


def test_players_named_by_their_place_carry_no_stack_from_hand_to_hand() -> None:
    # p1..p2 count from the button: the second hand's p1 is the first hand's p2
    records = read(table_hand(1, "[100, 100]") + table_hand(2, "[99, 101]"), "x.phhs")
    assert notes(records) == [] and violations(records) == []


def test_named_players_still_carry_their_stacks() -> None:
    named = 'players = ["Ana", "Bo"]'
    records = read(table_hand(1, "[100, 100]", named) + table_hand(2, "[90, 110]", named),
                   "x.phhs")
    assert [note.split(":")[0] for note in notes(records)] == [
        "a hand is missing between hand 1 and 2"]


def test_a_repeated_hand_id_is_no_hand_missing_between_it_and_itself() -> None:
    named = 'players = ["Ana", "Bo"]'
    text = (table_hand(1, "[100, 100]", named) + table_hand(2, "[90, 110]", named)
            ).replace("hand = 2", "hand = 1")
    records = read(text, "x.phhs")
    assert notes(records) == [] and violations(records) == []


# -- winnings after the rake --------------------------------------------------------------------

RAKED = """variant = "FB"
antes = [0, 0, 0]
blinds_or_straddles = [0.05, 0.10, 0]
small_bet = 0.10
big_bet = 0.20
starting_stacks = [10, 10, 10]
actions = ["d dh p1 As2d3h4c", "d dh p2 KsQdJhTc", "d dh p3 KcQhJdTs", "p3 f", "p1 cc", "p2 cc",
 "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd",
 "p1 cc", "p2 cc", "p1 sm As2d3h4c", "p2 sm KsQdJhTc"]
currency = "USD"
winnings = [{won}, 0, 0]
"""


def test_winnings_short_of_the_pot_are_after_the_rake(tmp_path: Path) -> None:
    text = RAKED.format(won="0.19") + "finishing_stacks = [10.09, 9.90, 10]\n"
    assert violations(read(text)) == []
    query = "SELECT h.pot, h.rake, sum(p.net) FROM hands h JOIN hand_players p USING (hand_id) " \
            "GROUP BY ALL"
    assert stored(tmp_path, {"raked.phh": text}, query) == [(20, 1, -1)]


@pytest.mark.parametrize(("won", "money"), [
    ("0.10", 'currency = "USD"'),    # half the pot: no site takes that
    ("0.19", ""),                    # chips: no rake
    ("0.19", 'currency = "USD"\n_tournament = "1"'),   # a tournament takes none
])
def test_winnings_short_of_the_pot_otherwise_are_still_a_payout_disputed(
        won: str, money: str) -> None:
    text = RAKED.format(won=won).replace('currency = "USD"\n', money + "\n" if money else "")
    assert [rule for rule, *_ in violations(read(text))] == ["S1"]


def test_winnings_beyond_the_pot_are_still_s1() -> None:
    assert violations(read(RAKED.format(won="0.21"))) == [
        ("S1", 11, "the log pays out $0.21, but the pot is $0.20")]
