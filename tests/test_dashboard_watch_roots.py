"""The Import page watches only folders under the roots the server's owner gave
(``badugi-hh dashboard --watch-root DIR``): a page visitor cannot make the server
import its other files. None given: the box is off, and says how to turn it on."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from badugi_hh.cli import build_parser
from badugi_hh.commands import dashboard

APP = Path(__file__).resolve().parents[1] / "dashboards" / "app.py"


@pytest.fixture
def page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The Import page over a database of ``tmp_path``, with the roots a test sets."""
    monkeypatch.setenv("BADUGI_HH_DB", str(tmp_path / "x.duckdb"))
    monkeypatch.delenv("BADUGI_HH_DATA", raising=False)
    monkeypatch.delenv("BADUGI_HH_WATCH_ROOTS", raising=False)

    def opened(*roots: Path) -> AppTest:
        if roots:
            monkeypatch.setenv("BADUGI_HH_WATCH_ROOTS", os.pathsep.join(map(str, roots)))
        app = AppTest.from_file(str(APP), default_timeout=60).run()
        app.switch_page("views/import_logs.py").run()
        return app
    return opened


def test_without_a_root_the_box_is_off_and_says_how_to_turn_it_on(page, tmp_path: Path) -> None:
    app = page()
    assert not app.exception
    assert app.text_input(key="watch_folder").disabled
    assert app.button(key="watch_start").disabled
    assert any("badugi-hh dashboard --watch-root DIR" in info.value for info in app.info)


@pytest.mark.parametrize("outside", ["/etc", "link"])
def test_a_folder_outside_the_roots_is_refused(page, tmp_path: Path, outside: str) -> None:
    root = tmp_path / "hands"
    root.mkdir()
    if outside == "link":   # a link inside the root that leads out of it
        (root / "out").symlink_to(tmp_path)
        outside = str(root / "out")
    app = page(root)
    app.text_input(key="watch_folder").input(outside).run()
    app.button(key="watch_start").click().run()
    assert not app.exception
    said = app.error[0].value.replace("\\", "")   # markdown's escapes
    assert said.endswith(f": not under a folder this server may watch ({root})")
    assert not (tmp_path / "x.duckdb-watch.log").exists()   # no watcher started


def test_the_command_passes_each_root_to_the_app(tmp_path: Path, capsys) -> None:
    args = build_parser().parse_args(["dashboard", "--db", str(tmp_path / "x.duckdb"),
                                      "--watch-root", str(tmp_path), "--watch-root", "/srv"])
    command = dashboard.streamlit_command(dashboard.APP, Path(args.db), args.address,
                                          args.port, watch_roots=list(map(Path, args.watch_root)))
    assert command[command.index("--tz") + 2:] == ["--watch-root", str(tmp_path),
                                                   "--watch-root", "/srv"]
    from badugi_hh.cli import main
    assert main(["dashboard", "--db", str(tmp_path / "x.duckdb"),
                 "--watch-root", str(tmp_path / "gone")]) == 2
    assert capsys.readouterr().err == (f"badugi-hh dashboard: --watch-root "
                                       f"{tmp_path / 'gone'}: not a folder\n")
