"""The form options: Limits, and form_options, which validates every parser option once."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

import urlencoded
from urlencoded import IncrementalParser, UnknownEncodingError, parse
from urlencoded._core._options import (
    BLOCK,
    DEFAULT_LIMITS,
    DEFAULT_MAX_BODY_SIZE,
    DEFAULT_MAX_FIELD_SIZE,
    DEFAULT_MAX_FIELDS,
    NO_LIMITS,
    PARSE_DEFAULTS,
    FormOptions,
    Limits,
    form_options,
    options_from,
)

# --- Limits ----------------------------------------------------------------------------------


def test_limits_defaults_are_the_request_readers() -> None:
    """Limits() holds the defaults of IncrementalParser, parse_wsgi and parse_asgi."""
    assert urlencoded.Limits is Limits
    limits = Limits()
    assert (limits.max_fields, limits.max_field_size, limits.max_body_size) == (
        1000,
        1024 * 1024,
        10 * 1024 * 1024,
    )
    assert limits == DEFAULT_LIMITS
    assert (DEFAULT_MAX_FIELDS, DEFAULT_MAX_FIELD_SIZE, DEFAULT_MAX_BODY_SIZE) == (
        1000,
        1024 * 1024,
        10 * 1024 * 1024,
    )


def test_limits_none_turns_each_off() -> None:
    """None means no limit, for each limit on its own."""
    limits = Limits(max_fields=None, max_body_size=0)
    assert limits.max_fields is None
    assert limits.max_field_size == DEFAULT_MAX_FIELD_SIZE
    assert limits.max_body_size == 0
    assert Limits(max_fields=None, max_field_size=None, max_body_size=None) == NO_LIMITS


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"max_fields": -1}, ValueError, "max_fields must be 0 or more, got -1"),
        ({"max_field_size": -5}, ValueError, "max_field_size must be 0 or more, got -5"),
        ({"max_body_size": -1}, ValueError, "max_body_size must be 0 or more, got -1"),
        ({"max_fields": 1.5}, TypeError, "max_fields must be an int or None, not float"),
        ({"max_field_size": "10"}, TypeError, "max_field_size must be an int or None, not str"),
        ({"max_body_size": True}, TypeError, "max_body_size must be an int or None, not bool"),
    ],
)
def test_limits_validate_like_the_parsers(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    """Limits raises the very errors the parsers raise for the same limit."""
    with pytest.raises(error) as raised:
        Limits(**options)
    assert str(raised.value) == message
    with pytest.raises(error) as from_parser:
        IncrementalParser(**options)
    assert str(from_parser.value) == message


def test_limits_are_keyword_only() -> None:
    """A positional limit is refused: three ints in a row are too easy to swap."""
    with pytest.raises(TypeError):
        Limits(10)  # type: ignore[misc]


def test_limits_are_frozen() -> None:
    """Neither setting nor deleting a limit works."""
    limits = Limits()
    with pytest.raises(AttributeError, match="immutable"):
        limits.max_fields = 5  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        del limits.max_fields
    with pytest.raises(AttributeError):
        limits.other = 1
    assert limits.max_fields == DEFAULT_MAX_FIELDS
    assert not hasattr(limits, "__dict__")


def test_limits_repr_eq_hash() -> None:
    """The repr is the call that builds it; equal limits are equal and hash alike."""
    limits = Limits(max_fields=5, max_field_size=None, max_body_size=100)
    assert repr(limits) == "Limits(max_fields=5, max_field_size=None, max_body_size=100)"
    assert eval(repr(limits), {"Limits": Limits}) == limits
    same = Limits(max_fields=5, max_field_size=None, max_body_size=100)
    assert limits == same
    assert hash(limits) == hash(same)
    assert len({limits, same, Limits()}) == 2
    assert limits != Limits(max_fields=6, max_field_size=None, max_body_size=100)
    assert limits != (5, None, 100)


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_limits_pickle_and_copy(protocol: int) -> None:
    """Limits survive pickling (every protocol) and copying unchanged."""
    limits = Limits(max_fields=None, max_field_size=7, max_body_size=0)
    assert pickle.loads(pickle.dumps(limits, protocol)) == limits
    assert copy.copy(limits) == limits
    assert copy.deepcopy(limits) == limits


def test_limits_unpickling_validates() -> None:
    """A pickle cannot smuggle in a negative limit: unpickling checks it again."""
    data = pickle.dumps(Limits(max_fields=12345, max_field_size=None, max_body_size=None), 0)
    assert b"I12345\n" in data  # protocol 0 writes the int as text
    with pytest.raises(ValueError, match="max_fields must be 0 or more, got -12345"):
        pickle.loads(data.replace(b"I12345\n", b"I-12345\n"))


# --- form_options ----------------------------------------------------------------------------


def test_form_options_resolve_everything() -> None:
    """The options come out resolved: an Encoding, a strict flag, bytes and a Limits."""
    options = form_options(
        encoding="sjis",
        errors="strict",
        isindex=1,
        charset_field="ie",
        separator=";",
        max_fields=3,
    )
    assert options == FormOptions(
        urlencoded.get_encoding("Shift_JIS"),
        True,
        True,
        b"ie",
        b";",
        Limits(max_fields=3, max_field_size=None, max_body_size=None),
    )
    assert form_options() == PARSE_DEFAULTS
    assert form_options().limits is NO_LIMITS
    assert form_options(separator=b"&").separator == b"&"
    defaults = form_options(
        max_fields=DEFAULT_MAX_FIELDS,
        max_field_size=DEFAULT_MAX_FIELD_SIZE,
        max_body_size=DEFAULT_MAX_BODY_SIZE,
    )
    assert defaults.limits is DEFAULT_LIMITS


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"errors": "ignore"}, ValueError, "errors must be 'replace' or 'strict', got 'ignore'"),
        ({"errors": None}, TypeError, "errors must be a str, not NoneType"),
        ({"encoding": "klingon"}, UnknownEncodingError, "klingon"),
        ({"encoding": 8}, TypeError, "encoding label must be str or Encoding, not int"),
        (
            {"charset_field": ""},
            ValueError,
            "charset_field must be a non-empty ASCII name, got ''",
        ),
        (
            {"charset_field": "é"},
            ValueError,
            "charset_field must be a non-empty ASCII name, got 'é'",
        ),
        ({"charset_field": b"ie"}, TypeError, "charset_field must be a str or None, not bytes"),
        (
            {"separator": "="},
            ValueError,
            "separator must be one ASCII character other than '=', got '='",
        ),
        (
            {"separator": ";;"},
            ValueError,
            "separator must be one ASCII character other than '=', got ';;'",
        ),
        (
            {"separator": "é"},
            ValueError,
            "separator must be one ASCII character other than '=', got 'é'",
        ),
        ({"separator": 59}, TypeError, "separator must be a str or bytes, not int"),
        ({"max_fields": -1}, ValueError, "max_fields must be 0 or more, got -1"),
        ({"max_field_size": []}, TypeError, "max_field_size must be an int or None, not list"),
        ({"max_body_size": -2}, ValueError, "max_body_size must be 0 or more, got -2"),
    ],
)
def test_form_options_messages(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    """Each bad option raises naming the option and the value, as parse() does."""
    with pytest.raises(error) as raised:
        form_options(**options)
    assert message in str(raised.value)
    with pytest.raises(error) as from_parse:
        parse(b"a=b", **options)
    assert str(from_parse.value) == str(raised.value)


@pytest.mark.parametrize(
    ("options", "first"),
    [
        ({"errors": "x", "encoding": "klingon"}, "errors"),
        ({"encoding": "klingon", "charset_field": ""}, "klingon"),
        ({"charset_field": "", "separator": "=="}, "charset_field"),
        ({"separator": "==", "max_fields": -1}, "separator"),
        ({"max_fields": -1, "max_field_size": -1, "max_body_size": -1}, "max_fields"),
        ({"max_field_size": -1, "max_body_size": -1}, "max_field_size"),
    ],
)
def test_one_validation_order(options: dict[str, Any], first: str) -> None:
    """Two bad options: every entry point reports the same one first."""
    with pytest.raises((TypeError, ValueError, LookupError)) as raised:
        form_options(**options)
    assert first in str(raised.value)
    for entry_point in (
        lambda: parse(b"", **options),
        lambda: IncrementalParser(**options),
        lambda: urlencoded.parse_wsgi({}, **options),
    ):
        with pytest.raises(type(raised.value)) as again:
            entry_point()
        assert str(again.value) == str(raised.value)


def test_form_options_are_frozen_and_pickle() -> None:
    """FormOptions cannot change, and pickle (for the command line's worker processes)."""
    options = form_options(encoding="euc-jp", charset_field="_charset_", max_body_size=9)
    with pytest.raises(AttributeError):
        options.strict = True  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(options)) == options
    assert options._replace(limits=NO_LIMITS).limits is NO_LIMITS
    assert options.limits.max_body_size == 9
    assert "EUC-JP" in repr(options)


def test_options_from_names_the_caller() -> None:
    """A function passing **options on reports an unknown one under its own name."""
    with pytest.raises(
        TypeError, match=r"^parse_nested\(\) got an unexpected keyword argument 'x'$"
    ):
        options_from("parse_nested", {"x": 1})
    with pytest.raises(TypeError, match=r"parse_nested\(\) .* 'use_charset_field'"):
        urlencoded.parse_nested("a=1", use_charset_field=True)  # type: ignore[call-arg]
    assert options_from("f", {"separator": ";"}).separator == b";"


def test_one_block_size() -> None:
    """The parser, the streaming readers, lint and the command line share one block size."""
    from urlencoded._core import _bulk
    from urlencoded._tools._cli import _blocks, _io
    from urlencoded._tools._lint import _checks as _lint
    from urlencoded._web import _servers

    assert BLOCK == 64 * 1024
    for module in (_bulk, _lint, _io, _blocks, _servers):
        assert module.BLOCK is BLOCK, module.__name__
