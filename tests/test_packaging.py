"""A wheel carries the grammars and the dashboard, so a plain (not editable)
install reads logs and serves the dashboard as a source checkout does; and, as pip
builds it by default, its engine compiled (``pytest -m build``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from badugi_hh.commands.dashboard import APP
from badugi_hh.compiled import MANIFEST, PURE_PYTHON_VARIABLE
from badugi_hh.resources import grammar_path, resource

ROOT = Path(__file__).resolve().parent.parent


def shipped(folder: str, pattern: str) -> list[str]:
    """The files a wheel must carry of ``folder``, as paths inside the wheel."""
    return sorted(f"badugi_hh/{folder}/{path.relative_to(ROOT / folder).as_posix()}"
                  for path in (ROOT / folder).glob(pattern))


def built_wheel(folder: Path, *, compiled: bool) -> Path:
    """The wheel pip builds for a plain install, from a copy of this checkout.

    Setuptools comes from the package index, and the copy leaves out the build/ and
    *.egg-info/ an earlier build leaves behind (setuptools would take the file list of
    a stale SOURCES.txt, hiding a package left unlisted) and what this checkout's own
    install compiled. Not ``compiled``, the engine is left as Python (a minute less).
    """
    checkout = folder / "checkout"
    shutil.copytree(ROOT, checkout, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "*.egg-info", "__pycache__", "*.duckdb", "*.so", MANIFEST))
    environment = dict(os.environ)
    environment.pop(PURE_PYTHON_VARIABLE, None)
    if not compiled:
        environment[PURE_PYTHON_VARIABLE] = "1"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--wheel-dir", str(folder), str(checkout)],
                   check=True, capture_output=True, cwd=folder, env=environment)
    (wheel,) = folder.glob("badugi_hh-*.whl")
    return wheel


@pytest.mark.build
def test_the_modules_grammars_and_dashboard_go_into_the_wheel(tmp_path: Path) -> None:
    names = set(zipfile.ZipFile(built_wheel(tmp_path, compiled=False)).namelist())
    grammars = shipped("grammar", "*.lark")
    dashboard = shipped("dashboards", "**/*.py")
    modules = sorted(path.relative_to(ROOT).as_posix()
                     for path in (ROOT / "badugi_hh").rglob("*.py"))
    assert "badugi_hh/grammar/house.lark" in grammars and len(grammars) >= 4
    assert "badugi_hh/dashboards/views/replayer.py" in dashboard
    assert set(grammars) | set(dashboard) | {"badugi_hh/py.typed"} <= names
    assert set(modules) - names == set()   # every subpackage, not only those listed once
    assert not [name for name in names if name.endswith(".so") or MANIFEST in name]


@pytest.mark.build
def test_a_wheel_installed_runs_its_engine_compiled(tmp_path: Path) -> None:
    wheel = built_wheel(tmp_path, compiled=True)
    names = set(zipfile.ZipFile(wheel).namelist())
    assert f"badugi_hh/{MANIFEST}" in names
    for module in ("engine/replay", "parsers/house", "rows/batch"):
        assert any(name.startswith(f"badugi_hh/{module}.") and name.endswith(".so")
                   for name in names), module
    target = tmp_path / "installed"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(target), str(wheel)], check=True, capture_output=True)
    run = subprocess.run(
        [sys.executable, "-c", "import badugi_hh, badugi_hh.engine.replay as replay; "
         "from badugi_hh.engine import audit; from badugi_hh.simulate import simulate; "
         "print(badugi_hh.ENGINE, replay.__file__, len(list(audit(simulate(1, 1)))))"],
        env=dict(os.environ, PYTHONPATH=str(target)), capture_output=True, text=True,
        check=True, cwd=tmp_path)
    engine, replay_file, reports = run.stdout.split()
    assert engine == "compiled" and run.stderr == ""
    assert Path(replay_file).parent == target / "badugi_hh" / "engine"
    assert not replay_file.endswith(".py") and int(reports) > 1


def test_a_source_checkout_reads_the_top_level_folders() -> None:
    assert grammar_path("house.lark") == ROOT / "grammar" / "house.lark"
    assert APP == ROOT / "dashboards" / "app.py"


def test_a_missing_file_says_where_it_was_looked_for() -> None:
    with pytest.raises(FileNotFoundError, match="grammar/nowhere.lark is in neither"):
        resource("grammar", "nowhere.lark")
