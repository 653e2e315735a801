"""urlencoded.sigv4: presign_url against botocore, verify of botocore's requests, query forms."""

from __future__ import annotations

import datetime
import functools
from typing import Any
from unittest import mock
from urllib.parse import urlsplit

import botocore.session  # type: ignore[import-untyped]
import pytest
from botocore.auth import S3SigV4Auth, SigV4Auth  # type: ignore[import-untyped]
from botocore.awsrequest import AWSRequest  # type: ignore[import-untyped]
from botocore.config import Config  # type: ignore[import-untyped]
from botocore.credentials import Credentials  # type: ignore[import-untyped]
from hypothesis import given
from hypothesis import strategies as st

from tests.test_sigv4 import aws_requests
from urlencoded import (
    MalformedSignature,
    SignatureError,
    SignatureMismatch,
    StaleSignature,
    serialize,
)
from urlencoded.dialects import AWS_SIGV4
from urlencoded.sigv4 import (
    SigV4,
    VerifiedRequest,
    canonical_query_string,
    presign_url,
    verify,
)

ACCESS_KEY = "AKIDEXAMPLE"
SECRET_KEY = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
SIGNED_AT = datetime.datetime(2024, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc)


def _at(seconds: float) -> datetime.datetime:
    return SIGNED_AT + datetime.timedelta(seconds=seconds)


@functools.cache
def _s3_client(style: str, region: str, token: str | None) -> Any:
    session = botocore.session.get_session()
    return session.create_client(
        "s3",
        region_name=region,
        aws_access_key_id=ACCESS_KEY,
        aws_secret_access_key=SECRET_KEY,
        aws_session_token=token,
        config=Config(signature_version="s3v4", s3={"addressing_style": style}),
    )


def _botocore_presigned(
    style: str, region: str, token: str | None, operation: str, params: dict[str, Any], expires: int
) -> str:
    client = _s3_client(style, region, token)
    naive = SIGNED_AT.replace(tzinfo=None)  # botocore's clock is naive UTC
    with mock.patch("botocore.auth.get_current_datetime", return_value=naive):
        return str(client.generate_presigned_url(operation, Params=params, ExpiresIn=expires))


# Object keys with what S3 escapes in a path: spaces, "+", "~", "/", sub-delimiters, non-ASCII.
_KEY_CHARACTERS = st.one_of(
    st.sampled_from([*"aZ09-._~ +/!*'()&=$,;:@%?#", "é", "日本", "😀"]),
    st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")),
)
_keys = st.lists(_KEY_CHARACTERS, min_size=1, max_size=12).map("".join)
_tokens = st.none() | st.sampled_from(["FQoGZXIvYXdzEPT//////////wEaD+/=", "token"])


@st.composite
def presign_cases(draw: st.DrawFn) -> dict[str, Any]:
    """A presigned S3 request: operation, bucket and key, style, region, token, lifetime."""
    operation = draw(st.sampled_from(["get_object", "put_object"]))
    params: dict[str, Any] = {"Bucket": "my-bucket", "Key": draw(_keys)}
    headers = {}
    if operation == "get_object" and draw(st.booleans()):
        params["ResponseContentDisposition"] = draw(
            st.sampled_from(['attachment; filename="a b.txt"', "inline", "x~y*z"])
        )
        params["VersionId"] = draw(st.sampled_from(["v1", "3/L4kqtJlcpXroDTDmJ+rmSpXd3dIbrHY"]))
    if operation == "put_object" and draw(st.booleans()):
        params["ContentType"] = draw(st.sampled_from(["text/plain", "image/png"]))
        headers["Content-Type"] = params["ContentType"]
    return {
        "operation": operation,
        "method": "GET" if operation == "get_object" else "PUT",
        "params": params,
        "headers": headers,
        "style": draw(st.sampled_from(["virtual", "path"])),
        "region": draw(st.sampled_from(["us-east-1", "eu-west-3", "ap-southeast-2"])),
        "token": draw(_tokens),
        "expires": draw(st.sampled_from([1, 60, 3600, 604800]) | st.integers(1, 604800)),
    }


def _presign_like(case: dict[str, Any], url: str) -> str:
    return presign_url(
        case["method"],
        url,
        access_key=ACCESS_KEY,
        secret_key=SECRET_KEY,
        region=case["region"],
        expires=case["expires"],
        session_token=case["token"],
        now=SIGNED_AT,
        headers=case["headers"],
    )


@given(presign_cases())
def test_presign_url_equals_botocores(case: dict[str, Any]) -> None:
    """presign_url gives botocore's generate_presigned_url byte for byte, for the same path and
    query: path and virtual-host style, with and without a session token, keys with spaces, ~,
    + and non-ASCII, with a Content-Type to sign and response parameters in the query."""
    expected = _botocore_presigned(
        case["style"],
        case["region"],
        case["token"],
        case["operation"],
        case["params"],
        case["expires"],
    )
    unsigned, _, query = expected.partition("?")
    given_query = query.partition("X-Amz-Algorithm=")[0].rstrip("&")
    url = unsigned + (f"?{given_query}" if given_query else "")
    assert _presign_like(case, url) == expected


@given(presign_cases())
def test_presign_url_escapes_a_raw_path_as_clients_send_it(case: dict[str, Any]) -> None:
    """A key written raw (spaces, non-ASCII) is escaped in the URL as clients send it; where
    that is botocore's escaping too (no sub-delimiters in the key), the URLs are equal."""
    key = case["params"]["Key"]
    # What a client leaves as it is in a path (sub-delimiters, "[", "@" ...) S3 keys escape.
    key = "".join(char for char in key if char.isalnum() or char in " ~/-._") or "k"
    case["params"] = {"Bucket": "my-bucket", "Key": key}
    case["headers"] = {}
    expected = _botocore_presigned(
        case["style"],
        case["region"],
        case["token"],
        case["operation"],
        case["params"],
        case["expires"],
    )
    raw = expected.partition("?")[0].replace(
        "/".join(AWS_SIGV4.encode(part) for part in key.split("/")), key
    )
    if "/my-bucket/" not in raw and "my-bucket." not in raw:  # the key was not in the path
        return
    assert _presign_like(case, raw) == expected


def test_presign_url_matches_the_aws_documentation() -> None:
    """AWS's worked example of a presigned GET (S3 API reference, query string auth)."""
    url = presign_url(
        "GET",
        "https://examplebucket.s3.amazonaws.com/test.txt",
        access_key="AKIAIOSFODNN7EXAMPLE",
        secret_key="wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        region="us-east-1",
        expires=86400,
        now="20130524T000000Z",
    )
    assert url.endswith(
        "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404"
    )


# --- verify: botocore's presigned URLs and signed requests ------------------------------------


def _host_of(url: str) -> str:
    return urlsplit(url).netloc


@given(presign_cases(), st.integers(-900, 604800))
def test_verify_accepts_botocores_presigned_urls(case: dict[str, Any], elapsed: int) -> None:
    """A botocore presigned URL verifies from 900 s before it was signed until it expires, and
    not after."""
    url = _botocore_presigned(
        case["style"],
        case["region"],
        case["token"],
        case["operation"],
        case["params"],
        case["expires"],
    )
    headers = {"Host": _host_of(url), **case["headers"]}
    if elapsed <= case["expires"]:
        got = verify(case["method"], url, headers=headers, secret_key=SECRET_KEY, now=_at(elapsed))
        assert isinstance(got, VerifiedRequest)
        assert (got.access_key, got.region, got.service) == (ACCESS_KEY, case["region"], "s3")
        assert (got.presigned, got.expires, got.session_token) == (
            True,
            case["expires"],
            case["token"],
        )
        assert got.payload_hash == "UNSIGNED-PAYLOAD"
    else:
        with pytest.raises(StaleSignature, match="expired"):
            verify(case["method"], url, headers=headers, secret_key=SECRET_KEY, now=_at(elapsed))


_NOT_HEX = "gkqzGKQZ"


@given(presign_cases(), st.data())
def test_verify_refuses_altered_presigned_urls(case: dict[str, Any], data: st.DataObject) -> None:
    """A botocore presigned URL with one character changed (host, path, a query name or value,
    the signature) is refused with a SignatureError; so is another method. (The scheme is not
    signed: SigV4 leaves it to TLS.)"""
    url = _botocore_presigned(
        case["style"],
        case["region"],
        case["token"],
        case["operation"],
        case["params"],
        case["expires"],
    )
    index = data.draw(st.integers(url.index("://") + 3, len(url) - 1))
    original = url[index]
    replacement = data.draw(
        st.sampled_from(_NOT_HEX).filter(lambda char: char.lower() != original.lower())
    )
    changed = url[:index] + replacement + url[index + 1 :]
    # The client sends the Host of the URL it was given.
    changed_headers = {"Host": _host_of(changed), **case["headers"]}
    with pytest.raises(SignatureError):
        verify(case["method"], changed, headers=changed_headers, secret_key=SECRET_KEY, now=_at(1))
    headers = {"Host": _host_of(url), **case["headers"]}
    with pytest.raises(SignatureError):
        verify("DELETE", url, headers=headers, secret_key=SECRET_KEY, now=_at(1))


def _botocore_signed(request: dict[str, Any]) -> tuple[str, list[tuple[str, str]]]:
    """The URL and headers of a request signed by botocore's SigV4Auth (S3SigV4Auth for S3)."""
    service = "s3" if request["s3"] else "execute-api"
    credentials = Credentials(ACCESS_KEY, SECRET_KEY, request["token"])
    signer = (S3SigV4Auth if request["s3"] else SigV4Auth)(credentials, service, request["region"])
    aws = AWSRequest(
        method=request["method"],
        url=f"http://{request['host']}{request['path']}",
        data=request["body"],
        params=request["query"],
    )
    for name, value in request["headers"]:
        aws.headers[name] = value
    naive = request["timestamp"].replace(tzinfo=None)
    with mock.patch("botocore.auth.get_current_datetime", return_value=naive):
        signer.add_auth(aws)
    prepared = aws.prepare()
    # The headers as signed: prepare() keeps one value of a name given twice, though both
    # were signed (then no server could verify the request).
    headers = list(aws.headers.items())
    if not any(name.lower() == "host" for name, _ in headers):
        headers.append(("Host", request["host"]))
    return prepared.url, headers


@given(aws_requests())
def test_verify_accepts_botocores_signed_requests(request: dict[str, Any]) -> None:
    """A request signed by botocore (header auth) verifies within 15 minutes of its time, and
    not after; a changed header value or body is refused."""
    url, headers = _botocore_signed(request)
    body = request["body"]
    at = request["timestamp"]
    got = verify(request["method"], url, headers=headers, body=body, secret_key=SECRET_KEY, now=at)
    assert (got.access_key, got.presigned, got.session_token) == (
        ACCESS_KEY,
        False,
        request["token"],
    )
    assert "host" in got.signed_headers
    late = at + datetime.timedelta(seconds=901)
    with pytest.raises(StaleSignature):
        verify(request["method"], url, headers=headers, body=body, secret_key=SECRET_KEY, now=late)
    with pytest.raises(SignatureMismatch):
        verify(
            request["method"], url, headers=headers, body=body + b"!", secret_key=SECRET_KEY, now=at
        )
    for index, (name, value) in enumerate(headers):
        if name.lower() in got.signed_headers and name.lower() != "host":
            altered = [*headers[:index], (name, value + "x"), *headers[index + 1 :]]
            with pytest.raises(SignatureError):
                verify(
                    request["method"],
                    url,
                    headers=altered,
                    body=body,
                    secret_key=SECRET_KEY,
                    now=at,
                )


@given(aws_requests())
def test_verify_accepts_sigv4_signed_requests(request: dict[str, Any]) -> None:
    """What SigV4.sign adds to a request verifies, with the session token given back."""
    service = "s3" if request["s3"] else "execute-api"
    auth = SigV4(
        ACCESS_KEY,
        SECRET_KEY,
        region=request["region"],
        service=service,
        session_token=request["token"],
        timestamp=request["timestamp"],
    )
    url = f"https://{request['host']}{request['path']}?{serialize(request['query'])}"
    headers = [*request["headers"], ("Host", request["host"])]
    added = auth.sign(request["method"], url, headers=headers, body=request["body"])
    got = verify(
        request["method"],
        url,
        headers=[*headers, *added.items()],
        body=request["body"],
        secret_key={ACCESS_KEY: SECRET_KEY}.get,
        region=request["region"],
        service=service,
        now=request["timestamp"],
    )
    assert got.session_token == request["token"]


# --- the two canonical forms of a query --------------------------------------------------------

_QUERY_CHARACTERS = st.sampled_from(
    [*"aZ09-._~!$'()*+,;=:@/?", "%20", "%7E", "%2B", "%41", "&", "="]
)


@given(st.lists(_QUERY_CHARACTERS, max_size=20).map("".join))
def test_as_sent_equals_botocores_canonical_query(query: str) -> None:
    """canonical_query_string(as_sent=True) is botocore's canonical query of a URL's query."""
    botocore_signer = SigV4Auth(Credentials("a", "b"), "s", "r")
    expected = botocore_signer._canonical_query_string_url(urlsplit(f"http://h/?{query}"))
    assert canonical_query_string(query, as_sent=True) == expected


@given(st.lists(st.tuples(st.text(max_size=5), st.text(max_size=5)), max_size=5))
def test_the_two_forms_agree_on_queries_in_aws_encoding(pairs: list[tuple[str, str]]) -> None:
    """For a query written as AWS encodes it (as botocore writes params=), both forms agree."""
    query = "&".join(f"{AWS_SIGV4.encode(name)}={AWS_SIGV4.encode(value)}" for name, value in pairs)
    assert canonical_query_string(query, as_sent=True) == canonical_query_string(query)


def test_queries_that_tell_the_forms_apart() -> None:
    """The documented example: '+', '%7E' and '*' are read differently by the two forms, and a
    request signed either way verifies."""
    query = "q=a+b&tag=%7E*"
    assert canonical_query_string(query) == "q=a%20b&tag=~%2A"
    assert canonical_query_string(query, as_sent=True) == "q=a+b&tag=%7E*"
    url = f"https://h.example/p?{query}"
    for as_sent in (False, True):
        signer = SigV4Auth(Credentials(ACCESS_KEY, SECRET_KEY), "execute-api", "us-east-1")
        aws = AWSRequest(method="GET", url=url)
        with mock.patch(
            "botocore.auth.get_current_datetime", return_value=SIGNED_AT.replace(tzinfo=None)
        ):
            signer.add_auth(aws)
        if not as_sent:  # sign the decoded form instead
            auth = SigV4(
                ACCESS_KEY,
                SECRET_KEY,
                region="us-east-1",
                service="execute-api",
                timestamp=SIGNED_AT,
            )
            headers = {"Host": "h.example", **auth.sign("GET", url)}
        else:
            headers = dict(aws.headers.items())
        assert (
            verify("GET", url, headers=headers, secret_key=SECRET_KEY, now=SIGNED_AT).access_key
            == ACCESS_KEY
        )
    with pytest.raises(ValueError, match="clients escape"):
        canonical_query_string("q=a b", as_sent=True)
    with pytest.raises(ValueError, match="clients escape"):
        canonical_query_string("q=é", as_sent=True)


# --- each error, and the statuses --------------------------------------------------------------


def _header_signed(**kwargs: Any) -> tuple[str, dict[str, str]]:
    url = "https://b.s3.amazonaws.com/k?x=1"
    auth = SigV4(
        ACCESS_KEY, SECRET_KEY, region="us-east-1", service="s3", timestamp=SIGNED_AT, **kwargs
    )
    return url, {"Host": "b.s3.amazonaws.com", **auth.sign("GET", url)}


def _check(url: str, headers: Any, **kwargs: Any) -> VerifiedRequest:
    kwargs.setdefault("secret_key", SECRET_KEY)
    kwargs.setdefault("now", SIGNED_AT)
    return verify("GET", url, headers=headers, **kwargs)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda h: {**h, "Authorization": h["Authorization"].replace("Credential=", "Cred=")},
            "Cred=",
        ),
        (
            lambda h: {**h, "Authorization": h["Authorization"] + ", Signature=00"},
            "repeats Signature",
        ),
        (
            lambda h: {**h, "Authorization": h["Authorization"].split(", Signature")[0]},
            "no Signature",
        ),
        (lambda h: {**h, "Authorization": h["Authorization"][:-1] + "G"}, "64 lower-case hex"),
        (lambda h: {k: v for k, v in h.items() if k != "X-Amz-Date"}, "no X-Amz-Date header"),
        (lambda h: {**h, "X-Amz-Date": "20240102"}, "X-Amz-Date is not a time"),
        (lambda h: {**h, "X-Amz-Date": "20240103T030405Z"}, "credential's day"),
        (lambda h: {**h, "X-Amz-Meta-Unsigned": "1"}, "x-amz-meta-unsigned header is not signed"),
        (
            lambda h: {k: v for k, v in h.items() if k != "X-Amz-Content-SHA256"},
            "signed header x-amz-content-sha256 is not in",
        ),
        (lambda h: {**h, "X-Amz-Date": "a\r\nb"}, "CR, LF or NUL"),
        (
            lambda h: [*h.items(), ("Authorization", h["Authorization"])],
            "more than one Authorization",
        ),
        (
            lambda h: {**h, "X-Amz-Content-SHA256": "STREAMING-AWS4-HMAC-SHA256-PAYLOAD"},
            "streaming",
        ),
        (lambda h: {**h, "X-Amz-Content-SHA256": "abc"}, "not a SHA-256"),
        (lambda h: {"Host": h["Host"]}, "not signed"),
    ],
)
def test_malformed_header_signatures_are_400(change: Any, message: str) -> None:
    """An Authorization header or its companions that cannot be read is a MalformedSignature."""
    url, headers = _header_signed()
    with pytest.raises(MalformedSignature, match=message) as raised:
        _check(url, change(headers))
    assert raised.value.status == 400
    assert raised.value.scheme == "AWS4-HMAC-SHA256"


def test_scope_and_credentials() -> None:
    """The credential must be for the region and service given; an unknown access key or a
    wrong secret is a SignatureMismatch (401)."""
    url, headers = _header_signed(session_token="tok")
    assert _check(url, headers, region="us-east-1", service="s3").session_token == "tok"
    with pytest.raises(MalformedSignature, match="region 'us-east-1', not 'eu-west-1'"):
        _check(url, headers, region="eu-west-1")
    with pytest.raises(MalformedSignature, match="service 's3', not 'sts'"):
        _check(url, headers, service="sts")
    with pytest.raises(SignatureMismatch, match="unknown access key") as raised:
        _check(url, headers, secret_key={}.get)
    assert raised.value.status == 401
    with pytest.raises(SignatureMismatch):
        _check(url, headers, secret_key="other")
    with pytest.raises(TypeError):
        _check(url, headers, secret_key=lambda key: 5)


def test_clock_skew_of_signed_headers() -> None:
    """X-Amz-Date may be max_skew seconds from now, either way."""
    url, headers = _header_signed()
    for seconds in (-900, 0, 900):
        _check(url, headers, now=_at(seconds))
    for seconds in (-901, 901):
        with pytest.raises(StaleSignature, match="max_skew=900"):
            _check(url, headers, now=_at(seconds))
    _check(url, headers, now=_at(3600), max_skew=3600)


def test_presigned_url_errors() -> None:
    """A presigned URL used too early, too late, with its parameters broken, or with a header
    signature as well, is refused with the matching class."""
    url = presign_url(
        "GET",
        "https://b.s3.amazonaws.com/k",
        access_key=ACCESS_KEY,
        secret_key=SECRET_KEY,
        region="us-east-1",
        now=SIGNED_AT,
        expires=60,
    )
    headers = {"Host": "b.s3.amazonaws.com"}
    _check(url, headers, now=_at(60))
    with pytest.raises(StaleSignature, match="expired 1 s ago"):
        _check(url, headers, now=_at(61))
    with pytest.raises(StaleSignature, match="in the future"):
        _check(url, headers, now=_at(-901))
    for old, new, message in (
        ("X-Amz-Expires=60", "X-Amz-Expires=604801", "X-Amz-Expires must be"),
        ("X-Amz-Expires=60", "X-Amz-Expires=x", "X-Amz-Expires must be"),
        ("X-Amz-Algorithm=AWS4-HMAC-SHA256", "X-Amz-Algorithm=AWS4-HMAC-SHA1", "X-Amz-Algorithm"),
        ("&X-Amz-Date=", "&X-Amz-Dat=", "no X-Amz-Date"),
        ("X-Amz-SignedHeaders=host", "X-Amz-SignedHeaders=x-a", "must include host"),
        ("X-Amz-SignedHeaders=host", "X-Amz-SignedHeaders=host%3Bhost", "repeats"),
        ("?X-Amz-", "?X-Amz-Date=1&X-Amz-", "repeats X-Amz-Date"),
    ):
        with pytest.raises(MalformedSignature, match=message):
            _check(url.replace(old, new), headers)
    _, signed = _header_signed()
    with pytest.raises(MalformedSignature, match="both the Authorization header and the query"):
        _check(url, {**signed, **headers})
    with pytest.raises(MalformedSignature, match="not signed"):
        _check("https://b.s3.amazonaws.com/k", headers)


def test_body_hash_is_checked() -> None:
    """X-Amz-Content-SHA256 is compared with the body given; UNSIGNED-PAYLOAD leaves it."""
    url = "https://b.s3.amazonaws.com/k"
    auth = SigV4(ACCESS_KEY, SECRET_KEY, region="us-east-1", service="s3", timestamp=SIGNED_AT)
    headers = {"Host": "b.s3.amazonaws.com", **auth.sign("PUT", url, body=b"data")}
    assert verify("PUT", url, headers=headers, body=b"data", secret_key=SECRET_KEY, now=SIGNED_AT)
    verify("PUT", url, headers=headers, secret_key=SECRET_KEY, now=SIGNED_AT)  # body not at hand
    with pytest.raises(SignatureMismatch, match="body's SHA-256"):
        verify("PUT", url, headers=headers, body=b"dat4", secret_key=SECRET_KEY, now=SIGNED_AT)


def test_wrong_argument_types() -> None:
    """The server's arguments of the wrong type are TypeErrors; a bad max_skew a ValueError."""
    url, headers = _header_signed()
    for kwargs, error in (
        ({"max_skew": True}, TypeError),
        ({"max_skew": -1}, ValueError),
        ({"secret_key": None}, TypeError),
        ({"region": 1}, TypeError),
        ({"now": "yesterday"}, ValueError),
        ({"s3": "yes"}, TypeError),
    ):
        with pytest.raises(error):
            _check(url, headers, **kwargs)
    with pytest.raises(TypeError):
        verify("GET", url, headers="Host: h", secret_key=SECRET_KEY)  # type: ignore[arg-type]
