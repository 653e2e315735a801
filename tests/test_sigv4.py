"""urlencoded.sigv4: the AWS test suite, botocore and the reference agree, the auth class."""

from __future__ import annotations

import asyncio
import datetime
import json
import pathlib
import re
from typing import Any
from unittest import mock
from urllib.parse import quote

import httpx
import pytest
import requests
from botocore.auth import S3SigV4Auth, SigV4Auth  # type: ignore[import-untyped]
from botocore.awsrequest import AWSRequest  # type: ignore[import-untyped]
from botocore.credentials import Credentials  # type: ignore[import-untyped]
from hypothesis import given
from hypothesis import strategies as st

from tests import reference_sigv4 as ref
from tests.test_clients import url as url  # the echo server fixture
from urlencoded import serialize
from urlencoded.sigv4 import (
    EMPTY_PAYLOAD_HASH,
    UNSIGNED_PAYLOAD,
    SigV4,
    canonical_headers,
    canonical_query_string,
    canonical_request,
    canonical_uri,
    hashed_payload,
    signature,
    signed_headers,
    signing_key,
    string_to_sign,
)

SUITE = json.loads(
    (pathlib.Path(__file__).parent / "sigv4" / "aws4_testsuite.json").read_text(encoding="utf-8")
)


def _parse_req(text: str) -> tuple[str, str, list[tuple[str, str]], str]:
    """A .req file: the request line, "Name:value" header lines, an empty line, the body."""
    head, _, body = text.partition("\n\n")
    request_line, *header_lines = head.split("\n")
    method, rest = request_line.split(" ", 1)
    target = rest.rsplit(" ", 1)[0]
    headers = [tuple(line.split(":", 1)) for line in header_lines]
    return method, target, [(name, value) for name, value in headers], body


@pytest.mark.parametrize("case", SUITE["cases"], ids=[case["name"] for case in SUITE["cases"]])
def test_aws_signature_v4_test_suite(case: dict[str, str]) -> None:
    """Each suite case gives its canonical request, string to sign and Authorization header."""
    method, target, headers, body = _parse_req(case["req"])
    url = "https://example.amazonaws.com" + target
    got = canonical_request(method, url, headers=headers, body=body.encode())
    assert got == case["creq"]
    sts = string_to_sign(got, SUITE["timestamp"], region=SUITE["region"], service=SUITE["service"])
    assert sts == case["sts"]
    key = signing_key(
        SUITE["secret_key"], SUITE["timestamp"], region=SUITE["region"], service=SUITE["service"]
    )
    assert case["authz"].endswith(f"Signature={signature(key, sts)}")
    # The auth class, given the same headers and the session token the request carries.
    token = dict(headers).get("X-Amz-Security-Token")
    auth = SigV4(
        SUITE["access_key"],
        SUITE["secret_key"],
        region=SUITE["region"],
        service=SUITE["service"],
        session_token=token,
        timestamp=SUITE["timestamp"],
    )
    assert auth.sign(method, url, headers=headers, body=body)["Authorization"] == case["authz"]


def test_the_suite_is_vendored_in_full() -> None:
    """The vendored file holds the 30 cases the README lists, each with all four parts."""
    assert len(SUITE["cases"]) == 30
    assert all(set(case) == {"name", "req", "creq", "sts", "authz"} for case in SUITE["cases"])
    assert SUITE["license"] == "Apache-2.0"


def test_signing_key_of_the_aws_documentation() -> None:
    """AWS's documented signing key for 20150830/us-east-1/iam, from each form of the date."""
    expected = "c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9"
    secret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
    for date in (
        "20150830",
        "20150830T123600Z",
        datetime.date(2015, 8, 30),
        datetime.datetime(2015, 8, 30, 23, 59, tzinfo=datetime.timezone.utc),
        datetime.datetime(2015, 8, 31, 1, tzinfo=datetime.timezone(datetime.timedelta(hours=2))),
    ):
        assert signing_key(secret, date, region="us-east-1", service="iam").hex() == expected


def test_canonical_uri_rules() -> None:
    """Empty is /, S3 keeps the path, others remove dot segments and encode each segment again."""
    assert canonical_uri("") == canonical_uri("", s3=True) == "/"
    assert canonical_uri("/a/b/../c/./d//e/") == "/a/c/d/e/"
    assert canonical_uri("/a/b/..") == "/a"
    assert canonical_uri("/caf%C3%A9 ~*") == "/caf%25C3%25A9%20~%2A"
    assert canonical_uri("/a/../../b//", s3=True) == "/a/../../b//"


def test_payload_and_headers() -> None:
    """The hashed payload, UNSIGNED-PAYLOAD, and header values trimmed and joined."""
    assert hashed_payload(None) == hashed_payload(b"") == hashed_payload("") == EMPTY_PAYLOAD_HASH
    assert hashed_payload("é") == hashed_payload("é".encode())
    headers = [("B", "\t x \t y "), ("a", ""), ("b", "z")]
    assert canonical_headers(headers) == "a:\nb:x y,z\n"
    assert signed_headers(headers) == "a;b"
    creq = canonical_request(
        "put", "http://h:8080/k", headers={}, body=b"ignored", payload_hash=UNSIGNED_PAYLOAD
    )
    assert creq.split("\n") == ["PUT", "/k", "", "host:h:8080", "", "host", UNSIGNED_PAYLOAD]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: canonical_uri(b"/"), TypeError, "path"),  # type: ignore[arg-type]
        (lambda: canonical_uri("/\ud800"), ValueError, "surrogate"),
        (lambda: canonical_query_string(None), TypeError, "query"),  # type: ignore[arg-type]
        (lambda: canonical_headers("Host: x"), TypeError, "pairs"),  # type: ignore[arg-type]
        (lambda: canonical_headers([("Bad Name", "x")]), ValueError, "header name"),
        (lambda: canonical_headers([("X", "a\r\nb")]), ValueError, "CR"),
        (lambda: canonical_headers([("X", None)]), TypeError, "None"),  # type: ignore[list-item]
        (lambda: hashed_payload(1), TypeError, "body"),  # type: ignore[arg-type]
        (lambda: canonical_request("GET", "/relative", headers={}), ValueError, "absolute"),
        (lambda: canonical_request("GET", "http://пример/", headers={}), ValueError, "ASCII"),
        (lambda: canonical_request("GET", "http://h:x/", headers={}), ValueError, "port"),
        (lambda: string_to_sign("", "2015-08-30", region="r", service="s"), ValueError, "form"),
        (
            lambda: string_to_sign("", datetime.datetime(2015, 1, 1), region="r", service="s"),
            ValueError,
            "aware",
        ),
        (
            lambda: string_to_sign("", "20150830T123600Z", region="a/b", service="s"),
            ValueError,
            "region",
        ),
        (
            lambda: string_to_sign("", "20150830T123600Z", region="r", service=""),
            ValueError,
            "service",
        ),
        (lambda: signing_key(None, "20150830", region="r", service="s"), TypeError, "secret_key"),  # type: ignore[arg-type]
        (lambda: signature("key", "sts"), TypeError, "bytes"),  # type: ignore[arg-type]
        (lambda: SigV4("a", "b", region="r", service="s", timestamp="now"), ValueError, "form"),
        (lambda: SigV4("a", "b", region="r", service="s")("http://h/"), TypeError, "signs"),
    ],
)
def test_bad_input_is_a_clear_error(call: Any, error: type[Exception], message: str) -> None:
    """Wrong types raise TypeError and malformed values ValueError, each naming the problem."""
    with pytest.raises(error, match=message):
        call()


# --- properties ------------------------------------------------------------------------

_raw_segments = st.text(
    st.sampled_from([*"aZ09-._~ %!$&'()*+,;=:@", "é", "ሴ", "😀"]), max_size=6
) | st.sampled_from([".", "..", ""])
_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=6)
_query = st.lists(st.tuples(st.sampled_from(["a", "A", "b", "é"]) | _text, _text), max_size=5)
_header_names = st.sampled_from(["Content-Type", "My-Header", "my-header", "X-Amz-Meta-A", "Z"])
_header_values = st.text(st.sampled_from([*'aB0 \t"!~,;:']), max_size=8)
_timestamps = st.datetimes(
    min_value=datetime.datetime(2000, 1, 1), max_value=datetime.datetime(2099, 12, 31)
).map(lambda moment: moment.replace(microsecond=0, tzinfo=datetime.timezone.utc))


@st.composite
def aws_requests(draw: st.DrawFn) -> dict[str, Any]:
    """A request: a path as sent (spaces, ~, %, non-ASCII escaped), query pairs, headers, body."""
    segments = draw(st.lists(_raw_segments, max_size=4))
    # What a client sends: each segment escaped, sub-delimiters and ":@" kept.
    # An empty path is sent as "/" (botocore's S3 signer would sign it as "").
    path = "".join("/" + quote(segment, safe="~!$&'()*+,;=:@") for segment in segments) or "/"
    return {
        "method": draw(st.sampled_from(["GET", "PUT", "POST", "delete"])),
        "host": draw(st.sampled_from(["example.amazonaws.com", "b.s3.amazonaws.com:8080"])),
        "path": path,
        "query": draw(_query),
        "headers": draw(st.lists(st.tuples(_header_names, _header_values), max_size=4)),
        "body": draw(st.binary(max_size=20)),
        "s3": draw(st.booleans()),
        "timestamp": draw(_timestamps),
        "region": draw(st.sampled_from(["us-east-1", "eu-west-3"])),
        "token": draw(st.none() | st.just("session/token+=")),
    }


def _botocore(request: dict[str, Any]) -> tuple[Any, Any]:
    """botocore's signer and request for the same request (the query as params, as it encodes)."""
    service = "s3" if request["s3"] else "execute-api"
    credentials = Credentials("AKIDEXAMPLE", "secret/key+", request["token"])
    signer = (S3SigV4Auth if request["s3"] else SigV4Auth)(credentials, service, request["region"])
    aws = AWSRequest(
        method=request["method"],
        url=f"http://{request['host']}{request['path']}",
        data=request["body"],
        params=request["query"],
    )
    for name, value in request["headers"]:
        aws.headers[name] = value
    return signer, aws


@given(aws_requests())
def test_agrees_with_botocore(request: dict[str, Any]) -> None:
    """Canonical request, string to sign, signature and header equal botocore's SigV4Auth's."""
    signer, aws = _botocore(request)
    timestamp = request["timestamp"].strftime("%Y%m%dT%H%M%SZ")
    aws.context["timestamp"] = timestamp
    headers = [*request["headers"], ("X-Amz-Date", timestamp)]
    if request["s3"]:
        headers.append(("X-Amz-Content-SHA256", hashed_payload(request["body"])))
        aws.headers["X-Amz-Content-SHA256"] = hashed_payload(request["body"])
    aws.headers["X-Amz-Date"] = timestamp
    url = f"http://{request['host']}{request['path']}?{serialize(request['query'])}"
    creq = canonical_request(
        request["method"], url, headers=headers, body=request["body"], s3=request["s3"]
    )
    assert creq == signer.canonical_request(aws)
    service = signer._service_name
    sts = string_to_sign(creq, request["timestamp"], region=request["region"], service=service)
    assert sts == signer.string_to_sign(aws, creq)
    key = signing_key("secret/key+", timestamp, region=request["region"], service=service)
    assert signature(key, sts) == signer.signature(sts, aws)
    # The whole Authorization header, from add_auth at the same time, on a fresh request.
    signer, aws = _botocore(request)
    with mock.patch("botocore.auth.get_current_datetime", return_value=request["timestamp"]):
        signer.add_auth(aws)
    auth = SigV4(
        "AKIDEXAMPLE",
        "secret/key+",
        region=request["region"],
        service=service,
        session_token=request["token"],
        timestamp=request["timestamp"],
    )
    added = auth.sign(request["method"], url, headers=request["headers"], body=request["body"])
    assert added["Authorization"] == aws.headers["Authorization"]
    assert added["X-Amz-Date"] == aws.headers["X-Amz-Date"]


@given(aws_requests())
def test_agrees_with_the_reference(request: dict[str, Any]) -> None:
    """canonical_request, string_to_sign and signature equal the step-by-step transcription."""
    query = serialize(request["query"])
    url = f"https://{request['host']}{request['path']}?{query}"
    headers = [("Host", request["host"]), *request["headers"]]
    creq = canonical_request(
        request["method"], url, headers=headers, body=request["body"], s3=request["s3"]
    )
    expected = ref.canonical_request(
        request["method"], request["path"], query, headers, request["body"], request["s3"]
    )
    assert creq == expected
    timestamp = request["timestamp"].strftime("%Y%m%dT%H%M%SZ")
    expected_sts, expected_signature = ref.sign("k", timestamp, request["region"], "svc", creq)
    sts = string_to_sign(creq, timestamp, region=request["region"], service="svc")
    assert sts == expected_sts
    key = signing_key("k", request["timestamp"], region=request["region"], service="svc")
    assert signature(key, sts) == expected_signature


# --- the auth class under httpx and requests -----------------------------------------------


def _check_received(auth: SigV4, seen: dict[str, Any], base: str) -> None:
    """The server recomputes the signature from what it received, and it matches."""
    received = dict(seen["headers"])
    signed = received["Authorization"].split("SignedHeaders=")[1].split(",")[0].split(";")
    headers = [(name, value) for name, value in seen["headers"] if name.lower() in signed]
    creq = canonical_request(
        seen["method"],
        base + seen["target"],
        headers=headers,
        payload_hash=received.get("X-Amz-Content-SHA256")
        or hashed_payload(seen["body"].encode("latin-1")),
        s3=auth.s3,
    )
    sts = string_to_sign(creq, received["X-Amz-Date"], region=auth.region, service=auth.service)
    key = signing_key(
        auth.secret_key, received["X-Amz-Date"], region=auth.region, service=auth.service
    )
    assert received["Authorization"].endswith(f"Signature={signature(key, sts)}")
    assert "host" in signed
    assert "x-amz-date" in signed


@pytest.mark.parametrize("service", ["execute-api", "s3"])
def test_sigv4_signs_httpx_and_requests_requests(url: str, service: str) -> None:
    """SigV4 as auth= signs what httpx (sync and async) and requests send, query and body too."""
    from urlencoded.clients import httpx_request, requests_prepare

    base = url.rsplit("/", 1)[0]
    pairs = [("q", "~ *'!()"), ("q", ""), ("x", "日本"), ("prefix", "a/b c")]
    auth = SigV4("AKID", "secret", region="us-east-1", service=service, session_token="tok")
    seen = []
    with httpx.Client(timeout=10, auth=auth) as client:
        seen.append(client.send(httpx_request("POST", url, params=pairs, data=pairs)).json())
        seen.append(client.get(url + "/a%20b/~c").json())

    async def send() -> dict[str, Any]:
        async with httpx.AsyncClient(timeout=10, auth=auth) as client:
            answer = await client.send(httpx_request("PUT", url, params=pairs, data=pairs))
            return dict(answer.json())

    seen.append(asyncio.run(send()))
    with requests.Session() as session:
        session.auth = auth
        prepared = requests_prepare("POST", url, params=pairs, data=pairs, session=session)
        seen.append(session.send(prepared, timeout=10).json())
        seen.append(requests.put(url, data=b"raw", auth=auth, timeout=10).json())
    for got in seen:
        _check_received(auth, got, base)
        assert dict(got["headers"])["X-Amz-Security-Token"] == "tok"
    assert ("X-Amz-Content-SHA256" in dict(seen[0]["headers"])) is (service == "s3")


def test_sigv4_auth_flow_and_clock() -> None:
    """auth_flow yields the signed request once, and a clock function is asked each time."""
    moments = iter(["20240101T000000Z", "20240101T000001Z"])
    auth = SigV4("AKID", "secret", region="r", service="s", timestamp=lambda: next(moments))
    flow = auth.auth_flow(httpx.Request("GET", "http://h/"))
    assert next(flow).headers["X-Amz-Date"] == "20240101T000000Z"
    with pytest.raises(StopIteration):
        next(flow)
    assert auth.sign("GET", "http://h/")["X-Amz-Date"] == "20240101T000001Z"
    assert "AKID" in repr(auth)
    now = SigV4("AKID", "secret", region="r", service="s").sign("GET", "http://h/")["X-Amz-Date"]
    assert re.fullmatch(r"20[0-9]{6}T[0-9]{6}Z", now)


@given(st.text(max_size=40), st.text(max_size=40), st.binary(max_size=20))
def test_untrusted_urls_raise_only_value_errors(path: str, query: str, body: bytes) -> None:
    """Any path and query either sign or raise ValueError, never another exception."""
    auth = SigV4("AKID", "secret", region="r", service="s", timestamp="20240101T000000Z")
    try:
        added = auth.sign("GET", f"https://h{path}?{query}", body=body)
    except ValueError:
        return
    assert added["Authorization"].isascii()
    assert canonical_query_string(query).isascii()


def test_sigv4_signs_a_host_header_given_to_requests() -> None:
    """A Host header set on a requests request is the one signed, as it is the one sent."""
    auth = SigV4("AKID", "secret", region="r", service="s", timestamp="20240101T000000Z")
    prepared = requests.Request("GET", "http://127.0.0.1:9/p", headers={"Host": "api.example"})
    signed = auth(prepared.prepare())
    expected = auth.sign("GET", "http://127.0.0.1:9/p", headers={"Host": "api.example"})
    assert signed.headers["Authorization"] == expected["Authorization"]
    unsigned = auth(requests.Request("GET", "http://127.0.0.1:9/p").prepare())
    assert (
        unsigned.headers["Authorization"]
        == auth.sign("GET", "http://127.0.0.1:9/p")["Authorization"]
    )
    assert signed.headers["Authorization"] != unsigned.headers["Authorization"]


# --- what goes into a header, lone surrogates, times, the rule for values -------------------


def _value_error(call: Any, message: str) -> None:
    """call() raises a ValueError (never a UnicodeError) whose message holds *message*."""
    with pytest.raises(ValueError, match=message) as raised:
        call()
    assert not isinstance(raised.value, UnicodeError), repr(raised.value)


_AUTH: dict[str, Any] = {"region": "us-east-1", "service": "s3", "timestamp": "20150830T123600Z"}


@pytest.mark.parametrize(
    ("access_key", "region", "service"),
    [
        ("AK\r\nX-Injected: 1", "us-east-1", "s3"),
        ("AK, Signature=00", "us-east-1", "s3"),
        ("AKé", "us-east-1", "s3"),
        ("AK\ud800", "us-east-1", "s3"),
        ("AK/x", "us-east-1", "s3"),
        ("", "us-east-1", "s3"),
        ("AK", "us-east-1, Signature=00", "s3"),
        ("AK", "us-east-1", "s3\r\n"),
        ("AK", "us east", "s3"),
    ],
)
def test_keys_and_scope_that_would_break_the_header_are_refused(
    access_key: str, region: str, service: str
) -> None:
    """An access key, region or service that is not an HTTP token is a ValueError from
    SigV4(...), before any Authorization header is built with it."""
    _value_error(
        lambda: SigV4(
            access_key, "s", region=region, service=service, timestamp="20150830T123600Z"
        ),
        "access_key|region|service",
    )


@pytest.mark.parametrize("token", ["tok\r\nX-Injected: 1", "tok\n", "\0", "tök", "\ud800", ""])
def test_session_tokens_are_printable_ascii(token: str) -> None:
    """A session token that a header cannot carry is refused by SigV4(...)."""
    _value_error(lambda: SigV4("AK", "s", session_token=token, **_AUTH), "session_token")


def test_secret_keys_with_lone_surrogates_are_refused() -> None:
    """A secret UTF-8 cannot encode is a ValueError from SigV4(...) and signing_key."""
    _value_error(lambda: SigV4("AK", "s\ud800", **_AUTH), "secret_key holds a lone surrogate")
    _value_error(
        lambda: signing_key("\udc80", "20150830", region="r", service="s"),
        "secret_key holds a lone surrogate",
    )
    # Text outside ASCII is a usable secret: UTF-8, as botocore signs it.
    assert len(signing_key("sécret", "20150830", region="r", service="s")) == 32


_ACCESS_KEYS = st.text(
    st.characters(codec="utf-8") | st.sampled_from(["\r", "\n", "\0", ",", " ", "=", "\ud800"]),
    max_size=12,
)


@given(_ACCESS_KEYS, st.sampled_from(["us-east-1", "r, Signature=0", "a\nb", "é"]))
def test_signed_headers_hold_one_line_and_three_parameters(access_key: str, region: str) -> None:
    """Whatever the access key and region, SigV4 either refuses them with ValueError or adds
    headers of printable ASCII whose Authorization has exactly three parameters."""
    try:
        auth = SigV4(access_key, "s", region=region, service="s3", session_token="t+/=")
    except UnicodeError:
        raise
    except ValueError:
        return
    added = auth.sign("GET", "https://b.s3.amazonaws.com/")
    for value in added.values():
        assert value.isascii()
        assert value.isprintable()
    algorithm, _, parameters = added["Authorization"].partition(" ")
    assert algorithm == "AWS4-HMAC-SHA256"
    names = [part.split("=", 1)[0] for part in parameters.split(", ")]
    assert names == ["Credential", "SignedHeaders", "Signature"]
    assert (
        parameters.split(", ")[0]
        == f"Credential={access_key}/{added['X-Amz-Date'][:8]}/{region}/s3/aws4_request"
    )


def test_lone_surrogates_are_value_errors() -> None:
    """string_to_sign, signature, canonical_request and canonical_query_string refuse a lone
    surrogate with a ValueError, never a UnicodeEncodeError or bytes no client sends."""
    key = signing_key("k", "20150830", region="r", service="s")
    _value_error(lambda: signature(key, "a\ud800"), "string_to_sign holds a lone surrogate")
    _value_error(
        lambda: string_to_sign("GET\n\udfff", "20150830T123600Z", region="r", service="s"),
        "canonical_request holds a lone surrogate",
    )
    _value_error(lambda: canonical_query_string("a=\ud800"), "query holds a lone surrogate")
    _value_error(
        lambda: canonical_request("GET", "https://h/?\ud800", headers={}), "lone surrogate"
    )
    _value_error(
        lambda: canonical_headers({"X-A": "\ud800"}), "header 'X-A' holds a lone surrogate"
    )


@pytest.mark.parametrize(
    "timestamp",
    [
        datetime.datetime.max.replace(tzinfo=datetime.timezone(datetime.timedelta(hours=-5))),
        datetime.datetime.min.replace(tzinfo=datetime.timezone(datetime.timedelta(hours=5))),
        "20159999T123600Z",
        "20150830T996000Z",
        "20150230T000000Z",
        "00000101T000000Z",
    ],
)
def test_timestamps_out_of_range_or_unreal_are_value_errors(timestamp: Any) -> None:
    """A time past year 9999 in UTC is a ValueError (not OverflowError), and a timestamp
    string must name a real date and time."""
    _value_error(
        lambda: string_to_sign("", timestamp, region="r", service="s"),
        "out of range|not a valid date",
    )
    _value_error(
        lambda: SigV4("AK", "s", region="r", service="s", timestamp=timestamp), "timestamp"
    )


def test_days_are_checked_and_years_padded() -> None:
    """A day must be a real date; a year before 1000 is written with four digits."""
    _value_error(lambda: signing_key("k", "20159999", region="r", service="s"), "valid day")
    early = datetime.datetime(5, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc)
    assert string_to_sign("", early, region="r", service="s").split("\n")[1] == "00050102T030405Z"
    assert signing_key("k", datetime.date(5, 1, 2), region="r", service="s") == signing_key(
        "k", "00050102", region="r", service="s"
    )


def test_method_must_be_an_http_token() -> None:
    """The method is an HTTP token, as for OAuth 1.0."""
    for method in ("GET X", "GET\n", "\ud800", ""):
        _value_error(
            lambda method=method: canonical_request(method, "https://h/", headers={}), "method"
        )


def test_header_values_follow_the_library_rule() -> None:
    """Header values may be int or float, written as Python writes them; bool and None are
    TypeErrors that say why."""
    assert canonical_headers({"Content-Length": 5, "X-Amz-Meta-Ratio": 0.5}) == (
        "content-length:5\nx-amz-meta-ratio:0.5\n"
    )
    assert canonical_headers([("X-A", 10**20)]) == f"x-a:{10**20}\n"
    for bad in (True, None):
        with pytest.raises(TypeError, match="differs between Python"):
            canonical_headers({"X-A": bad})  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="differs between Python"):
            SigV4("AK", "s", **_AUTH).sign("GET", "https://h/", headers=[("X-A", bad)])  # type: ignore[list-item]


def test_payload_hash_is_one_printable_line() -> None:
    """A payload hash with a line break would shift the canonical request's lines: refused."""
    _value_error(
        lambda: canonical_request("GET", "https://h/", headers={}, payload_hash="a\nb"),
        "payload_hash",
    )


def test_a_request_with_a_header_name_that_is_not_text_is_a_type_error() -> None:
    """A prepared request whose headers hold a name that is not a str (requests keeps what it
    is given) is refused with TypeError, not an AttributeError from inside the signer."""
    auth = SigV4("AK", "s", **_AUTH)
    prepared = requests.Request("GET", "https://h/").prepare()
    prepared.headers = {None: "x"}  # type: ignore[assignment]
    with pytest.raises(TypeError, match="header names must be str"):
        auth(prepared)
