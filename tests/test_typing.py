"""The typing file: mypy --strict accepts it, and fails it once a rejected call type-checks."""

from __future__ import annotations

import pathlib

import pytest
from mypy import api

TYPING_FILE = pathlib.Path(__file__).parent / "typing" / "check_public_api.py"
ROOT = pathlib.Path(__file__).parent.parent

pytestmark = pytest.mark.exhaustive


def _mypy(path: pathlib.Path, cache: pathlib.Path) -> tuple[str, int]:
    out, err, status = api.run(
        [
            "--strict",
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(cache),
            "--no-error-summary",
            str(path),
        ]
    )
    return out + err, status


def test_typing_file_passes_and_catches_a_call_that_starts_to_type_check(
    tmp_path: pathlib.Path,
) -> None:
    """The file type-checks; with one rejected call made valid, the now unused ignore fails."""
    output, status = _mypy(TYPING_FILE, tmp_path / "cache")
    assert status == 0, output
    source = TYPING_FILE.read_text(encoding="utf-8")
    rejected = 'serialize({"page": None})  # type: ignore[arg-type]'
    assert rejected in source
    mutated = tmp_path / "check_mutated.py"
    mutated.write_text(
        source.replace(rejected, 'serialize({"page": "2"})  # type: ignore[arg-type]'),
        encoding="utf-8",
    )
    output, status = _mypy(mutated, tmp_path / "cache")
    assert status == 1
    assert 'Unused "type: ignore" comment' in output


def test_misspelt_option_and_wrong_mode_fail_mypy(tmp_path: pathlib.Path) -> None:
    """A misspelt keyword and a mode string outside its Literal are mypy --strict errors."""
    source = tmp_path / "check_nested_mistakes.py"
    source.write_text(
        "from urlencoded import parse_nested, serialize_nested\n"
        'parse_nested("a=1", max_feilds=10)\n'
        'parse_nested("a=1", duplicates="merge")\n'
        'serialize_nested({"a": ["x"]}, list_format="comma")\n',
        encoding="utf-8",
    )
    output, status = _mypy(source, tmp_path / "cache")
    assert status == 1
    assert ':2: error: Unexpected keyword argument "max_feilds"' in output
    assert ':3: error: Argument "duplicates" to "parse_nested" has incompatible type' in output
    assert ':4: error: Argument "list_format" to "serialize_nested" has incompatible type' in output
