"""The dialects page cannot drift from the code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_dialect_table_is_current() -> None:
    """docs/dialect_table.txt is what tools/gen_dialect_table.py generates from the code."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gen_dialect_table.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_dialect_has_a_row() -> None:
    """Each dialect's name appears in the generated table."""
    from urlencoded.dialects import DIALECTS

    table = (ROOT / "docs" / "dialect_table.txt").read_text(encoding="utf-8")
    for name in DIALECTS:
        assert f"``{name}``" in table or f"dialects.{name}`" in table, name
