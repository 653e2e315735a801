"""Every public name, fed hostile input, raises only what its docstring documents.

Each name in the ``__all__`` of each public module has an entry in a table
saying how it is exercised (:data:`PUBLIC_MODULES` maps each module to its
table, and a test fails when a public module, or a name in one, has none):
functions are called with generated hostile arguments (separators,
``%`` at the ends, invalid escapes, lone surrogates, NUL, CR/LF, non-ASCII,
long repetitive values, wrong types, unknown labels, bad limits), classes are
built and their public methods called (:data:`METHODS` lists them, and a test
fails when a class gains one that is not exercised), exceptions and constants
are checked against what they say they are. A call may raise a
:class:`~urlencoded.URLEncodedError`, or an exception that is an instance of a
class its docstring names in a ``:raises X:`` line; anything else fails.

The framework helpers read requests that Flask, Django (WSGI and ASGI) and
Starlette build from hostile bytes, bodies read before them, and stand-ins
that are no request; a FastAPI dependency, once made, may answer a request
with nothing but its HTTP errors.

The ``test_untrusted_*`` properties then hold the parsers to more: on any
bytes or text with default options they raise nothing, or only the limit
(and, for the nested parser, structure) errors they document; and the
command line, on any argument, exits 0, 1 or 2 without an internal error.

The inputs are a few kB at most, and each property runs the profile's
examples capped at :data:`MAX_EXAMPLES`, so the module stays fast under
``HYPOTHESIS_PROFILE=ci``. To count the inputs it ran, add
``--hypothesis-show-statistics`` and sum the passing test cases::

    HYPOTHESIS_PROFILE=ci python -m pytest tests/test_fuzz_public.py \\
        --hypothesis-show-statistics | grep -o '[0-9]* passing' | awk '{n += $1} END {print n}'

``URLENCODED_FUZZ_EXAMPLES=N`` runs N examples per property instead, without
the cap, for a long search. The newer modules' properties (the submodules,
``normalize``, ``isindex_argv`` and the encoding detectors) are
``-k "module_name or uritemplate_name or (public_name and (normalize or
isindex or detect or guess or parse_mixed))"``; a million inputs over them is
``URLENCODED_FUZZ_EXAMPLES=12000`` in one process (``-n 0``), which takes
about an hour of one idle core.
"""

from __future__ import annotations

import asyncio
import builtins
import contextlib
import dataclasses
import datetime
import hashlib
import importlib
import importlib.metadata
import inspect
import io
import json
import os
import pathlib
import pickle
import pkgutil
import re
from collections.abc import Awaitable, Callable, Iterator, Mapping
from functools import cache
from typing import Any, TypeVar, get_args, get_origin

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import urlencoded
import urlencoded.django
import urlencoded.flask
import urlencoded.starlette
from tests.strategies import form_bodies, surrogates
from urlencoded import (
    URLENCODED_PERCENT_ENCODE_SET,
    UnknownEncodingError,
    URLEncodedError,
    dialects,
    uritemplate,
)
from urlencoded._tools._cli import main
from urlencoded._tools._explain import explain
from urlencoded._web._content_type import MediaType  # deprecated at the top level
from urlencoded.dialects import URIError

T = TypeVar("T")

# The active profile's examples (1000 under ci), capped: there are over two
# hundred properties here, and each example is a whole hostile call. A property
# run once per dialect tries a quarter of that. URLENCODED_FUZZ_EXAMPLES lifts
# the cap for a long search.
MAX_EXAMPLES = int(os.environ.get("URLENCODED_FUZZ_EXAMPLES") or 0) or min(
    settings().max_examples, 100
)
FUZZ = settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
FUZZ_EACH_DIALECT = settings(FUZZ, max_examples=max(1, MAX_EXAMPLES // 4))
MAX_INPUT = 4096


# --- what a docstring promises -----------------------------------------------------------

_RAISES = re.compile(r"^\s*:raises\s+([^:]+):", re.MULTILINE)


def _exception_class(name: str) -> type[BaseException]:
    """The exception class a ``:raises X:`` line names (``~urlencoded.X`` forms included)."""
    dotted = name.strip().strip("`~")
    module, _, attribute = dotted.rpartition(".")
    if module and not module.startswith("urlencoded"):
        # A third party's exception, named by its module (werkzeug.exceptions.HTTPException).
        found = getattr(importlib.import_module(module), attribute, None)
        if isinstance(found, type) and issubclass(found, BaseException):
            return found
    short = attribute
    for namespace in (urlencoded, dialects, uritemplate, builtins):
        found = getattr(namespace, short, None)
        if isinstance(found, type) and issubclass(found, BaseException):
            return found
    raise AssertionError(f"a docstring names {name!r} under :raises:, which is no exception")


@cache
def documented_raises(documented: tuple[object, ...]) -> tuple[type[BaseException], ...]:
    """The classes the ``:raises:`` lines of the docstrings of *documented* name."""
    classes: list[type[BaseException]] = []
    for item in documented:
        for group in _RAISES.findall(inspect.getdoc(item) or ""):
            classes += [_exception_class(name) for name in group.split(",")]
    return tuple(classes)


def _docs_of(target: object) -> tuple[object, ...]:
    """What documents a call of *target*: its docstring, and a class's constructor's."""
    if isinstance(target, type):
        own = [vars(target)[name] for name in ("__new__", "__init__") if name in vars(target)]
        return (target, *own)
    # A bound method's docstring is its function's (which the cache then holds, not the object).
    return (getattr(target, "__func__", target),)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 200 else text[:150] + "..." + text[-40:]


def attempt(documented: object, action: Callable[[], T], what: str = "") -> T | None:
    """Run *action*; an exception must be a URLEncodedError or documented by *documented*.

    Returns the result, or None when an allowed exception was raised.
    """
    allowed = documented_raises(_docs_of(documented))
    try:
        return action()
    except Exception as error:
        failure = error
    name = getattr(documented, "__qualname__", repr(documented))
    kind = type(failure).__name__
    if not isinstance(failure, (URLEncodedError, *allowed)):
        documented_names = [cls.__name__ for cls in allowed]
        raise AssertionError(
            f"{name}{what} raised {kind}({failure}), which its docstring"
            f" does not name (it names {documented_names})"
        ) from failure
    assert str(failure), f"{name}{what} raised {kind} with an empty message"
    return None


def call(func: Callable[..., T], *args: Any, **kwargs: Any) -> T | None:
    """Call *func*; see :func:`attempt`."""
    shown = ", ".join([*map(_short, args), *(f"{k}={_short(v)}" for k, v in kwargs.items())])
    return attempt(func, lambda: func(*args, **kwargs), f"({shown})")


def call_method(obj: object, method: str, *args: Any, **kwargs: Any) -> Any:
    """Call a public method; its own docstring documents it."""
    return call(getattr(obj, method), *args, **kwargs)


# --- hostile input -------------------------------------------------------------------------

_TEXT_PIECES = st.one_of(
    st.sampled_from(
        ["&", "=", "+", "%", ";", "%%", "%2", "%zz", "%G1", "%25", "%26", "%3D", "%3d", "%20"]
    ),
    st.sampled_from(["%FF", "%C3", "%E2%82", "%ED%A0%80", "%C0%AF", "%u20AC", "%uD83D", "%u12"]),
    st.sampled_from(["[", "]", "[]", "a[b]", "a[0]", "a[][", "[x", "]]", "a[999999999999]"]),
    st.sampled_from(["?", "#", "\x00", "\r", "\n", "\r\n", "\t", " ", "\x1b", "\x0e", "\x7f"]),
    st.sampled_from(["\ufeff", "\ufffd", "é", "日本", "😀", "\U0010ffff", "\u0130", "ß"]),
    st.sampled_from(["_charset_", "_charset_=shift_jis", "_charset_=nope", "isindex", "a=b"]),
    st.characters(),
    surrogates,
    st.text(max_size=4),
)
_REPEATED_TEXT = st.tuples(_TEXT_PIECES, st.integers(2, 600)).map(lambda t: (t[0] * t[1])[:2000])
hostile_text = (
    st.lists(st.one_of(_TEXT_PIECES, _TEXT_PIECES, _REPEATED_TEXT), max_size=12)
    .map("".join)
    .map(lambda text: text[:MAX_INPUT])
)
"""Text built from form syntax, broken escapes, controls, surrogates, long runs."""

_BYTES_PIECES = st.one_of(
    _TEXT_PIECES.map(lambda text: text.encode("utf-8", "surrogatepass")),
    st.sampled_from([b"\xff", b"\x80", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\x1b$B"]),
    st.binary(min_size=1, max_size=4),
    form_bodies,
)
_REPEATED_BYTES = st.tuples(_BYTES_PIECES, st.integers(2, 600)).map(lambda t: (t[0] * t[1])[:2000])
hostile_bytes = (
    st.lists(st.one_of(_BYTES_PIECES, _BYTES_PIECES, _REPEATED_BYTES), max_size=12)
    .map(b"".join)
    .map(lambda data: data[:MAX_INPUT])
)
"""Bytes built the same way, with invalid UTF-8 and escape sequences of legacy encodings."""


class _Opaque:
    """An object of no type any function accepts."""


class _StrSubclass(str):
    """A str subclass, which every str parameter takes."""


class _Raising:
    """An object whose conversions fail: never converted behind the caller's back."""

    def __str__(self) -> str:
        raise AssertionError("converted to str")

    def __index__(self) -> int:
        raise AssertionError("converted to int")


# Factories, so that a mutable value is never shared between examples.
_WRONG_FACTORIES: list[Callable[[], object]] = [
    lambda: None,
    lambda: 0,
    lambda: -1,
    lambda: 2**70,
    lambda: 1.5,
    lambda: float("nan"),
    lambda: True,
    list,
    dict,
    lambda: ["a"],
    lambda: [("a", "b", "c")],
    lambda: [(1, 2)],
    lambda: [None],
    lambda: ("a", "b"),
    lambda: {"a": 1},
    lambda: {1: "a"},
    lambda: {"a": None},
    lambda: _Opaque(),
    lambda: _Raising(),
    lambda: _StrSubclass("a=1"),
    lambda: b"\xff",
    lambda: bytearray(b"a=1"),
    lambda: memoryview(b"a=%41"),
    lambda: "x",
    lambda: frozenset({1}),
    lambda: iter(["a"]),
    lambda: complex(1, 1),
    lambda: urlencoded.get_encoding("UTF-8"),
    lambda: URLENCODED_PERCENT_ENCODE_SET,
    lambda: ValueError("x"),
]
wrong = st.sampled_from(_WRONG_FACTORIES).map(lambda make: make())
"""Values of the wrong type for most parameters (and a few of the right one)."""
hashable_wrong: st.SearchStrategy[object] = st.sampled_from(
    [None, 0, 1.5, True, b"a", ("a", "b"), frozenset(), _Opaque()]
)
"""Wrong types that can be dict keys."""

_LABELS = [
    "utf-8",
    "UTF-8",
    " utf-8\n",
    "unicode-1-1-utf-8",
    "shift_jis",
    "euc-jp",
    "iso-2022-jp",
    "gb18030",
    "gbk",
    "big5",
    "euc-kr",
    "windows-1252",
    "iso-8859-8-i",
    "koi8-u",
    "x-user-defined",
    "utf-16le",
    "utf-16be",
    "utf-16",
    "replacement",
    "iso-2022-kr",
    "hz-gb-2312",
]
_BAD_LABELS = [
    "",
    "nope",
    "utf8\x00",
    "UTF-7",
    "utf-8;",
    "\u0130so-8859-1",
    "utf-\udc80",
    "x" * 300,
]
encodings = st.one_of(
    st.sampled_from(_LABELS),
    st.sampled_from(_LABELS).map(urlencoded.get_encoding),
    st.sampled_from(_BAD_LABELS),
    hostile_text.map(lambda text: text[:40]),
    wrong,
)
"""Encoding arguments: labels, Encoding objects, unknown labels, wrong types."""

limits = st.one_of(
    st.none(),
    st.integers(-3, 40),
    st.sampled_from([2**31, 2**63, 2**100, -(2**63)]),
    st.sampled_from([1.0, "5", True, False, b"1", [1]]),
)
separators = st.one_of(
    st.sampled_from(["&", ";", b"&", b";", "", b"", "&&", "é", b"\xff", "\x00", "=", "%", "+"]),
    st.sampled_from([" ", "\n", "a", b"a", "\ud800", "日"]),
    st.lists(st.sampled_from(["&", ";", b";", b"&", "=", "", "é", 1]), max_size=3).map(tuple),
    wrong,
)
errors_values = st.one_of(
    st.sampled_from(["replace", "strict", "ignore", "", "REPLACE", "surrogateescape"]), wrong
)
flags: st.SearchStrategy[object] = st.one_of(
    st.booleans(), st.sampled_from([None, 0, 1, "yes", []])
)
charset_fields = st.one_of(
    st.none(), st.sampled_from(["_charset_", "", "charset", "a&b", "a=b", "é", "\x00"]), wrong
)
names = st.one_of(hostile_text.map(lambda text: text[:30]), wrong)
values = st.one_of(hostile_text, hostile_bytes, wrong)

_PAIR_ITEM = st.one_of(hostile_text, hostile_bytes.map(lambda data: data[:200]), wrong)
pair_lists = st.one_of(
    st.lists(st.tuples(_PAIR_ITEM, _PAIR_ITEM), max_size=6),
    st.lists(st.lists(_PAIR_ITEM, max_size=3), max_size=4),
    st.dictionaries(
        st.one_of(hostile_text.map(lambda text: text[:20]), hashable_wrong), _PAIR_ITEM, max_size=4
    ),
    st.lists(st.tuples(hostile_text, hostile_text), max_size=6),
    hostile_text,
    wrong,
)
"""Pairs for the serializers: lists of pairs, ragged lists, mappings, not pairs at all."""


@st.composite
def keyword_options(
    draw: st.DrawFn, strategies: dict[str, st.SearchStrategy[Any]]
) -> dict[str, Any]:
    """A random subset of the keyword arguments, each drawn from its strategy."""
    if not strategies:
        return {}
    chosen = draw(st.lists(st.sampled_from(sorted(strategies)), unique=True, max_size=4))
    return {name: draw(strategies[name]) for name in chosen}


PARSE_OPTIONS: dict[str, st.SearchStrategy[Any]] = {
    "encoding": encodings,
    "errors": errors_values,
    "isindex": flags,
    "charset_field": charset_fields,
    "separator": separators,
    "max_fields": limits,
    "max_field_size": limits,
    "max_body_size": limits,
}
BYTES_OPTIONS = {
    key: PARSE_OPTIONS[key]
    for key in ("isindex", "separator", "max_fields", "max_field_size", "max_body_size")
}
media_type_lists = st.one_of(
    st.lists(
        st.sampled_from(
            ["application/x-www-form-urlencoded", "application/sgml-form-urlencoded", "x", ""]
        ),
        max_size=3,
    ).map(tuple),
    wrong,
)
SERVER_OPTIONS = {**PARSE_OPTIONS, "honor_charset": flags, "media_types": media_type_lists}
UNKNOWN_OPTION = {"nonsense": st.just(1)}
bodies = st.one_of(hostile_bytes, hostile_text, wrong)


# --- the public names -------------------------------------------------------------------

Exerciser = Callable[[st.DataObject], None]
EXERCISES: dict[str, Exerciser] = {}
DIALECT_EXERCISES: dict[str, Exerciser] = {}


def exercises(*public: str, table: dict[str, Exerciser] = EXERCISES) -> Callable[[T], T]:
    """Register a function as the way the names *public* are exercised."""

    def register(func: T) -> T:
        for name in public:
            assert name not in table, f"{name} is exercised twice"
            table[name] = func  # type: ignore[assignment]
        return func

    return register


@exercises("parse")
def _parse(data: st.DataObject) -> None:
    options = data.draw(keyword_options({**PARSE_OPTIONS, **UNKNOWN_OPTION}))
    result = call(urlencoded.parse, data.draw(bodies), **options)
    if result is not None:
        assert all(type(name) is str and type(value) is str for name, value in result)


@exercises("parse_bytes")
def _parse_bytes(data: st.DataObject) -> None:
    options = data.draw(keyword_options({**BYTES_OPTIONS, "encoding": encodings}))
    result = call(urlencoded.parse_bytes, data.draw(bodies), **options)
    if result is not None:
        assert all(type(name) is bytes and type(value) is bytes for name, value in result)


SERIALIZE_OPTIONS: dict[str, st.SearchStrategy[Any]] = {
    "encoding": encodings,
    "separator": separators,
    "space_as_plus": flags,
    "newlines": st.one_of(st.sampled_from([None, "crlf", "CRLF", "lf", "", "\r\n"]), wrong),
    "fill_charset_field": flags,
    "isindex": flags,
}


@exercises("serialize")
def _serialize(data: st.DataObject) -> None:
    options = data.draw(keyword_options(SERIALIZE_OPTIONS))
    result = call(urlencoded.serialize, data.draw(pair_lists), **options)
    assert result is None or result.isascii()


@exercises("serialize_text_plain")
def _serialize_text_plain(data: st.DataObject) -> None:
    options = data.draw(keyword_options({**SERIALIZE_OPTIONS, "separator": st.just("&")}))
    options.pop("separator", None)
    options.pop("space_as_plus", None)
    options.pop("isindex", None)
    result = call(urlencoded.serialize_text_plain, data.draw(pair_lists), **options)
    assert result is None or isinstance(result, bytes)


@exercises("parse_text_plain")
def _parse_text_plain(data: st.DataObject) -> None:
    options = data.draw(keyword_options({"encoding": encodings}))
    call(urlencoded.parse_text_plain, data.draw(bodies), **options)


@exercises("percent_decode")
def _percent_decode(data: st.DataObject) -> None:
    result = call(urlencoded.percent_decode, data.draw(bodies))
    assert result is None or type(result) is bytes


@exercises("percent_encode")
def _percent_encode(data: st.DataObject) -> None:
    byte = data.draw(st.one_of(st.integers(-300, 600), wrong))
    result = call(urlencoded.percent_encode, byte)
    assert result is None or re.fullmatch("%[0-9A-F]{2}", result)


percent_encode_sets = st.one_of(
    st.sampled_from(
        [
            getattr(urlencoded, name)
            for name in urlencoded.__all__
            if name.endswith("_PERCENT_ENCODE_SET")
        ]
    ),
    st.just(urlencoded.PercentEncodeSet()),
    wrong,
)
space_flags = {"space_as_plus": flags}


@exercises("percent_encode_after_encoding")
def _percent_encode_after_encoding(data: st.DataObject) -> None:
    options = data.draw(keyword_options(space_flags))
    text = data.draw(st.one_of(hostile_text, wrong))
    encoding, encode_set = data.draw(encodings), data.draw(percent_encode_sets)
    result = call(urlencoded.percent_encode_after_encoding, encoding, text, encode_set, **options)
    assert result is None or result.isascii()


@exercises("utf8_percent_encode")
def _utf8_percent_encode(data: st.DataObject) -> None:
    options = data.draw(keyword_options(space_flags))
    text = data.draw(st.one_of(hostile_text, wrong))
    result = call(urlencoded.utf8_percent_encode, text, data.draw(percent_encode_sets), **options)
    assert result is None or result.isascii()


@exercises("percent_encode_bytes")
def _percent_encode_bytes(data: st.DataObject) -> None:
    options = data.draw(keyword_options(space_flags))
    payload = data.draw(st.one_of(hostile_bytes, wrong))
    result = call(
        urlencoded.percent_encode_bytes, payload, data.draw(percent_encode_sets), **options
    )
    assert result is None or result.isascii()


@exercises("get_encoding", "get_output_encoding")
def _get_encoding(data: st.DataObject) -> None:
    label = data.draw(encodings)
    for func in (urlencoded.get_encoding, urlencoded.get_output_encoding):
        result = call(func, label)
        assert result is None or isinstance(result, urlencoded.Encoding)


@exercises("guess_encoding")
def _guess_encoding(data: st.DataObject) -> None:
    candidates = data.draw(st.one_of(st.lists(encodings, max_size=4), wrong))
    options = data.draw(keyword_options({"separator": separators}))
    call(urlencoded.guess_encoding, data.draw(bodies), candidates, **options)


@exercises("detect_encoding", "parse_mixed")
def _detect_encoding(data: st.DataObject) -> None:
    candidates = data.draw(st.one_of(st.lists(encodings, max_size=4), wrong))
    options = data.draw(keyword_options({"separator": separators}))
    body = data.draw(bodies)
    found = call(urlencoded.detect_encoding, body, candidates, **options)
    assert found is None or isinstance(found, urlencoded.Encoding)
    fields = call(urlencoded.parse_mixed, body, candidates, **options)
    assert fields is None or all(isinstance(field[2], urlencoded.Encoding) for field in fields)


@exercises("detect_probe_encoding")
def _probe(data: st.DataObject) -> None:
    body = data.draw(st.one_of(bodies, st.just(b"dot=%81E&q=%93%FA%96%7B")))
    field, text = (
        data.draw(st.one_of(st.just("dot"), names)),
        data.draw(st.one_of(st.just("・"), names)),
    )
    candidates = data.draw(st.one_of(st.lists(encodings, max_size=4), wrong))
    call(urlencoded.detect_probe_encoding, body, field, text, candidates)


content_types = st.one_of(
    st.sampled_from(
        [
            None,
            "application/x-www-form-urlencoded",
            "Application/X-WWW-Form-URLEncoded; charset=Shift_JIS",
            "application/x-www-form-urlencoded;charset=nope",
            'application/x-www-form-urlencoded; charset="utf-16"',
            "text/plain",
            "multipart/form-data; boundary=x",
            "",
            ";",
            "application/",
            "\x00",
        ]
    ),
    hostile_text.map(lambda text: text[:200]),
    hostile_bytes.map(lambda data: data[:200]),
    wrong,
)


@exercises("check_content_type")
def _check_content_type(data: st.DataObject) -> None:
    options = data.draw(
        keyword_options(
            {"honor_charset": flags, "encoding": encodings, "media_types": media_type_lists}
        )
    )
    call(urlencoded.check_content_type, data.draw(content_types), **options)


def _linter(name: str) -> Exerciser:
    """Exercise a linter; one that returns an iterator is consumed inside the call."""

    def exercise(data: st.DataObject) -> None:
        func = getattr(urlencoded, name)
        options = data.draw(keyword_options({"encoding": encodings}))
        body = data.draw(bodies)
        findings = attempt(func, lambda: list(func(body, **options)), f"({_short(body)})")
        for finding in findings or ():
            assert isinstance(finding, urlencoded.Finding)
            exercise_methods(data, finding)

    return exercise


exercises("lint")(_linter("lint"))
exercises("iter_lint")(_linter("iter_lint"))


@exercises("Finding")
def _finding(data: st.DataObject) -> None:
    code = data.draw(st.one_of(st.sampled_from(["U101", "U202", "U999", ""]), names))
    offset = data.draw(st.one_of(st.integers(-5, 10**12), wrong))
    message = data.draw(st.one_of(hostile_text, wrong))
    severity = data.draw(st.one_of(st.sampled_from(["", "error", "warning", "info"]), names))
    finding = call(urlencoded.Finding, code, offset, message, severity)
    if finding is not None:
        exercise_methods(data, finding)


@exercises("parse_nested")
def _parse_nested(data: st.DataObject) -> None:
    nested_limits = {"max_depth": limits, "max_list_index": limits, "max_keys": limits}
    duplicates = {
        "duplicates": st.one_of(st.sampled_from(["combine", "first", "last", "error", "x"]), wrong)
    }
    options = data.draw(keyword_options({**nested_limits, **duplicates, **PARSE_OPTIONS}))
    call(urlencoded.parse_nested, data.draw(bodies), **options)


@exercises("NestedValue")
def _nested_value(data: st.DataObject) -> None:
    result = call(urlencoded.parse_nested, data.draw(bodies), max_keys=50)
    # Every value parse_nested gives is one of NestedValue's members, to any depth.
    members = get_args(urlencoded.NestedValue)
    pending: list[object] = [] if result is None else list(result.values())
    while pending:
        value = pending.pop()
        assert isinstance(value, tuple(get_origin(m) or m for m in members))
        if isinstance(value, dict):
            assert all(type(key) is str for key in value)
            pending += value.values()
        elif isinstance(value, list):
            pending += value


_SCALARS = st.one_of(
    hostile_text.map(lambda text: text[:100]),
    hostile_bytes.map(lambda data: data[:100]),
    st.none(),
    st.integers(),
    st.floats(),
    st.booleans(),
    st.sampled_from([_Opaque(), 1j, frozenset({1})]),
)
nested_objects = st.recursive(
    _SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=3),
        st.tuples(children, children),
        st.dictionaries(
            st.one_of(hostile_text.map(lambda t: t[:10]), hashable_wrong), children, max_size=3
        ),
    ),
    max_leaves=12,
)
# Deeper than the default max_depth, on purpose.
_deep = st.integers(1, 9).map(lambda depth: _nest(depth))


def _nest(depth: int) -> dict[str, Any]:
    value: Any = "leaf"
    for level in range(depth):
        value = {f"k{level}": value} if level % 2 else [value]
    return {"top": value}


@exercises("serialize_nested")
def _serialize_nested(data: st.DataObject) -> None:
    options = data.draw(
        keyword_options(
            {
                "list_format": st.one_of(
                    st.sampled_from(["indices", "brackets", "repeat", "comma", "", "INDICES"]),
                    wrong,
                ),
                "dialect": st.one_of(st.sampled_from(list(dialects.DIALECTS.values())), wrong),
                "encoding": encodings,
                "skip_none": flags,
                "max_depth": limits,
            }
        )
    )
    obj = data.draw(st.one_of(st.dictionaries(st.text(max_size=5), nested_objects), _deep, wrong))
    result = call(urlencoded.serialize_nested, obj, **options)
    assert result is None or result.isascii()


# The exceptions: what the module docstring of _errors.py says each one also is.
EXCEPTION_BASES: dict[str, type[BaseException]] = {
    "URLEncodedError": Exception,
    "UnknownEncodingError": LookupError,
    "DecodeError": ValueError,
    "EncodeError": ValueError,
    "LimitExceeded": ValueError,
    "TooManyFields": urlencoded.LimitExceeded,
    "FieldTooLarge": urlencoded.LimitExceeded,
    "BodyTooLarge": urlencoded.LimitExceeded,
    "NestingTooDeep": urlencoded.LimitExceeded,
    "ListIndexTooLarge": urlencoded.LimitExceeded,
    "TooManyKeys": urlencoded.LimitExceeded,
    "UnsupportedMediaType": ValueError,
    "ContentLengthError": ValueError,
    "ClientDisconnected": ConnectionError,
    "ProbeError": ValueError,
    "NestingError": ValueError,
    "BodyConsumedError": RuntimeError,
    "RowDecodeError": urlencoded.DecodeError,
    "SignatureError": ValueError,
    "MalformedSignature": urlencoded.SignatureError,
    "SignatureMismatch": urlencoded.SignatureError,
    "StaleSignature": urlencoded.SignatureError,
    "ReplayedNonce": urlencoded.SignatureError,
}
_ANNOTATION_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "str": hostile_text,
    "int": st.integers(-(2**70), 2**70),
    "bytes": hostile_bytes,
    "bool": st.booleans(),
    "str | None": st.one_of(st.none(), hostile_text),
    "int | None": st.one_of(st.none(), st.integers(0, 2**40)),
    "tuple[object, ...]": st.lists(st.sampled_from(_LABELS).map(urlencoded.get_encoding)).map(
        tuple
    ),
}


def exercise_exception(data: st.DataObject, cls: type[BaseException], module: str) -> None:
    """An exception class: its bases, its module, and instances that pickle and print."""
    assert issubclass(cls, URLEncodedError)
    assert cls.__module__ == module
    if cls.__init__ is Exception.__init__:
        args: list[Any] = [data.draw(hostile_text)]
    else:
        args = [
            data.draw(_ANNOTATION_VALUES[str(parameter.annotation)])
            for parameter in inspect.signature(cls).parameters.values()
            if parameter.default is inspect.Parameter.empty
        ]
    error = cls(*args)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is cls
    assert str(copy) == str(error)
    assert copy.args == error.args
    assert vars(copy) == vars(error)
    status = error.status
    assert copy.status == status
    if isinstance(error, (urlencoded.BodyConsumedError, urlencoded.EncodeError)):
        assert status == 500
    elif isinstance(error, urlencoded.LimitExceeded):
        assert status == 413
    elif isinstance(error, urlencoded.UnsupportedMediaType):
        assert status == 415
    elif isinstance(error, urlencoded.ContentLengthError):
        assert status == (411 if error.content_length is None else 400)
    elif isinstance(error, urlencoded.SignatureError):
        assert status == (400 if isinstance(error, urlencoded.MalformedSignature) else 401)
    else:
        assert status == 400


def _exception_exerciser(name: str) -> Exerciser:
    def exercise(data: st.DataObject) -> None:
        cls = getattr(urlencoded, name)
        assert issubclass(cls, EXCEPTION_BASES[name])
        exercise_exception(data, cls, "urlencoded")

    return exercise


for _name in EXCEPTION_BASES:
    exercises(_name)(_exception_exerciser(_name))


# The percent-encode sets of https://url.spec.whatwg.org/#percent-encoded-bytes, each the
# one before it plus these code points.
SET_CHAIN = [
    ("C0_CONTROL_PERCENT_ENCODE_SET", None, "".join(map(chr, range(0x20))) + "\x7f"),
    ("FRAGMENT_PERCENT_ENCODE_SET", "C0_CONTROL_PERCENT_ENCODE_SET", ' "<>`'),
    ("QUERY_PERCENT_ENCODE_SET", "C0_CONTROL_PERCENT_ENCODE_SET", ' "#<>'),
    ("SPECIAL_QUERY_PERCENT_ENCODE_SET", "QUERY_PERCENT_ENCODE_SET", "'"),
    ("PATH_PERCENT_ENCODE_SET", "QUERY_PERCENT_ENCODE_SET", "?^`{}"),
    ("USERINFO_PERCENT_ENCODE_SET", "PATH_PERCENT_ENCODE_SET", "/:;=@[\\]|"),
    ("COMPONENT_PERCENT_ENCODE_SET", "USERINFO_PERCENT_ENCODE_SET", "$%&+,"),
    ("URLENCODED_PERCENT_ENCODE_SET", "COMPONENT_PERCENT_ENCODE_SET", "!'()~"),
]


def _set_exerciser(name: str, base: str | None, added: str) -> Exerciser:
    def exercise(data: st.DataObject) -> None:
        encode_set = getattr(urlencoded, name)
        assert isinstance(encode_set, urlencoded.PercentEncodeSet)
        below = frozenset() if base is None else getattr(urlencoded, base).ascii_code_points()
        assert encode_set.ascii_code_points() == below | set(map(ord, added))
        code_point = data.draw(
            st.one_of(st.integers(0x80, 0x10FFFF), st.characters(min_codepoint=0x80))
        )
        assert code_point in encode_set
        exercise_methods(data, encode_set)

    return exercise


for _name, _base, _added in SET_CHAIN:
    exercises(_name)(_set_exerciser(_name, _base, _added))


@exercises("PercentEncodeSet")
def _percent_encode_set(data: st.DataObject) -> None:
    code_points = data.draw(
        st.one_of(
            st.frozensets(st.integers(-2, 0x90), max_size=8),
            st.frozensets(st.integers(0, 0x7F), max_size=8),
            wrong,
        )
    )
    options = data.draw(keyword_options({"name": names}))
    encode_set = call(urlencoded.PercentEncodeSet, code_points, **options)
    if encode_set is not None:
        exercise_methods(data, encode_set)


@exercises("__version__")
def _version(data: st.DataObject) -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+", urlencoded.__version__)
    assert urlencoded.__version__ == importlib.metadata.version("urlencoded")


@exercises("Encoding")
def _encoding(data: st.DataObject) -> None:
    name = data.draw(
        st.one_of(st.sampled_from(["UTF-8", "Shift_JIS", "utf-8", "replacement"]), names)
    )
    encoding = call(urlencoded.Encoding, name)
    if encoding is not None:
        assert encoding is urlencoded.get_encoding(encoding.name)
        assert encoding.name == name
        assert pickle.loads(pickle.dumps(encoding)) is encoding
        exercise_methods(data, encoding)


# --- the stateful classes -----------------------------------------------------------------

Operation = Callable[[Any, st.DataObject], object]


def _method(name: str, *arguments: st.SearchStrategy[Any]) -> Operation:
    """Call method *name* with one value drawn from each strategy."""

    def operate(obj: Any, data: st.DataObject) -> object:
        return call_method(obj, name, *(data.draw(argument) for argument in arguments))

    return operate


def _attribute(name: str) -> Operation:
    """Read a property (its getter's docstring documents it)."""

    def operate(obj: Any, data: st.DataObject) -> object:
        prop = inspect.getattr_static(type(obj), name)
        return attempt(prop, lambda: getattr(obj, name), f".{name}")

    return operate


def _dunder(name: str, *arguments: st.SearchStrategy[Any]) -> Operation:
    """A protocol method: ``len``, ``in``, ``==``, iteration, ``repr``, subscripts."""

    def operate(obj: Any, data: st.DataObject) -> object:
        args = [data.draw(argument) for argument in arguments]
        method = getattr(obj, name)
        return attempt(method, lambda: list(method(*args)) if name == "__iter__" else method(*args))

    return operate


def _pickled(obj: Any, data: st.DataObject) -> object:
    copy = pickle.loads(pickle.dumps(obj))
    assert type(copy) is type(obj)
    assert repr(copy) == repr(obj)
    return copy


ANY = st.one_of(hostile_text, wrong)
# Each class's public methods and properties, and how one call of each is made. A class
# that gains a public method fails test_every_public_method_is_exercised until it is here.
METHODS: dict[type, dict[str, Operation]] = {
    urlencoded.MultiDict: {
        "get": _method("get", names, ANY),
        "get_all": _method("get_all", names),
        "getone": _method("getone", names),
        "getall": _method("getall", names),
        "getlist": _method("getlist", names),
        "keys": _method("keys"),
        "values": _method("values"),
        "items": _method("items"),
        "add": _method("add", names, ANY),
        "extend": _method("extend", pair_lists),
        "update": _method("update", pair_lists),
        "setdefault": _method("setdefault", names, ANY),
        "popone": _method("popone", names),
        "pop": _method("pop", names),
        "popall": _method("popall", names),
        "popitem": _method("popitem"),
        "clear": _method("clear"),
        "copy": _method("copy"),
        "casefold": _attribute("casefold"),
        "to_dict": _method("to_dict"),
        "to_dict_of_lists": _method("to_dict_of_lists"),
        "__getitem__": _dunder("__getitem__", names),
        "__setitem__": _dunder("__setitem__", names, ANY),
        "__delitem__": _dunder("__delitem__", names),
        "__contains__": _dunder("__contains__", ANY),
        "__len__": _dunder("__len__"),
        "__iter__": _dunder("__iter__"),
        "__eq__": _dunder("__eq__", ANY),
        "__repr__": _dunder("__repr__"),
        "pickle": _pickled,
    },
    urlencoded.URLSearchParams: {
        "size": _attribute("size"),
        "append": _method("append", names, ANY),
        "delete": _method("delete", names, st.one_of(st.none(), ANY)),
        "get": _method("get", names),
        "get_all": _method("get_all", names),
        "has": _method("has", names, st.one_of(st.none(), ANY)),
        "set": _method("set", names, ANY),
        "sort": _method("sort"),
        "copy": _method("copy"),
        "keys": _method("keys"),
        "values": _method("values"),
        "items": _method("items"),
        "to_dict": _method("to_dict"),
        "to_dict_of_lists": _method("to_dict_of_lists"),
        "__getitem__": _dunder("__getitem__", names),
        "__str__": _dunder("__str__"),
        "__len__": _dunder("__len__"),
        "__iter__": _dunder("__iter__"),
        "__contains__": _dunder("__contains__", ANY),
        "__eq__": _dunder("__eq__", ANY),
        "__repr__": _dunder("__repr__"),
        "pickle": _pickled,
    },
    urlencoded.Limits: {
        "max_fields": _attribute("max_fields"),
        "max_field_size": _attribute("max_field_size"),
        "max_body_size": _attribute("max_body_size"),
        "__eq__": _dunder("__eq__", ANY),
        "__repr__": _dunder("__repr__"),
        "pickle": _pickled,
    },
    urlencoded.IncrementalParser: {
        "feed": _method("feed", st.one_of(hostile_bytes, hostile_bytes, wrong)),
        "close": _method("close"),
        "bytes_received": _attribute("bytes_received"),
    },
    urlencoded.PercentEncodeSet: {
        "add": lambda obj, data: call_method(obj, "add", *data.draw(st.lists(ANY, max_size=3))),
        "remove": lambda obj, data: call_method(
            obj, "remove", *data.draw(st.lists(st.one_of(st.integers(-1, 300), ANY), max_size=3))
        ),
        "ascii_code_points": _method("ascii_code_points"),
        "unencoded_run_pattern": _method("unencoded_run_pattern", flags),
        "byte_table": _method("byte_table", flags),
        "__contains__": _dunder("__contains__", st.one_of(st.integers(-5, 0x110000), ANY)),
        "__eq__": _dunder("__eq__", ANY),
        "__hash__": _dunder("__hash__"),
        "__repr__": _dunder("__repr__"),
        "pickle": _pickled,
    },
    urlencoded.Encoding: {
        "name": _attribute("name"),
        "labels": _attribute("labels"),
        "__eq__": _dunder("__eq__", ANY),
        "__hash__": _dunder("__hash__"),
        "__repr__": _dunder("__repr__"),
    },
    MediaType: {
        "essence": _attribute("essence"),
        "__str__": _dunder("__str__"),
        "__eq__": _dunder("__eq__", ANY),
        "__repr__": _dunder("__repr__"),
    },
    urlencoded.Finding: {
        "name": _attribute("name"),
        "__str__": _dunder("__str__"),
        "__eq__": _dunder("__eq__", ANY),
        "__repr__": _dunder("__repr__"),
    },
}


def exercise_methods(data: st.DataObject, obj: Any, count: int = 6) -> None:
    """Call a few of *obj*'s public methods, chosen and ordered by hypothesis."""
    operations = METHODS[type(obj)]
    for name in data.draw(st.lists(st.sampled_from(sorted(operations)), max_size=count)):
        operations[name](obj, data)


@exercises("Limits")
def _limits(data: st.DataObject) -> None:
    options = data.draw(
        keyword_options({"max_fields": limits, "max_field_size": limits, "max_body_size": limits})
    )
    result = call(urlencoded.Limits, **options)
    if result is not None:
        exercise_methods(data, result)


@exercises("MultiDict")
def _multidict(data: st.DataObject) -> None:
    init = data.draw(st.one_of(st.none(), bodies, pair_lists))
    options: dict[str, Any] = data.draw(st.one_of(st.just({}), keyword_options(PARSE_OPTIONS)))
    if data.draw(st.booleans()):
        options["casefold"] = data.draw(st.one_of(st.booleans(), wrong))
    multidict = call(urlencoded.MultiDict, init, **options)
    if multidict is not None:
        exercise_methods(data, multidict, 12)


@exercises("URLSearchParams")
def _url_search_params(data: st.DataObject) -> None:
    init = data.draw(st.one_of(bodies, pair_lists, st.builds(urlencoded.URLSearchParams)))
    params = call(urlencoded.URLSearchParams, init)
    if params is not None:
        exercise_methods(data, params, 12)


@exercises("query_params", "with_query_params")
def _query_params(data: st.DataObject) -> None:
    url = data.draw(st.one_of(hostile_text.map(lambda text: "https://h/p?" + text), ANY))
    params = call(urlencoded.query_params, url)
    other = data.draw(st.one_of(st.just(params), ANY))
    call(urlencoded.with_query_params, data.draw(st.one_of(st.just(url), ANY)), other)


@exercises("fragment_params", "with_fragment_params")
def _fragment_params(data: st.DataObject) -> None:
    url = data.draw(st.one_of(hostile_text.map(lambda text: "https://h/p?q#" + text), ANY))
    prefixes = st.sampled_from(["mailto:a@b?", "ws://h/?", "x:y?", "?"])
    scheme_url = data.draw(st.one_of(st.tuples(prefixes, hostile_text).map("".join), ANY))
    plus = data.draw(st.one_of(st.none(), st.booleans(), wrong))
    params = call(urlencoded.fragment_params, url, plus_as_space=plus)
    other = data.draw(st.one_of(st.just(params), ANY))
    call(urlencoded.with_fragment_params, url, other, plus_as_space=plus)
    params = call(urlencoded.query_params, scheme_url, plus_as_space=plus)
    call(urlencoded.with_query_params, scheme_url, other, plus_as_space=plus)


@exercises("IncrementalParser")
def _incremental_parser(data: st.DataObject) -> None:
    options = data.draw(keyword_options({**PARSE_OPTIONS, **UNKNOWN_OPTION}))
    parser = call(urlencoded.IncrementalParser, **options)
    if parser is not None:
        exercise_methods(data, parser, 8)


# --- the server helpers -----------------------------------------------------------------


class _Input:
    """A ``wsgi.input`` that returns its chunks, then fails or returns what it is told."""

    def __init__(self, chunks: list[Any], end: Any) -> None:
        self.chunks = chunks
        self.end = end

    def read(self, size: int = -1) -> Any:
        if self.chunks:
            return self.chunks.pop(0)
        if isinstance(self.end, BaseException):
            raise self.end
        return self.end


@st.composite
def wsgi_environs(draw: st.DrawFn) -> Any:
    """A WSGI environ with hostile headers and a body stream that may misbehave."""
    body = draw(st.one_of(hostile_bytes, st.just(b"a=1&b=%C3%A9")))
    environ: dict[str, Any] = {}
    if draw(st.booleans()):
        environ["CONTENT_TYPE"] = draw(
            st.one_of(st.just("application/x-www-form-urlencoded"), content_types)
        )
    if draw(st.booleans()):
        environ["CONTENT_LENGTH"] = draw(
            st.one_of(
                st.just(str(len(body))),
                st.integers(-5, 2 * len(body) + 5).map(str),
                st.sampled_from(["", " 12 ", "1e3", "0x10", "٣", "9" * 40, "-0"]),
                wrong,
            )
        )
    stream = draw(
        st.one_of(
            st.just(io.BytesIO(body)),
            st.lists(st.one_of(hostile_bytes, hostile_text, wrong), max_size=3).flatmap(
                lambda chunks: st.sampled_from([b"", OSError("reset"), "", None]).map(
                    lambda end: _Input(chunks, end)
                )
            ),
            wrong,
        )
    )
    if draw(st.booleans()):
        environ["wsgi.input"] = stream
    for key in ("wsgi.input_terminated", "HTTP_TRANSFER_ENCODING"):
        if draw(st.booleans()):
            environ[key] = draw(st.one_of(st.sampled_from([True, "chunked", ""]), wrong))
    return draw(st.one_of(st.just(environ), st.just(environ), wrong))


@st.composite
def asgi_requests(draw: st.DrawFn) -> tuple[Any, Any]:
    """An ASGI scope and receive callable, each possibly malformed."""
    headers: list[Any] = []
    if draw(st.booleans()):
        headers.append((b"content-type", b"application/x-www-form-urlencoded"))
    header = st.one_of(
        st.tuples(
            st.sampled_from([b"content-type", b"Content-Length", b"x"]),
            st.one_of(hostile_bytes.map(lambda data: data[:50]), st.just(b"5")),
        ),
        st.sampled_from([(b"a",), (b"a", b"b", b"c"), ("content-type", "x"), b"ab", 12]),
    )
    headers += draw(st.lists(header, max_size=3))
    scope: dict[str, Any] = {
        "type": draw(st.one_of(st.just("http"), st.just("websocket"), wrong)),
        "headers": draw(st.one_of(st.just(headers), st.just(headers), wrong)),
    }
    message = st.one_of(
        st.fixed_dictionaries(
            {"type": st.just("http.request"), "body": st.one_of(hostile_bytes, wrong)},
            optional={"more_body": st.one_of(st.booleans(), wrong)},
        ),
        st.sampled_from([{"type": "http.disconnect"}, {"type": "lifespan.startup"}, {}]),
        wrong,
    )
    messages = draw(st.lists(message, max_size=4))

    async def receive() -> Any:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    def sync_receive() -> Any:
        return {"type": "http.request", "body": b"a=1"}

    return draw(st.one_of(st.just(scope), wrong)), draw(
        st.sampled_from([receive, receive, sync_receive, None])
    )


def _wsgi_exerciser(name: str) -> Exerciser:
    def exercise(data: st.DataObject) -> None:
        options = data.draw(keyword_options(SERVER_OPTIONS))
        call(getattr(urlencoded, name), data.draw(wsgi_environs()), **options)

    return exercise


def _asgi_exerciser(name: str) -> Exerciser:
    def exercise(data: st.DataObject) -> None:
        func = getattr(urlencoded, name)
        options = data.draw(keyword_options(SERVER_OPTIONS))
        scope, receive = data.draw(asgi_requests())
        attempt(func, lambda: asyncio.run(func(scope, receive, **options)), f"({options})")

    return exercise


exercises("parse_wsgi")(_wsgi_exerciser("parse_wsgi"))
exercises("parse_asgi")(_asgi_exerciser("parse_asgi"))


# --- the dialects -----------------------------------------------------------------------

ALL_DIALECTS = sorted(set(dialects.DIALECTS.values()), key=lambda dialect: dialect.name)
dialect_values = st.one_of(hostile_text, hostile_bytes, wrong)

METHODS[dialects.Dialect] = {
    "encode": lambda obj, data: call_method(
        obj,
        "encode",
        data.draw(dialect_values),
        **data.draw(keyword_options({"encoding": encodings})),
    ),
    "decode": lambda obj, data: call_method(
        obj,
        "decode",
        data.draw(dialect_values),
        **data.draw(keyword_options({"errors": errors_values})),
    ),
    "decode_bytes": _method("decode_bytes", dialect_values),
    "serialize": lambda obj, data: call_method(
        obj,
        "serialize",
        data.draw(pair_lists),
        **data.draw(keyword_options({"encoding": encodings})),
    ),
    "canonical_query": lambda obj, data: call_method(
        obj,
        "canonical_query",
        data.draw(pair_lists),
        **data.draw(keyword_options({"encoding": encodings})),
    ),
    "parse": lambda obj, data: call_method(
        obj,
        "parse",
        data.draw(dialect_values),
        **data.draw(keyword_options({"errors": errors_values})),
    ),
    "kept": _attribute("kept"),
    "lossless": _attribute("lossless"),
    "__eq__": _dunder("__eq__", ANY),
    "__hash__": _dunder("__hash__"),
    "__repr__": _dunder("__repr__"),
    "pickle": _pickled,
}


def _dialect_exerciser(name: str) -> Exerciser:
    def exercise(data: st.DataObject) -> None:
        dialect = getattr(dialects, name)
        assert isinstance(dialect, dialects.Dialect)
        assert dialects.get_dialect(name) is dialect
        exercise_methods(data, dialect, 10)

    return exercise


for _name in dialects.__all__:
    if isinstance(getattr(dialects, _name), dialects.Dialect):
        exercises(_name, table=DIALECT_EXERCISES)(_dialect_exerciser(_name))
del _name


@exercises("Dialect", table=DIALECT_EXERCISES)
def _dialect_class(data: st.DataObject) -> None:
    flag = st.one_of(st.booleans(), wrong)
    fields = {
        "space_as_plus": flag,
        "plus_as_space": flag,
        "keep_escapes": flag,
        "percent_u": flag,
        "decode_keeps": st.one_of(st.sampled_from(["", ";/?", "é", "%+"]), wrong),
        "strict": flag,
        "lowercase_hex": flag,
        "description": ANY,
        "source": ANY,
    }
    options = data.draw(keyword_options(fields))
    name = data.draw(st.one_of(st.sampled_from(["MINE", ""]), ANY))
    dialect = call(dialects.Dialect, name, data.draw(percent_encode_sets), **options)
    if dialect is not None:
        exercise_methods(data, dialect, 10)
        changed = data.draw(keyword_options(fields))
        attempt(dialects.Dialect, lambda: dataclasses.replace(dialect, **changed), f"{changed}")


@exercises("DIALECTS", table=DIALECT_EXERCISES)
def _dialects_table(data: st.DataObject) -> None:
    assert isinstance(dialects.DIALECTS, Mapping)
    name = data.draw(st.sampled_from(sorted(dialects.DIALECTS)))
    assert name == name.upper()
    assert dialects.get_dialect(name.lower().replace("_", "-")) is dialects.DIALECTS[name]
    exported = {
        getattr(dialects, key)
        for key in dialects.__all__
        if isinstance(getattr(dialects, key), dialects.Dialect)
    }
    assert set(dialects.DIALECTS.values()) == exported
    with pytest.raises(TypeError):
        dialects.DIALECTS[name] = dialects.RFC3986  # type: ignore[index]


@exercises("get_dialect", table=DIALECT_EXERCISES)
def _get_dialect(data: st.DataObject) -> None:
    result = call(
        dialects.get_dialect, data.draw(st.one_of(st.sampled_from(["rfc3986", "js-uri"]), ANY))
    )
    assert result is None or isinstance(result, dialects.Dialect)


@exercises(
    "decode_uri",
    "decode_uri_component",
    "encode_uri",
    "encode_uri_component",
    "escape",
    "unescape",
    table=DIALECT_EXERCISES,
)
def _javascript(data: st.DataObject) -> None:
    text = data.draw(st.one_of(hostile_text, wrong))
    for func in (
        dialects.decode_uri,
        dialects.decode_uri_component,
        dialects.encode_uri,
        dialects.encode_uri_component,
        dialects.escape,
        dialects.unescape,
    ):
        result = call(func, text)
        assert result is None or isinstance(result, str)


@exercises("URIError", table=DIALECT_EXERCISES)
def _uri_error(data: st.DataObject) -> None:
    assert issubclass(dialects.URIError, ValueError)
    exercise_exception(data, dialects.URIError, "urlencoded.dialects")


# --- isindex_argv -------------------------------------------------------------------------


@exercises("isindex_argv")
def _isindex_argv(data: st.DataObject) -> None:
    options = data.draw(keyword_options({"encoding": encodings}))
    result = call(urlencoded.isindex_argv, data.draw(bodies), **options)
    assert result is None or all(type(word) is str and "\x00" not in word for word in result)


# --- normalize ----------------------------------------------------------------------------


@exercises("normalize")
@exercises("normalize", table=DIALECT_EXERCISES)
def _normalize(data: st.DataObject) -> None:
    options = data.draw(
        keyword_options(
            {"dialect": st.one_of(st.sampled_from(list(dialects.DIALECTS.values())), wrong)}
        )
    )
    text = data.draw(st.one_of(hostile_text, hostile_bytes, wrong))
    result = call(urlencoded.normalize, text, **options)
    if result is not None:
        assert type(result) is (str if isinstance(text, str) else bytes)
        assert urlencoded.normalize(result, **options) == result


# --- urlencoded.uritemplate ---------------------------------------------------------------

URITEMPLATE_EXERCISES: dict[str, Exerciser] = {}
_TEMPLATE_PIECES = st.one_of(
    st.sampled_from(["{", "}", "{}", "{+", "{#x", "{x,", "{x:", "{x:0}", "{x:99999}", "{x*}"]),
    st.sampled_from(["{=x}", "{x.}", "{%4}", "{%41}", "{?x,y*}", "{/x:3}", "{;x}", "{&y}"]),
    hostile_text.map(lambda text: text[:40]),
)
templates = st.one_of(st.lists(_TEMPLATE_PIECES, max_size=8).map("".join), wrong)
_TEMPLATE_VALUES = st.one_of(
    hostile_text.map(lambda text: text[:40]),
    st.lists(st.one_of(hostile_text.map(lambda text: text[:20]), wrong), max_size=3),
    st.dictionaries(
        hostile_text.map(lambda text: text[:10]), st.one_of(st.none(), hostile_text), max_size=3
    ),
    wrong,
)
template_variables = st.one_of(
    st.dictionaries(st.sampled_from(["x", "y", "%41"]), _TEMPLATE_VALUES, max_size=3), wrong
)


@exercises("expand", table=URITEMPLATE_EXERCISES)
def _uritemplate_expand(data: st.DataObject) -> None:
    result = call(uritemplate.expand, data.draw(templates), data.draw(template_variables))
    assert result is None or isinstance(result, str)


@exercises("variables", table=URITEMPLATE_EXERCISES)
def _uritemplate_variables(data: st.DataObject) -> None:
    result = call(uritemplate.variables, data.draw(templates))
    assert result is None or all(isinstance(name, str) for name in result)


@exercises("TemplateError", table=URITEMPLATE_EXERCISES)
def _uritemplate_template_error(data: st.DataObject) -> None:
    error = uritemplate.TemplateError(data.draw(hostile_text), data.draw(st.integers(0, 99)), "x")
    assert isinstance(error, ValueError)
    assert isinstance(error, URLEncodedError)
    assert pickle.loads(pickle.dumps(error)).offset == error.offset


@exercises("Value", table=URITEMPLATE_EXERCISES)
def _uritemplate_value(data: st.DataObject) -> None:
    # A type alias: what expand() accepts as a variable's value.
    assert uritemplate.Value is not None


# --- the other public modules: clients, signers, Arrow, the frameworks -------------------

# Each public module but urlencoded, urlencoded.dialects and urlencoded.uritemplate (whose
# tables are above): its names, and how each is exercised.
MODULE_EXERCISES: dict[str, dict[str, Exerciser]] = {
    name: {} for name in ("clients", "oauth1", "sigv4", "arrow", "flask", "django", "starlette")
}


def _module_exercise(module: str, *public: str) -> Callable[[T], T]:
    return exercises(*public, table=MODULE_EXERCISES[module])


def _each(module: str, public: list[str], exerciser: Callable[[str], Exerciser]) -> None:
    """Register ``exerciser(name)`` for each name, so that each test calls its own name."""
    for name in public:
        _module_exercise(module, name)(exerciser(name))


def _run(coroutine: Awaitable[T]) -> T:
    """Run a coroutine to its end, on a new event loop (as a server's would be)."""

    async def main() -> T:
        return await coroutine

    return asyncio.run(main())


# These modules' functions take several arguments each. Drawn each from a strategy with
# wrong types in it, nearly every call would stop at its first check. So each argument has
# two strategies: values of the right type (their content hostile) and wrong ones (wrong
# types, bad values); a call gets one or two arguments, or none, from the second.

Argument = tuple[st.SearchStrategy[Any], st.SearchStrategy[Any]]
"""An argument's values of the right type, with hostile content, and its wrong values."""
UNKNOWN_KEYWORD: dict[str, Argument] = {"nonsense": (st.nothing(), st.just(1))}


def _broken(data: st.DataObject, *arguments: str) -> frozenset[str]:
    """The one or two arguments made wrong (or none); the others stay of the right type."""
    return frozenset(data.draw(st.lists(st.sampled_from(arguments), max_size=2, unique=True)))


def hostile_arguments(
    data: st.DataObject, arguments: dict[str, Argument], *required: str
) -> dict[str, Any]:
    """Keyword arguments: the *required* ones, some others, one or two of them wrong.

    In the order of *arguments*, so that the required ones can be passed by position.
    """
    broken = _broken(data, *arguments)
    chosen = data.draw(st.lists(st.sampled_from(list(arguments)), max_size=3, unique=True))
    given = {*required, *broken, *chosen}
    drawn: dict[str, Any] = {}
    for name, (right, wrong_values) in arguments.items():
        if name in broken:
            drawn[name] = data.draw(wrong_values)
        elif name in given and not right.is_empty:
            drawn[name] = data.draw(right)
    return drawn


def _rarely(data: st.DataObject) -> bool:
    """True once in ten or twenty draws (Hypothesis favours a strategy's first values)."""
    return data.draw(st.integers(0, 9)) == 9


def _positional(arguments: dict[str, Any], *names: str) -> list[Any]:
    """Take *names* out of *arguments*, to pass by position."""
    return [arguments.pop(name) for name in names]


url_texts = st.one_of(
    st.sampled_from(
        [
            "http://h/p?a=1#f",
            "https://example.com/s?q=%7E*&q=&x",
            "HTTP://Example.COM:80/%7e/a%2fb?%zz=%&b=%C3%A9#",
            "http://h:99999/",
            "http://[::1]:8080/p?x",
            "http://[::1/p",
            "http://h/ p?a b",
            "http://é.com/é?é=é",
            "http://h/\ud800?\udc00",
            "http://user:pw@h/p",
            "http://h/p\r\nX: y",
            "h/p?q",
            "//h/p",
            "http://",
            "mailto:a@b?subject=x",
            "",
        ]
    ),
    st.tuples(
        st.sampled_from(["http://h/", "https://h/p?", "http://h/p?q=1&", "http://h/%"]),
        hostile_text,
    ).map(lambda parts: (parts[0] + parts[1])[:600]),
)
"""URLs: well-formed, with odd escapes, hosts and ports, relative, non-ASCII, surrogates."""
hostile_urls = st.one_of(url_texts, wrong)
method_texts = st.sampled_from(["GET", "POST", "PUT", "get", "", "G T", "GET\r\n", "\x00", "É"])
methods = st.one_of(method_texts, wrong)
str_pairs = st.one_of(
    st.lists(st.tuples(hostile_text, hostile_text), max_size=4),
    st.dictionaries(hostile_text.map(lambda text: text[:20]), hostile_text, max_size=3),
)
"""Pairs of str, as a list or a mapping: the right type, hostile content."""
finished_queries = st.sampled_from(["", "a=1&b=%20", "q=%7E*", "a&&b=", "x=%zz"])
client_queries = st.one_of(str_pairs, finished_queries)
bad_client_queries = st.one_of(pair_lists, hostile_text.map(lambda text: text[:300]))
header_names = st.one_of(
    st.sampled_from(["Host", "X-Amz-Date", "content-type", "", "a b", "a:b", "\x00", "é"]),
    hostile_text.map(lambda text: text[:30]),
    hashable_wrong,
)
header_values = st.one_of(hostile_text.map(lambda text: text[:40]), st.just(" a  b "), wrong)
header_lists = st.one_of(
    st.dictionaries(header_names, header_values, max_size=3),
    st.lists(st.tuples(st.one_of(header_names, wrong), header_values), max_size=3),
    wrong,
)
"""Headers: mappings (their keys of any hashable type) and lists of pairs, or neither."""


def _is_str(value: object) -> bool:
    return isinstance(value, str)


str_headers: st.SearchStrategy[Any] = st.one_of(
    st.dictionaries(header_names.filter(_is_str), hostile_text.map(lambda t: t[:40]), max_size=3),
    st.lists(
        st.tuples(header_names.filter(_is_str), hostile_text.map(lambda t: t[:40])), max_size=3
    ),
)
"""Headers of str names and values (hostile ones)."""
body_texts = st.one_of(
    st.none(), hostile_bytes.map(lambda data: data[:300]), hostile_text.map(lambda t: t[:300])
)
signer_bodies = st.one_of(body_texts, str_pairs)
bad_signer_bodies = st.one_of(pair_lists, wrong)
secret_texts = st.one_of(st.sampled_from(["", "secret", "kéy", "a&b=c"]), hostile_text)
secrets = st.one_of(secret_texts, names)
text_names = st.one_of(
    st.sampled_from(["key", "ké y", "a&b=c%20", "日本", "~*'", ""]),
    hostile_text.map(lambda text: text[:30]),
)
label_texts = st.one_of(
    st.sampled_from(_LABELS), st.sampled_from(_LABELS).map(urlencoded.get_encoding)
)
ENCODING: dict[str, Argument] = {"encoding": (label_texts, encodings)}


# urlencoded.clients


def _client_url(name: str) -> Exerciser:
    def exercise(data: st.DataObject) -> None:
        from urlencoded import clients

        arguments = hostile_arguments(
            data,
            {
                "url": (url_texts, wrong),
                "params": (client_queries, bad_client_queries),
                **ENCODING,
                **UNKNOWN_KEYWORD,
            },
            "url",
            "params",
        )
        call(getattr(clients, name), *_positional(arguments, "url", "params"), **arguments)

    return exercise


_each("clients", ["httpx_url", "aiohttp_url"], _client_url)


_CLIENT_HEADER_NAMES = st.one_of(
    st.sampled_from(["Content-Type", "content-type", "CONTENT-TYPE", "X-A", "Accept"]),
    hostile_text.map(lambda text: text[:20]),
)
_CLIENT_HEADER_VALUES = st.one_of(
    st.sampled_from(["text/plain", "application/x-www-form-urlencoded", "", "b"]),
    hostile_text.map(lambda text: text[:40]),
)
client_headers = st.dictionaries(_CLIENT_HEADER_NAMES, _CLIENT_HEADER_VALUES, max_size=3)
"""Headers as the HTTP clients take them (str names and values, as a dict for requests;
httpx takes pairs too), which the functions read for a Content-Type before passing them
on: what the clients refuse in them is theirs."""
httpx_headers = st.one_of(
    client_headers,
    st.lists(st.tuples(_CLIENT_HEADER_NAMES, _CLIENT_HEADER_VALUES), max_size=3),
)


def _client_request(name: str) -> Exerciser:
    def exercise(data: st.DataObject) -> None:
        from urlencoded import clients

        arguments = hostile_arguments(
            data,
            {
                "method": (method_texts, wrong),
                "url": (url_texts, wrong),
                "params": (client_queries, bad_client_queries),
                "data": (client_queries, bad_client_queries),
                **ENCODING,
                "headers": (
                    httpx_headers if name == "httpx_request" else client_headers,
                    st.nothing(),
                ),
                # Arguments that would replace the body.
                "json": (st.nothing(), st.just({})),
                **({"content": (st.nothing(), st.just(b"x"))} if name == "httpx_request" else {}),
                **({"files": (st.nothing(), st.just({}))} if name == "requests_prepare" else {}),
            },
            "method",
            "url",
        )
        call(getattr(clients, name), *_positional(arguments, "method", "url"), **arguments)

    return exercise


_each("clients", ["httpx_request", "requests_prepare"], _client_request)


@_module_exercise("clients", "aiohttp_form")
def _client_form(data: st.DataObject) -> None:
    from urlencoded import clients

    arguments = hostile_arguments(
        data, {"data": (client_queries, bad_client_queries), **ENCODING, **UNKNOWN_KEYWORD}, "data"
    )
    payload = call(clients.aiohttp_form, *_positional(arguments, "data"), **arguments)
    assert payload is None or payload.content_type == clients.FORM_CONTENT_TYPE


@_module_exercise("clients", "FORM_CONTENT_TYPE")
def _client_content_type(data: st.DataObject) -> None:
    from urlencoded import clients

    assert clients.FORM_CONTENT_TYPE == "application/x-www-form-urlencoded"


# urlencoded.oauth1


@st.composite
def oauth_param_lists(draw: st.DrawFn) -> list[tuple[str, str]]:
    """The protocol parameters a signature needs, their values hostile text, some left out."""
    params = [
        ("oauth_consumer_key", draw(text_names)),
        (
            "oauth_signature_method",
            draw(st.sampled_from(["HMAC-SHA1", "HMAC-SHA256", "PLAINTEXT"])),
        ),
        ("oauth_nonce", draw(text_names)),
        ("oauth_timestamp", draw(st.sampled_from(["1700000000", "0", "x"]))),
        ("oauth_token", draw(text_names)),
        ("oauth_version", "1.0"),
    ]
    with_token = draw(st.booleans())
    left_out = draw(st.sampled_from([None, "oauth_consumer_key", "oauth_nonce", "oauth_timestamp"]))
    return [
        (name, value)
        for name, value in params
        if name != left_out and (with_token or name != "oauth_token")
    ]


bad_oauth_params = st.one_of(
    st.lists(
        st.tuples(
            st.one_of(st.sampled_from(["oauth_nonce", "oauth_token", "realm"]), names),
            st.one_of(st.sampled_from(["HMAC-SHA1", "k", ""]), names),
        ),
        max_size=5,
    ),
    pair_lists,
)
OAUTH_ARGUMENTS: dict[str, Argument] = {
    "method": (method_texts, wrong),
    "url": (url_texts, wrong),
    "body": (signer_bodies, bad_signer_bodies),
    "oauth_params": (oauth_param_lists(), bad_oauth_params),
    "client_secret": (secret_texts, names),
    "token_secret": (secret_texts, names),
    "realm": (st.one_of(st.none(), text_names), wrong),
    **UNKNOWN_KEYWORD,
}


@_module_exercise("oauth1", "base_string_uri")
def _oauth1_base_string_uri(data: st.DataObject) -> None:
    from urlencoded import oauth1

    result = call(oauth1.base_string_uri, data.draw(hostile_urls))
    assert result is None or result.isascii()


def _oauth1_function(name: str) -> Exerciser:
    # Each function's arguments: the base string's have no secrets, the signature's no realm.
    taken = {
        "signature_base_string": ["method", "url", "body", "oauth_params", "nonsense"],
        "signature": [
            "method",
            "url",
            "body",
            "oauth_params",
            "client_secret",
            "token_secret",
            "nonsense",
        ],
        "authorization_header": list(OAUTH_ARGUMENTS),
    }[name]
    required = ["method", "url", "oauth_params"]
    if name != "signature_base_string":
        required.append("client_secret")

    def exercise(data: st.DataObject) -> None:
        from urlencoded import oauth1

        arguments = hostile_arguments(data, {key: OAUTH_ARGUMENTS[key] for key in taken}, *required)
        result = call(getattr(oauth1, name), *_positional(arguments, "method", "url"), **arguments)
        assert result is None or result.isascii()

    return exercise


_each("oauth1", ["signature_base_string", "signature", "authorization_header"], _oauth1_function)


@_module_exercise("oauth1", "SIGNATURE_METHODS")
def _oauth1_signature_methods(data: st.DataObject) -> None:
    from urlencoded import oauth1

    assert "HMAC-SHA1" in oauth1.SIGNATURE_METHODS
    assert all(isinstance(name, str) for name in oauth1.SIGNATURE_METHODS)


def _signed_request(data: st.DataObject, client: str) -> Any:
    """An httpx.Request or a requests.PreparedRequest to sign, or a hostile stand-in."""
    from urlencoded import clients

    if _rarely(data):
        return data.draw(wrong)
    method = data.draw(st.sampled_from(["GET", "POST", "PUT"]))
    url = "https://h/p?" + data.draw(signed_queries)
    body = data.draw(st.one_of(st.none(), str_pairs, finished_queries))
    make = clients.httpx_request if client == "httpx" else clients.requests_prepare
    return attempt(make, lambda: make(method, url, data=body))


def _auth_operations() -> dict[str, Operation]:
    """auth_flow (httpx) and __call__ (requests), on requests to sign."""

    def auth_flow(obj: Any, data: st.DataObject) -> object:
        request = _signed_request(data, "httpx")
        return attempt(obj.auth_flow, lambda: next(obj.auth_flow(request)))

    def call_auth(obj: Any, data: st.DataObject) -> object:
        return call_method(obj, "__call__", _signed_request(data, "requests"))

    return {"auth_flow": auth_flow, "__call__": call_auth}


# The verifiers: a request signed as a client signs it, one or two of its parts, or of the
# server's options, made hostile.

_SIGNED_AT = 1_700_000_000
unix_times = st.one_of(
    st.just(_SIGNED_AT + 60),
    st.integers(-(2**70), 2**70),
    st.floats(),
    wrong,
)
max_ages = st.one_of(st.none(), st.integers(-5, 10**6), st.floats(), wrong)


def _secret_lookups(secret: str) -> st.SearchStrategy[Any]:
    """A secret, a lookup giving it (or None, or no str), or what is neither."""
    return st.one_of(
        st.just(secret),
        st.just(lambda key: secret),
        st.just(lambda key: None),
        st.just(lambda key: 1),
        secrets,
        wrong,
    )


def _changed(data: st.DataObject, text: str) -> Any:
    """*text* as it is, one character of it replaced, or something else."""
    if text and data.draw(st.integers(0, 3)) == 0:
        index = data.draw(st.integers(0, len(text) - 1))
        return text[:index] + data.draw(_TEXT_PIECES) + text[index + 1 :]
    return data.draw(st.one_of(st.just(text), st.just(text), hostile_text, wrong))


def _as_headers(data: st.DataObject, headers: dict[str, Any]) -> Any:
    """*headers* as a mapping or as pairs, with a hostile one added, or something else."""
    if data.draw(st.booleans()):
        name: Any = data.draw(header_names)
        headers = {**headers, name: data.draw(header_values)}
    return data.draw(
        st.sampled_from([headers, list(headers.items()), headers, None]) | header_lists
    )


signed_queries = st.one_of(st.just("q=1&r=%7E"), hostile_text.map(lambda text: text[:100]))
signed_bodies = st.one_of(
    st.just("a=1&b=%C3%A9"),
    hostile_text.map(lambda text: text[:100]),
    st.lists(st.tuples(hostile_text, hostile_text), max_size=3),
)
"""What a client signs: queries and bodies, some of them hostile but all of the right type."""


@_module_exercise("oauth1", "verify")
def _oauth1_verify(data: st.DataObject) -> None:
    from urlencoded import oauth1

    broken = _broken(
        data, "method", "url", "authorization", "headers", "body", "secrets", "options"
    )
    method = data.draw(st.sampled_from(["GET", "POST"]))
    url = "https://api.example/r?" + data.draw(signed_queries)
    body: Any = data.draw(signed_bodies)
    form = data.draw(st.booleans())
    signer = oauth1.OAuth1(
        "key",
        "secret",
        token=data.draw(st.sampled_from([None, "token"])),
        token_secret="token secret",
        signature_method=data.draw(st.sampled_from(oauth1.SIGNATURE_METHODS)),
        nonce="n1",
        timestamp=str(_SIGNED_AT),
    )
    signed = attempt(signer.sign, lambda: signer.sign(method, url, body=body if form else None))
    headers: Any = {"Authorization": signed}
    if "authorization" in broken:
        headers["Authorization"] = _changed(data, signed or "")
    if form and not isinstance(body, list):
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    if "headers" in broken:
        headers = _as_headers(data, headers)
    secret_lookups = {
        "client_secret": st.sampled_from(["secret", lambda key: "secret"]),
        "token_secret": st.sampled_from(["token secret", lambda token: "token secret"]),
    }
    if "secrets" in broken:
        secret_lookups = {
            "client_secret": _secret_lookups("secret"),
            "token_secret": _secret_lookups("token secret"),
        }
    options = {name: data.draw(lookup) for name, lookup in secret_lookups.items()}
    options["now"] = _SIGNED_AT + 60
    if "options" in broken:
        options.update(
            data.draw(
                keyword_options(
                    {
                        "now": unix_times,
                        "max_age": max_ages,
                        "seen_nonce": st.one_of(
                            st.none(),
                            st.sampled_from([lambda *_: False, lambda *_: True, lambda *_: 0]),
                        ),
                        "signature_methods": st.one_of(
                            st.none(),
                            st.lists(st.sampled_from([*oauth1.SIGNATURE_METHODS, "RSA-SHA1", "x"])),
                            wrong,
                        ),
                        "rsa_verifier": st.one_of(
                            st.none(), st.sampled_from([lambda *_: True, lambda *_: False]), wrong
                        ),
                        **UNKNOWN_OPTION,
                    }
                )
            )
        )
    result = call(
        oauth1.verify,
        data.draw(methods) if "method" in broken else method,
        _changed(data, url) if "url" in broken else url,
        headers=headers,
        body=data.draw(st.one_of(signer_bodies, bad_signer_bodies)) if "body" in broken else body,
        **options,
    )
    assert result is None or isinstance(result, oauth1.VerifiedRequest)


def _verified_fields(verified: Any) -> None:
    """A VerifiedRequest: frozen, equal to its copy, each field of its documented type."""
    assert verified == pickle.loads(pickle.dumps(verified))
    with pytest.raises(dataclasses.FrozenInstanceError):
        verified.source = "x"
    hints = {field.name: field.type for field in dataclasses.fields(verified)}
    for name, hint in hints.items():
        value = getattr(verified, name)
        kinds = {"str": str, "int": int, "bool": bool, "dict": dict, "tuple": tuple}
        allowed = tuple(kinds[kind] for kind in kinds if kind in str(hint))
        assert isinstance(value, allowed) or (value is None and "None" in str(hint)), name


@_module_exercise("oauth1", "VerifiedRequest")
def _oauth1_verified_request(data: st.DataObject) -> None:
    from urlencoded import oauth1

    key = data.draw(hostile_text.map(lambda t: t[:30]))
    secret: Any = data.draw(secrets)
    url = "https://api.example/r?" + data.draw(hostile_text.map(lambda t: t[:100]))
    signer = attempt(oauth1.OAuth1, lambda: oauth1.OAuth1(key, secret, timestamp=str(_SIGNED_AT)))
    header = None if signer is None else attempt(signer.sign, lambda: signer.sign("GET", url))
    if header is None:
        return
    verified = oauth1.verify(
        "GET", url, headers={"Authorization": header}, client_secret=secret, now=_SIGNED_AT
    )
    assert verified.client_key == key
    _verified_fields(verified)


@_module_exercise(
    "oauth1",
    "MalformedSignature",
    "ReplayedNonce",
    "SignatureError",
    "SignatureMismatch",
    "StaleSignature",
)
@_module_exercise(
    "sigv4", "MalformedSignature", "SignatureError", "SignatureMismatch", "StaleSignature"
)
def _signature_errors(data: st.DataObject) -> None:
    from urlencoded import oauth1, sigv4

    for module in (oauth1, sigv4):
        for name in ("MalformedSignature", "SignatureError", "SignatureMismatch"):
            assert getattr(module, name) is getattr(urlencoded, name)
    assert oauth1.ReplayedNonce is urlencoded.ReplayedNonce
    assert sigv4.StaleSignature is oauth1.StaleSignature is urlencoded.StaleSignature


@_module_exercise("oauth1", "RSA_SIGNATURE_METHODS")
def _oauth1_rsa_methods(data: st.DataObject) -> None:
    from urlencoded import oauth1

    assert oauth1.RSA_SIGNATURE_METHODS == ("RSA-SHA1", "RSA-SHA256")
    assert not set(oauth1.RSA_SIGNATURE_METHODS) & set(oauth1.SIGNATURE_METHODS)


@_module_exercise("oauth1", "OAuth1")
def _oauth1_class(data: st.DataObject) -> None:
    from urlencoded import oauth1

    text_or_call: Argument = (
        st.one_of(st.none(), text_names, st.just(lambda: "n")),
        st.one_of(names, st.just(lambda: 1)),
    )
    arguments = hostile_arguments(
        data,
        {
            "client_key": (text_names, names),
            "client_secret": (secret_texts, names),
            "token": (st.one_of(st.none(), text_names), wrong),
            "token_secret": (secret_texts, names),
            "signature_method": (st.sampled_from([*oauth1.SIGNATURE_METHODS, "RSA-SHA1"]), names),
            "realm": (st.one_of(st.none(), text_names), wrong),
            "callback": (st.one_of(st.none(), url_texts), wrong),
            "verifier": (st.one_of(st.none(), text_names), wrong),
            "nonce": text_or_call,
            "timestamp": text_or_call,
            **UNKNOWN_KEYWORD,
        },
        "client_key",
    )
    auth = call(oauth1.OAuth1, *_positional(arguments, "client_key"), **arguments)
    if auth is not None:
        exercise_methods(data, auth, 4)


# urlencoded.sigv4

sigv4_timestamps = st.one_of(
    st.just("20150830T123600Z"), st.datetimes(timezones=st.just(datetime.timezone.utc))
)
bad_timestamps = st.one_of(
    st.sampled_from(["20150830", "2015-08-30T12:36:00Z", "", "x", "20151330T123600Z"]),
    st.datetimes(),
    st.dates(),
    wrong,
)
# Region, service and access key are tokens: hostile text is a wrong value for them.
region_texts = st.sampled_from(["us-east-1", "eu-west-3", "x"])
regions = st.one_of(st.sampled_from(["", "a/b", "é", "a\nb"]), names)
service_texts = st.sampled_from(["s3", "iam", "execute-api"])
services = st.one_of(st.sampled_from(["", "a b", "s3\x00"]), names)
access_keys = st.sampled_from(["AKID", "AKIDEXAMPLE", "a-b_c.1"])
SCOPE: dict[str, Argument] = {"region": (region_texts, names), "service": (service_texts, names)}
sigv4_paths = st.one_of(st.sampled_from(["/", "", "/a//b/../c", "/%7e%zz"]), hostile_text)
bodies_to_hash = st.one_of(st.none(), body_texts)


@_module_exercise("sigv4", "canonical_uri")
def _sigv4_canonical_uri(data: st.DataObject) -> None:
    from urlencoded import sigv4

    arguments = hostile_arguments(
        data, {"path": (sigv4_paths, wrong), "s3": (st.booleans(), flags)}, "path"
    )
    result = call(sigv4.canonical_uri, *_positional(arguments, "path"), **arguments)
    # Only an S3 path is used as it is.
    assert result is None or result.isascii() or arguments.get("s3")


@_module_exercise("sigv4", "canonical_query_string")
def _sigv4_canonical_query_string(data: st.DataObject) -> None:
    from urlencoded import sigv4

    arguments = hostile_arguments(
        data, {"query": (hostile_text, wrong), "as_sent": (st.booleans(), flags)}, "query"
    )
    result = call(sigv4.canonical_query_string, *_positional(arguments, "query"), **arguments)
    assert result is None or result.isascii()


def _sigv4_headers(name: str) -> Exerciser:
    def exercise(data: st.DataObject) -> None:
        from urlencoded import sigv4

        call(getattr(sigv4, name), data.draw(st.one_of(str_headers, header_lists)))

    return exercise


_each("sigv4", ["canonical_headers", "signed_headers"], _sigv4_headers)


@_module_exercise("sigv4", "hashed_payload")
def _sigv4_hashed_payload(data: st.DataObject) -> None:
    from urlencoded import sigv4

    result = call(sigv4.hashed_payload, data.draw(st.one_of(bodies_to_hash, wrong)))
    assert result is None or re.fullmatch("[0-9a-f]{64}", result)


@_module_exercise("sigv4", "canonical_request")
def _sigv4_canonical_request(data: st.DataObject) -> None:
    from urlencoded import sigv4

    arguments = hostile_arguments(
        data,
        {
            "method": (method_texts, wrong),
            "url": (url_texts, wrong),
            "headers": (str_headers, header_lists),
            "body": (bodies_to_hash, bad_signer_bodies),
            "payload_hash": (
                st.one_of(st.none(), st.sampled_from([sigv4.UNSIGNED_PAYLOAD, "x"])),
                names,
            ),
            "s3": (st.booleans(), flags),
            "query_as_sent": (st.booleans(), flags),
            **UNKNOWN_KEYWORD,
        },
        "method",
        "url",
        "headers",
    )
    call(sigv4.canonical_request, *_positional(arguments, "method", "url"), **arguments)


@_module_exercise("sigv4", "string_to_sign")
def _sigv4_string_to_sign(data: st.DataObject) -> None:
    from urlencoded import sigv4

    request = st.one_of(st.just("GET\n/\n\nhost:h\n\nhost\n" + "0" * 64), hostile_text)
    arguments = hostile_arguments(
        data,
        {
            "canonical_request": (request, wrong),
            "timestamp": (sigv4_timestamps, bad_timestamps),
            **SCOPE,
        },
        "canonical_request",
        "timestamp",
        "region",
        "service",
    )
    positional = _positional(arguments, "canonical_request", "timestamp")
    call(sigv4.string_to_sign, *positional, **arguments)


@_module_exercise("sigv4", "signing_key")
def _sigv4_signing_key(data: st.DataObject) -> None:
    from urlencoded import sigv4

    arguments = hostile_arguments(
        data,
        {
            "secret_key": (secret_texts, names),
            "date": (st.one_of(sigv4_timestamps, st.dates()), bad_timestamps),
            **SCOPE,
        },
        "secret_key",
        "date",
        "region",
        "service",
    )
    key = call(sigv4.signing_key, *_positional(arguments, "secret_key", "date"), **arguments)
    assert key is None or len(key) == 32


@_module_exercise("sigv4", "signature")
def _sigv4_signature(data: st.DataObject) -> None:
    from urlencoded import sigv4

    arguments = hostile_arguments(
        data,
        {
            "signing_key": (st.binary(max_size=40), wrong),
            "string_to_sign": (hostile_text, wrong),
        },
        "signing_key",
        "string_to_sign",
    )
    result = call(sigv4.signature, *_positional(arguments, "signing_key", "string_to_sign"))
    assert result is None or re.fullmatch("[0-9a-f]{64}", result)


@_module_exercise("sigv4", "ALGORITHM", "EMPTY_PAYLOAD_HASH", "UNSIGNED_PAYLOAD")
def _sigv4_constants(data: st.DataObject) -> None:
    from urlencoded import sigv4

    assert sigv4.ALGORITHM == "AWS4-HMAC-SHA256"
    assert hashlib.sha256(b"").hexdigest() == sigv4.EMPTY_PAYLOAD_HASH
    assert sigv4.UNSIGNED_PAYLOAD == "UNSIGNED-PAYLOAD"


@_module_exercise("sigv4", "SigV4")
def _sigv4_class(data: st.DataObject) -> None:
    from urlencoded import sigv4

    arguments = hostile_arguments(
        data,
        {
            "access_key": (access_keys, names),
            "secret_key": (secret_texts, names),
            **SCOPE,
            "session_token": (st.one_of(st.none(), text_names), wrong),
            "s3": (st.one_of(st.none(), st.booleans()), flags),
            "timestamp": (
                st.one_of(st.none(), sigv4_timestamps, st.just(lambda: "20150830T123600Z")),
                st.one_of(bad_timestamps, st.just(lambda: 1)),
            ),
            **UNKNOWN_KEYWORD,
        },
        "access_key",
        "secret_key",
        "region",
        "service",
    )
    auth = call(sigv4.SigV4, *_positional(arguments, "access_key", "secret_key"), **arguments)
    if auth is not None:
        exercise_methods(data, auth, 4)


amz_times = st.one_of(
    st.just("20240102T030500Z"),
    bad_timestamps,
    st.datetimes(timezones=st.just(datetime.timezone.utc)),
)


@_module_exercise("sigv4", "presign_url")
def _sigv4_presign_url(data: st.DataObject) -> None:
    from urlencoded import sigv4

    arguments = hostile_arguments(
        data,
        {
            "method": (st.sampled_from(["GET", "PUT"]), methods),
            "url": (
                signed_queries.map(lambda query: "https://b.s3.amazonaws.com/k?" + query),
                hostile_urls,
            ),
            "access_key": (st.just("AKID"), names),
            "secret_key": (st.just("secret"), secrets),
            "region": (st.just("us-east-1"), regions),
            "service": (st.sampled_from(["s3", "iam"]), services),
            "expires": (
                st.integers(1, sigv4.MAX_EXPIRES),
                st.one_of(
                    st.integers(-2, 0), st.sampled_from([sigv4.MAX_EXPIRES + 1, 2**70, 1.0]), wrong
                ),
            ),
            "session_token": (st.one_of(st.none(), text_names), wrong),
            "now": (st.sampled_from(["20240102T030500Z"]), amz_times),
            "headers": (str_headers, header_lists),
            "s3": (st.one_of(st.none(), st.booleans()), flags),
            **UNKNOWN_KEYWORD,
        },
        "method",
        "url",
        "access_key",
        "secret_key",
        "region",
    )
    result = call(sigv4.presign_url, *_positional(arguments, "method", "url"), **arguments)
    assert result is None or "X-Amz-Signature=" in result


@_module_exercise("sigv4", "verify")
def _sigv4_verify(data: st.DataObject) -> None:
    from urlencoded import sigv4

    broken = _broken(data, "method", "url", "headers", "body", "secret", "options")
    method = data.draw(st.sampled_from(["GET", "PUT"]))
    url = "https://b.s3.amazonaws.com/k%20ey?" + data.draw(signed_queries)
    body: Any = data.draw(st.one_of(st.just(b"a=1"), signed_bodies.filter(_is_str)))
    service = data.draw(st.sampled_from(["s3", "iam"]))
    headers: Any = {"Host": "b.s3.amazonaws.com"}
    if data.draw(st.booleans()):
        presigned = attempt(
            sigv4.presign_url,
            lambda: sigv4.presign_url(
                method,
                url,
                access_key="AKID",
                secret_key="secret",
                region="us-east-1",
                service=service,
                expires=60,
                now="20240102T030405Z",
            ),
        )
        url = presigned or url
    else:
        signer = sigv4.SigV4(
            "AKID", "secret", region="us-east-1", service=service, timestamp="20240102T030405Z"
        )
        signed = attempt(signer.sign, lambda: signer.sign(method, url, headers=headers, body=body))
        headers.update(signed or {})
    if "headers" in broken:
        headers = {name: _changed(data, value) for name, value in headers.items()}
        headers = _as_headers(data, headers)
    options: dict[str, Any] = {
        "secret_key": data.draw(st.sampled_from(["secret", lambda key: "secret"])),
        "now": "20240102T030500Z",
    }
    if "secret" in broken:
        options["secret_key"] = data.draw(_secret_lookups("secret"))
    if "options" in broken:
        options.update(
            data.draw(
                keyword_options(
                    {
                        "region": st.one_of(st.none(), regions),
                        "service": st.one_of(st.none(), services),
                        "now": amz_times,
                        "max_skew": st.one_of(
                            st.integers(-2, 10**6), st.sampled_from([2**70, 1.5]), wrong
                        ),
                        "s3": st.one_of(st.none(), flags),
                        **UNKNOWN_OPTION,
                    }
                )
            )
        )
    result = call(
        sigv4.verify,
        data.draw(methods) if "method" in broken else method,
        _changed(data, url) if "url" in broken else url,
        headers=headers,
        body=data.draw(st.one_of(signer_bodies, bad_signer_bodies)) if "body" in broken else body,
        **options,
    )
    assert result is None or isinstance(result, sigv4.VerifiedRequest)


@_module_exercise("sigv4", "VerifiedRequest")
def _sigv4_verified_request(data: st.DataObject) -> None:
    from urlencoded import sigv4

    key = data.draw(st.one_of(st.just("AKID"), hostile_text.map(lambda t: t[:30])))
    secret: Any = data.draw(secrets)
    path = data.draw(hostile_text.map(lambda t: t[:100]))
    url = attempt(
        sigv4.presign_url,
        lambda: sigv4.presign_url(
            "GET",
            "https://b.s3.amazonaws.com/" + path,
            access_key=key,
            secret_key=secret,
            region="us-east-1",
            now="20240102T030405Z",
        ),
    )
    if url is None:
        return
    verified = sigv4.verify(
        "GET",
        url,
        headers={"Host": "b.s3.amazonaws.com"},
        secret_key=secret,
        now="20240102T030405Z",
    )
    assert verified.access_key == key
    assert verified.presigned
    _verified_fields(verified)


@_module_exercise("sigv4", "MAX_EXPIRES")
def _sigv4_max_expires(data: st.DataObject) -> None:
    from urlencoded import sigv4

    assert sigv4.MAX_EXPIRES == 7 * 24 * 60 * 60


def _sign_operation(arguments: dict[str, Argument]) -> Operation:
    """A signer's sign(method, url, ...): one or two of its arguments wrong."""

    def operate(obj: Any, data: st.DataObject) -> object:
        drawn = hostile_arguments(data, arguments, "method", "url")
        return call_method(obj, "sign", *_positional(drawn, "method", "url"), **drawn)

    return operate


def _register_signer_methods() -> None:
    from urlencoded import oauth1, sigv4

    request: dict[str, Argument] = {"method": (method_texts, wrong), "url": (url_texts, wrong)}
    METHODS[oauth1.OAuth1] = {
        "oauth_params": _method("oauth_params"),
        "sign": _sign_operation({**request, "body": (signer_bodies, bad_signer_bodies)}),
        **_auth_operations(),
    }
    METHODS[sigv4.SigV4] = {
        "sign": _sign_operation(
            {
                **request,
                "headers": (str_headers, header_lists),
                "body": (bodies_to_hash, bad_signer_bodies),
            }
        ),
        **_auth_operations(),
    }


_register_signer_methods()


# urlencoded.arrow


@st.composite
def arrow_columns(draw: st.DrawFn, kinds: tuple[str, ...] = ()) -> Any:
    """A column of hostile query strings: binary, string or large_string, or not a column."""
    import pyarrow as pa

    rows = draw(
        st.lists(st.one_of(st.none(), hostile_bytes.map(lambda data: data[:200])), max_size=6)
    )
    kind = draw(st.sampled_from(kinds or ("binary", "large_binary", "string", "large_string")))
    if kind.endswith("binary"):
        return pa.array(rows, getattr(pa, kind)())
    if kind.endswith("string"):
        texts = [None if row is None else row.decode("utf-8", "replace") for row in rows]
        column = pa.array(texts, getattr(pa, kind)())
        return pa.chunked_array([column, column]) if draw(st.booleans()) else column
    if kind == "list":
        return rows
    return draw(wrong)


columns: Argument = (arrow_columns(), arrow_columns(("list", "wrong")))
str_pair_rows = st.lists(
    st.one_of(st.none(), st.lists(st.tuples(hostile_text, hostile_text), max_size=3)),
    max_size=4,
)
pair_rows = st.one_of(st.lists(st.one_of(st.none(), pair_lists), max_size=4), wrong)
ARROW_OPTIONS: dict[str, Argument] = {
    **ENCODING,
    "errors": (st.sampled_from(["replace", "strict"]), errors_values),
    "input_format": (
        st.sampled_from(["query", "url", "target"]),
        st.one_of(st.sampled_from(["body", "QUERY", ""]), wrong),
    ),
    **UNKNOWN_KEYWORD,
}


@_module_exercise("arrow", "parse_array")
def _arrow_parse_array(data: st.DataObject) -> None:
    import pyarrow as pa

    from urlencoded import arrow

    arguments = hostile_arguments(data, {"array": columns, **ARROW_OPTIONS}, "array")
    column = arguments.pop("array")
    result = call(arrow.parse_array, column, **arguments)
    if result is not None:
        # large_string and large_binary columns give large_string names and values.
        if pa.types.is_large_string(result.type.value_type.field("name").type):
            assert pa.types.is_large_string(column.type) or pa.types.is_large_binary(column.type)
        else:
            assert result.type == arrow.PAIR_TYPE


@_module_exercise("arrow", "serialize_array")
def _arrow_serialize_array(data: st.DataObject) -> None:
    import pyarrow as pa

    from urlencoded import arrow

    rows = data.draw(st.lists(hostile_bytes.map(lambda b: b[:200]), max_size=6))
    parsed = arrow.parse_array(pa.array(rows, pa.binary()))
    column = data.draw(st.one_of(st.just(parsed), st.just(parsed), *columns, pair_rows))
    result = call(arrow.serialize_array, column)
    assert result is None or all(row is None or row.isascii() for row in result.to_pylist())


@_module_exercise("arrow", "extract")
def _arrow_extract(data: st.DataObject) -> None:
    from urlencoded import arrow

    wanted = st.lists(st.one_of(st.sampled_from(["q", "a", ""]), text_names), max_size=3)
    arguments = hostile_arguments(
        data,
        {
            "array": columns,
            "names": (wanted, st.one_of(st.lists(names, min_size=1, max_size=3), wrong)),
            "all_values": (st.booleans(), flags),
            **ARROW_OPTIONS,
        },
        "array",
        "names",
    )
    call(arrow.extract, *_positional(arguments, "array", "names"), **arguments)


@_module_exercise("arrow", "pairs_array")
def _arrow_pairs_array(data: st.DataObject) -> None:
    from urlencoded import arrow

    result = call(arrow.pairs_array, data.draw(st.one_of(str_pair_rows, pair_rows)))
    assert result is None or result.type == arrow.PAIR_TYPE


def _no_path(value: object) -> bool:
    return not isinstance(value, (str, bytes, os.PathLike))


@_module_exercise("arrow", "write_parquet")
def _arrow_write_parquet(data: st.DataObject) -> None:
    from urlencoded import arrow

    arguments = hostile_arguments(
        data,
        {
            "rows": (str_pair_rows, pair_rows),
            # No path: a str is one, and the file would be written where the tests run.
            "where": (st.builds(io.BytesIO), wrong.filter(_no_path)),
            "column": (text_names, names),
            "batch_rows": (st.integers(1, 3), st.one_of(st.integers(-1, 0), wrong)),
            **UNKNOWN_KEYWORD,
        },
        "rows",
        "where",
    )
    call(arrow.write_parquet, *_positional(arguments, "rows", "where"), **arguments)


@_module_exercise("arrow", "PAIR_TYPE", "RowDecodeError")
def _arrow_names_of_the_core(data: st.DataObject) -> None:
    import pyarrow as pa

    from urlencoded import arrow

    assert arrow.RowDecodeError is urlencoded.RowDecodeError
    assert pa.list_(pa.struct([("name", pa.string()), ("value", pa.string())])) == arrow.PAIR_TYPE


# --- the framework helpers ------------------------------------------------------------------
#
# Each reads a request its framework built from hostile bytes (query, body, Content-Type and
# Content-Length, the body perhaps read already), or a hostile stand-in for the request, with
# hostile options. A dependency factory is called with the options, and the dependency it
# returns with a request: what it raises then may be only the HTTP error that answers a bad
# request, never a TypeError or ValueError of an option it took without a word.

request_bodies = st.one_of(hostile_bytes, st.just(b"a=1&b[c]=2&b[d]=3"))
request_queries = st.one_of(
    hostile_bytes.map(lambda data: data[:500]), st.just(b"q=1&f[a]=x&f[b]=y")
)
request_content_types = st.one_of(
    st.just("application/x-www-form-urlencoded"),
    st.sampled_from(
        [
            "text/plain",
            "application/x-www-form-urlencoded; charset=shift_jis",
            "application/x-www-form-urlencoded; charset=nope",
            "multipart/form-data; boundary=x",
            "",
        ]
    ),
    hostile_bytes.map(lambda data: data[:60].decode("latin-1")),
)
good_limits = st.one_of(st.none(), st.integers(0, 50))
FRAMEWORK_OPTIONS: dict[str, Argument] = {
    **ENCODING,
    "errors": (st.sampled_from(["replace", "strict"]), errors_values),
    "isindex": (st.booleans(), flags),
    "charset_field": (st.sampled_from([None, "_charset_"]), charset_fields),
    "separator": (st.sampled_from(["&", ";"]), separators),
    "max_fields": (good_limits, limits),
    "max_field_size": (good_limits, limits),
    "max_body_size": (good_limits, limits),
    "honor_charset": (st.booleans(), flags),
    "media_types": (
        st.sampled_from(
            [("application/x-www-form-urlencoded",), ("application/sgml-form-urlencoded",)]
        ),
        media_type_lists,
    ),
    "max_depth": (good_limits, limits),
    "max_list_index": (good_limits, limits),
    "max_keys": (good_limits, limits),
    "duplicates": (
        st.sampled_from(["combine", "first", "last", "error"]),
        st.one_of(st.just("x"), wrong),
    ),
    **UNKNOWN_KEYWORD,
}
"""The framework helpers' options: their right values, and their wrong ones."""
# What was done to the request before the helper runs.
READ_BEFORE = ["nothing", "nothing", "body", "form", "stream"]


@dataclasses.dataclass
class HostileRequest:
    """What a framework's request is built from."""

    method: str
    query: bytes
    body: bytes
    content_type: str
    content_length: str | None
    read_before: str

    @property
    def length(self) -> str:
        return str(len(self.body)) if self.content_length is None else self.content_length


@st.composite
def hostile_requests(draw: st.DrawFn) -> HostileRequest:
    body = draw(request_bodies)
    length = draw(
        st.one_of(
            st.none(),
            st.none(),
            st.integers(0, len(body) + 2).map(str),
            st.sampled_from(["", " 3 ", "x", "-1", "0x10", "٣", "9" * 30]),
        )
    )
    return HostileRequest(
        method=draw(st.sampled_from(["POST", "GET", "PUT"])),
        query=draw(request_queries),
        body=body,
        content_type=draw(request_content_types),
        content_length=length,
        read_before=draw(st.sampled_from(READ_BEFORE)),
    )


_QUERY_OPTIONS = [
    "encoding",
    "errors",
    "isindex",
    "charset_field",
    "separator",
    "max_fields",
    "max_field_size",
    "max_body_size",
    "nonsense",
]
_BODY_OPTIONS = [*_QUERY_OPTIONS, "honor_charset", "media_types"]
_NESTING_OPTIONS = ["max_depth", "max_list_index", "max_keys", "duplicates"]


def _framework_options(data: st.DataObject, helper: str) -> dict[str, Any]:
    """Options for *helper*, one or two wrong: a bad value, or an option it does not take."""
    body = "form" in helper
    nested = "nested" in helper or helper.endswith("_model")
    taken = {*(_BODY_OPTIONS if body else _QUERY_OPTIONS), *(_NESTING_OPTIONS if nested else ())}
    options = {
        name: argument if name in taken else (st.nothing(), argument[0])
        for name, argument in FRAMEWORK_OPTIONS.items()
    }
    return hostile_arguments(data, options)


# urlencoded.flask

_flask_app: Any = None


def _flask() -> Any:
    global _flask_app
    if _flask_app is None:
        import flask

        _flask_app = flask.Flask("fuzz")
    return _flask_app


def _flask_context(hostile: HostileRequest) -> Any:
    """A Flask request context for *hostile*, its body read as it says."""
    # In the environ, where Werkzeug's test client does not check the header's value.
    context = _flask().test_request_context(
        "/",
        method=hostile.method,
        data=hostile.body,
        environ_overrides={
            "QUERY_STRING": hostile.query.decode("latin-1"),
            "CONTENT_TYPE": hostile.content_type,
            "CONTENT_LENGTH": hostile.length,
        },
    )
    return context


def _current_flask_request() -> Any:
    import flask

    return flask.request._get_current_object()  # type: ignore[attr-defined]


def _read_flask_body(request: Any, how: str) -> None:
    with contextlib.suppress(Exception):  # Werkzeug's own errors are not ours to judge
        if how == "body":
            request.get_data()
        elif how == "form":
            request.form  # noqa: B018
        elif how == "stream":
            request.stream.read(1)


def _flask_exercise(name: str) -> Exerciser:
    def exercise(data: st.DataObject) -> None:
        from urlencoded import flask as helpers

        func = getattr(helpers, name)
        options = _framework_options(data, name)
        hostile = data.draw(hostile_requests())
        inside = not _rarely(data)
        with _flask_context(hostile) if inside else contextlib.nullcontext():
            import flask

            if inside:
                _read_flask_body(flask.request, hostile.read_before)
            if not name.startswith("read_"):
                call(func, **options)
                return
            # The current request, given or not, the proxy to it, or no request at all.
            given = (
                "wrong"
                if _rarely(data)
                else data.draw(st.sampled_from(["current", "given", "proxy"]))
            )
            if given == "current":
                call(func, **options)
                return
            request: Any = flask.request if given == "proxy" else data.draw(wrong)
            if given == "given" and inside:
                request = _current_flask_request()
            call(func, request, **options)

    return exercise


_each(
    "flask",
    [
        "read_form",
        "read_query",
        "read_nested_form",
        "read_nested_query",
        "form",
        "query",
        "nested_form",
        "nested_query",
    ],
    _flask_exercise,
)


# urlencoded.django


@cache
def _django_ready() -> None:
    import django
    from django.conf import settings

    if not settings.configured:
        settings.configure(SECRET_KEY="only-for-tests")
    django.setup()


def _django_request(data: st.DataObject, hostile: HostileRequest) -> Any:
    """A Django WSGI or ASGI request for *hostile*, its body read as it says."""
    _django_ready()
    from django.core.handlers.asgi import ASGIRequest
    from django.test import RequestFactory

    if data.draw(st.booleans()):
        scope = {
            "type": "http",
            "method": hostile.method,
            "path": "/",
            # Django's ASGIRequest refuses a query that is not UTF-8 before any view runs.
            "query_string": hostile.query.decode("utf-8", "replace").encode(),
            "headers": [
                (b"content-type", hostile.content_type.encode("latin-1")),
                (b"content-length", hostile.length.encode("latin-1", "replace")),
            ],
        }
        request: Any = ASGIRequest(scope, io.BytesIO(hostile.body))
    else:
        # The test double refuses a read past its body, which a server would end short.
        length = hostile.length
        with contextlib.suppress(ValueError):
            length = str(min(int(length), len(hostile.body)))
        extra: dict[str, Any] = {
            "QUERY_STRING": hostile.query.decode("latin-1"),
            "CONTENT_LENGTH": length,
        }
        if _rarely(data):
            extra = {"QUERY_STRING": extra["QUERY_STRING"], "HTTP_TRANSFER_ENCODING": "chunked"}
        request = RequestFactory().generic(
            hostile.method, "/", data=hostile.body, content_type=hostile.content_type, **extra
        )
        if "HTTP_TRANSFER_ENCODING" in extra:
            request.META.pop("CONTENT_LENGTH", None)
    with contextlib.suppress(Exception):  # Django's own errors are not ours to judge
        if hostile.read_before == "body":
            request.body  # noqa: B018
        elif hostile.read_before == "form":
            request.POST  # noqa: B018
        elif hostile.read_before == "stream":
            request.read(1)
    return request


def _django_reader(name: str) -> Exerciser:
    def exercise(data: st.DataObject) -> None:
        from urlencoded import django as helpers

        options = _framework_options(data, name)
        hostile = data.draw(hostile_requests())
        request = data.draw(wrong) if _rarely(data) else _django_request(data, hostile)
        call(getattr(helpers, name), request, **options)

    return exercise


_each(
    "django",
    ["read_form", "read_query", "read_nested_form", "read_nested_query"],
    _django_reader,
)


def _library_errors() -> st.SearchStrategy[URLEncodedError]:
    """An instance of each of the library's exceptions, with hostile arguments."""

    @st.composite
    def build(draw: st.DrawFn, cls: type[URLEncodedError]) -> URLEncodedError:
        if cls.__init__ is Exception.__init__:
            return cls(draw(hostile_text))
        args = [
            draw(_ANNOTATION_VALUES[str(parameter.annotation)])
            for parameter in inspect.signature(cls).parameters.values()
            if parameter.default is inspect.Parameter.empty
        ]
        return cls(*args)

    classes = [getattr(urlencoded, name) for name in sorted(EXCEPTION_BASES)]
    return st.one_of([build(cls) for cls in classes])


@_module_exercise("django", "error_response")
def _django_error_response(data: st.DataObject) -> None:
    _django_ready()
    from urlencoded import django as helpers

    error: Any = data.draw(st.one_of(_library_errors(), wrong))
    response = call(helpers.error_response, error)
    if response is not None:
        assert response.status_code == error.status
        response.content.decode("utf-8")


@_module_exercise("django", "FormParserMiddleware")
def _django_middleware(data: st.DataObject) -> None:
    _django_ready()
    from django.http import HttpResponse
    from django.test.utils import override_settings

    from urlencoded import django as helpers

    get_response = data.draw(st.one_of(st.just(lambda request: HttpResponse(b"")), wrong))
    configured: Any = data.draw(st.sampled_from(["none", "options", "wrong"]))
    if configured == "options":
        configured = _framework_options(data, "read_form")
    else:
        configured = {} if configured == "none" else data.draw(wrong)
    hostile = data.draw(hostile_requests())
    with override_settings(URLENCODED_FORM_OPTIONS=configured):
        middleware = call(helpers.FormParserMiddleware, get_response)
        if middleware is not None:
            request = _django_request(data, hostile)
            response = call_method(middleware, "__call__", request)
            assert response is None or 200 <= response.status_code < 500


# urlencoded.starlette


def _starlette_request(data: st.DataObject, hostile: HostileRequest) -> Any:
    """A Starlette request for *hostile*: its body in chunks, perhaps cut off or read."""
    from starlette.requests import Request

    cuts = sorted(data.draw(st.lists(st.integers(0, len(hostile.body)), max_size=3)))
    chunks = [hostile.body[start:end] for start, end in zip([0, *cuts], [*cuts, len(hostile.body)])]
    messages: list[dict[str, Any]] = [
        {"type": "http.request", "body": chunk, "more_body": True} for chunk in chunks
    ]
    messages[-1]["more_body"] = False
    if _rarely(data):
        messages = [*messages[:-1], {"type": "http.disconnect"}]
    headers = [(b"content-type", hostile.content_type.encode("latin-1"))]
    if hostile.content_length is not None:
        headers.append((b"content-length", hostile.content_length.encode("latin-1", "replace")))
    scope = {
        "type": "http",
        "method": hostile.method,
        "path": "/",
        "query_string": hostile.query,
        "headers": headers,
    }

    async def receive() -> Any:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    request = Request(scope, receive)
    with contextlib.suppress(Exception):  # Starlette's own errors are not ours to judge
        if hostile.read_before == "body":
            _run(request.body())
        elif hostile.read_before == "form":
            _run(request.form())
        elif hostile.read_before == "stream":
            _run(request.stream().__anext__())
    return request


def _starlette_reader(name: str) -> Exerciser:
    def exercise(data: st.DataObject) -> None:
        from urlencoded import starlette as helpers

        func = getattr(helpers, name)
        options = _framework_options(data, name)
        hostile = data.draw(hostile_requests())
        request = data.draw(wrong) if _rarely(data) else _starlette_request(data, hostile)
        if inspect.iscoroutinefunction(func):
            attempt(func, lambda: _run(func(request, **options)), f"({request!r}, {options})")
        else:
            call(func, request, **options)

    return exercise


_each(
    "starlette",
    ["read_form", "read_query", "read_nested_form", "read_nested_query"],
    _starlette_reader,
)


@cache
def _pydantic_model() -> Any:
    import pydantic

    class Model(pydantic.BaseModel):  # type: ignore[misc]  # pydantic is not followed
        q: str = ""
        f: dict[str, str] = {}
        a: list[str] = []

    return Model


models = st.sampled_from(["model", "model", "dict", "none"]).map(
    lambda kind: {"model": _pydantic_model(), "dict": dict, "none": None}[kind]
)
"""A Pydantic model class, or what is not one."""


def _starlette_dependency(name: str) -> Exerciser:
    def exercise(data: st.DataObject) -> None:
        from fastapi.exceptions import RequestValidationError
        from starlette.exceptions import HTTPException

        from urlencoded import starlette as helpers

        factory = getattr(helpers, name)
        args = [data.draw(models)] if name.endswith("_model") else []
        options = _framework_options(data, name)
        dependency = call(factory, *args, **options)
        if dependency is None:
            return
        request = _starlette_request(data, data.draw(hostile_requests()))
        arguments = {"body": None} if name == "form_model" else {}
        try:
            _run(dependency(request, **arguments))
        except HTTPException as error:
            answered = error
        except (RequestValidationError, urlencoded.BodyConsumedError):
            return
        except Exception as error:
            raise AssertionError(
                f"the dependency of {name}({args}, {options}) raised"
                f" {type(error).__name__}({error}) for a request"
            ) from error
        else:
            return
        assert 400 <= answered.status_code < 500, answered

    return exercise


_each(
    "starlette",
    ["form", "query", "nested_form", "nested_query", "form_model", "query_model"],
    _starlette_dependency,
)


# --- the tests ------------------------------------------------------------------------------


def _public_methods(cls: type) -> set[str]:
    """The public methods and properties of *cls*, inherited ones included."""
    found = set()
    for name in dir(cls):
        if name.startswith("_"):
            continue
        attribute = inspect.getattr_static(cls, name)
        if isinstance(attribute, property) or callable(getattr(cls, name)):
            found.add(name)
    return found


def test_every_public_name_is_exercised() -> None:
    """Each name in urlencoded.__all__ has an entry in EXERCISES, and no entry is stale."""
    assert sorted(EXERCISES) == sorted(urlencoded.__all__)


def test_every_dialect_name_is_exercised() -> None:
    """Each name in urlencoded.dialects.__all__ has an entry in DIALECT_EXERCISES."""
    assert sorted(DIALECT_EXERCISES) == sorted(dialects.__all__)


def test_every_exercise_has_its_test() -> None:
    """The parametrized tests were collected after the last exercise was registered.

    An exercise registered below the test that runs its table is in the table but
    never run (as ``normalize`` and ``isindex_argv`` once were).
    """
    assert sorted(EXERCISES) == PUBLIC_NAMES
    assert sorted(DIALECT_NAMES + DIALECT_CONSTANTS) == sorted(DIALECT_EXERCISES)
    assert list(METHODS) == METHOD_CLASSES
    assert sorted(URITEMPLATE_EXERCISES) == URITEMPLATE_NAMES
    assert [
        (module, name)
        for module, table in sorted(MODULE_EXERCISES.items())
        for name in sorted(table)
    ] == MODULE_CASES


METHOD_CLASSES = list(METHODS)


@pytest.mark.parametrize("cls", METHOD_CLASSES, ids=lambda cls: cls.__name__)
def test_every_public_method_is_exercised(cls: type) -> None:
    """Each public method and property of each public class has an operation in METHODS."""
    assert _public_methods(cls) <= set(METHODS[cls])


def test_documented_raises_reads_docstrings() -> None:
    """The :raises: reader resolves names, several to a line, and refuses unknown ones."""

    def documented() -> None:
        """Do nothing.

        :raises TypeError, ValueError: for bad arguments.
        :raises ~urlencoded.ProbeError: when probing fails.
        :raises URIError: from a dialect.
        """

    assert documented_raises((documented,)) == (
        TypeError,
        ValueError,
        urlencoded.ProbeError,
        dialects.URIError,
    )

    def undocumented() -> None:
        """:raises NoSuchError: never."""

    with pytest.raises(AssertionError, match="NoSuchError"):
        documented_raises((undocumented,))


def test_attempt_refuses_undocumented_exceptions() -> None:
    """A documented exception passes, an undocumented one fails the test, a library one passes."""

    def raising(error: Exception) -> None:
        """Raise *error*.

        :raises KeyError: when asked to.
        """
        raise error

    assert call(raising, KeyError("k")) is None
    assert call(raising, urlencoded.ProbeError("f", "t", (), ())) is None
    with pytest.raises(AssertionError, match="does not name"):
        call(raising, ValueError("v"))


PUBLIC_NAMES = sorted(EXERCISES)


@pytest.mark.parametrize("name", PUBLIC_NAMES)
@FUZZ
@given(data=st.data())
def test_public_name(name: str, data: st.DataObject) -> None:
    """Each public name, exercised with hostile input, raises only documented exceptions."""
    EXERCISES[name](data)


DIALECT_CONSTANTS = [
    name for name in dialects.__all__ if isinstance(getattr(dialects, name), dialects.Dialect)
]


DIALECT_NAMES = sorted(set(DIALECT_EXERCISES) - set(DIALECT_CONSTANTS))


@pytest.mark.parametrize("name", DIALECT_NAMES)
@FUZZ
@given(data=st.data())
def test_dialect_name(name: str, data: st.DataObject) -> None:
    """Each function and class of urlencoded.dialects raises only documented exceptions."""
    DIALECT_EXERCISES[name](data)


@pytest.mark.parametrize("name", DIALECT_CONSTANTS)
@FUZZ_EACH_DIALECT
@given(data=st.data())
def test_each_dialect(name: str, data: st.DataObject) -> None:
    """Each named dialect's methods, called with hostile input, raise only documented exceptions."""
    DIALECT_EXERCISES[name](data)


# --- untrusted input, default options ----------------------------------------------------

untrusted = st.one_of(hostile_bytes, hostile_text)


def _chunks(data: bytes, cuts: list[int]) -> Iterator[bytes]:
    start = 0
    for cut in sorted(cut % (len(data) + 1) for cut in cuts):
        yield data[start:cut]
        start = cut
    yield data[start:]


@FUZZ
@given(untrusted)
def test_untrusted_parse_never_raises(data: bytes | str) -> None:
    """parse, parse_bytes, MultiDict, parse_text_plain and lint take any input without raising."""
    pairs = urlencoded.parse(data)
    assert len(urlencoded.parse_bytes(data)) == len(pairs)
    assert list(urlencoded.MultiDict(data).items()) == pairs
    urlencoded.parse_text_plain(data)
    urlencoded.lint(data)
    assert urlencoded.guess_encoding(data, ["utf-8", "shift_jis", "windows-1252"])[-1:] == [
        urlencoded.get_encoding("windows-1252")
    ]


@FUZZ
@given(hostile_bytes, st.sampled_from(_LABELS))
def test_untrusted_parse_any_encoding_never_raises(data: bytes, label: str) -> None:
    """parse, lint and parse_text_plain take any bytes in any encoding without raising."""
    assert len(urlencoded.parse(data, encoding=label)) == len(urlencoded.parse_bytes(data))
    urlencoded.lint(data, encoding=label)
    urlencoded.parse_text_plain(data, encoding=label)


@FUZZ
@given(untrusted)
def test_untrusted_explain_never_raises(data: bytes | str) -> None:
    """The command line's explain takes any bytes or text without raising."""
    result = explain(data)
    if isinstance(result, Iterator):
        list(result)


@FUZZ
@given(hostile_text)
def test_untrusted_search_params_never_raise(text: str) -> None:
    """URLSearchParams and query_params take any text without raising."""
    params = urlencoded.URLSearchParams(text)
    assert urlencoded.URLSearchParams(str(params)) == params
    query = urlencoded.query_params("https://example.com/?" + text)
    urlencoded.with_query_params("https://example.com/?" + text, query)


@FUZZ
@given(untrusted)
def test_untrusted_parse_nested_raises_only_documented_errors(data: bytes | str) -> None:
    """parse_nested with its default limits raises nothing but NestingError and LimitExceeded."""
    with contextlib.suppress(urlencoded.NestingError, urlencoded.LimitExceeded):
        urlencoded.parse_nested(data)


@FUZZ
@given(hostile_bytes, st.lists(st.integers(0, MAX_INPUT), max_size=6))
def test_untrusted_streaming_raises_only_limits(data: bytes, cuts: list[int]) -> None:
    """IncrementalParser, fed any bytes in any chunks, raises nothing but LimitExceeded."""
    parser = urlencoded.IncrementalParser()
    pairs: list[tuple[str, str]] = []
    try:
        for chunk in _chunks(data, cuts):
            pairs += parser.feed(chunk)
        pairs += parser.close()
    except urlencoded.LimitExceeded:
        return
    assert pairs == urlencoded.parse(data)


@pytest.mark.parametrize("dialect", ALL_DIALECTS, ids=lambda dialect: dialect.name)
@FUZZ_EACH_DIALECT
@given(data=untrusted)
def test_untrusted_dialect_decoding(dialect: dialects.Dialect, data: bytes | str) -> None:
    """A dialect's decoders take any input; only a strict (JavaScript) one raises, URIError."""
    try:
        dialect.parse(data)
        dialect.decode(data)
        dialect.decode_bytes(data)
    except dialects.URIError:
        assert dialect.strict


_CLI_LIMIT = st.one_of(st.integers(-1, 50).map(str), st.sampled_from(["none", "x", "1e3", ""]))
_CLI_OPTIONS: dict[str, list[st.SearchStrategy[list[str]]]] = {
    "parse": [
        st.sampled_from(_LABELS + _BAD_LABELS[:3]).map(lambda label: ["--encoding", label]),
        st.just(["--strict"]),
        st.just(["--isindex"]),
        st.sampled_from(["_charset_", "", "a=b"]).map(lambda name: ["--charset-field", name]),
        st.sampled_from(["&", ";", "", "==", "é"]).map(lambda sep: ["--separator", sep]),
        st.just(["--guess-encoding", "utf-8,shift_jis,nope"]),
        _CLI_LIMIT.map(lambda limit: ["--max-fields", limit]),
        _CLI_LIMIT.map(lambda limit: ["--max-field-size", limit]),
        _CLI_LIMIT.map(lambda limit: ["--max-body-size", limit]),
    ],
    "serialize": [
        st.sampled_from(_LABELS + _BAD_LABELS[:3]).map(lambda label: ["--encoding", label]),
        st.sampled_from(["&", ";", ""]).map(lambda sep: ["--separator", sep]),
        st.just(["--no-space-as-plus"]),
        st.just(["--newlines", "crlf"]),
        st.just(["--fill-charset-field"]),
        st.just(["--isindex"]),
        _CLI_LIMIT.map(lambda limit: ["--max-body-size", limit]),
    ],
    "explain": [
        st.sampled_from(_LABELS + _BAD_LABELS[:3]).map(lambda label: ["--encoding", label]),
        st.just(["--guess-encoding", "utf-8,shift_jis"]),
        st.sampled_from([["--json"], ["--format", "json"], ["--format", "text"]]),
        _CLI_LIMIT.map(lambda limit: ["--max-findings", limit]),
        _CLI_LIMIT.map(lambda limit: ["--max-body-size", limit]),
    ],
    "lint": [
        st.sampled_from(_LABELS + _BAD_LABELS[:3]).map(lambda label: ["--encoding", label]),
        st.sampled_from([["--json"], ["--format", "json"], ["--format", "text"]]),
        _CLI_LIMIT.map(lambda limit: ["--max-findings", limit]),
        _CLI_LIMIT.map(lambda limit: ["--max-body-size", limit]),
    ],
}


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """A command, some of its options, and hostile input (JSON pairs for serialize)."""
    command = draw(st.sampled_from(sorted(_CLI_OPTIONS)))
    options = draw(st.lists(st.one_of(*_CLI_OPTIONS[command]), max_size=3))
    # An argument is what the OS gives: bytes without NUL, decoded as Python does.
    data = os.fsdecode(draw(hostile_bytes).replace(b"\0", b""))
    if command == "serialize" and draw(st.booleans()):
        data = json.dumps(draw(st.lists(st.tuples(hostile_text, hostile_text), max_size=4)))
    return [command, *(word for option in options for word in option), "--", data]


@FUZZ
@given(command_lines())
def test_untrusted_command_line_fails_cleanly(argv: list[str]) -> None:
    """The command line, on any input and options, exits 0, 1 or 2 with no internal error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    assert status in (0, 1, 2)
    assert "internal error" not in err.getvalue()
    assert (status == 2) == ("error:" in err.getvalue())


# --- what the fuzzing found, pinned -------------------------------------------------------


def test_media_type_refuses_wrong_types() -> None:
    """MediaType raises TypeError for a type, subtype or parameter that is not a str."""
    with pytest.raises(TypeError, match="type and subtype as str, not NoneType and str"):
        MediaType(None, "plain", {})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="parameters as a mapping, not list"):
        MediaType("text", "plain", [("a", "b")])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be str, not str and int"):
        MediaType("text", "plain", {"a": 1})  # type: ignore[dict-item]
    assert str(MediaType("text", "plain", {"a": "b c"})) == 'text/plain;a="b c"'


def test_multidict_setdefault_stores_only_str() -> None:
    """setdefault returns the first value, adds a str default, and refuses to store None."""
    form = urlencoded.MultiDict("a=1&a=2")
    assert form.setdefault("a") == "1"
    assert form.setdefault("b", "3") == "3"
    with pytest.raises(TypeError, match="value must be str, int or float, not None"):
        form.setdefault("c")
    with pytest.raises(TypeError, match="name must be str, not int"):
        form.setdefault(1, "x")  # type: ignore[call-overload]
    assert list(form.items()) == [("a", "1"), ("a", "2"), ("b", "3")]


def test_asgi_malformed_headers_and_receive_are_type_errors() -> None:
    """A header that is not a pair, or a receive that is not async, raises a clear TypeError."""
    form = b"application/x-www-form-urlencoded"

    async def receive() -> dict[str, object]:
        return {"type": "http.request", "body": b"a=1"}

    def sync_receive() -> dict[str, object]:
        return {"type": "http.request", "body": b"a=1"}

    for header, message in [
        ((b"content-type",), "not 1 items"),
        ((b"content-type", form, b"x"), "not 3 items"),
        (b"content-type", "pair, not bytes"),
        (7, "pair, not int"),
    ]:
        scope = {"type": "http", "headers": [header]}
        with pytest.raises(TypeError, match=message):
            asyncio.run(urlencoded.parse_asgi(scope, receive))
    scope = {"type": "http", "headers": [(b"content-type", form)]}
    with pytest.raises(TypeError, match="must return an awaitable"):
        asyncio.run(urlencoded.parse_asgi(scope, sync_receive))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="receive callable, not NoneType"):
        asyncio.run(urlencoded.parse_asgi(scope, None))  # type: ignore[arg-type]
    assert asyncio.run(urlencoded.parse_asgi(scope, receive)) == [("a", "1")]


def test_requests_prepare_refuses_a_url_that_is_not_str() -> None:
    """requests_prepare takes the URL as a str, and converts nothing else with str()."""
    from urlencoded import clients

    for url in (_Raising(), 7, b"http://h/"):
        with pytest.raises(TypeError, match="takes the URL as a str, not"):
            clients.requests_prepare("GET", url)  # type: ignore[arg-type]


def test_httpx_request_refuses_a_malformed_url_with_value_error() -> None:
    """A URL httpx cannot parse is the ValueError httpx_request documents, params or not."""
    from urlencoded import clients

    for params in (None, [("a", "1")]):
        with pytest.raises(ValueError, match="httpx refuses the URL") as raised:
            clients.httpx_request("GET", "http://[::1/p", params=params)
        assert type(raised.value) is ValueError


@pytest.mark.parametrize(
    ("target", "raised"),
    [
        (urlencoded.Encoding, TypeError),
        (urlencoded.URLSearchParams.__contains__, TypeError),
        (urlencoded.URLSearchParams.__getitem__, KeyError),
        (urlencoded.MultiDict, ValueError),
        (urlencoded.MultiDict.__getitem__, KeyError),
        (urlencoded.MultiDict.__setitem__, TypeError),
        (urlencoded.MultiDict.__delitem__, KeyError),
        (urlencoded.MultiDict.popitem, KeyError),
        (urlencoded.PercentEncodeSet, TypeError),
        (urlencoded.PercentEncodeSet.__contains__, TypeError),
        (urlencoded.percent_encode_bytes, TypeError),
        (urlencoded.percent_encode_after_encoding, ValueError),
        (urlencoded.detect_probe_encoding, UnknownEncodingError),
        (dialects.Dialect.serialize, ValueError),
        (dialects.Dialect.canonical_query, URIError),
        (urlencoded.django.read_form, TypeError),
        (urlencoded.django.read_form, ValueError),
        (urlencoded.django.error_response, TypeError),
        (urlencoded.django.FormParserMiddleware, TypeError),
        (urlencoded.flask.read_form, TypeError),
        (urlencoded.flask.read_form, RuntimeError),
        (urlencoded.flask.form, TypeError),
        (urlencoded.flask.query, ValueError),
        (urlencoded.starlette.read_form, TypeError),
        (urlencoded.starlette.read_form, ValueError),
        (urlencoded.starlette.form, TypeError),
        (urlencoded.starlette.form, ValueError),
    ],
)
def test_found_exceptions_are_documented(target: object, raised: type[BaseException]) -> None:
    """Each exception the fuzzing found undocumented is now named under :raises:."""
    assert raised in documented_raises(_docs_of(target))


# --- every public module, every public name ----------------------------------------------


def test_every_uritemplate_name_is_exercised() -> None:
    """Each name in urlencoded.uritemplate.__all__ has an entry in URITEMPLATE_EXERCISES."""
    assert sorted(URITEMPLATE_EXERCISES) == sorted(uritemplate.__all__)


URITEMPLATE_NAMES = sorted(URITEMPLATE_EXERCISES)


@pytest.mark.parametrize("name", URITEMPLATE_NAMES)
@FUZZ
@given(data=st.data())
def test_uritemplate_name(name: str, data: st.DataObject) -> None:
    """Each name of urlencoded.uritemplate, given hostile input, raises only what it documents."""
    URITEMPLATE_EXERCISES[name](data)


PUBLIC_MODULES: dict[str, dict[str, Exerciser]] = {
    "urlencoded": EXERCISES,
    "urlencoded.dialects": DIALECT_EXERCISES,
    "urlencoded.uritemplate": URITEMPLATE_EXERCISES,
    **{f"urlencoded.{name}": table for name, table in MODULE_EXERCISES.items()},
}


def test_every_public_module_is_listed() -> None:
    """The package's public modules (no leading underscore) are the ones PUBLIC_MODULES covers."""
    found = {
        f"urlencoded.{info.name}"
        for info in pkgutil.iter_modules(urlencoded.__path__)
        if not info.name.startswith("_")
    }
    assert found | {"urlencoded"} == set(PUBLIC_MODULES)


@pytest.mark.parametrize("module", sorted(PUBLIC_MODULES))
def test_every_name_of_each_public_module_is_exercised(module: str) -> None:
    """Each name in a public module's __all__ has an exercise, and no exercise is stale."""
    assert sorted(PUBLIC_MODULES[module]) == sorted(importlib.import_module(module).__all__)


def test_docs_list_each_public_module() -> None:
    """docs/api.rst names each public submodule."""
    api = (pathlib.Path(__file__).parent.parent / "docs" / "api.rst").read_text(encoding="utf-8")
    for module in PUBLIC_MODULES:
        if module != "urlencoded":
            assert f":mod:`{module}`" in api


MODULE_CASES = [
    (module, name) for module, table in sorted(MODULE_EXERCISES.items()) for name in sorted(table)
]


@pytest.mark.parametrize(("module", "name"), MODULE_CASES)
@FUZZ
@given(data=st.data())
def test_public_module_name(module: str, name: str, data: st.DataObject) -> None:
    """Each name of clients, oauth1, sigv4, arrow and the framework helpers, given hostile input,
    raises only what it documents."""
    MODULE_EXERCISES[module][name](data)
