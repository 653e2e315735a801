"""Calls that ``mypy --strict`` must accept, and calls it must reject.

This file is type-checked, never run. Each rejected call carries
``# type: ignore[code]`` with the error code mypy should report; with
``warn_unused_ignores`` (part of ``--strict``) a rejected call that starts to
type-check makes mypy fail, and so does a call rejected with another code.
``tests/test_typing.py`` runs mypy on this file.
"""

from __future__ import annotations

import io
from typing import Any

import urlencoded
import urlencoded.django
import urlencoded.flask
from urlencoded import (
    IncrementalParser,
    MultiDict,
    NestedValue,
    URLSearchParams,
    parse,
    parse_bytes,
    parse_nested,
    parse_wsgi,
    serialize,
    serialize_nested,
)


def accepted(environ: dict[str, Any], any_pairs: Any) -> None:
    """Calls that must type-check."""
    serialize([("a", "1"), ("b", "2")])
    serialize([["a", "1"]])
    serialize({"a": "1"})
    serialize({"a": b"\x00"})
    serialize({b"a": "1"})
    serialize([(b"info_hash", b"\x12")])
    serialize(URLSearchParams("a=1"))
    serialize(MultiDict("a=1"))
    serialize(pair for pair in [("a", "1")])
    serialize(any_pairs)
    parse(b"a=1", errors="strict")
    parse("a=1", errors="replace", encoding="windows-1252", max_fields=10)
    parse_bytes(b"a=1")
    parse_wsgi(environ, errors="strict", separator=";")
    IncrementalParser(errors="replace")
    form = MultiDict(b"a=1", max_fields=5)
    first: str = form["a"]
    maybe: str | None = form.get("b")
    defaulted: str = form.get("b", "0")
    every: list[str] = form.get_all("a")
    werkzeug_spelling: list[str] = form.getlist("a")
    multidict_spelling: list[str] = form.getall("a")
    form.add("a", "2")
    form.extend([("c", "3")])
    form.update({"c": "4"})
    params = URLSearchParams("a=1")
    URLSearchParams([("a", "1"), ("b", "2")])
    URLSearchParams([["a", "1"]])
    URLSearchParams({"a": "1"})
    URLSearchParams(params)
    spec_get: str | None = params.get("a")
    with_default: str = params.get("a", "")
    one: str = params["a"]
    spec_all: list[str] = params.get_all("a")
    print(first, maybe, defaulted, every, werkzeug_spelling, multidict_spelling)
    print(spec_get, with_default, one, spec_all)
    MultiDict(parse_wsgi({"wsgi.input": io.BytesIO()}, max_fields=1))
    status: int = urlencoded.TooManyFields("max_fields", 1, 2, "field 2").status
    print(status)
    nested = parse_nested("a[b]=1&c=2&c=3", duplicates="last", max_fields=10, errors="strict")
    value: NestedValue = nested["a"]
    if isinstance(value, dict):
        inner: NestedValue = value["b"]
        print(inner)
    serialize_nested(nested)
    serialize_nested({"a": [1, True, None, b"x"], "b": {"c": "d"}}, list_format="repeat")
    flask_nested: dict[str, NestedValue] = urlencoded.flask.read_nested_form(max_depth=3)
    flask_query: MultiDict = urlencoded.flask.read_query(encoding="windows-1252")
    urlencoded.flask.nested_query(duplicates="first", max_fields=10)
    print(flask_nested, flask_query)
    parse(b"a=1;b=2", separator=("&", ";"))
    parse_wsgi(environ, separator=(b"&", ";"), media_types=("application/sgml-form-urlencoded",))
    MultiDict("A=1", casefold=True, separator=("&", ";"))
    folded: bool = MultiDict("A=1", casefold=True).casefold
    tokens: URLSearchParams = urlencoded.fragment_params("https://h/#a=1", plus_as_space=False)
    print(folded, urlencoded.with_fragment_params("https://h/", tokens))
    print(urlencoded.query_params("mailto:a@b?s=1+1", plus_as_space=None))
    print(urlencoded.with_query_params("mailto:a@b", tokens, plus_as_space=True))


def rejected(environ: dict[str, Any]) -> None:
    """Calls that must not type-check, each with the error code mypy gives."""
    serialize({"page": 2})  # type: ignore[arg-type]
    serialize({"page": None})  # type: ignore[arg-type]
    serialize([("page", 2)])  # type: ignore[list-item]
    serialize(["ab", "cd"])  # type: ignore[list-item]
    serialize("a=1")  # type: ignore[arg-type]
    serialize(b"a=1")  # type: ignore[arg-type]
    parse(b"", errors="ignore")  # type: ignore[arg-type]
    parse(b"", max_fields="10")  # type: ignore[arg-type]
    parse(1)  # type: ignore[arg-type]
    parse_wsgi(environ, errors="surrogateescape")  # type: ignore[arg-type]
    IncrementalParser(errors="ignore")  # type: ignore[arg-type]
    MultiDict([("a", 1)])  # type: ignore[list-item]
    MultiDict({"a": 1})  # type: ignore[arg-type]
    MultiDict(b"a=1", errors="ignore")  # type: ignore[arg-type]
    MultiDict("a").add("a", 1)  # type: ignore[arg-type]
    parse_wsgi(environ, max_feilds=1)  # type: ignore[call-arg]
    parse_nested("a=1", max_feilds=10)  # type: ignore[call-arg]
    parse_nested("a=1", duplicates="merge")  # type: ignore[arg-type]
    parse_nested("a=1", errors="ignore")  # type: ignore[arg-type]
    parse_nested("a=1", use_charset_field=True)  # type: ignore[call-arg]
    count: int = parse_nested("a=1")["a"]  # type: ignore[assignment]
    serialize_nested({"a": ["x"]}, list_format="comma")  # type: ignore[arg-type]
    serialize_nested({"price": 1.5})  # type: ignore[dict-item]
    serialize_nested({1: "x"})  # type: ignore[dict-item]
    urlencoded.flask.read_nested_form(max_feilds=10)  # type: ignore[call-arg]
    urlencoded.flask.read_query(honor_charset=True)  # type: ignore[call-arg]
    urlencoded.flask.nested_form(duplicates="merge")  # type: ignore[arg-type]
    urlencoded.django.FormParserMiddleware()  # type: ignore[call-arg]
    print(count)
    URLSearchParams("a").getall("a")  # type: ignore[attr-defined]
    URLSearchParams("a")[0]  # type: ignore[index]
    URLSearchParams(["ab", "cd"])  # type: ignore[list-item]
    URLSearchParams({"a": 1})  # type: ignore[arg-type]
    URLSearchParams("a").append("a", 1)  # type: ignore[arg-type]
    parse(b"", separator=["&", ";"])  # type: ignore[arg-type]
    serialize([("a", "b")], separator=("&", ";"))  # type: ignore[arg-type]
    MultiDict("a", casefold="yes")  # type: ignore[arg-type]
    urlencoded.fragment_params("x", plus_as_space=None)  # type: ignore[arg-type]


def signatures(headers: dict[str, str], form: list[tuple[str, str]]) -> None:
    """The verifiers and presigned URLs: calls that must type-check, and calls that must not."""
    import datetime

    from urlencoded import oauth1, sigv4

    verified = oauth1.verify(
        "POST",
        "https://h/",
        headers=headers,
        body=form,
        client_secret={"key": "secret"}.get,
        token_secret="",
        now=1700000000.5,
        max_age=None,
        seen_nonce=lambda client_key, timestamp, nonce: False,
        signature_methods=("HMAC-SHA256",),
        rsa_verifier=lambda client_key, method, message, signature: True,
    )
    client_key: str = verified.client_key
    timestamp: int | None = verified.timestamp
    url: str = sigv4.presign_url(
        "GET",
        "https://b.s3.amazonaws.com/k",
        access_key="AKID",
        secret_key="secret",
        region="us-east-1",
        now=datetime.datetime.now(datetime.timezone.utc),
        headers={"Content-Type": "text/plain"},
    )
    checked = sigv4.verify("GET", url, headers=headers.items(), secret_key="secret")
    expires: int | None = checked.expires
    status: int = urlencoded.SignatureMismatch("OAuth", "detail").status
    print(client_key, timestamp, expires, status, sigv4.canonical_query_string("a", as_sent=True))
    oauth1.verify("GET", "https://h/", client_secret=1)  # type: ignore[arg-type]
    oauth1.verify("GET", "https://h/", client_secret="s", now="1")  # type: ignore[arg-type]
    oauth1.verify("GET", "https://h/")  # type: ignore[call-arg]
    sigv4.presign_url("GET", url, access_key="A", secret_key="s", region="r", expires="60")  # type: ignore[arg-type]
    sigv4.verify("GET", url, secret_key="s", max_skew="900")  # type: ignore[arg-type]
    sigv4.canonical_query_string("a", True)  # type: ignore[misc]
