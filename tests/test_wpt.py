"""web-platform-tests vectors, every case (see tests/wpt/README.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import urlencoded

WPT = Path(__file__).parent / "wpt"
EXPECTED_FAILURES = {
    line.strip()
    for line in (WPT / "expected_failures.txt").read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
}


def _cases(name: str) -> list[Any]:
    return [
        case
        for case in json.loads((WPT / name).read_text(encoding="utf-8"))
        if not isinstance(case, str)
    ]


def _mark(test_id: str) -> Any:
    if test_id in EXPECTED_FAILURES:
        return pytest.mark.xfail(strict=True, reason="listed in tests/wpt/expected_failures.txt")
    return ()


PARSER_CASES = _cases("urlencoded-parser.json")


def test_parser_file_is_complete() -> None:
    """All 35 upstream cases are present, so none is silently dropped."""
    assert len(PARSER_CASES) == 35


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(case, id=f"parser:{case['input']!r}", marks=_mark(f"parser:{case['input']!r}"))
        for case in PARSER_CASES
    ],
)
def test_urlencoded_parser(case: dict[str, Any]) -> None:
    """The string parser gives WPT's pairs, and so does the bytes parser on the UTF-8 input."""
    expected = [tuple(pair) for pair in case["output"]]
    assert urlencoded.parse(case["input"]) == expected
    assert urlencoded.parse(case["input"].encode("utf-8")) == expected


PERCENT_CASES = _cases("percent-encoding.json")


def test_percent_encoding_file_is_complete() -> None:
    """All six upstream cases are present."""
    assert len(PERCENT_CASES) == 6


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(case, id=f"utf-8:{case['input']!r}", marks=_mark(f"utf-8:{case['input']!r}"))
        for case in PERCENT_CASES
    ],
)
def test_percent_encoding_utf8(case: dict[str, Any]) -> None:
    """UTF-8 column: the query (special-query set) and the fragment (fragment set)."""
    expected = case["output"]["utf-8"]
    assert (
        urlencoded.percent_encode_after_encoding(
            "utf-8", case["input"], urlencoded.SPECIAL_QUERY_PERCENT_ENCODE_SET
        )
        == expected
    )
    assert (
        urlencoded.utf8_percent_encode(case["input"], urlencoded.FRAGMENT_PERCENT_ENCODE_SET)
        == expected
    )
