"""A hand's id as a value (badugi_hh.hand_ids): one text form, written and read in one place."""

from __future__ import annotations

import shutil
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_hh import stats
from badugi_hh.hand_ids import HandId
from badugi_hh.sites import HOUSE_SITE, SITE_IDS
from badugi_hh.store import Store

ROOT = Path(__file__).resolve().parent
PS_CASH = ROOT / "data" / "real" / "pokerstars" / "cash-badugi-fl-0.25-0.50-201009.txt"
WIKIPEDIA = ROOT / "data" / "phh" / "wikipedia-badugi.phh"

_NUMBERS = st.text(alphabet="0123456789-", min_size=1, max_size=20)


@settings(deadline=None)
@given(site=st.sampled_from([site for site in SITE_IDS if site != HOUSE_SITE]), number=_NUMBERS)
def test_a_sites_hand_id_reads_back_as_written(site: str, number: str) -> None:
    hand = HandId(site=site, number=number)
    assert HandId.parse(site, str(hand)) == hand
    assert hand.printed == number


@settings(deadline=None)
@given(session=st.text(alphabet="abc-#1", min_size=1, max_size=12), number=st.integers(1, 999))
def test_a_house_hand_id_reads_back_as_written(session: str, number: int) -> None:
    hand = HandId(site=HOUSE_SITE, session=session, number=str(number))
    assert HandId.parse(HOUSE_SITE, str(hand)) == hand
    assert hand.printed == str(hand)   # a house hand is named by its whole id


def test_the_stored_text_is_what_the_readers_always_wrote() -> None:
    assert [str(HandId(site=site, number="12-3")) for site in SITE_IDS if site] == [
        "ps-12-3", "fulltilt#12-3", "kingsclub#12-3", "merge#12-3", "winamax#12-3", "ongame#12-3",
        "bossmedia#12-3",
        "12-3"]
    assert str(HandId(site=HOUSE_SITE, session="fri-1127", number="3")) == "fri-1127#3"


def test_a_phh_hand_is_not_found_by_the_number_its_files_name_ends_in(tmp_path: Path) -> None:
    """A PHH file's hand id (its file's name) is no number a site printed: ``deal-7`` was
    found by ``7``, as if ``deal-`` were a site's prefix."""
    deal = tmp_path / "deal-7.phh"
    shutil.copy(WIKIPEDIA, deal)
    with Store(tmp_path / "hands.duckdb") as store:
        store.import_paths([deal, PS_CASH])
        con = store.connection
        assert [hand.hand_id for hand in stats.find_hands(con, "deal-7")] == ["deal-7"]
        assert stats.find_hands(con, "7") == []
        assert stats.site_number("deal-7", "phh") == "deal-7"
        assert [hand.hand_id for hand in stats.find_hands(con, "49164202872")] == [
            "ps-49164202872"]
