"""The command line's --guess-encoding: the most plausible candidate, and the ranking."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.console

# 山田 in EUC-JP: the bytes decode in Shift_JIS too, as four halfwidth katakana.
BODY = "q=%BB%B3%C5%C4"


def run(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "urlencoded", *args], capture_output=True, timeout=120, check=False
    )


def test_parse_reads_in_the_most_plausible() -> None:
    """parse --guess-encoding reads in the most plausible candidate, not the first listed."""
    result = run("parse", "--guess-encoding", "shift_jis,euc-jp", BODY)
    assert result.returncode == 0, result
    assert json.loads(result.stdout) == [["q", "山田"]]
    stderr = result.stderr.decode().splitlines()
    assert any("parsing as EUC-JP" in line for line in stderr)
    ranked = [line for line in stderr if ". " in line and "(cost " in line]
    assert [line.split(". ", 1)[1].split(" ", 1)[0] for line in ranked] == ["EUC-JP", "Shift_JIS"]
    assert "halfwidth katakana" in ranked[1]


def test_explain_shows_the_ranking() -> None:
    """explain --guess-encoding lists the matches most plausible first, one reason a line."""
    result = run("explain", "--guess-encoding", "shift_jis,euc-jp", BODY)
    lines = result.stdout.decode().splitlines()
    assert lines[0] == "decodes every field: Shift_JIS, EUC-JP (tried shift_jis, euc-jp)"
    assert lines[1].startswith("  1. EUC-JP (cost ")
    assert lines[2].startswith("  2. Shift_JIS (cost ")
    assert lines[3].startswith("encoding: EUC-JP,")
    assert "  value: '山田'" in lines


def test_explain_json_ranking() -> None:
    """explain --format json --guess-encoding carries the ranking in its summary."""
    result = run("explain", "--format", "json", "--guess-encoding", "shift_jis,euc-jp", BODY)
    records = [json.loads(line) for line in result.stdout.decode().splitlines()]
    summary = next(record for record in records if record.get("type") == "summary")
    assert [entry["encoding"] for entry in summary["ranking"]] == ["EUC-JP", "Shift_JIS"]
    assert summary["ranking"][0]["cost"] < summary["ranking"][1]["cost"]
    assert all(entry["reason"] for entry in summary["ranking"])
    assert summary["encoding"] == "EUC-JP"
