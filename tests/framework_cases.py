"""Requests that every framework adapter answers alike, for its nested and query paths.

Each framework's test module serves the routes below with its adapter and
checks each case: the status, and the JSON for a 200 or a line of the reason
for an error. The options are the same everywhere:

- ``POST /nested-form``: the nested form with ``max_fields=10``,
  ``max_body_size=200``, ``max_keys=8``, ``charset_field="_charset_"`` and
  ``honor_charset=True``;
- ``POST /nested-form-strict``: the nested form with ``errors="strict"``;
- ``GET /query``: the flat query with ``max_fields=3``, as ``[name, value]`` pairs;
- ``GET /query-legacy``: the flat query with ``encoding="windows-1252"``;
- ``GET /nested-query``: the nested query with ``max_depth=2``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from urlencoded._web import NestedServerOptions

FORM = "application/x-www-form-urlencoded"

NESTED_FORM: NestedServerOptions = {
    "max_fields": 10,
    "max_body_size": 200,
    "max_keys": 8,
    "charset_field": "_charset_",
    "honor_charset": True,
}


class Case(NamedTuple):
    """One request and what every adapter must answer."""

    id: str
    method: str
    path: str
    body: bytes
    content_type: str | None
    status: int
    #: The JSON of a 200, or a piece of the reason of an error.
    expected: Any


CASES = [
    Case(
        "nested form with a checkbox group",
        "POST",
        "/nested-form",
        b"user[name]=x&interest=a&interest=b",
        FORM,
        200,
        {"user": {"name": "x"}, "interest": ["a", "b"]},
    ),
    Case(
        "nested form in Shift_JIS, charset honoured",
        "POST",
        "/nested-form",
        b"name[family]=%8ER%93c",
        FORM + "; charset=Shift_JIS",
        200,
        {"name": {"family": "山田"}},
    ),
    Case(
        "nested form with _charset_",
        "POST",
        "/nested-form",
        b"_charset_=windows-1252&n=%E9",
        FORM,
        200,
        {"_charset_": "windows-1252", "n": "é"},
    ),
    Case(
        "nested form over max_fields",
        "POST",
        "/nested-form",
        b"&".join(b"f%d=1" % i for i in range(11)),
        FORM,
        413,
        "max_fields=10",
    ),
    Case(
        "nested form over max_body_size",
        "POST",
        "/nested-form",
        b"a=" + b"x" * 300,
        FORM,
        413,
        "max_body_size=200",
    ),
    Case(
        "nested form over max_keys",
        "POST",
        "/nested-form",
        b"&".join(b"a[k%d]=1" % i for i in range(8)),
        FORM,
        413,
        "max_keys=8",
    ),
    Case(
        "nested form, a value used as a dict",
        "POST",
        "/nested-form",
        b"a=1&a[b]=2",
        FORM,
        400,
        "a is a value, here used as a dict",
    ),
    Case(
        "nested form as text/plain",
        "POST",
        "/nested-form",
        b"a=1",
        "text/plain",
        415,
        "text/plain",
    ),
    Case(
        "nested form, invalid UTF-8 with errors='strict'",
        "POST",
        "/nested-form-strict",
        b"a[b]=%FF",
        FORM,
        400,
        "UTF-8",
    ),
    Case(
        "flat query",
        "GET",
        "/query?tag=a&tag=b&q=caf%C3%A9",
        b"",
        None,
        200,
        [["tag", "a"], ["tag", "b"], ["q", "café"]],
    ),
    Case(
        "flat query over max_fields",
        "GET",
        "/query?a=1&b=2&c=3&d=4",
        b"",
        None,
        413,
        "max_fields=3",
    ),
    Case(
        "flat query in a legacy encoding",
        "GET",
        "/query-legacy?n=%80",
        b"",
        None,
        200,
        [["n", "€"]],
    ),
    Case(
        "nested query",
        "GET",
        "/nested-query?filter[status]=open&sort[]=-date&sort[]=id",
        b"",
        None,
        200,
        {"filter": {"status": "open"}, "sort": ["-date", "id"]},
    ),
    Case(
        "nested query over max_depth",
        "GET",
        "/nested-query?a[b][c][d]=1",
        b"",
        None,
        413,
        "max_depth=2",
    ),
    Case(
        "nested query, a value used as a dict",
        "GET",
        "/nested-query?a=1&a[b]=2",
        b"",
        None,
        400,
        "a is a value, here used as a dict",
    ),
]

CASE_IDS = [case.id for case in CASES]


def check_answer(case: Case, status: int, text: str, json_body: Any) -> None:
    """Assert that an adapter's answer to *case* is the one every adapter gives."""
    assert status == case.status, text
    if case.status == 200:
        assert json_body == case.expected
    else:
        assert case.expected in text
        assert "Traceback" not in text
