"""Every public callable of urlencoded.oauth1 and urlencoded.sigv4, fed hostile input.

A call may return, or raise an exception of a class that its docstring names
in a ``:raises X:`` line (a class's constructor is documented by the class).
Anything else fails the property: an ``OverflowError``, an ``AttributeError``
from a value of the wrong type, and any ``UnicodeError``, though it is a
``ValueError``: no docstring promises one, and its message speaks of codecs,
not of the argument.

The inputs mix the text that breaks signatures and headers (CR, LF, NUL,
``,`` and ``=``, quotes, lone surrogates, non-ASCII, escapes) with values of
every other type (``bool``, ``None``, huge ints, ``nan``, bytes, nested
pairs, datetimes far from UTC and naive ones). :data:`EXERCISED` names the
property that exercises each public callable, and a test fails when one of
the two modules gains a callable that none exercises.

To count the examples run (``HYPOTHESIS_PROFILE=deep`` runs 10,000 per property)::

    HYPOTHESIS_PROFILE=deep python -m pytest tests/test_signing_fuzz.py -p no:xdist \\
        --hypothesis-show-statistics | grep -o '[0-9]* passing' | awk '{n += $1} END {print n}'
"""

from __future__ import annotations

import builtins
import datetime
import inspect
import re
import types
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import urlencoded
from tests.strategies import surrogates
from urlencoded import oauth1, sigv4

FUZZ = settings(deadline=None, suppress_health_check=list(HealthCheck))

# --- what a docstring promises ---------------------------------------------------------------

_RAISES = re.compile(r"^\s*:raises\s+([^:]+):", re.MULTILINE)


def _exception_class(name: str) -> type[BaseException]:
    short = name.strip().strip("`~").rsplit(".", 1)[-1]
    for namespace in (urlencoded, oauth1, sigv4, builtins):
        found = getattr(namespace, short, None)
        if isinstance(found, type) and issubclass(found, BaseException):
            return found
    raise AssertionError(f"a docstring names {name!r} under :raises:, which is no exception")


def documented_raises(target: object) -> tuple[type[BaseException], ...]:
    """The classes the ``:raises:`` lines of *target*'s docstring name."""
    doc = inspect.getdoc(getattr(target, "__func__", target)) or ""
    return tuple(
        _exception_class(name) for group in _RAISES.findall(doc) for name in group.split(",")
    )


def attempt(documented: object, action: Callable[[], Any], shown: str = "") -> Any:
    """Run *action*: its result, or None if it raised what *documented*'s docstring names."""
    allowed = documented_raises(documented)
    try:
        return action()
    except Exception as error:
        failure = error
    name = getattr(documented, "__qualname__", repr(documented))
    if isinstance(failure, UnicodeError) or not isinstance(failure, allowed):
        raise AssertionError(
            f"{name}({shown}) raised {type(failure).__name__}({failure}), which its docstring"
            f" does not name (it names {[cls.__name__ for cls in allowed]})"
        ) from failure
    assert str(failure), f"{name} raised {type(failure).__name__} with an empty message"
    return None


def call(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call *function*; see :func:`attempt`."""
    shown = ", ".join([*map(_short, args), *(f"{k}={_short(v)}" for k, v in kwargs.items())])
    return attempt(function, lambda: function(*args, **kwargs), shown)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:90] + "..." + text[-20:]


# --- hostile input ---------------------------------------------------------------------------

_BREAKING = st.sampled_from(
    ["\r", "\n", "\r\n", "\0", ",", "=", '"', "\\", "\ud800", "\udfff", "\udc80", "é", "😀"]
)
_PIECES = st.one_of(
    _BREAKING,
    st.sampled_from(
        ["\t", " ", ";", "/", "?", "#", "%", "%2", "%zz", "%20", "%7E", "%2F", "+", "&"]
    ),
    st.sampled_from(["~", "*", "%ED%A0%80", "日本", "\ufeff", "\x7f", "\x85", "\u2028", "İ", "ß"]),
    st.sampled_from([", Signature=00", "OAuth ", "AWS4-HMAC-SHA256 ", "oauth_", "X-Amz-"]),
    st.sampled_from(["http://h/", "https://b.s3.amazonaws.com/k", "HTTP://H:80", "//h", "h:"]),
    st.sampled_from(["20150830T123600Z", "20150830", "99999999", "http://[::1]:99999/"]),
    st.characters(),
    surrogates,
    st.text(max_size=4),
)
# Plain text, text with one breaking character, or a mix of pieces.
hostile_text = st.one_of(
    st.text(max_size=8),
    st.tuples(st.text(max_size=4), _BREAKING, st.text(max_size=4)).map("".join),
    st.lists(_PIECES, max_size=10).map("".join),
)

_huge = st.sampled_from([10**400, -(10**400), 2**64, -1, 0])
_timezones = st.integers(-23 * 60 - 59, 23 * 60 + 59).map(
    lambda minutes: datetime.timezone(datetime.timedelta(minutes=minutes))
)
odd_datetimes = st.one_of(
    st.datetimes(timezones=_timezones),
    st.datetimes(),  # naive
    st.sampled_from([datetime.datetime.max, datetime.datetime.min]).flatmap(
        lambda moment: _timezones.map(lambda zone: moment.replace(tzinfo=zone))
    ),
)
scalars = st.one_of(
    hostile_text,
    st.binary(max_size=12),
    _huge,
    st.floats(),
    st.booleans(),
    st.none(),
    odd_datetimes,
    st.dates(),
    st.just(object()),
)
hostile_pairs = st.one_of(
    st.lists(st.tuples(hostile_text, scalars), max_size=4),
    st.dictionaries(hostile_text, scalars, max_size=4),
    st.lists(st.one_of(scalars, st.lists(scalars, max_size=3)), max_size=3),
    scalars,
)
anything = st.one_of(scalars, hostile_pairs)

_hosts = st.sampled_from(["h", "example.com", "B.S3.AMAZONAWS.COM", "[::1]", "h:8080", "é.com"])


def sometimes(
    plausible: st.SearchStrategy[Any], hostile: st.SearchStrategy[Any], odds: int = 3
) -> st.SearchStrategy[Any]:
    """A hostile value once in *odds* draws, else a plausible one: a call whose other
    arguments are sound reaches the checks of the one that is not. (``st.one_of``
    flattens nested choices, so repeating a branch there would not weight it.)"""
    return st.integers(1, odds).flatmap(lambda pick: hostile if pick == 1 else plausible)


_PATHS = st.sampled_from(["/", "/k", "/a%20b/~c", "/my bucket/é", "/a/./b/../c", ""])
_QUERIES = st.sampled_from(["", "a=1", "a=1&b=2&a=0", "q=a+b&t=~%7E", "oauth_x=1", "X-Amz-Date=1"])


@st.composite
def urls(draw: st.DrawFn) -> str:
    """An absolute URL with a hostile part or two (mostly path and query), or hostile text."""
    scheme = draw(sometimes(st.sampled_from(["http", "https", "HTTPS"]), hostile_text, 8))
    host = draw(sometimes(_hosts, hostile_text, 8))
    path = draw(sometimes(_PATHS, hostile_text.map("/".__add__), 2))
    query = draw(sometimes(st.one_of(st.none(), _QUERIES), hostile_text, 2))
    url = f"{scheme}://{host}{path}"
    whole: str = draw(
        sometimes(st.just(url if query is None else f"{url}?{query}"), hostile_text, 8)
    )
    return whole


_TEXT = sometimes(st.text(max_size=8), hostile_text)
# Mostly the right type, with hostile content; now and then the wrong type.
text_or_not = sometimes(hostile_text, scalars)
url_or_not = sometimes(urls(), scalars)
methods = sometimes(st.sampled_from(["GET", "post", "PUT"]), text_or_not)
protocol_params = sometimes(
    st.lists(
        st.tuples(
            st.one_of(
                st.sampled_from(["oauth_signature_method", "oauth_nonce", "oauth_signature"]),
                hostile_text.map("oauth_".__add__),
                hostile_text,
            ),
            sometimes(
                st.sampled_from(["HMAC-SHA1", "PLAINTEXT", "RSA-SHA1", "1", ""]), text_or_not
            ),
        ),
        max_size=4,
    ),
    hostile_pairs,
)
bodies = st.one_of(
    st.none(),
    hostile_text,
    st.binary(max_size=40),
    st.lists(st.tuples(_TEXT, st.one_of(_TEXT, scalars)), max_size=4),
    hostile_pairs,
)


def _fake_prepared_request(draw: st.DrawFn) -> object:
    """An object that looks like a requests.PreparedRequest, holding hostile parts."""
    headers = draw(st.dictionaries(text_or_not, scalars, max_size=3))
    return types.SimpleNamespace(
        prepare_body=None,
        method=draw(methods),
        url=draw(url_or_not),
        body=draw(bodies),
        headers=headers,
    )


EXERCISED: dict[str, str] = {}


def exercises(*names: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Record that the decorated property exercises the public callables *names*."""

    def register(test: Callable[..., None]) -> Callable[..., None]:
        for name in names:
            EXERCISED[name] = test.__name__
        return test

    return register


# --- urlencoded.oauth1 -----------------------------------------------------------------------


@exercises("oauth1.base_string_uri")
@FUZZ
@given(url_or_not)
def test_base_string_uri(url: Any) -> None:
    """base_string_uri raises only what it documents."""
    call(oauth1.base_string_uri, url)


@exercises("oauth1.signature_base_string")
@FUZZ
@given(methods, url_or_not, bodies, protocol_params)
def test_signature_base_string(method: Any, url: Any, body: Any, params: Any) -> None:
    """signature_base_string raises only what it documents."""
    call(oauth1.signature_base_string, method, url, body=body, oauth_params=params)


@exercises("oauth1.signature", "oauth1.authorization_header")
@FUZZ
@given(
    methods,
    url_or_not,
    bodies,
    protocol_params,
    text_or_not,
    text_or_not,
    st.one_of(st.none(), hostile_text, scalars),
)
def test_signature_and_header(
    method: Any, url: Any, body: Any, params: Any, secret: Any, token_secret: Any, realm: Any
) -> None:
    """signature and authorization_header raise only what they document; a header they
    return is one line of printable ASCII."""
    for with_method in (False, True):
        if with_method and isinstance(params, list):
            params = [*params, ("oauth_signature_method", "HMAC-SHA1")]
        call(
            oauth1.signature,
            method,
            url,
            body=body,
            oauth_params=params,
            client_secret=secret,
            token_secret=token_secret,
        )
        header = call(
            oauth1.authorization_header,
            method,
            url,
            body=body,
            oauth_params=params,
            client_secret=secret,
            token_secret=token_secret,
            realm=realm,
        )
        if header is not None:
            assert header.isascii()
            assert header.isprintable()


@exercises("oauth1.OAuth1", "oauth1.OAuth1.oauth_params", "oauth1.OAuth1.sign")
@exercises("oauth1.OAuth1.__call__", "oauth1.OAuth1.auth_flow")
@FUZZ
@given(st.data())
def test_oauth1_auth(data: st.DataObject) -> None:
    """OAuth1(...), its methods and its use as auth= raise only what they document."""
    kwargs = data.draw(
        st.fixed_dictionaries(
            {},
            optional={
                "client_secret": text_or_not,
                "token": st.one_of(st.none(), text_or_not),
                "token_secret": text_or_not,
                "signature_method": st.one_of(st.sampled_from(oauth1.SIGNATURE_METHODS), scalars),
                "realm": st.one_of(st.none(), text_or_not),
                "callback": st.one_of(st.none(), text_or_not),
                "verifier": st.one_of(st.none(), text_or_not),
                "nonce": st.one_of(text_or_not, st.just(lambda: data.draw(scalars))),
                "timestamp": st.one_of(text_or_not, st.just(lambda: data.draw(scalars))),
            },
        )
    )
    auth = call(oauth1.OAuth1, data.draw(text_or_not), **kwargs)
    if auth is None:
        return
    call(auth.oauth_params)
    header = call(auth.sign, data.draw(methods), data.draw(urls()), body=data.draw(bodies))
    if header is not None:
        assert header.isprintable()
    request = data.draw(
        st.one_of(scalars, st.builds(object), st.composite(_fake_prepared_request)())
    )
    call(auth.__call__, request)
    attempt(auth.auth_flow, lambda: next(auth.auth_flow(request)))


def _oauth_headers(draw: st.DrawFn) -> Any:
    """Headers of a received request: an Authorization header, real or hostile, and more."""
    authorization = draw(
        st.one_of(
            st.builds(
                lambda key, method, extra: (
                    _oauth_signer(key, method).sign("GET", "https://h/r") + extra
                ),
                st.sampled_from(["key", "k\u00e9y"]),
                st.sampled_from(["HMAC-SHA1", "HMAC-SHA256", "PLAINTEXT"]),
                st.sampled_from(["", ",", ', oauth_x="1"', ', oauth_nonce="2"', '"', "\\"]),
            ),
            hostile_text.map("OAuth ".__add__),
            text_or_not,
        )
    )
    pairs = [("Authorization", authorization)]
    pairs += draw(
        st.lists(
            st.tuples(
                st.sampled_from(["Content-Type", "Authorization", "X-Other"]),
                sometimes(st.just("application/x-www-form-urlencoded"), text_or_not),
            ),
            max_size=2,
        )
    )
    return draw(sometimes(st.just(pairs), st.one_of(st.just(dict(pairs)), scalars), 4))


def _oauth_signer(key: str, method: str) -> oauth1.OAuth1:
    """A signer at a fixed time, so that verify at that time gets past the clock."""
    return oauth1.OAuth1(key, "secret", signature_method=method, nonce="n", timestamp="1700000000")


@exercises("oauth1.verify")
@FUZZ
@given(st.data())
def test_oauth1_verify(data: st.DataObject) -> None:
    """oauth1.verify, on received requests real and hostile, raises only what it documents:
    a SignatureError subclass for whatever the request holds."""
    secret = sometimes(st.just("secret"), st.one_of(st.just(lambda key: None), text_or_not))
    call(
        oauth1.verify,
        data.draw(methods),
        data.draw(sometimes(st.just("https://h/r"), url_or_not)),
        headers=data.draw(st.composite(_oauth_headers)()),
        body=data.draw(bodies),
        client_secret=data.draw(secret),
        token_secret=data.draw(sometimes(st.just(""), text_or_not)),
        now=data.draw(sometimes(st.just(1700000000), st.one_of(_huge, st.floats(), scalars))),
        max_age=data.draw(sometimes(st.just(300), scalars)),
        seen_nonce=data.draw(sometimes(st.none(), st.just(lambda *args: True))),
        signature_methods=data.draw(
            sometimes(st.none(), st.one_of(st.lists(text_or_not, max_size=2), scalars))
        ),
        rsa_verifier=data.draw(sometimes(st.none(), st.just(lambda *args: False))),
    )


# --- urlencoded.sigv4 ------------------------------------------------------------------------

headers = st.one_of(
    st.lists(
        st.tuples(
            st.one_of(st.sampled_from(["Host", "X-Amz-Date", "Content-Type"]), hostile_text),
            scalars,
        ),
        max_size=4,
    ),
    hostile_pairs,
)


@exercises("sigv4.canonical_uri", "sigv4.canonical_query_string")
@FUZZ
@given(text_or_not, st.one_of(st.booleans(), scalars))
def test_canonical_uri_and_query(text: Any, flag: Any) -> None:
    """canonical_uri and canonical_query_string raise only what they document."""
    call(sigv4.canonical_uri, text, s3=flag)
    result = call(sigv4.canonical_query_string, text)
    if result is not None:
        assert result.isascii()


@exercises("sigv4.canonical_headers", "sigv4.signed_headers", "sigv4.hashed_payload")
@FUZZ
@given(headers, bodies)
def test_headers_and_payload(given_headers: Any, body: Any) -> None:
    """canonical_headers, signed_headers and hashed_payload raise only what they document."""
    call(sigv4.canonical_headers, given_headers)
    call(sigv4.signed_headers, given_headers)
    call(sigv4.hashed_payload, body)


@exercises("sigv4.canonical_request")
@FUZZ
@given(methods, url_or_not, headers, bodies, st.one_of(st.none(), scalars))
def test_canonical_request(
    method: Any, url: Any, given_headers: Any, body: Any, payload_hash: Any
) -> None:
    """canonical_request raises only what it documents."""
    call(
        sigv4.canonical_request,
        method,
        url,
        headers=given_headers,
        body=body,
        payload_hash=payload_hash,
        s3=isinstance(body, bytes),
    )


scope = sometimes(st.sampled_from(["us-east-1", "s3", "execute-api"]), text_or_not)
times = sometimes(
    st.sampled_from(["20150830T123600Z", "20150830"]),
    st.one_of(odd_datetimes, hostile_text, st.dates(), scalars),
    2,
)


@exercises("sigv4.string_to_sign", "sigv4.signing_key", "sigv4.signature")
@FUZZ
@given(
    text_or_not,
    times,
    scope,
    scope,
    sometimes(st.binary(max_size=40), scalars),
)
def test_string_to_sign_key_and_signature(
    text: Any, moment: Any, region: Any, service: Any, key: Any
) -> None:
    """string_to_sign, signing_key and signature raise only what they document."""
    call(sigv4.string_to_sign, text, moment, region=region, service=service)
    call(sigv4.signing_key, text, moment, region=region, service=service)
    call(sigv4.signature, key, text)


@exercises("sigv4.SigV4", "sigv4.SigV4.sign", "sigv4.SigV4.__call__", "sigv4.SigV4.auth_flow")
@FUZZ
@given(st.data())
def test_sigv4_auth(data: st.DataObject) -> None:
    """SigV4(...), sign and its use as auth= raise only what they document; the headers it
    adds are each one line of printable ASCII."""
    auth = call(
        sigv4.SigV4,
        data.draw(st.one_of(st.just("AKIDEXAMPLE"), text_or_not)),
        data.draw(text_or_not),
        region=data.draw(scope),
        service=data.draw(scope),
        session_token=data.draw(st.one_of(st.none(), text_or_not)),
        s3=data.draw(st.one_of(st.none(), st.booleans(), scalars)),
        timestamp=data.draw(st.one_of(st.none(), times, st.just(lambda: data.draw(times)))),
    )
    if auth is None:
        return
    added = call(
        auth.sign,
        data.draw(methods),
        data.draw(url_or_not),
        headers=data.draw(headers),
        body=data.draw(bodies),
    )
    for value in (added or {}).values():
        assert value.isascii()
        assert value.isprintable()
    request = data.draw(st.one_of(scalars, st.composite(_fake_prepared_request)()))
    call(auth.__call__, request)
    attempt(auth.auth_flow, lambda: next(auth.auth_flow(request)))


def _sigv4_request(draw: st.DrawFn) -> tuple[str, Any]:
    """A URL and headers: presigned or header-signed at a fixed time, then changed, or hostile."""
    moment = "20240102T030405Z"
    url = draw(
        sometimes(st.sampled_from(["https://b.s3.amazonaws.com/k?x=1", "https://h/"]), urls())
    )
    kind = draw(st.sampled_from(["presigned", "header", "hostile"]))
    headers: Any = []
    if kind == "presigned":
        signed = attempt(
            sigv4.presign_url,
            lambda: sigv4.presign_url(
                "GET", url, access_key="AK", secret_key="s", region="r", now=moment
            ),
        )
        url = signed if signed is not None else url
    elif kind == "header":
        added = attempt(
            sigv4.SigV4.sign,
            lambda: sigv4.SigV4("AK", "s", region="r", service="s3", timestamp=moment).sign(
                "GET", url
            ),
        )
        headers = list((added or {}).items())
    if draw(st.booleans()):  # change one character of the URL or a header
        where = draw(st.integers(-1, len(headers) - 1))
        text = url if where < 0 else headers[where][1]
        index = draw(st.integers(0, max(0, len(text) - 1)))
        changed = text[:index] + draw(hostile_text) + text[index + 1 :]
        if where < 0:
            url = changed
        else:
            headers[where] = (headers[where][0], changed)
    headers += draw(
        st.lists(
            st.tuples(st.sampled_from(["Host", "X-Amz-Date", "X-Amz-Meta"]), text_or_not),
            max_size=2,
        )
    )
    return url, draw(sometimes(st.just(headers), st.one_of(st.just(dict(headers)), scalars), 4))


@exercises("sigv4.verify")
@FUZZ
@given(st.composite(_sigv4_request)(), st.data())
def test_sigv4_verify(request: tuple[str, Any], data: st.DataObject) -> None:
    """sigv4.verify, on requests signed and then changed, or hostile, raises only what it
    documents."""
    url, headers = request
    call(
        sigv4.verify,
        data.draw(methods),
        url,
        headers=headers,
        body=data.draw(sometimes(st.none(), bodies)),
        secret_key=data.draw(
            sometimes(st.just("s"), st.one_of(st.just(lambda key: None), text_or_not))
        ),
        region=data.draw(sometimes(st.none(), scope)),
        service=data.draw(sometimes(st.none(), scope)),
        now=data.draw(sometimes(st.just("20240102T030500Z"), times)),
        max_skew=data.draw(sometimes(st.just(900), scalars)),
        s3=data.draw(sometimes(st.none(), scalars)),
    )


@exercises("sigv4.presign_url")
@FUZZ
@given(st.data())
def test_presign_url(data: st.DataObject) -> None:
    """presign_url raises only what it documents; a URL it returns is ASCII and verifies."""
    url = data.draw(url_or_not)
    moment = data.draw(times)
    presigned = call(
        sigv4.presign_url,
        data.draw(methods),
        url,
        access_key=data.draw(sometimes(st.just("AK"), text_or_not)),
        secret_key=data.draw(sometimes(st.just("s"), text_or_not)),
        region=data.draw(scope),
        service=data.draw(sometimes(st.just("s3"), scope)),
        expires=data.draw(sometimes(st.just(60), st.one_of(_huge, scalars))),
        session_token=data.draw(sometimes(st.none(), text_or_not)),
        now=moment,
        headers=data.draw(sometimes(st.just(()), headers)),
        s3=data.draw(sometimes(st.none(), scalars)),
    )
    if presigned is not None:
        assert presigned.isascii()


# --- coverage of the public names ------------------------------------------------------------


def _public_callables() -> set[str]:
    found = set()
    for module in (oauth1, sigv4):
        short = module.__name__.rsplit(".", 1)[1]
        for name in module.__all__:
            value = getattr(module, name)
            if isinstance(value, type) and issubclass(value, BaseException):
                continue  # exception classes are raised, not called
            if name == "VerifiedRequest":
                continue  # what verify returns, never given
            if inspect.isclass(value):
                found.add(f"{short}.{name}")
                for method in dir(value):
                    if (not method.startswith("_") or method == "__call__") and callable(
                        getattr(value, method)
                    ):
                        found.add(f"{short}.{name}.{method}")
            elif callable(value):
                found.add(f"{short}.{name}")
    return found


def test_every_public_callable_is_exercised() -> None:
    """Each public function, class and method of oauth1 and sigv4 has a property above."""
    assert _public_callables() == set(EXERCISED)


@pytest.mark.parametrize("name", sorted(EXERCISED))
def test_exercised_callables_document_their_errors(name: str) -> None:
    """Each exercised callable names at least TypeError under :raises:, so the properties
    above hold it to something."""
    module, _, rest = name.partition(".")
    target: Any = {"oauth1": oauth1, "sigv4": sigv4}[module]
    for part in rest.split("."):
        target = getattr(target, part)
    assert TypeError in documented_raises(target)
