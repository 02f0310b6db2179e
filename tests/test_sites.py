"""The site registry (badugi_hh.sites): each site's facts in one entry, read by the rest."""

from __future__ import annotations

from badugi_hh import sites
from badugi_hh.commands import alias
from badugi_hh.filters import SITE_NAMES, match_value
from badugi_hh.games import GAMES
from badugi_hh.parsers.dialects import DIALECTS
from badugi_hh.rules import site_practice
from badugi_hh.rows.clock import zone_of


def test_every_dialect_reads_the_logs_of_one_site() -> None:
    owners = [site.id for dialect in DIALECTS for site in sites.SITES
              if dialect.name in site.dialects]
    assert len(owners) == len(DIALECTS)
    assert {dialect.name for dialect in DIALECTS} == {
        name for site in sites.SITES for name in site.dialects}


def test_the_site_ids_are_unique_and_the_house_is_the_empty_one() -> None:
    assert len(set(sites.SITE_IDS)) == len(sites.SITES)
    assert sites.site_of(sites.HOUSE_SITE) is sites.SITES[-1]
    assert sites.HOUSE_SITE == ""   # the value every stored site column holds


def test_the_games_name_only_sites_of_the_registry() -> None:
    for game in GAMES.values():
        assert set(game.site_names) <= set(sites.SITE_IDS), game.id


def test_a_site_entry_answers_every_table_that_read_it() -> None:
    fulltilt = sites.site_of("fulltilt")
    assert fulltilt is not None
    assert SITE_NAMES["fulltilt"] == fulltilt.name == "Full Tilt"
    assert match_value("site", "ftp", ["fulltilt", "pokerstars"]) == "fulltilt"
    assert alias.SITE_NAMES["fulltilt"] == "fulltilt"
    assert zone_of("fulltilt", "Europe/Paris") == "America/New_York"
    assert site_practice("fulltilt")["dead_small_blind"]
    assert "fulltilt" in sites.SITE_DIALECTS and "fulltilt-summary" not in sites.SITE_DIALECTS


def test_the_house_is_typed_and_shown_as_house_and_stored_as_empty() -> None:
    assert alias.SITE_NAMES["house"] == ""
    assert sites.site_label("") == "house"
    assert match_value("site", "house", ["", "pokerstars"]) == ""
    assert zone_of("", "Europe/Paris") == "Europe/Paris"
    assert SITE_NAMES[""] == "house logs"


def test_only_the_file_local_site_lacks_a_hand_id_prefix_beside_the_house() -> None:
    unprefixed = {site.id for site in sites.SITES if not site.hand_id_prefix}
    assert unprefixed == {sites.HOUSE_SITE, *sites.FILE_LOCAL_SITES}
    prefixes = [site.hand_id_prefix for site in sites.SITES if site.hand_id_prefix]
    assert len(set(prefixes)) == len(prefixes)
