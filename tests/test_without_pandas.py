"""An ``import`` into a database runs without pandas: PyArrow's first conversion, which
imported pandas to ask whether a list was a pandas object, finds it absent
(badugi_hh/without_pandas.py); pandas still works where it is asked for."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_an_import_into_a_database_loads_no_pandas_which_still_works_when_asked_for(
        tmp_path: Path) -> None:
    """Until pandas is asked for, a pandas object converts as a plain sequence (why only
    the import command does it); asked for by name, it is imported and recognised again."""
    out = run_python(f"""
        import sys
        import pyarrow as pa
        from badugi_hh.cli import main
        status = main(["import", "sample_logs", "--db", {str(tmp_path / "db.duckdb")!r}])
        print(status, "pandas" in sys.modules)
        import pandas as pd
        categories = pd.Series(["a", "b"], dtype="category")
        print(pa.types.is_dictionary(pa.array(categories).type))
        print(pa.Table.from_pandas(pd.DataFrame({{"x": [1.5]}})).to_pandas()["x"].tolist())
        print(pa.types.is_dictionary(pa.array(categories).type))
    """)
    assert out.splitlines()[-4:] == ["0 False", "False", "[1.5]", "True"]


def test_a_process_holding_pandas_is_left_as_it_is() -> None:
    out = run_python("""
        import pandas as pd
        import pyarrow as pa
        from badugi_hh.without_pandas import arrow_without_pandas
        arrow_without_pandas()
        print(pa.types.is_dictionary(pa.array(pd.Series(["a"], dtype="category")).type))
    """)
    assert out == "True"
