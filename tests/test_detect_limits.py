"""Encoding detection's bounds: parse's limits, and work that does not grow with each field.

These use only what the functions offer (their arguments and results) and a
count of the Python functions a call runs, a measure of work that does not
depend on the machine, as timings do.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable
from typing import Any

import pytest

import urlencoded
from urlencoded._html import rank_encodings

FIVE = ["utf-8", "shift_jis", "euc-jp", "euc-kr", "windows-1252"]


# --- Work that does not grow with the number of fields ---------------------------------------


def python_calls(function: Callable[[], object]) -> int:
    """How many Python functions *function* calls, all told (a measure of work, not time)."""
    calls = 0

    def profile(frame: object, event: str, arg: object) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    sys.setprofile(profile)
    try:
        function()
    finally:
        sys.setprofile(None)
    return calls


@pytest.mark.parametrize(
    "function",
    [urlencoded.detect_encoding, urlencoded.guess_encoding, urlencoded.parse_mixed],
    ids=lambda function: function.__name__,
)
def test_ascii_body_is_read_in_bulk(function: Callable[..., object]) -> None:
    """A body of 20,000 ASCII fields is read and weighed once, not field by field."""
    data = b"a=1&b=x+y&" * 10_000
    function(data[:100], FIVE)  # the tables are built on first use
    assert python_calls(lambda: function(data, FIVE)) < 2000


def test_legacy_body_is_decoded_in_bulk() -> None:
    """detect_encoding decodes and counts a legacy body a chunk at a time, not a field at a time."""
    value = urlencoded.serialize([("q", "東京都港区芝公園")], encoding="shift_jis").encode("ascii")
    data = b"&".join([value] * 10_000)
    urlencoded.detect_encoding(data[:200], FIVE)
    assert python_calls(lambda: urlencoded.detect_encoding(data, FIVE)) < 4000


def test_parse_mixed_judges_each_distinct_field_once() -> None:
    """parse_mixed weighs a field that repeats once, and the work grows with distinct fields."""
    value = urlencoded.serialize([("q", "東京都港区芝公園")], encoding="shift_jis").encode("ascii")
    urlencoded.parse_mixed(value, FIVE)
    once = python_calls(lambda: urlencoded.parse_mixed(value, FIVE))
    many = python_calls(lambda: urlencoded.parse_mixed(b"&".join([value] * 5_000), FIVE))
    assert many < once + 2000


# --- The limits of parse ------------------------------------------------------------------

ENTRY_POINTS = [
    urlencoded.detect_encoding,
    urlencoded.parse_mixed,
    urlencoded.guess_encoding,
    rank_encodings,
]
LIMITS = ("max_fields", "max_field_size", "max_body_size")


@pytest.mark.parametrize("function", ENTRY_POINTS, ids=lambda function: function.__name__)
def test_limit_keywords_are_parse_s(function: Callable[..., object]) -> None:
    """The limits are keyword arguments with parse's defaults (none)."""
    ours = inspect.signature(function).parameters
    theirs = inspect.signature(urlencoded.parse).parameters
    for name in LIMITS:
        assert ours[name].kind is inspect.Parameter.KEYWORD_ONLY
        assert ours[name].default == theirs[name].default


@pytest.mark.parametrize("function", ENTRY_POINTS, ids=lambda function: function.__name__)
@pytest.mark.parametrize(
    ("data", "separator", "limits"),
    [
        (b"a=1&b=2&c=3", "&", {"max_fields": 2}),
        (b"a=1;b=2;c=3&d", ";", {"max_fields": 2}),
        (b"a=1&bb=%93%FA%93%FA", "&", {"max_field_size": 5}),
        (b"a=1&b=2", "&", {"max_body_size": 6}),
        (b"a=1&b=2", ("&", ";"), {"max_fields": 1, "max_body_size": 3}),
    ],
)
def test_limits_raise_what_parse_raises(
    function: Callable[..., object], data: bytes, separator: Any, limits: dict[str, Any]
) -> None:
    """A limit crossed raises the exception parse raises: same class, offset and message."""
    with pytest.raises(urlencoded.LimitExceeded) as theirs:
        urlencoded.parse(data, separator=separator, **limits)
    with pytest.raises(urlencoded.LimitExceeded) as ours:
        function(data, FIVE, separator=separator, **limits)
    assert type(ours.value) is type(theirs.value)
    assert (ours.value.offset, str(ours.value)) == (theirs.value.offset, str(theirs.value))


@pytest.mark.parametrize("function", ENTRY_POINTS, ids=lambda function: function.__name__)
def test_limits_within_bounds_change_nothing(function: Callable[..., object]) -> None:
    """Limits that are not crossed give what no limits give."""
    data = b"a=%93%FA&b=%C6%FC&c"
    assert function(data, FIVE, max_fields=3, max_field_size=8, max_body_size=len(data)) == (
        function(data, FIVE)
    )


@pytest.mark.parametrize("function", ENTRY_POINTS, ids=lambda function: function.__name__)
def test_bad_limits(function: Callable[..., object]) -> None:
    """A negative limit is a ValueError, one of the wrong type a TypeError, as for parse."""
    with pytest.raises(ValueError, match="max_fields must be 0 or more, got -1"):
        function(b"a=1", FIVE, max_fields=-1)
    with pytest.raises(TypeError, match="max_body_size must be an int or None, not str"):
        function(b"a=1", FIVE, max_body_size="10")
