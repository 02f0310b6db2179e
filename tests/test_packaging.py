"""A wheel carries the grammars and the dashboard, so a plain (not editable)
install reads logs and serves the dashboard as a source checkout does."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from badugi_hh.commands.dashboard import APP
from badugi_hh.resources import grammar_path, resource

ROOT = Path(__file__).resolve().parent.parent


def shipped(folder: str, pattern: str) -> list[str]:
    """The files a wheel must carry of ``folder``, as paths inside the wheel."""
    return sorted(f"badugi_hh/{folder}/{path.relative_to(ROOT / folder).as_posix()}"
                  for path in (ROOT / folder).glob(pattern))


def test_the_modules_grammars_and_dashboard_go_into_the_wheel(tmp_path: Path) -> None:
    # Built as pip builds for a plain install: setuptools from the package index, from a
    # copy without the build/ and *.egg-info/ an earlier build leaves behind (setuptools
    # would take the file list of a stale SOURCES.txt, hiding a package left unlisted).
    checkout = tmp_path / "checkout"
    shutil.copytree(ROOT, checkout, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "*.egg-info", "__pycache__", "*.duckdb"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--wheel-dir", str(tmp_path), str(checkout)],
                   check=True, capture_output=True, cwd=tmp_path)
    (wheel,) = tmp_path.glob("badugi_hh-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    grammars = shipped("grammar", "*.lark")
    dashboard = shipped("dashboards", "**/*.py")
    modules = sorted(path.relative_to(ROOT).as_posix()
                     for path in (ROOT / "badugi_hh").rglob("*.py"))
    assert "badugi_hh/grammar/house.lark" in grammars and len(grammars) >= 4
    assert "badugi_hh/dashboards/views/replayer.py" in dashboard
    assert set(grammars) | set(dashboard) | {"badugi_hh/py.typed"} <= names
    assert set(modules) - names == set()   # every subpackage, not only those listed once


def test_a_source_checkout_reads_the_top_level_folders() -> None:
    assert grammar_path("house.lark") == ROOT / "grammar" / "house.lark"
    assert APP == ROOT / "dashboards" / "app.py"


def test_a_missing_file_says_where_it_was_looked_for() -> None:
    with pytest.raises(FileNotFoundError, match="grammar/nowhere.lark is in neither"):
        resource("grammar", "nowhere.lark")
