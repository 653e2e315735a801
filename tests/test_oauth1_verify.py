"""urlencoded.oauth1.verify: round trips with oauthlib both ways, tampering, the error classes."""

from __future__ import annotations

import base64
import hashlib
import hmac
import pickle
import time
from typing import Any, Callable
from unittest import mock

import pytest
from hypothesis import assume, event, given
from hypothesis import strategies as st
from oauthlib.oauth1 import (  # type: ignore[import-untyped]
    SIGNATURE_TYPE_AUTH_HEADER,
    SIGNATURE_TYPE_BODY,
    SIGNATURE_TYPE_QUERY,
    Client,
    RequestValidator,
    SignatureOnlyEndpoint,
)
from oauthlib.oauth1.rfc5849 import signature as oauthlib_signature  # type: ignore[import-untyped]
from oauthlib.oauth1.rfc5849 import utils as oauthlib_utils

import urlencoded
from tests.test_oauth1 import RFC_BASE_STRING, RFC_BODY, RFC_URL, credentials, requests_to_sign
from urlencoded import (
    MalformedSignature,
    ReplayedNonce,
    SignatureError,
    SignatureMismatch,
    StaleSignature,
)
from urlencoded.oauth1 import OAuth1, VerifiedRequest, authorization_header, verify

FORM = {"Content-Type": "application/x-www-form-urlencoded"}
NOW = 1_700_000_000


def _sign(method: str, url: str, body: Any = None, **kwargs: Any) -> str:
    auth = OAuth1("key", "secret", nonce=kwargs.pop("nonce", "n1"), timestamp=str(NOW), **kwargs)
    return auth.sign(method, url, body=body)


def _verify(method: str, url: str, header: str | None, body: Any = None, **kwargs: Any) -> Any:
    headers = dict(FORM) if body is not None else {}
    if header is not None:
        headers["Authorization"] = header
    kwargs.setdefault("client_secret", "secret")
    kwargs.setdefault("now", NOW)
    return verify(method, url, headers=headers, body=body, **kwargs)


# --- oauthlib signs, verify accepts ----------------------------------------------------------


def _no_token_secret_without_token(creds: dict[str, Any]) -> dict[str, Any]:
    """The credentials, with an empty token secret if there is no token (RFC 5849 §3.4.2;
    clients sign with whatever secret they are given)."""
    return {**creds, "token_secret": creds["token_secret"] if creds["token"] else ""}


def _oauthlib_client(creds: dict[str, Any], signature_type: str) -> Client:
    return Client(
        creds["client_key"],
        client_secret=creds["client_secret"],
        resource_owner_key=creds["token"],
        resource_owner_secret=creds["token_secret"],
        signature_method=creds["signature_method"],
        signature_type=signature_type,
        realm=creds["realm"],
        callback_uri=creds["callback"],
        verifier=creds["verifier"],
        nonce=creds["nonce"],
        timestamp=creds["timestamp"],
    )


@given(
    requests_to_sign(),
    credentials(),
    st.sampled_from([SIGNATURE_TYPE_AUTH_HEADER, SIGNATURE_TYPE_BODY, SIGNATURE_TYPE_QUERY]),
)
def test_requests_signed_by_oauthlib_verify(
    request: dict[str, Any], creds: dict[str, Any], signature_type: str
) -> None:
    """oauthlib's Client.sign, with the parameters in the header, the form body or the query:
    verify accepts the request and gives back its protocol parameters."""
    body = request["body"]
    creds = _no_token_secret_without_token(creds)
    if signature_type == SIGNATURE_TYPE_BODY and body is None:
        signature_type = SIGNATURE_TYPE_AUTH_HEADER  # a body-signed request has a form body
    headers = dict(FORM) if body is not None else {}
    client = _oauthlib_client(creds, signature_type)
    url, signed_headers, signed_body = client.sign(request["url"], request["method"], body, headers)
    got = verify(
        request["method"],
        url,
        headers=signed_headers,
        body=signed_body,
        client_secret=creds["client_secret"],
        token_secret=creds["token_secret"],
        now=int(creds["timestamp"]) + 299,
    )
    assert isinstance(got, VerifiedRequest)
    assert got.client_key == creds["client_key"]
    assert got.token == creds["token"]
    assert got.signature_method == creds["signature_method"]
    assert got.nonce == creds["nonce"]
    assert got.timestamp == int(creds["timestamp"])
    source = {SIGNATURE_TYPE_AUTH_HEADER: "header", SIGNATURE_TYPE_BODY: "body"}
    assert got.source == source.get(signature_type, "query")
    assert "oauth_signature" not in got.params
    if signature_type == SIGNATURE_TYPE_AUTH_HEADER:
        assert got.realm == creds["realm"]
    # The same request, read by a framework into pairs, verifies too.
    if signature_type == SIGNATURE_TYPE_BODY:
        pairs = urlencoded.parse(signed_body)
        again = verify(
            request["method"],
            url,
            body=pairs,
            client_secret=creds["client_secret"],
            token_secret=creds["token_secret"],
            now=int(creds["timestamp"]),
        )
        assert again.params == got.params


# --- verify's own signer, oauthlib verifies ---------------------------------------------------


class _Validator(RequestValidator):  # type: ignore[misc]
    """Just enough of oauthlib's validator for its SignatureOnlyEndpoint: one client."""

    enforce_ssl = False
    allowed_signature_methods = ("HMAC-SHA1", "HMAC-SHA256", "PLAINTEXT")
    dummy_client = "dummy"

    def __init__(self, creds: dict[str, Any]) -> None:
        super().__init__()
        self.creds = creds

    def check_client_key(self, client_key: str) -> bool:
        return True

    def check_nonce(self, nonce: str) -> bool:
        return True

    def validate_client_key(self, client_key: str, request: Any) -> bool:
        return bool(client_key == self.creds["client_key"])

    def validate_timestamp_and_nonce(self, *args: Any, **kwargs: Any) -> bool:
        return True

    def get_client_secret(self, client_key: str, request: Any) -> str:
        return str(self.creds["client_secret"])

    def get_access_token_secret(self, client_key: str, token: str, request: Any) -> str:
        return str(self.creds["token_secret"])


@given(requests_to_sign(), credentials())
def test_requests_signed_here_pass_oauthlib(request: dict[str, Any], creds: dict[str, Any]) -> None:
    """OAuth1.sign's header, over the same request, passes oauthlib's SignatureOnlyEndpoint,
    and verify accepts it too."""
    # oauthlib checks the timestamp against its clock, and needs a key that is not empty.
    creds = {**_no_token_secret_without_token(creds), "timestamp": str(int(time.time()))}
    creds["client_key"] = creds["client_key"] or "k"
    auth = OAuth1(**creds)
    header = auth.sign(request["method"], request["url"], body=request["body"])
    headers = {"Authorization": header}
    if request["body"] is not None:
        headers.update(FORM)
    endpoint = SignatureOnlyEndpoint(_Validator(creds))
    valid, _ = endpoint.validate_request(
        request["url"], request["method"], request["body"], headers
    )
    assert valid
    got = verify(
        request["method"],
        request["url"],
        headers=headers,
        body=request["body"],
        client_secret=creds["client_secret"],
        token_secret=creds["token_secret"],
    )
    assert got.client_key == creds["client_key"]


# --- one byte changed ------------------------------------------------------------------------


def _oauthlib_base_string(method: str, url: str, body: str | None, header: str) -> str | None:
    """oauthlib's base string of a request, as the judge of what a change means (None if it
    cannot read the request)."""
    try:
        params = oauthlib_signature.collect_parameters(
            uri_query=url.partition("?")[2],
            body=body or [],
            headers={"Authorization": header},
            exclude_oauth_signature=True,
            with_realm=False,
        )
        return str(
            oauthlib_signature.signature_base_string(
                method.upper(),
                oauthlib_signature.base_string_uri(url),
                oauthlib_signature.normalize_parameters(params),
            )
        )
    except Exception:
        return None


def _header_params(header: str) -> list[tuple[str, str]] | None:
    try:
        return sorted(
            (name, value)
            for name, value in oauthlib_utils.parse_authorization_header(header)
            if name != "realm"
        )
    except Exception:
        return None


_REPLACEMENTS = st.sampled_from([*"aZ0~%+=&/:?. \"',", "é"])


@given(requests_to_sign(), credentials(), st.data())
def test_one_byte_changes_are_refused(
    request: dict[str, Any], creds: dict[str, Any], data: st.DataObject
) -> None:
    """A request whose method, URL (host, path or query), form body or Authorization header
    has one character changed is refused with a SignatureError, unless the change leaves
    what is signed as it was (oauthlib's reading of both requests is the judge: the case of
    the host, say, or the realm, which is not signed; a header it cannot read has no judge)."""
    method, url, body = request["method"], request["url"], request["body"]
    creds = _no_token_secret_without_token(creds)
    if creds["signature_method"] == "PLAINTEXT":  # signs the secrets, not the request
        creds = {**creds, "signature_method": "HMAC-SHA256"}
    header = OAuth1(**creds).sign(method, url, body=body)
    where = data.draw(st.sampled_from(["url", "body", "header", "url", "body", "header", "method"]))
    parts = {"method": method, "url": url, "body": body or "", "header": header}
    text = parts[where]
    assume(text)
    index = data.draw(st.integers(0, len(text) - 1))
    replacement = data.draw(_REPLACEMENTS.filter(lambda char: char != text[index]))
    parts[where] = text[:index] + replacement + text[index + 1 :]
    changed_body = parts["body"] if body is not None else None
    before = _oauthlib_base_string(method, url, body, header)
    after = _oauthlib_base_string(parts["method"], parts["url"], changed_body, parts["header"])
    changed_params = _header_params(parts["header"])
    if changed_params is None:
        # oauthlib cannot read the changed header (an empty list element, say, which
        # RFC 9110 allows): it is no judge of what the change means.
        event("header oauthlib cannot read: no judge")
        return
    same = after == before and changed_params == _header_params(header)
    kwargs = {
        "headers": {"Authorization": parts["header"], **(FORM if body is not None else {})},
        "body": changed_body,
        "client_secret": creds["client_secret"],
        "token_secret": creds["token_secret"],
        "now": int(creds["timestamp"]),
    }
    event(f"change in the {where}: {'same meaning' if same else 'refused'}")
    if same and where != "header":
        verify(parts["method"], parts["url"], **kwargs)
    elif not same:
        with pytest.raises(SignatureError):
            verify(parts["method"], parts["url"], **kwargs)


def test_one_byte_changes_of_a_fixed_request() -> None:
    """A few changes, spelled out: each one is refused as a mismatch."""
    url, body = "https://api.example/r?q=1&t=~", "a=1&b=x+y"
    header = _sign("POST", url, body)
    assert _verify("POST", url, header, body).client_key == "key"
    for changed in (
        ("PUT", url, header, body),
        ("POST", url.replace("q=1", "q=2"), header, body),
        ("POST", url.replace("/r", "/s"), header, body),
        ("POST", url.replace("api.", "apj."), header, body),
        ("POST", url.replace("https", "http"), header, body),
        ("POST", url, header, body.replace("x", "z")),
        ("POST", url, header, body + "&c="),
        ("POST", url, header.replace('oauth_nonce="n1"', 'oauth_nonce="n2"'), body),
    ):
        with pytest.raises(SignatureMismatch):
            _verify(*changed)


# --- LTI 1.1 ---------------------------------------------------------------------------------

LTI_LAUNCH = [
    ("lti_message_type", "basic-lti-launch-request"),
    ("lti_version", "LTI-1p0"),
    ("resource_link_id", "429785226"),
    ("resource_link_title", "Week 1: Für Anfänger ~ *"),
    ("user_id", "292832126"),
    ("roles", "Learner"),
    ("lis_person_name_full", "Jane Q. Public"),
    ("context_id", "456434513"),
    ("launch_presentation_return_url", "https://lms.example/return?x=1&y=2"),
    ("custom_chapter", "1 + 1 = 2"),
]


def test_lti_1_1_launch() -> None:
    """An LTI 1.1 launch (a form POST whose whole body is signed, the protocol parameters
    among the fields) verifies from its raw body and from the fields a framework parsed;
    a changed role is refused."""
    client = Client(
        "lms-consumer-key",
        client_secret="lms-secret",
        signature_type=SIGNATURE_TYPE_BODY,
        nonce="9f3c6a",
        timestamp=str(NOW),
    )
    url = "https://tool.example/lti/launch"
    _, headers, body = client.sign(url, "POST", LTI_LAUNCH, dict(FORM))
    assert "oauth_signature=" in body
    got = verify(
        "POST", url, headers=headers, body=body.encode(), client_secret="lms-secret", now=NOW
    )
    assert (got.client_key, got.source, got.token) == ("lms-consumer-key", "body", None)
    parsed = urlencoded.parse(body)
    assert verify("POST", url, body=parsed, client_secret="lms-secret", now=NOW) == got
    tampered = body.replace("roles=Learner", "roles=Instructor")
    with pytest.raises(SignatureMismatch):
        verify("POST", url, headers=headers, body=tampered, client_secret="lms-secret", now=NOW)
    # Without the form Content-Type the body is not a form, and holds no parameters to read.
    with pytest.raises(MalformedSignature, match="no OAuth protocol parameters"):
        verify("POST", url, body=body, client_secret="lms-secret", now=NOW)


# --- what each error class says --------------------------------------------------------------


def test_secrets_by_lookup_and_unknown_credentials() -> None:
    """client_secret and token_secret may be functions of the key and token; None from them
    (unknown credentials) is a SignatureMismatch."""
    url = "https://h/r"
    header = _sign("GET", url, token="tok", token_secret="ts")
    secrets = {"key": "secret"}
    got = _verify("GET", url, header, client_secret=secrets.get, token_secret={"tok": "ts"}.get)
    assert (got.client_key, got.token) == ("key", "tok")
    with pytest.raises(SignatureMismatch, match="unknown client key"):
        _verify("GET", url, header, client_secret={}.get, token_secret="ts")
    with pytest.raises(SignatureMismatch, match="unknown token"):
        _verify("GET", url, header, token_secret={}.get)
    with pytest.raises(SignatureMismatch):
        _verify("GET", url, header, token_secret="wrong")
    with pytest.raises(TypeError, match="must return a str or None"):
        _verify("GET", url, header, client_secret=lambda key: 1)


def test_timestamp_window() -> None:
    """oauth_timestamp may be max_age seconds from now, either way, and no more; max_age=None
    turns the check off."""
    url = "https://h/"
    header = _sign("GET", url)
    for now in (NOW - 300, NOW, NOW + 300):
        _verify("GET", url, header, now=now)
    for now in (NOW - 301, NOW + 301, NOW + 10**6):
        with pytest.raises(StaleSignature, match="max_age=300") as raised:
            _verify("GET", url, header, now=now)
        assert raised.value.status == 401
    _verify("GET", url, header, now=NOW + 10**6, max_age=None)
    _verify("GET", url, header, now=NOW + 3600, max_age=3600)
    # The clock is read when now is not given.
    with mock.patch("time.time", return_value=NOW + 1):
        _verify("GET", url, header, now=None)


def test_nonces_are_recorded_after_the_signature_verifies() -> None:
    """seen_nonce gets (client_key, timestamp, nonce) of requests whose signature verified
    only; a nonce it has seen is a ReplayedNonce."""
    seen: set[tuple[str, int, str]] = set()
    calls = []

    def seen_nonce(client_key: str, timestamp: int, nonce: str) -> bool:
        calls.append((client_key, timestamp, nonce))
        key = (client_key, timestamp, nonce)
        if key in seen:
            return True
        seen.add(key)
        return False

    url = "https://h/"
    header = _sign("GET", url)
    _verify("GET", url, header, seen_nonce=seen_nonce)
    with pytest.raises(ReplayedNonce, match="used before") as raised:
        _verify("GET", url, header, seen_nonce=seen_nonce)
    assert raised.value.status == 401
    with pytest.raises(SignatureMismatch):
        _verify("GET", url, _sign("GET", url, nonce="n2"), client_secret="x", seen_nonce=seen_nonce)
    assert calls == [("key", NOW, "n1"), ("key", NOW, "n1")]


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ('OAuth oauth_consumer_key="k" oauth_nonce="n"', "needs a comma"),
        ('OAuth oauth_consumer_key="k", oauth_consumer_key="k"', "repeats"),
        ('OAuth oauth_consumer_key="k\\"x"', "does not parse"),
        ('OAuth oauth_consumer_key="k', "does not parse"),
        ("OAuth oauth_consumer_key=", "does not parse"),
        ('OAuth consumer_key="k"', "only realm and oauth_"),
        ('OAuth oauth_consumer_key="%FF"', "not UTF-8"),
        ('OAuth oauth_signature_method="HMAC-SHA1", oauth_signature="x"', "no oauth_consumer_key"),
        ('OAuth oauth_consumer_key="k", oauth_signature="x"', "no oauth_signature_method"),
        ('OAuth oauth_consumer_key="k", oauth_signature_method="HMAC-SHA1"', "no oauth_signature"),
        (
            'OAuth oauth_consumer_key="k", oauth_signature_method="HMAC-MD5", oauth_signature="x"',
            "unsupported oauth_signature_method",
        ),
        (
            'OAuth oauth_consumer_key="k", oauth_signature_method="HMAC-SHA1", oauth_signature="x",'
            ' oauth_version="2.0"',
            "oauth_version must be 1.0",
        ),
        (
            'OAuth oauth_consumer_key="k", oauth_signature_method="HMAC-SHA1", oauth_signature="x",'
            ' oauth_nonce="n"',
            "no oauth_timestamp",
        ),
        (
            'OAuth oauth_consumer_key="k", oauth_signature_method="HMAC-SHA1", oauth_signature="x",'
            ' oauth_nonce="n", oauth_timestamp="-1"',
            "must be a number",
        ),
        (
            'OAuth oauth_consumer_key="k", oauth_signature_method="HMAC-SHA1", oauth_signature="x",'
            ' oauth_timestamp="1700000000"',
            "no oauth_nonce",
        ),
        ("OAuth a\r\nX-Injected: 1", "CR, LF or NUL"),
    ],
)
def test_malformed_requests_are_400(header: str, message: str) -> None:
    """A header that does not parse, or protocol parameters missing, repeated or unsupported,
    is a MalformedSignature, whose status is 400."""
    with pytest.raises(MalformedSignature, match=message) as raised:
        _verify("GET", "https://h/", header)
    assert raised.value.status == 400
    assert raised.value.scheme == "OAuth"


def test_a_content_type_with_a_line_break_is_refused() -> None:
    """A Content-Type header holding CR or LF is refused, not read as no form."""
    url = "https://h/"
    headers = {"Authorization": _sign("POST", url, "a=1"), "Content-Type": "text/plain\r\nX: 1"}
    with pytest.raises(MalformedSignature, match="CR, LF or NUL"):
        verify("POST", url, headers=headers, body="a=1", client_secret="secret", now=NOW)


def test_parameters_in_two_places_or_none() -> None:
    """Protocol parameters in more than one of header, body and query, or in none, are
    refused (RFC 5849 §3.5)."""
    url = "https://h/r"
    header = _sign("GET", url)
    with pytest.raises(MalformedSignature, match="header and the query"):
        _verify("GET", url + "?oauth_callback=x", header)
    with pytest.raises(MalformedSignature, match="header and the body"):
        _verify("POST", url, header, body="oauth_verifier=v")
    with pytest.raises(MalformedSignature, match="no OAuth protocol parameters"):
        _verify("GET", url, None)
    with pytest.raises(MalformedSignature, match="no OAuth protocol parameters"):
        _verify("GET", url, "Bearer abc")
    with pytest.raises(MalformedSignature, match="more than one Authorization"):
        verify("GET", url, headers=[("Authorization", header)] * 2, client_secret="s", now=NOW)
    with pytest.raises(MalformedSignature, match="more than once"):
        _verify("GET", url + "?oauth_nonce=1&oauth_nonce=2", None)


def test_header_syntax_that_is_allowed() -> None:
    """The scheme in any case, tabs and empty list elements around commas, and token values
    are read as RFC 9110 allows."""
    url = "https://h/"
    header = _sign("GET", url)
    variants = [
        header.replace("OAuth ", "oauth "),
        header.replace(", ", " ,\t, "),
        header.replace('oauth_version="1.0"', "oauth_version=1.0"),
        header + ",",
    ]
    for variant in variants:
        assert _verify("GET", url, variant).client_key == "key"


def test_plaintext_may_leave_out_nonce_and_timestamp() -> None:
    """PLAINTEXT needs neither oauth_nonce nor oauth_timestamp (RFC 5849 §3.4.4); the
    signature is still compared."""
    url = "https://h/"
    header = authorization_header(
        "GET",
        url,
        oauth_params=[("oauth_consumer_key", "key"), ("oauth_signature_method", "PLAINTEXT")],
        client_secret="s&cret",
    )
    got = _verify("GET", url, header, client_secret="s&cret", seen_nonce=lambda *a: True)
    assert (got.timestamp, got.nonce) == (None, None)
    with pytest.raises(SignatureMismatch):
        _verify("GET", url, header, client_secret="secret")


def test_signature_methods_can_be_narrowed() -> None:
    """signature_methods= lists what the server accepts; PLAINTEXT can be turned away."""
    url = "https://h/"
    header = _sign("GET", url, signature_method="PLAINTEXT")
    _verify("GET", url, header)
    with pytest.raises(MalformedSignature, match="accepts HMAC-SHA256"):
        _verify("GET", url, header, signature_methods=["HMAC-SHA256"])
    with pytest.raises(ValueError, match="unknown signature method"):
        _verify("GET", url, header, signature_methods=["HMAC-MD5"])
    with pytest.raises(ValueError, match="needs an rsa_verifier"):
        _verify("GET", url, header, signature_methods=["RSA-SHA1"])
    with pytest.raises(TypeError):
        _verify("GET", url, header, signature_methods="HMAC-SHA1")


def test_comparison_is_constant_time() -> None:
    """The signature is compared with hmac.compare_digest."""
    url = "https://h/"
    header = _sign("GET", url)
    with mock.patch("hmac.compare_digest", wraps=hmac.compare_digest) as compare:
        _verify("GET", url, header)
    assert compare.call_count == 1


def test_wrong_option_types() -> None:
    """The server's own arguments of the wrong type are TypeErrors, bad numbers ValueErrors."""
    url = "https://h/"
    header = _sign("GET", url)
    for kwargs, error in (
        ({"client_secret": None}, TypeError),
        ({"token_secret": 1}, TypeError),
        ({"now": "1"}, TypeError),
        ({"now": True}, TypeError),
        ({"max_age": -1}, ValueError),
        ({"max_age": float("inf")}, ValueError),
        ({"now": 10**400}, ValueError),
        ({"max_age": 2**1024}, ValueError),
        ({"seen_nonce": 1}, TypeError),
        ({"client_secret": "\ud800"}, ValueError),
    ):
        with pytest.raises(error):
            _verify("GET", url, header, **kwargs)
    with pytest.raises(TypeError):
        verify(b"GET", url, headers={"Authorization": header}, client_secret="s")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        verify("GET", url, headers="Authorization: x", client_secret="s")  # type: ignore[arg-type]


def test_errors_pickle_and_share_a_base() -> None:
    """Each error is a SignatureError (a ValueError and URLEncodedError) and pickles."""
    for cls in (MalformedSignature, SignatureMismatch, StaleSignature, ReplayedNonce):
        error = cls("OAuth", "detail")
        assert isinstance(error, SignatureError)
        assert isinstance(error, ValueError)
        assert isinstance(error, urlencoded.URLEncodedError)
        copy = pickle.loads(pickle.dumps(error))
        assert (type(copy), str(copy), copy.status) == (cls, str(error), error.status)
    assert [cls.status for cls in (MalformedSignature, SignatureMismatch, StaleSignature)] == [
        400,
        401,
        401,
    ]


# --- RSA-SHA1 and RSA-SHA256, through the caller's verifier -----------------------------------

# A 1024-bit RSA key made with openssl for these tests (`openssl genpkey -algorithm RSA
# -pkeyopt rsa_keygen_bits:1024`), and signatures by `openssl dgst -sha1 -sign` (and
# -sha256) of RFC 5849 §3.4.1.1's printed base string with its signature method replaced.
RSA_N = int(
    "AB26253B2D6FC76CE94C300B881CAFC55226D1A5017E68C4412227B83E24E561360834032E847BCD09E83D7B"
    "79F0B36E313142BAE19EB469CD21A358FD06B401237D5A5A74508C89C17925C7A854F032AD6E2463003AAC"
    "65029EBB9990BA77D2745EE883859AC11FDEC7ECBC9F3FB1A7B7AC23942B96CB1C0075593DCCEBA643",
    16,
)
RSA_E = 65537
RSA_SIGNATURES = {
    "RSA-SHA1": "fUbpCrtA7oYvrO1q9ogJcdOA7XPgWikv0O2M2/dtvLjLjZwkfBLBBxYNseP4N4z0s35fu50/zTD1lsf"
    "kLJ2o9hx37iRUlrDFp8z8E0okm1L8Nme168JAAl8BTYiq08gdhXgiLAYHAoDhgUmNKRJglpKmOscDWrX9HvSu"
    "YrgZAzw=",
    "RSA-SHA256": "LB+3lwXm831hMttv03MkrfWZJMHgKOxgEGbqNZRzZSko+RqEry5hvnb8TJnfDOIhZJYUfNMGW7F"
    "Y7/ASapAvNBP77H8dvI5paPPUoLkcZpKhvL6pho60AidNOyXwB+H+eI3zz6+d420V/AUB/1qAepxbvmtBhJHsA"
    "tMUV7JwR5w=",
}
# RFC 8017 §9.2 Note 1: the DER DigestInfo prefix of each hash.
_DIGEST_INFO = {
    "RSA-SHA1": (bytes.fromhex("3021300906052b0e03021a05000414"), hashlib.sha1),
    "RSA-SHA256": (bytes.fromhex("3031300d060960864801650304020105000420"), hashlib.sha256),
}


def _pkcs1_v15_verifier(calls: list[tuple[str, str]]) -> Callable[[str, str, bytes, bytes], bool]:
    """An rsa_verifier for the test key: RSASSA-PKCS1-v1_5 verification (RFC 8017 §8.2.2)."""

    def verifier(client_key: str, method: str, message: bytes, signature: bytes) -> bool:
        calls.append((client_key, method))
        size = (RSA_N.bit_length() + 7) // 8
        encoded = pow(int.from_bytes(signature, "big"), RSA_E, RSA_N).to_bytes(size, "big")
        prefix, hash_function = _DIGEST_INFO[method]
        digest_info = prefix + hash_function(message).digest()
        padding = b"\xff" * (size - len(digest_info) - 3)
        return encoded == b"\x00\x01" + padding + b"\x00" + digest_info

    return verifier


@pytest.mark.parametrize("method", ["RSA-SHA1", "RSA-SHA256"])
def test_rsa_signatures_through_the_callers_verifier(method: str) -> None:
    """RFC 5849 §3.4.1.1's request, signed with RSA by openssl, verifies through the
    verifier given, which sees the base string printed in the RFC; a changed body does not."""
    signature = RSA_SIGNATURES[method]
    header = (
        'OAuth realm="Example", oauth_consumer_key="9djdj82h48djs9d2",'
        ' oauth_token="kkk9d7dh3k39sjv7",'
        f' oauth_signature_method="{method}", oauth_timestamp="137131201",'
        f' oauth_nonce="7d8f3e4a", oauth_signature="{oauthlib_utils.escape(signature)}"'
    )
    calls: list[tuple[str, str]] = []
    kwargs: dict[str, Any] = {
        "client_secret": "",
        "now": 137131201,
        "rsa_verifier": _pkcs1_v15_verifier(calls),
    }
    got = _verify("POST", RFC_URL, header, RFC_BODY, **kwargs)
    assert (got.signature_method, got.realm) == (method, "Example")
    assert calls == [("9djdj82h48djs9d2", method)]
    expected_message = RFC_BASE_STRING.replace("HMAC-SHA1", method).encode()
    assert _pkcs1_v15_verifier([])("", method, expected_message, base64.b64decode(signature))
    with pytest.raises(SignatureMismatch, match="client's key"):
        _verify("POST", RFC_URL, header, RFC_BODY.replace("2+q", "2+r"), **kwargs)
    with pytest.raises(SignatureMismatch, match="not base64"):
        _verify(
            "POST", RFC_URL, header.replace('signature="', 'signature="%21'), RFC_BODY, **kwargs
        )
    # Without a verifier, RSA is not accepted.
    with pytest.raises(MalformedSignature, match="unsupported"):
        _verify("POST", RFC_URL, header, RFC_BODY, client_secret="", now=137131201)
