"""urlencoded.oauth1: RFC 5849's examples, oauthlib and the reference agree, the auth class."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
import requests
from hypothesis import given
from hypothesis import strategies as st
from oauthlib.oauth1 import Client  # type: ignore[import-untyped]
from oauthlib.oauth1.rfc5849 import (  # type: ignore[import-untyped]
    signature as oauthlib_signature,
)

from tests import reference_oauth1 as ref
from tests.test_clients import url as url  # the echo server fixture
from urlencoded import serialize
from urlencoded.oauth1 import (
    OAuth1,
    authorization_header,
    base_string_uri,
    signature,
    signature_base_string,
)

FORM = {"Content-Type": "application/x-www-form-urlencoded"}

# RFC 5849 §3.4.1.1: the request, and its signature base string as printed there
# (line breaks removed).
RFC_URL = "http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b"
RFC_BODY = "c2&a3=2+q"
RFC_PROTOCOL = [
    ("oauth_consumer_key", "9djdj82h48djs9d2"),
    ("oauth_token", "kkk9d7dh3k39sjv7"),
    ("oauth_signature_method", "HMAC-SHA1"),
    ("oauth_timestamp", "137131201"),
    ("oauth_nonce", "7d8f3e4a"),
]
RFC_BASE_STRING = (
    "POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q"
    "%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_"
    "key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_m"
    "ethod%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk"
    "9d7dh3k39sjv7"
)
# RFC 5849 §3.4.1.3.2: the same parameters, normalized.
RFC_NORMALIZED = (
    "a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2=&oauth_consumer_key=9dj"
    "dj82h48djs9d2&oauth_nonce=7d8f3e4a&oauth_signature_method=HMAC-SHA1"
    "&oauth_timestamp=137131201&oauth_token=kkk9d7dh3k39sjv7"
)


def test_rfc5849_section_3_4_1_1_base_string() -> None:
    """The §3.4.1.1 example request gives the base string printed in the RFC, byte for byte."""
    for body in (RFC_BODY, RFC_BODY.encode(), [("c2", ""), ("a3", "2 q")]):
        got = signature_base_string("POST", RFC_URL, body=body, oauth_params=RFC_PROTOCOL)
        assert got == RFC_BASE_STRING
    # The signature in the header is left out, as §3.4.1.3.1 says.
    with_signature = [*RFC_PROTOCOL, ("oauth_signature", "bYT5CMsGcbgUdFHObYMEfcx6bsw=")]
    got = signature_base_string("POST", RFC_URL, body=RFC_BODY, oauth_params=with_signature)
    assert got == RFC_BASE_STRING
    assert got.split("&")[2] == ref.encode(RFC_NORMALIZED.encode())


def test_rfc5849_section_3_4_1_2_base_string_uris() -> None:
    """§3.4.1.2's two examples, and the rules for ports, empty paths and user information."""
    assert base_string_uri("HTTP://EXAMPLE.com:80/r%20v/X?id=123") == "http://example.com/r%20v/X"
    assert base_string_uri("https://www.example.net:8080/?q=1") == "https://www.example.net:8080/"
    assert base_string_uri("https://user:pw@Example.COM:443") == "https://example.com/"
    assert base_string_uri("http://example.com:443/#f") == "http://example.com:443/"
    assert base_string_uri("http://[::1]:8080/a") == "http://[::1]:8080/a"
    # The path as clients send it: non-ASCII and spaces escaped, escapes kept.
    assert base_string_uri("http://h/café a/%7E") == "http://h/caf%C3%A9%20a/%7E"


def test_rfc5849_section_1_2_signature() -> None:
    """§1.2's example request signs to the signature printed in the RFC."""
    protocol = {
        "oauth_consumer_key": "dpf43f3p2l4k3l03",
        "oauth_token": "nnch734d00sl2jdk",
        "oauth_signature_method": "HMAC-SHA1",
        "oauth_timestamp": "137131202",
        "oauth_nonce": "chapoH",
    }
    args: dict[str, Any] = {
        "oauth_params": protocol,
        "client_secret": "kd94hf93k423kf44",
        "token_secret": "pfkkdhi9sl3r4s00",
    }
    url = "http://photos.example.net/photos?file=vacation.jpg&size=original"
    assert signature("GET", url, **args) == "MdpQcU8iPSUjWoN/UDMsK2sui9I="
    header = authorization_header("GET", url, realm="Photos", **args)
    assert header.startswith('OAuth realm="Photos", oauth_consumer_key="dpf43f3p2l4k3l03", ')
    assert header.endswith(', oauth_signature="MdpQcU8iPSUjWoN%2FUDMsK2sui9I%3D"')


def test_plaintext_signature_is_the_encoded_secrets() -> None:
    """§3.4.4: PLAINTEXT is both secrets encoded and joined by &, even when one is empty."""
    protocol = {"oauth_signature_method": "PLAINTEXT"}
    got = signature(
        "GET", "http://h/", oauth_params=protocol, client_secret="a b&", token_secret=""
    )
    assert got == "a%20b%26&"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"body": '{"json": 1}'}, "not application/x-www-form-urlencoded"),
        ({"body": "a=%zz"}, "not application/x-www-form-urlencoded"),
        ({"body": "q=café"}, "not ASCII"),
        ({"body": "oauth_nonce=2"}, "duplicate protocol parameter 'oauth_nonce'"),
        ({"url": "http://h/?oauth_nonce=2"}, "duplicate protocol parameter"),
        ({"oauth_params": [("oauth_nonce", "1"), ("oauth_nonce", "2")]}, "duplicate"),
        ({"oauth_params": [("realm", "x")]}, "oauth_"),
        ({"url": "http://пример.рф/"}, "host must be ASCII"),
        ({"url": "hťtp://h/"}, "ASCII"),
        ({"url": "/relative"}, "absolute"),
        ({"url": "http://h:99999/"}, "port"),
        ({"url": "http://h:0/"}, "port"),
    ],
)
def test_bad_input_is_a_clear_value_error(kwargs: dict[str, Any], message: str) -> None:
    """A body that is not form data, a repeated protocol parameter or a bad URL is a ValueError."""
    args: dict[str, Any] = {"url": "http://h/", "oauth_params": [("oauth_nonce", "1")]}
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        signature_base_string("POST", args.pop("url"), **args)


def test_wrong_types_are_type_errors() -> None:
    """A method, URL, pair or secret of the wrong type raises TypeError."""
    with pytest.raises(TypeError):
        signature_base_string(b"GET", "http://h/", oauth_params={})  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        signature_base_string("GET", b"http://h/", oauth_params={})  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        signature_base_string("GET", "http://h/", body=[("a", None)], oauth_params={})
    with pytest.raises(TypeError):
        signature_base_string("GET", "http://h/", oauth_params={"oauth_a": True})
    with pytest.raises(TypeError):
        signature_base_string("GET", "http://h/", oauth_params="oauth_a=1")  # type: ignore[arg-type]
    protocol = {"oauth_signature_method": "HMAC-SHA1"}
    with pytest.raises(TypeError):
        signature("GET", "http://h/", oauth_params=protocol, client_secret=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        OAuth1(b"key")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"signs httpx\.Request"):
        OAuth1("key")("http://h/")


def test_signature_method_and_realm_are_checked() -> None:
    """An unknown or missing signature method, and a realm that needs quoting, are ValueErrors."""
    with pytest.raises(ValueError, match="RSA-SHA1"):
        signature(
            "GET",
            "http://h/",
            oauth_params={"oauth_signature_method": "RSA-SHA1"},
            client_secret="",
        )
    with pytest.raises(ValueError, match="oauth_signature_method"):
        signature("GET", "http://h/", oauth_params={}, client_secret="")
    with pytest.raises(ValueError, match="realm"):
        OAuth1("key", realm='a"b')
    with pytest.raises(ValueError, match="computed"):
        authorization_header(
            "GET",
            "http://h/",
            oauth_params={"oauth_signature_method": "PLAINTEXT", "oauth_signature": "x"},
            client_secret="",
        )
    with pytest.raises(ValueError, match="HMAC-SHA1"):
        OAuth1("key", signature_method="HMAC-MD5")


# --- properties ------------------------------------------------------------------------

_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=6)
# Protocol parameters go into the Authorization header: no CR, LF or NUL.
_protocol_text = st.text(
    st.characters(exclude_categories=("Cs",), exclude_characters="\r\n\0"), max_size=6
)
_names: st.SearchStrategy[str] = _text.filter(lambda name: not name.startswith("oauth_"))
_pairs = st.lists(st.tuples(st.sampled_from(["a", "b", "A", "é"]) | _names, _text), max_size=5)
_secrets = st.text(st.characters(exclude_categories=("Cs",)), max_size=8)
_hosts = st.from_regex(r"[A-Za-z][A-Za-z0-9-]{0,8}(\.[A-Za-z]{2,4}){0,2}", fullmatch=True)
_ports = st.none() | st.sampled_from([80, 443, 8080]) | st.integers(1, 65535)
# Path segments of RFC 3986 pchar, with spaces and escapes: what oauthlib and clients agree on.
_segments = st.lists(
    st.sampled_from([*"abcXYZ019-._~!$&'()*+,;=:@ ", "%7E", "%20", "%2F", "%C3%A9"]),
    max_size=6,
).map("".join)
# Not ending in ";": oauthlib's urlparse/urlunparse drop an empty ";params" there, though
# clients send it (http://h/x; is signed as http://h/x by oauthlib, as sent here).
_paths: st.SearchStrategy[str] = (
    st.lists(_segments, max_size=3)
    .map(lambda parts: "".join("/" + part for part in parts))
    .filter(lambda path: not path.endswith(";"))
)


@st.composite
def requests_to_sign(draw: st.DrawFn) -> dict[str, Any]:
    """A request: method, URL with mixed-case host and a port, query and form body pairs."""
    scheme = draw(st.sampled_from(["http", "https", "HTTP", "Https"]))
    host = draw(_hosts)
    port = draw(_ports)
    query = draw(_pairs)
    body = draw(st.none() | _pairs)
    method = draw(st.sampled_from(["POST", "PUT", "patch"]) if body is not None else st.just("GET"))
    path = draw(_paths)
    url = f"{scheme}://{host}{'' if port is None else f':{port}'}{path}"
    if query:
        url += "?" + serialize(query)
    return {
        "method": method,
        "url": url,
        "parts": (scheme, host, None if port is None else str(port), path),
        "body": None if body is None else serialize(body),
        "pairs": body,
    }


@st.composite
def credentials(draw: st.DrawFn) -> dict[str, Any]:
    """OAuth1 and oauthlib Client arguments: keys, secrets, method, realm, nonce, timestamp."""
    return {
        "client_key": draw(_protocol_text),
        "client_secret": draw(_secrets),
        "token": draw(st.none() | _protocol_text.filter(bool)),
        "token_secret": draw(_secrets),
        "signature_method": draw(st.sampled_from(["HMAC-SHA1", "HMAC-SHA256", "PLAINTEXT"])),
        "realm": draw(st.none() | st.from_regex(r"[A-Za-z0-9 .@]{1,10}", fullmatch=True)),
        "callback": draw(st.none() | st.just("https://client.example/cb?x=1 2")),
        "verifier": draw(st.none() | _protocol_text.filter(bool)),
        "nonce": draw(_protocol_text.filter(bool)),
        "timestamp": str(draw(st.integers(0, 2**31))),
    }


def _oauthlib_client(creds: dict[str, Any]) -> Client:
    return Client(
        creds["client_key"],
        client_secret=creds["client_secret"],
        resource_owner_key=creds["token"],
        resource_owner_secret=creds["token_secret"],
        signature_method=creds["signature_method"],
        realm=creds["realm"],
        callback_uri=creds["callback"],
        verifier=creds["verifier"],
        nonce=creds["nonce"],
        timestamp=creds["timestamp"],
    )


@given(requests_to_sign(), credentials())
def test_agrees_with_oauthlib(request: dict[str, Any], creds: dict[str, Any]) -> None:
    """The base string, signature and Authorization header equal oauthlib's for the same request."""
    auth = OAuth1(**creds)
    protocol = auth.oauth_params()
    body = request["body"]
    # The base string, from oauthlib's own steps.
    query = request["url"].partition("?")[2]
    collected = oauthlib_signature.collect_parameters(uri_query=query, body=body or [])
    expected_base = oauthlib_signature.signature_base_string(
        request["method"].upper(),
        oauthlib_signature.base_string_uri(request["url"]),
        oauthlib_signature.normalize_parameters(collected + protocol),
    )
    base = signature_base_string(
        request["method"], request["url"], body=body, oauth_params=protocol
    )
    assert base == expected_base
    # The same body given as pairs signs the same.
    if request["pairs"] is not None:
        from_pairs = signature_base_string(
            request["method"], request["url"], body=request["pairs"], oauth_params=protocol
        )
        assert from_pairs == base
    # The whole header, signature included, from oauthlib's Client.
    headers = FORM if body is not None else None
    _, signed, _ = _oauthlib_client(creds).sign(request["url"], request["method"], body, headers)
    assert auth.sign(request["method"], request["url"], body=body) == signed["Authorization"]


@given(requests_to_sign(), credentials())
def test_agrees_with_the_reference(request: dict[str, Any], creds: dict[str, Any]) -> None:
    """signature_base_string and signature equal the step-by-step transcription of RFC 5849."""
    protocol = OAuth1(**creds).oauth_params()
    scheme, host, port, path = request["parts"]
    uri = ref.base_string_uri(scheme, host, port, path.replace(" ", "%20"))
    query = request["url"].partition("?")[2].encode("ascii")
    body = None if request["body"] is None else request["body"].encode("ascii")
    expected = ref.signature_base_string(request["method"], uri, query, body, protocol)
    got = signature_base_string(
        request["method"], request["url"], body=request["body"], oauth_params=protocol
    )
    assert got == expected
    expected_signature = ref.sign(
        creds["signature_method"], expected, creds["client_secret"], creds["token_secret"]
    )
    assert (
        signature(
            request["method"],
            request["url"],
            body=request["body"],
            oauth_params=protocol,
            client_secret=creds["client_secret"],
            token_secret=creds["token_secret"],
        )
        == expected_signature
    )


@given(st.binary(max_size=40))
def test_bytes_bodies_sign_or_raise_value_error(body: bytes) -> None:
    """Any bytes body is either signed as form data or refused with ValueError, nothing else."""
    if ref.is_form_body(body):
        got = signature_base_string("POST", "http://h/", body=body, oauth_params={})
        assert got == ref.signature_base_string("POST", "http://h/", b"", body, [])
    else:
        with pytest.raises(ValueError, match="body is not application/x-www-form-urlencoded"):
            signature_base_string("POST", "http://h/", body=body, oauth_params={})


# --- the auth class under httpx and requests -----------------------------------------------


def _expected(auth: OAuth1, method: str, target: str, body: str | None, base: str) -> str:
    """The header the server should see, computed again from what it received."""
    return authorization_header(
        method,
        base + target,
        body=body,
        oauth_params=auth.oauth_params(),
        client_secret=auth.client_secret,
        token_secret=auth.token_secret,
        realm=auth.realm,
    )


def _auth() -> OAuth1:
    return OAuth1(
        "key",
        "sécret",
        token="tok",
        token_secret="t&s",
        realm="Example",
        nonce="n0",
        timestamp="42",
    )


def test_oauth1_signs_httpx_and_requests_requests(url: str) -> None:
    """OAuth1 as auth= signs what httpx (sync and async) and requests send, body included."""
    from urlencoded.clients import httpx_request, requests_prepare

    base = url.rsplit("/", 1)[0]
    pairs = [("q", "~ *'!()"), ("q", ""), ("x", "日本")]
    auth = _auth()
    seen = []
    with httpx.Client(timeout=10, auth=auth) as client:
        seen.append(client.send(httpx_request("POST", url, params=pairs, data=pairs)).json())
        seen.append(client.get(url, params={"a": "b"}).json())

    async def send() -> dict[str, str]:
        async with httpx.AsyncClient(timeout=10, auth=auth) as client:
            answer = await client.send(httpx_request("PUT", url, data=pairs))
            return dict(answer.json())

    seen.append(asyncio.run(send()))
    with requests.Session() as session:
        session.auth = auth
        prepared = requests_prepare("POST", url, params=pairs, data=pairs, session=session)
        seen.append(session.send(prepared, timeout=10).json())
        seen.append(requests.post(url, data={"k": "v w"}, auth=auth, timeout=10).json())
        seen.append(requests.post(url, json={"k": 1}, auth=auth, timeout=10).json())
    methods = ["POST", "GET", "PUT", "POST", "POST", "POST"]
    for method, got in zip(methods, seen):
        form = got["content_type"] == FORM["Content-Type"]
        body = got["body"] if form else None
        assert got["authorization"] == _expected(auth, method, got["target"], body, base), got
    assert seen[-1]["content_type"] == "application/json"


def test_oauth1_auth_flow_and_fresh_nonces() -> None:
    """auth_flow yields the signed request once; by default each request gets a new nonce."""
    auth = OAuth1("key", "secret")
    flow = auth.auth_flow(httpx.Request("GET", "http://h/"))
    request = next(flow)
    assert request.headers["Authorization"].startswith("OAuth oauth_nonce=")
    with pytest.raises(StopIteration):
        next(flow)
    nonces = {dict(auth.oauth_params())["oauth_nonce"] for _ in range(5)}
    assert len(nonces) == 5
    assert json.dumps(repr(auth))


@given(st.text(max_size=40), st.one_of(st.none(), st.text(max_size=20), st.binary(max_size=20)))
def test_untrusted_urls_and_bodies_raise_only_value_errors(url: str, body: Any) -> None:
    """Any URL and body either sign or raise ValueError, never another exception."""
    protocol = {"oauth_signature_method": "HMAC-SHA1", "oauth_nonce": "n"}
    try:
        header = authorization_header(
            "POST", url, body=body, oauth_params=protocol, client_secret=""
        )
    except ValueError:
        return
    assert header.isascii()
    assert header.startswith('OAuth oauth_signature_method="HMAC-SHA1"')


# --- what goes into the header, lone surrogates, the rule for values ----------------------

PLAINTEXT = {"oauth_signature_method": "PLAINTEXT"}


def _value_error(call: Any, message: str) -> None:
    """call() raises a ValueError (never a UnicodeError) whose message holds *message*."""
    with pytest.raises(ValueError, match=message) as raised:
        call()
    assert not isinstance(raised.value, UnicodeError), repr(raised.value)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"client_key": "key\r\nX-Injected: 1"},
        {"client_key": "key\n"},
        {"token": "t\r"},
        {"callback": "https://c.example/\r\nX: 1"},
        {"verifier": "v\0"},
        {"nonce": "n\n"},
        {"timestamp": "1\r\n"},
        {"client_key": "k\ud800"},
        {"token": "\udfff"},
    ],
)
def test_oauth1_refuses_header_breaking_text_at_construction(kwargs: dict[str, str]) -> None:
    """A key, token, callback, verifier, nonce or timestamp with CR, LF, NUL or a lone
    surrogate is a ValueError from OAuth1(...), not a header sent later."""
    args: dict[str, Any] = {"client_key": "key", **kwargs}
    _value_error(lambda: OAuth1(**args), "CR, LF or NUL|lone surrogate")


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ([("oauth_consumer_key", "k\r\nX-Injected: 1")], "CR, LF or NUL"),
        ([("oauth_token", "t\n")], "CR, LF or NUL"),
        ([("oauth_nonce", "\0")], "CR, LF or NUL"),
        ([("oauth_callback", "\ud800")], "lone surrogate"),
        ([("oauth_é", "1")], "printable ASCII"),
        ([("oauth_\ud800", "1")], "printable ASCII"),
        ([("oauth_a\nb", "1")], "printable ASCII"),
    ],
)
def test_protocol_parameters_are_header_text(params: list[tuple[str, str]], message: str) -> None:
    """Every protocol parameter is checked where the header is built: a CR, LF, NUL or lone
    surrogate in a value, or a name that is not printable ASCII, is a ValueError."""
    for function in (authorization_header, signature):
        _value_error(
            lambda function=function: function(
                "GET", "http://h/", oauth_params=[*params, *PLAINTEXT.items()], client_secret=""
            ),
            message,
        )
    _value_error(lambda: signature_base_string("GET", "http://h/", oauth_params=params), message)


def test_realm_with_cr_or_lf_is_refused() -> None:
    """A realm holding CR or LF never reaches the header."""
    for realm in ("a\r\nX-Injected: 1", "a\n", "a\rb"):
        _value_error(lambda realm=realm: OAuth1("key", realm=realm), "realm")
        _value_error(
            lambda realm=realm: authorization_header(
                "GET", "http://h/", oauth_params=PLAINTEXT, client_secret="", realm=realm
            ),
            "realm",
        )


def test_headers_built_hold_no_line_breaks() -> None:
    """Text that is valid but unusual (non-ASCII, quotes, commas) is percent-encoded into one
    header line, with the parameters given and nothing more."""
    auth = OAuth1('k, oauth_signature="x"', "s", token='ключ"', nonce="n", timestamp="1")
    header = auth.sign("GET", "http://h/")
    assert header.isascii()
    assert header.isprintable()
    assert header.count("oauth_signature=") == 1
    assert 'oauth_consumer_key="k%2C%20oauth_signature%3D%22x%22"' in header


def test_lone_surrogates_are_value_errors_not_silent() -> None:
    """A secret, URL or body value with a lone surrogate is refused, never signed as U+FFFD
    or as bytes no client sends."""
    _value_error(
        lambda: signature("GET", "http://h/", oauth_params=PLAINTEXT, client_secret="\ud800"),
        "client_secret holds a lone surrogate",
    )
    _value_error(
        lambda: signature(
            "GET", "http://h/", oauth_params=PLAINTEXT, client_secret="", token_secret="a\udc80"
        ),
        "token_secret holds a lone surrogate",
    )
    _value_error(lambda: OAuth1("key", "\ud800"), "client_secret")
    for bad_url in ("http://h/\ud800", "http://h/?a=\ud800", "http://h/?\udfff=1"):
        _value_error(
            lambda bad_url=bad_url: signature_base_string("GET", bad_url, oauth_params={}),
            "url holds a lone surrogate",
        )
        _value_error(lambda bad_url=bad_url: base_string_uri(bad_url), "url holds a lone surrogate")
    _value_error(
        lambda: signature_base_string("POST", "http://h/", body=[("a", "\ud800")], oauth_params={}),
        "lone surrogate",
    )


def test_method_must_be_an_http_token() -> None:
    """The method is an HTTP token: a space, a line break or a lone surrogate is a ValueError."""
    for method in ("GET X", "GET\r\n", "\ud800", ""):
        _value_error(
            lambda method=method: signature_base_string(method, "http://h/", oauth_params={}),
            "method",
        )


def test_values_follow_the_library_rule() -> None:
    """Protocol parameters and body values may be int or float, written as Python writes
    them; bool and None are TypeErrors that say why."""
    as_text = signature_base_string(
        "POST",
        "http://h/",
        body=[("n", "2"), ("x", "0.5")],
        oauth_params=[("oauth_timestamp", "137131201"), ("oauth_nonce", "7")],
    )
    as_numbers = signature_base_string(
        "POST",
        "http://h/",
        body=[("n", 2), ("x", 0.5)],
        oauth_params=[("oauth_timestamp", 137131201), ("oauth_nonce", 7)],
    )
    assert as_numbers == as_text
    assert OAuth1("k", nonce=7, timestamp=137131201).oauth_params()[:2] == [
        ("oauth_nonce", "7"),
        ("oauth_timestamp", "137131201"),
    ]
    for bad in (True, None):
        with pytest.raises(TypeError, match="differs between Python"):
            signature_base_string("GET", "http://h/", oauth_params=[("oauth_nonce", bad)])  # type: ignore[list-item]
        with pytest.raises(TypeError, match="differs between Python"):
            signature_base_string("POST", "http://h/", body=[("a", bad)], oauth_params={})
    # None is the default (a fresh nonce): True is refused, from a function too.
    with pytest.raises(TypeError, match="differs between Python"):
        OAuth1("k", nonce=True)
    with pytest.raises(TypeError, match="differs between Python"):
        OAuth1("k", timestamp=lambda: False).oauth_params()


def test_protocol_parameters_may_be_a_one_pass_iterable() -> None:
    """signature and authorization_header read oauth_params once, so a generator works."""
    protocol = [("oauth_signature_method", "HMAC-SHA1"), ("oauth_nonce", "n")]
    expected = signature("GET", "http://h/", oauth_params=protocol, client_secret="s")
    assert signature("GET", "http://h/", oauth_params=iter(protocol), client_secret="s") == expected
    header = authorization_header(
        "GET", "http://h/", oauth_params=iter(protocol), client_secret="s"
    )
    assert header.endswith(f'oauth_signature="{ref.encode(expected.encode())}"')
