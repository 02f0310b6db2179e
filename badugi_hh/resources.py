"""Where the files that are not Python modules are found: grammars and the dashboard.

The design keeps them at the top of the repository (``grammar/``,
``dashboards/``), where a source checkout and an editable install read them;
a wheel ships the same folders inside the package, as ``badugi_hh/grammar/``
and ``badugi_hh/dashboards/`` (see ``pyproject.toml``).

>>> grammar_path("house.lark").name
'house.lark'
>>> dashboard_app().name
'app.py'
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["dashboard_app", "grammar_path", "resource"]

_PACKAGE = Path(__file__).resolve().parent


def resource(folder: str, name: str) -> Path:
    """The file ``folder/name``: in the installed package, else in the source tree."""
    for root in (_PACKAGE, _PACKAGE.parent):
        if (root / folder / name).is_file():
            return root / folder / name
    raise FileNotFoundError(f"{folder}/{name} is in neither {_PACKAGE} nor "
                            f"{_PACKAGE.parent}: reinstall badugi-hh")


def grammar_path(name: str) -> Path:
    """The Lark grammar ``name`` (``house.lark``)."""
    return resource("grammar", name)


def dashboard_app() -> Path:
    """The Streamlit app that ``badugi-hh dashboard`` runs."""
    return resource("dashboards", "app.py")
