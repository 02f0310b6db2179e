"""Text from a log is data on every page: never Markdown, never HTML.

A real PokerStars log with its players renamed (``**bold**``, a right-to-left name, a
name that looks like a card and like Streamlit's markup) and a ruleset named as an
image and a link: every page shows them as written, names isolated and cut to a width.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from badugi_hh.store import Store

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "dashboards" / "app.py"
LOG = ROOT / "tests/data/real/pokerstars/cash-badugi-fl-0.25-0.50-201009.txt"
BOLD, RTL, CARDLIKE = "**bold**", "שלום_עולם_ארוך_מאוד", "[As]_:red[x]_$x$"
RULESET = "![img](http://127.0.0.1:9/x.png) [link](http://127.0.0.1:9/)"
#: What Markdown or HTML would have made of the names and the ruleset.
RENDERED = re.compile(r"<(strong|em|img|a)\b", re.IGNORECASE)


@pytest.fixture(scope="module")
def named_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("names")
    text = LOG.read_text(encoding="utf-8-sig")
    for old, new in (("Hero", BOLD), ("Lino19", RTL), ("jodarin", CARDLIKE)):
        text = text.replace(old, new)
    (folder / "names.txt").write_text(text, encoding="utf-8")
    path = folder / "names.duckdb"
    with Store(path) as store:
        store.import_paths([folder / "names.txt"])
        store.connection.execute("UPDATE hands SET ruleset = ?", [RULESET])
        store.connection.execute("UPDATE sessions SET ruleset = ?", [RULESET])
    return path


@pytest.fixture
def app(named_db: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("BADUGI_HH_DB", str(named_db))
    return AppTest.from_file(str(APP), default_timeout=60)


def _open(app: AppTest, page: str, **query: str) -> AppTest:
    app.run()
    app.switch_page(f"views/{page}.py")
    app.query_params.update(query)
    app.run()
    assert not app.exception, app.exception
    return app


def _markdown_texts(app: AppTest) -> list[str]:
    """Every string the page hands to Streamlit's Markdown."""
    kinds = (app.markdown, app.caption, app.subheader, app.header, app.title, app.info,
             app.warning, app.error, app.success)
    return [element.value for kind in kinds for element in kind]


@pytest.mark.parametrize("page", ["overview", "players", "sessions", "audit", "replayer", "leaks"])
def test_no_page_reads_a_name_or_a_ruleset_as_markdown(app: AppTest, page: str) -> None:
    _open(app, page)
    for text in _markdown_texts(app):
        for raw in (BOLD, RTL, CARDLIKE, RULESET):
            assert raw not in text or text.startswith("<"), f"{page}: {text!r}"
        assert "](http" not in text.replace("\\]", "").replace("\\(", ""), text


def test_the_players_page_names_the_player_in_an_isolated_span(app: AppTest) -> None:
    _open(app, "players")
    app.selectbox(key="players_detail").select(("pokerstars", BOLD)).run()
    headings = [element.value for element in app.html if "draws" in element.value]
    assert headings and '<bdi title="**bold** (PokerStars)"' in headings[0]
    assert not RENDERED.search(headings[0])


def test_the_replayer_shows_every_name_and_the_ruleset_as_text(app: AppTest) -> None:
    _open(app, "replayer", hand="ps-49164202872")
    slider = app.slider(key="replay_step")
    slider.set_value(slider.max).run()
    page = "".join(element.value for element in app.html)
    assert not RENDERED.search(page)
    for name in (BOLD, RTL, CARDLIKE):
        # isolated, cut to a width, whole on hover; the text itself escaped, never markup
        assert re.search(rf'<bdi title="{re.escape(_escaped(name))}" style="[^"]*'
                         rf'text-overflow:ellipsis[^"]*">{re.escape(_escaped(name))}</bdi>',
                         page), name
    assert _escaped(RULESET) in page and "<img" not in page and "<a " not in page
    assert 'title="As"' not in page.split("<table")[0]   # "[As]" in a name is not a card


def _escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace(
        '"', "&quot;").replace("'", "&#x27;")


def test_markdown_escaping_keeps_the_text(dashlib_path: None) -> None:
    from dashlib import ui
    assert ui.md(BOLD) == r"\*\*bold\*\*"
    assert ui.md("a_b [c](d) $e$ :red[f] <g>") == \
        r"a\_b \[c\]\(d\) \$e\$ \:red\[f\] \<g\>"
