"""The Boss Media (Opoker) XML reader: the real export, and hands written from the format
as docs/format.md gives it (with its sources) for what the real file lacks."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from badugi_hh.cards import parse_cards
from badugi_hh.engine import HandReport, audit
from badugi_hh.events import (
    Call, Draw, DrawnCards, Fold, Hand, NetStated, ParseError, PostBlind, Raise, Record, Seat,
    SessionStart, Show, SkippedHand, UncalledReturned,
)
from badugi_hh.ledger import hand_ledger
from badugi_hh.parsers import dialect_of, read_records
from badugi_hh.parsers.bossmedia import boss_card, read_bossmedia
from badugi_hh.parsers.hand_ends import complete_end
from badugi_hh.store import Store

from sitekit import REAL

LOG = REAL / "bossmedia" / "cash-5cd-fl-eur-2-4-201109.xml"


def records(text: str) -> list[Record]:
    return list(read_bossmedia(text, "written.xml"))


def hands_of(text: str) -> list[Hand]:
    return [record for record in records(text) if isinstance(record, Hand)]


def violations(text: str) -> list[tuple[str, int, str]]:
    return [(v.rule, v.line, v.message) for report in audit(read_bossmedia(text, "w.xml"))
            if isinstance(report, HandReport) for v in report.violations]


# -- the real export -----------------------------------------------------------------------

def test_the_real_export_reads_whole_and_audits_clean() -> None:
    read = list(read_records(LOG))
    assert [record for record in read if isinstance(record, ParseError)] == []
    assert [type(record) for record in read].count(SessionStart) == 1
    hands = [record for record in read if isinstance(record, Hand)]
    assert len(hands) == 14
    assert {(hand.site, hand.ruleset.game, hand.ruleset.structure, hand.currency)
            for hand in hands} == {("bossmedia", "5cd", "fixed", "EUR")}
    assert (hands[0].ruleset.small_blind, hands[0].ruleset.big_blind,
            hands[0].ruleset.small_bet, hands[0].ruleset.big_bet) == (100, 200, 200, 400)
    reports = [report for report in audit(read_records(LOG)) if isinstance(report, HandReport)]
    assert len(reports) == 14
    assert [v for report in reports for v in report.violations] == []


def _headers() -> list[ElementTree.Element]:
    return list(ElementTree.parse(LOG).getroot())


def test_each_hand_nets_what_the_log_says_and_takes_its_rake() -> None:
    """The hero's net is the header's WIN less its LOSS; every player's stack at the next
    hand is his stack plus his net; the rake is the SHOWDOWN's."""
    hands = [record for record in read_records(LOG) if isinstance(record, Hand)]
    histories = _headers()
    for hand, history, following in zip(hands, histories, [*histories[1:], None]):
        ledger = hand_ledger(hand)
        stated = float(history.attrib["WIN"]) - float(history.attrib["LOSS"])
        assert hand.hero == "Hero" and ledger["Hero"].net == round(stated * 100), hand.hand_id
        rake = round(float(history.find("SHOWDOWN").attrib["RAKE"]) * 100)  # type: ignore
        assert sum(figures.rake for figures in ledger.values()) == rake
        assert sum(figures.net for figures in ledger.values()) == -rake
        if following is None:
            continue
        later = {player.attrib["NAME"]: round(float(player.attrib["AMOUNT"]) * 100)
                 for player in following.iter("PLAYER")}
        for seat in (event for event in hand.events if type(event) is Seat):
            if seat.player in later:
                net = ledger[seat.player].net if seat.player in ledger else 0
                assert (seat.stack or 0) + net == later[seat.player], (hand.hand_id,
                                                                       seat.player)


def test_a_bet_nobody_calls_goes_back_and_is_not_part_of_the_win() -> None:
    first = next(record for record in read_records(LOG) if isinstance(record, Hand))
    assert UncalledReturned(player="Player3", amount=400, line=47, inferred=True) \
        in first.events
    assert hand_ledger(first)["Player3"].net == 375   # 16.00 -> 19.75 at the next hand


def test_card_numbers_run_ace_to_king_in_diamonds_clubs_hearts_spades() -> None:
    assert [boss_card(str(n)) for n in (0, 12, 13, 25, 26, 38, 39, 51)] == list(
        parse_cards("Ad Kd Ac Kc Ah Kh As Ks"))
    # the third hand's showdown: Hero's "pair of tens" is LINKs 22 9 25 21 5
    third = [record for record in read_records(LOG) if isinstance(record, Hand)][2]
    shown = next(event for event in third.events if type(event) is Show
                 and event.player == "Hero")
    assert shown.cards == parse_cards("Tc Td Kc 9c 6d")


def test_the_heros_draw_is_what_left_and_came_into_his_hand() -> None:
    first = next(record for record in read_records(LOG) if isinstance(record, Hand))
    draws = [event for event in first.events if type(event) in (Draw, DrawnCards)]
    assert draws == [
        Draw(player="Player3", discarded=(None, None), line=33),
        Draw(player="Hero", discarded=parse_cards("5h 9s Jd"), line=39),
        DrawnCards(player="Hero", cards=parse_cards("Ad Kc 5d"), line=39)]


def test_a_sitting_out_player_is_seated_but_not_in_the_hand() -> None:
    hand = [record for record in read_records(LOG) if isinstance(record, Hand)][12]
    seats = {event.player: event.in_hand for event in hand.events if type(event) is Seat}
    assert seats == {"Player2": False, "Player3": True, "Hero": True}


def test_the_export_imports_and_its_figures_are_stored(tmp_path: Path) -> None:
    with Store(tmp_path / "hands.duckdb") as store:
        store.import_paths([LOG])
        con = store.connection
        assert con.execute("SELECT count(*), sum(rake) FROM hands WHERE site = 'bossmedia'"
                           ).fetchone() == (14, 125)
        nets = dict(con.execute("SELECT player, sum(net) FROM hand_players GROUP BY player"
                                ).fetchall())
    assert nets == {"Hero": 150, "Player3": 825, "Player2": -1100}


# -- damage ----------------------------------------------------------------------------------

def _copy(tmp_path: Path, line: int, old: str, new: str) -> Path:
    lines = LOG.read_bytes().split(b"\n")
    assert old.encode() in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old.encode(), new.encode())
    copy = tmp_path / LOG.name
    copy.write_bytes(b"\n".join(lines))
    return copy


def test_a_mangled_element_is_a_positioned_error_and_the_other_hands_are_stored(
        tmp_path: Path) -> None:
    copy = _copy(tmp_path, 30, "></ACTION>", "></ACTON>")
    read = list(read_records(copy))
    errors = [record for record in read if isinstance(record, ParseError)]
    assert [(e.source, e.line, e.column, e.hand_lost) for e in errors] == [
        (str(copy), 30, 61, True)]
    assert "Boss Media hand 2692984519: malformed XML: mismatched tag" in errors[0].message
    assert len([record for record in read if isinstance(record, Hand)]) == 13
    with Store(tmp_path / "hands.duckdb") as store:
        store.import_paths([copy])
        assert store.connection.execute("SELECT count(*) FROM hands").fetchone() == (13,)


def test_an_amount_not_read_damages_its_hand_only(tmp_path: Path) -> None:
    copy = _copy(tmp_path, 30, 'VALUE="4.00"', 'VALUE="four"')
    read = list(read_records(copy))
    errors = [record for record in read if isinstance(record, ParseError)]
    assert (errors[0].line, errors[0].hand_lost) == (30, False)
    hands = [record for record in read if isinstance(record, Hand)]
    assert len(hands) == 14 and hands[0].damaged[0] == 30
    # the hero's net of a hand with a line not read is not held against the chips
    assert not any(type(event) is NetStated for event in hands[0].events)
    assert [v for r in audit(read_records(copy)) if isinstance(r, HandReport)
            for v in r.violations] == []


def test_an_amount_not_read_is_one_error_at_its_value_with_no_knock_on(tmp_path: Path) -> None:
    """The raise not read leaves the chips in the round unknown: the call after it is not
    held to them (it was a second error, "calls 400, but owes 0 to match 200")."""
    copy = _copy(tmp_path, 121, 'VALUE="4.00"', 'VALUE="4.0x"')
    errors = [record for record in read_records(copy) if isinstance(record, ParseError)]
    text = copy.read_text(encoding="utf-8").splitlines()[120]
    assert [(e.line, e.column, e.message) for e in errors] == [
        (121, text.index("4.0x") + 1, "Boss Media hand 2692985477: '4.0x' is not an amount")]


@pytest.mark.parametrize(("number", "old", "new", "event"), [
    (29, 'PLAYER="Player2"', 'PLAYER="Payer2"', Fold(line=29, player="Payer2")),
    (30, 'PLAYER="Player3"', 'PLAYER="Payer3"', Raise(line=30, player="Payer3", to=400)),
])
def test_an_action_of_a_player_no_seat_holds_is_his_and_one_g1(
        tmp_path: Path, number: int, old: str, new: str, event: Fold | Raise) -> None:
    """A misspelt PLAYER whose element states all it does (a fold, a raise to its total)
    is read as his, as on every site: the engine reports him (G1) and gives the line to
    nobody, the seated players' chips untouched, and the hand is judged to its end."""
    copy = _copy(tmp_path, number, old, new)
    read = list(read_records(copy))
    assert not [record for record in read if isinstance(record, ParseError)]
    first = [record for record in read if isinstance(record, Hand)][0]
    assert [e for e in first.events if e.line == number] == [event]
    assert first.damaged == ()
    found = [(v.rule, v.line, v.message) for r in audit(read_records(copy))
             if isinstance(r, HandReport) for v in r.violations]
    assert found[0] == ("G1", number, f"{event.player} is not seated at this table")


@pytest.mark.parametrize(("number", "said"), [
    (31, "'Hro' calls, but no PLAYER of that name is seated"),
    (17, "'Hro' is dealt cards, but no PLAYER of that name is seated"),
])
def test_a_call_or_deal_of_a_player_no_seat_holds_is_an_error_and_the_rest_is_judged(
        tmp_path: Path, number: int, said: str) -> None:
    """What a call adds is its caller's chips' to say, and the deals say who is dealt in:
    a stranger's is not known, so the element stays a positioned error; the hand is kept
    and every other hand judged."""
    copy = _copy(tmp_path, number, 'PLAYER="Hero"', 'PLAYER="Hro"')
    errors = [record for record in read_records(copy) if isinstance(record, ParseError)]
    assert [(e.line, e.column, e.hand_lost) for e in errors] == [(number, 1, False)]
    assert said in errors[0].message
    reports = [r for r in audit(read_records(copy)) if isinstance(r, HandReport)]
    assert len(reports) == 14 and not [v for r in reports[1:] for v in r.violations]


def test_an_unknown_action_is_a_positioned_error(tmp_path: Path) -> None:
    copy = _copy(tmp_path, 29, "ACTION_FOLD", "ACTION_SHUFFLE")
    errors = [record for record in read_records(copy) if isinstance(record, ParseError)]
    assert [(e.line, e.message) for e in errors][:1] == [
        (29, "Boss Media hand 2692984519: unknown action type 'ACTION_SHUFFLE'")]


def test_a_file_cut_short_loses_its_last_hand_only() -> None:
    text = LOG.read_text(encoding="utf-8")
    cut = text[:text.rindex("<SHOWDOWN")]
    read = records(cut)
    assert len([record for record in read if isinstance(record, Hand)]) == 13
    assert [(e.message, e.column) for e in read if isinstance(e, ParseError)] == [
        ("Boss Media hand 2692989117: the file ends inside the hand (no </HISTORY>)", 1)]


# -- hands written from the format -----------------------------------------------------------

HEADER = ('<HISTORY ID="{id}" SESSION="session9.xml" TABLE="Table FCD 7" GAME="{game}" '
          'GAMETYPE="GAMETYPE_REAL" GAMEKIND="{kind}" TABLECURRENCY="EUR" LIMIT="{limit}" '
          'STAKES="{stakes}" DATE="1315776178" TABLETOURNEYID="{tourney}" WIN="{win}" '
          'LOSS="{loss}">')


def history(body: str, *, hand_id: int = 1, game: str = "GAME_FCD", limit: str = "PL",
            stakes: str = "0.50/1.00", kind: str = "GAMEKIND_CASH", tourney: str = "",
            win: str = "0.00", loss: str = "0.00") -> str:
    return "\n".join([HEADER.format(id=hand_id, game=game, limit=limit, stakes=stakes,
                                    kind=kind, tourney=tourney, win=win, loss=loss),
                      body.strip("\n"), "</HISTORY>"])


def cards(*links: int | str) -> str:
    return "\n".join(f'<CARD LINK="{link}"></CARD>' for link in links)


def export(*histories: str) -> str:
    return '<?xml version="1.0" encoding="UTF-8"?>\n<ROOT>\n' + "\n".join(histories) \
        + "\n</ROOT>\n"


#: Pot limit, three players: Ana raises the pot, Bo calls, Cy (big blind) goes all in for
#: 12.00, both call; after the draw Ana bets 20.00 into 36.00, Bo folds and the bet comes
#: back; Ana's three aces beat Cy's two pair.
POT_LIMIT = """
<PLAYER NAME="Ana" SEAT="1" AMOUNT="100.00" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>
<PLAYER NAME="Bo" SEAT="2" AMOUNT="50.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<PLAYER NAME="Cy" SEAT="3" AMOUNT="12.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<PLAYER NAME="UNKNOWN" SEAT="4" AMOUNT="0.00" STATE="STATE_EMPTY" DEALER="N"></PLAYER>
<PLAYER NAME="UNKNOWN" SEAT="5" AMOUNT="0.00" STATE="STATE_EMPTY" DEALER="N"></PLAYER>
<PLAYER NAME="UNKNOWN" SEAT="6" AMOUNT="0.00" STATE="STATE_EMPTY" DEALER="N"></PLAYER>
<ACTION TYPE="HAND_BLINDS" PLAYER="Cy" KIND="HAND_BB" VALUE="1.00"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="Bo" KIND="HAND_SB" VALUE="0.50"></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Bo">
{hidden}</ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Cy">
{hidden}</ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Ana">
{ana}</ACTION>
<ACTION TYPE="ACTION_RAISE" PLAYER="Ana" VALUE="3.50"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Bo" VALUE="{bo_calls}"></ACTION>
<ACTION TYPE="ACTION_ALLIN" PLAYER="Cy" VALUE="12.00"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Ana" VALUE="{ana_calls}"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Bo" VALUE="{bo_calls_again}"></ACTION>
<ACTION TYPE="HAND_BOARD" POT="36.00" MAINPOT="36.00" LEFTPOT="" RIGHTPOT=""></ACTION>
<ACTION TYPE="CHANGECARD" PLAYER="Bo" COUNT="3">
{hidden}</ACTION>
<ACTION TYPE="CHANGECARD" PLAYER="Cy" COUNT="1">
{hidden}</ACTION>
<ACTION TYPE="CHANGECARD" PLAYER="Ana" COUNT="2">
{ana_after}</ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="Bo"></ACTION>
<ACTION TYPE="ACTION_BET" PLAYER="Ana" VALUE="20.00"></ACTION>
<ACTION TYPE="ACTION_FOLD" PLAYER="Bo"></ACTION>
<SHOWDOWN NAME="HAND_SHOWDOWN" POT="35.00" RAKE="1.00" MAINPOT="35.00" LEFTPOT="" RIGHTPOT="">
<RESULT PLAYER="Cy" WIN="0.00" HAND="$(STR_G_WIN_TWOPAIR) $(STR_G_CARDS_KINGS)">
{cy_shows}</RESULT>
<RESULT PLAYER="Ana" WIN="35.00" HAND="$(STR_G_WIN_THREEOFAKIND) $(STR_G_CARDS_ACES)">
{ana_after}</RESULT></SHOWDOWN>"""


def pot_limit(calls: tuple[str, str, str] = ("3.50", "12.00", "12.00")) -> str:
    return history(POT_LIMIT.format(
        hidden=cards(*"bbbbb"), ana=cards(39, 0, 38, 19, 1), ana_after=cards(39, 0, 38, 13, 30),
        cy_shows=cards(51, 25, 43, 17, 34), bo_calls=calls[0], ana_calls=calls[1],
        bo_calls_again=calls[2]), win="23.00")


SHOWDOWN_LINE = export(pot_limit()).split("<SHOWDOWN")[0].count("\n") + 1


def test_a_pot_limit_hand_reads_and_audits_clean() -> None:
    (hand,) = hands_of(export(pot_limit()))
    rules = hand.ruleset
    assert (rules.structure, rules.small_blind, rules.big_blind, rules.max_players) == (
        "pot", 50, 100, 6)
    assert violations(export(pot_limit())) == []
    bets = [event for event in hand.events if type(event) in (Raise, Call)]
    assert bets[:3] == [Raise(player="Ana", to=350, line=bets[0].line),
                        Call(player="Bo", amount=300, line=bets[1].line),
                        Raise(player="Cy", to=1200, all_in=True, line=bets[2].line)]
    assert {name: figures.net for name, figures in hand_ledger(hand).items()} == {
        "Ana": 2300, "Bo": -1200, "Cy": -1200}
    assert UncalledReturned(player="Ana", amount=2000, line=SHOWDOWN_LINE, inferred=True) \
        in hand.events
    assert NetStated(player="Ana", amount=2300, line=3) in hand.events


def test_a_call_written_as_the_chips_added_reads_the_same() -> None:
    """Some exports write a call's VALUE as what the caller adds (docs/format.md)."""
    (to,) = hands_of(export(pot_limit()))
    (added,) = hands_of(export(pot_limit(("3.00", "8.50", "8.50"))))
    assert [event for event in added.events if type(event) is Call] == [
        event for event in to.events if type(event) is Call]
    assert violations(export(pot_limit(("3.00", "8.50", "8.50")))) == []


def test_a_call_of_neither_reading_is_an_error() -> None:
    errors = [record for record in records(export(pot_limit(("2.00", "12.00", "12.00"))))
              if isinstance(record, ParseError)]
    assert errors[0].line == 31
    assert errors[0].message.endswith("Bo calls 200, but owes 300 to match 350")


@pytest.mark.parametrize("value", ["10.00", "11.00", "13.00"])
def test_an_all_in_that_is_not_the_stack_at_the_rounds_start_is_an_error(value: str) -> None:
    text = export(pot_limit()).replace('PLAYER="Cy" VALUE="12.00"', f'PLAYER="Cy" VALUE="{value}"')
    errors = [record for record in records(text) if isinstance(record, ParseError)]
    assert errors and errors[0].line == 32 and "Cy" in errors[0].message


def test_a_wrong_net_in_the_header_is_a_violation() -> None:
    text = export(pot_limit()).replace('WIN="23.00"', 'WIN="24.00"')
    assert [(rule, line) for rule, line, _ in violations(text)] == [("S1", 3)]


#: A tournament's first hand: antes and blinds in chips.
TOURNAMENT = """
<PLAYER NAME="Ana" SEAT="1" AMOUNT="1500.00" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>
<PLAYER NAME="Bo" SEAT="2" AMOUNT="1500.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<ACTION TYPE="HAND_ANTE" PLAYER="Ana" VALUE="5.00"></ACTION>
<ACTION TYPE="HAND_ANTE" PLAYER="Bo" VALUE="5.00"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="Ana" KIND="HAND_SB" VALUE="10.00"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="Bo" KIND="HAND_BB" VALUE="20.00"></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Ana">
{hidden}</ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Bo">
{hidden}</ACTION>
<ACTION TYPE="ACTION_FOLD" PLAYER="Ana"></ACTION>
<SHOWDOWN NAME="HAND_SHOWDOWN" POT="30.00" RAKE="0.00" MAINPOT="30.00" LEFTPOT="" RIGHTPOT="">
<RESULT PLAYER="Bo" WIN="30.00" HAND="$(STR_BY_DEFAULT)"></RESULT></SHOWDOWN>"""


def test_a_tournament_hand_is_in_chips_with_no_rake() -> None:
    text = export(history(TOURNAMENT.format(hidden=cards(*"bbbbb")), limit="NL",
                          stakes="10.00/20.00", kind="GAMEKIND_TOURNAMENT", tourney="4711"))
    (hand,) = hands_of(text)
    assert (hand.tournament, hand.currency, hand.unit, hand.ruleset.rake) == (
        "4711", None, 100, False)
    assert [event.kind for event in hand.events if type(event) is PostBlind] == [
        "ante", "ante", "small", "big"]
    assert violations(text) == []
    assert {name: figures.net for name, figures in hand_ledger(hand).items()} == {
        "Ana": -1500, "Bo": 1500}


@pytest.mark.parametrize(("code", "limit", "name"), [
    ("GAME_THM", "NL", "Hold'em No Limit"), ("GAME_OMA", "PL", "Omaha Pot Limit"),
    ("GAME_OMAHL", "FL", "Omaha Hi/Lo Limit")])
def test_a_game_outside_the_family_is_skipped_by_name_and_counted(code: str, limit: str,
                                                                   name: str) -> None:
    holdem = history('<ACTION TYPE="HAND_BOARD" VALUE="BOARD_FLOP" POT="2.00">'
                     f'{cards(1, 2, 3)}</ACTION>', game=code, limit=limit, hand_id=5)
    read = records(export(holdem, pot_limit()))
    assert [(type(r).__name__, getattr(r, "game", None)) for r in read
            if not isinstance(r, SessionStart)] == [("SkippedHand", name), ("Hand", None)]
    skipped = [report for report in audit(read_bossmedia(export(holdem), "w.xml"))
               if isinstance(report, SkippedHand)]
    assert [(s.game, s.hand_id) for s in skipped] == [(name, "bossmedia#5")]


def test_a_board_in_a_draw_game_is_an_error() -> None:
    text = export(history(pot_limit().split("\n", 1)[1].replace(
        '<ACTION TYPE="HAND_BOARD" POT="36.00"', '<ACTION TYPE="HAND_BOARD" VALUE="BOARD_FLOP" '
        'POT="36.00"').removesuffix("</HISTORY>"), win="23.00"))
    assert any("a board (BOARD_FLOP) in a draw game" in record.message
               for record in records(text) if isinstance(record, ParseError))


def test_the_export_is_told_from_the_other_xml_format() -> None:
    assert dialect_of("<ROOT>").name == "bossmedia"
    assert dialect_of('<HISTORY ID="1" SESSION="session1.xml">').name == "bossmedia"
    assert dialect_of('<description type="Badugi" stakes="Limit $1/$2"/>').name == "merge"


def test_a_watched_file_is_complete_at_each_closing_history() -> None:
    text = LOG.read_bytes()
    half = text[:text.index(b"<HISTORY", text.index(b"</HISTORY>")) + 40]
    end = complete_end(io.BytesIO(half))
    assert half[:end].rstrip().endswith(b"</HISTORY>")
    assert half[:end].count(b"</HISTORY>") == 1


@pytest.mark.parametrize(("old", "new", "message"), [
    ('ID="1"', 'ID="x"', "expected a hand id such as 2692984519, got 'x'"),
    ('DATE="1315776178"', 'DATE="soon"', "expected the hand's start in seconds since 1970"),
    ('STAKES="0.50/1.00"', 'STAKES="0.50"', "expected STAKES such as \"2.00/4.00\""),
    ('STAKES="0.50/1.00"', 'STAKES="0/0"', "expected STAKES such as \"2.00/4.00\""),
    ('LIMIT="PL"', 'LIMIT="HL"', "expected LIMIT=\"FL\", \"PL\" or \"NL\", got 'HL'"),
    ('TABLECURRENCY="EUR"', 'TABLECURRENCY=""', "expected a currency such as"),
    ('WIN="23.00"', 'WIN="-3.00"', "WIN: an amount less than nothing"),
])
def test_a_header_not_read_loses_its_hand_only(old: str, new: str, message: str) -> None:
    first = pot_limit().replace(old, new, 1)
    read = records(export(first, pot_limit().replace('ID="1"', 'ID="2"', 1)))
    errors = [record for record in read if isinstance(record, ParseError)]
    assert [(e.line, e.hand_lost) for e in errors] == [(3, True)]
    assert message in errors[0].message
    assert [hand.hand_id for hand in read if isinstance(hand, Hand)] == ["bossmedia#2"]


def test_an_element_on_several_lines_is_quoted_from_its_first() -> None:
    text = export(pot_limit()).replace('PLAYER="Ana" COUNT="2"', 'PLAYER="Ana" COUNT="7"')
    (error,) = [record for record in records(text) if isinstance(record, ParseError)]
    assert error.text.startswith('<ACTION TYPE="CHANGECARD" PLAYER="Ana" COUNT="7">')
    assert "expected how many cards are drawn, 0 to 5, got '7'" in error.message


@pytest.mark.parametrize(("old", "new", "message"), [
    ('AMOUNT="12.00"', 'AMOUNT="-12.00"', "AMOUNT: an amount less than nothing"),
    ('KIND="HAND_BB" VALUE="1.00"', 'KIND="HAND_BB" VALUE="13.00"',
     "Cy puts in 1300, more than the 1200 he has left"),
    ('STATE="STATE_PLAYING" DEALER="Y"', 'STATE="STATE_AWAY" DEALER="Y"',
     "unknown player state 'STATE_AWAY'"),
    ('KIND="HAND_SB"', 'KIND="HAND_XB"', "unknown blind 'HAND_XB'"),
    # a card's error is its deal's, at the line the deal starts
    ('<ACTION TYPE="HAND_DEAL" PLAYER="Ana">\n<CARD LINK="39">',
     '<ACTION TYPE="HAND_DEAL" PLAYER="Ana">\n<CARD LINK="52">', "expected a card number 0 to 51"),
    ('PLAYER="Bo" VALUE="3.50"', 'PLAYER="Zed" VALUE="3.50"',
     "'Zed' calls, but no PLAYER of that name is seated"),
])
def test_a_value_not_understood_is_a_positioned_error(old: str, new: str, message: str) -> None:
    text = export(pot_limit())
    line = text[:text.index(old)].count("\n") + 1
    errors = [record for record in records(text.replace(old, new, 1))
              if isinstance(record, ParseError)]
    # an amount not read is told at its value, the rest at the element
    written = text.replace(old, new, 1).splitlines()[line - 1]
    column = written.index(new) + new.index('"-') + 2 if message.startswith("AMOUNT") else 1
    assert (errors[0].source, errors[0].line, errors[0].column) == ("written.xml", line, column)
    assert message in errors[0].message


def test_an_error_is_at_its_element_on_a_line_of_several() -> None:
    fold = '<ACTION TYPE="ACTION_FOLD" PLAYER="Bo"></ACTION>'
    text = export(pot_limit()).replace(
        '<ACTION TYPE="ACTION_CHECK" PLAYER="Bo"></ACTION>\n<ACTION TYPE="ACTION_BET" '
        'PLAYER="Ana" VALUE="20.00">', '<ACTION TYPE="ACTION_CHECK" PLAYER="Bo"></ACTION> '
        '<ACTION TYPE="ACTION_BET" PLAYER="Ana" VALUE="-20.00">')
    assert fold in text
    (error,) = [record for record in records(text) if isinstance(record, ParseError)]
    assert error.column == len('<ACTION TYPE="ACTION_CHECK" PLAYER="Bo"></ACTION> '
                               '<ACTION TYPE="ACTION_BET" PLAYER="Ana" VALUE="') + 1
    assert error.message.endswith("VALUE: an amount less than nothing, -20.00")


def test_the_site_is_named_in_filters_and_aliases(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from badugi_hh import cli

    db = str(tmp_path / "hands.duckdb")
    assert cli.main(["import", str(LOG), "--db", db]) == 0
    assert cli.main(["alias", "Ana", "Boss Media:hero", "--db", db]) == 0
    capsys.readouterr()
    for typed in ("bossmedia", "Boss Media", "Opoker"):
        assert cli.main(["stats", "--db", db, "--site", typed, "--csv"]) == 0
        rows = capsys.readouterr().out.splitlines()
        assert rows[1].startswith("Hero,bossmedia,EUR,100,14,150,"), typed
    assert cli.main(["stats", "--db", db, "--person", "Ana", "--csv"]) == 0
    assert ",14,150," in capsys.readouterr().out


#: Fixed limit, three players: Cy calls all in for less before the draw, Ana and Bo bet on
#: after it; Cy's three kings take the main pot, Ana's aces up the side pot, Bo mucks.
SIDE_POT = """
<PLAYER NAME="Ana" SEAT="1" AMOUNT="100.00" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>
<PLAYER NAME="Bo" SEAT="2" AMOUNT="50.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<PLAYER NAME="Cy" SEAT="3" AMOUNT="3.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<ACTION TYPE="HAND_BLINDS" PLAYER="Bo" KIND="HAND_SB" VALUE="1.00"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="Cy" KIND="HAND_BB" VALUE="2.00"></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Ana">{ana}</ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Bo">{hidden}</ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Cy">{hidden}</ACTION>
<ACTION TYPE="ACTION_RAISE" PLAYER="Ana" VALUE="4.00"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Bo" VALUE="4.00"></ACTION>
<ACTION TYPE="ACTION_ALLIN" PLAYER="Cy" VALUE="3.00"></ACTION>
<ACTION TYPE="HAND_BOARD" POT="11.00" MAINPOT="11.00" LEFTPOT="" RIGHTPOT=""></ACTION>
<ACTION TYPE="CHANGECARD" PLAYER="Bo" COUNT="1">{hidden}</ACTION>
<ACTION TYPE="CHANGECARD" PLAYER="Cy" COUNT="0">{hidden}</ACTION>
<ACTION TYPE="CHANGECARD" PLAYER="Ana" COUNT="2">{ana_after}</ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="Bo"></ACTION>
<ACTION TYPE="ACTION_BET" PLAYER="Ana" VALUE="4.00"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Bo" VALUE="4.00"></ACTION>
<SHOWDOWN NAME="HAND_SHOWDOWN" POT="19.00" RAKE="0.00" MAINPOT="9.00" LEFTPOT="10.00" RIGHTPOT="">
<RESULT PLAYER="Bo" WIN="0.00" HAND="$(STR_G_MUCK)"></RESULT>
<RESULT PLAYER="Cy" WIN="9.00" HAND="$(STR_G_WIN_THREEOFAKIND) $(STR_G_CARDS_KINGS)">{cy}</RESULT>
<RESULT PLAYER="Ana" WIN="10.00" HAND="$(STR_G_WIN_TWOPAIR)">{ana_after}</RESULT></SHOWDOWN>"""


def side_pot(cy_wins: str = "9.00", ana_wins: str = "10.00") -> str:
    body = SIDE_POT.format(hidden=cards(*"bbbbb"), ana=cards(39, 0, 30, 19, 1),
                           ana_after=cards(39, 0, 30, 17, 8), cy=cards(12, 25, 38, 40, 41))
    body = body.replace('WIN="9.00"', f'WIN="{cy_wins}"').replace('WIN="10.00"',
                                                                   f'WIN="{ana_wins}"')
    return export(history(body, limit="FL", stakes="2.00/4.00", win="2.00"))


def test_a_side_pot_goes_to_the_best_hand_that_may_win_it() -> None:
    (hand,) = hands_of(side_pot())
    assert violations(side_pot()) == []
    assert {name: figures.net for name, figures in hand_ledger(hand).items()} == {
        "Ana": 200, "Bo": -800, "Cy": 600}
    text = side_pot()
    line = text[:text.index('PLAYER="Cy" VALUE="3.00"')].count("\n") + 1
    assert Call(player="Cy", amount=100, all_in=True, line=line) in hand.events


def test_a_side_pot_paid_to_the_wrong_player_is_a_violation() -> None:
    """M3 for the side pot, and only it: the hero's WIN states what the rules pay him, so
    the award is the one wrong figure and the hand pays as the rules do (docs/rules.md,
    "One mistake, one violation"), where it once followed the award and said S1 of the WIN
    as well."""
    assert [rule for rule, _, _ in violations(side_pot("19.00", "0.00"))] == ["M3"]
    [report] = [r for r in audit(records(side_pot("19.00", "0.00")))
                if isinstance(r, HandReport)]
    assert {name: result.won for name, result in report.players.items()} == {
        "Ana": 1000, "Bo": 0, "Cy": 900}


# -- bounds: what a hostile file can make the reader hold -------------------------------------

def test_a_history_of_more_elements_than_a_hand_is_lost_and_the_next_read() -> None:
    from badugi_hh.parsers.bossmedia import MAX_HISTORY_ELEMENTS
    from badugi_hh.parsers.common import EXCERPT_SIDE

    text = LOG.read_text(encoding="utf-8")
    flood = text.replace('<ACTION TYPE="HAND_BLINDS"', "<FOO/>" * 130_000
                         + '\n<ACTION TYPE="HAND_BLINDS"', 1)
    read = records(flood)
    [error] = [record for record in read if isinstance(record, ParseError)]
    assert f"more than {MAX_HISTORY_ELEMENTS} elements: not a hand" in error.message
    assert error.hand_lost and len(error.text) <= 2 * EXCERPT_SIDE + 6
    assert len([record for record in read if isinstance(record, Hand)]) == 13


@pytest.mark.parametrize(("padding", "said"), [
    ("<!-- a comment -->\n" * 2010, "more than 2000 lines"),
    (("<!-- " + "x" * 400_000 + " -->\n") * 4, "1,048,576 characters without its </HISTORY>"),
])
def test_a_history_longer_than_a_hand_is_lost_and_the_next_read(padding: str,
                                                                said: str) -> None:
    text = LOG.read_text(encoding="utf-8")
    read = records(text.replace('<ACTION TYPE="HAND_BLINDS"', padding
                                + '<ACTION TYPE="HAND_BLINDS"', 1))
    [error] = [record for record in read if isinstance(record, ParseError)]
    assert said in error.message and error.hand_lost
    assert len([record for record in read if isinstance(record, Hand)]) == 13


def test_a_doctype_is_refused() -> None:
    text = LOG.read_text(encoding="utf-8")
    second = text.index("<HISTORY", text.index("</HISTORY>"))
    text = text[:second] + '<!DOCTYPE ROOT [<!ENTITY a "aaaaaaaaaa">]>\n' + text[second:]
    read = records(text)
    [error] = [record for record in read if isinstance(record, ParseError)]
    assert (error.line, error.column) == (49, 1)
    assert "a DOCTYPE is refused" in error.message and not error.hand_lost
    assert len([record for record in read if isinstance(record, Hand)]) == 14


def test_a_player_sitting_out_but_dealt_in_is_in_the_hand_sitting_out() -> None:
    body = TOURNAMENT.format(hidden=cards(*"bbbbb")).replace(
        'NAME="Ana" SEAT="1" AMOUNT="1500.00" STATE="STATE_PLAYING"',
        'NAME="Ana" SEAT="1" AMOUNT="1500.00" STATE="STATE_SITOUT"')
    text = export(history(body, limit="NL", stakes="10.00/20.00", kind="GAMEKIND_SITGO"))
    (hand,) = hands_of(text)
    seats = {event.player: (event.in_hand, event.sitting_out) for event in hand.events
             if type(event) is Seat}
    assert seats == {"Ana": (True, True), "Bo": (True, False)}
    assert hand.tournament == "9"   # no TABLETOURNEYID: the SESSION's number
    assert violations(text) == []


def test_a_hand_whose_lines_zeros_took_is_not_judged_after_them() -> None:
    """Zeros (a crash's, a disk repair's) where the first hand's blinds were: the hand is
    kept with the lines before them and not judged after them, nor held to its header's
    net, where the blinds' absence made false findings; the other hands are judged."""
    lines = LOG.read_text(encoding="utf-8").split("\n")
    lines[8:10] = ["\0" * len(lines[8]), "\0" * len(lines[9])]   # the two blinds' actions
    read = records("\n".join(lines))
    assert [hand.damaged for hand in read if isinstance(hand, Hand)][:2] == [(9, 10), ()]
    assert violations("\n".join(lines)) == []
