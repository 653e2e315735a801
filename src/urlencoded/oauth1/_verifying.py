"""Verifying a signed request, as a server does (RFC 5849 §3.2).

https://www.rfc-editor.org/rfc/rfc5849#section-3.2

:func:`verify` reads the protocol parameters from the one place the client
put them (§3.5), recomputes the signature base string from the request as
received, signs it with the client's (and token's) shared secrets and
compares in constant time; it also checks the timestamp against the
server's clock and asks the caller whether the nonce was seen before
(§3.3). RSA-SHA1 and RSA-SHA256 (§3.4.3) are checked by a function the
caller passes, so that this package needs no cryptography library.

The checks run cheapest first and the nonce store last: a request that is
malformed or stale is refused before any secret is looked up, and only a
request whose signature verified can record a nonce, so forged requests
cannot fill the store.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import math
import time
from collections.abc import Iterable, Mapping
from typing import Callable, Optional, Union

from .._errors import (
    MalformedSignature,
    ReplayedNonce,
    SignatureMismatch,
    StaleSignature,
    UnsupportedMediaType,
)
from .._web import check_content_type, header_values, same_signature
from ._base_string import Body, base_string
from ._header import SCHEME, authorization_params, form_protocol_params, pairs_protocol_params
from ._signing import SIGNATURE_METHODS, sign

__all__ = ["RSA_SIGNATURE_METHODS", "VerifiedRequest", "verify"]

#: The RSA signature methods :func:`verify` checks with the caller's *rsa_verifier*.
RSA_SIGNATURE_METHODS = ("RSA-SHA1", "RSA-SHA256")

_Secret = Union[str, Callable[[str], Optional[str]]]
_Headers = Union[Mapping[str, str], Iterable[tuple[str, str]], None]
_RSAVerifier = Callable[[str, str, bytes, bytes], bool]


@dataclasses.dataclass(frozen=True)
class VerifiedRequest:
    """What :func:`verify` found in a request whose signature it verified.

    .. versionadded:: 1.1
    """

    #: ``oauth_consumer_key``: the client that signed.
    client_key: str
    #: ``oauth_token``, or ``None`` for a request without a token.
    token: str | None
    #: ``oauth_signature_method``.
    signature_method: str
    #: ``oauth_timestamp`` in seconds, or ``None`` (PLAINTEXT may leave it out).
    timestamp: int | None
    #: ``oauth_nonce``, or ``None`` (PLAINTEXT may leave it out).
    nonce: str | None
    #: Every protocol parameter but ``oauth_signature``, decoded (``oauth_callback``,
    #: ``oauth_verifier``, ``oauth_body_hash`` ... are here).
    params: dict[str, str]
    #: Where they were: ``"header"``, ``"body"`` or ``"query"``.
    source: str
    #: The Authorization header's ``realm``, or ``None``.
    realm: str | None = None


def _is_form(headers: _Headers, body: Body) -> bool:
    """Whether *body* is a form body, whose parameters are signed (§3.4.1.3.1)."""
    if body is None:
        return False
    if not isinstance(body, (str, bytes, bytearray, memoryview)):
        return True  # pairs: a form the framework has parsed
    try:
        content_types = header_values(headers, "Content-Type")
    except ValueError as error:  # CR, LF or NUL: no client sends them
        raise MalformedSignature(SCHEME, str(error)) from None
    if len(content_types) != 1:
        return False
    try:
        check_content_type(content_types[0])
    except UnsupportedMediaType:
        return False
    return True


def _body_bytes(body: str | bytes | bytearray | memoryview) -> bytes:
    if isinstance(body, str):
        return body.encode("utf-8", "surrogatepass")
    return bytes(body)


def _sources(
    url: str, headers: _Headers, body: Body, form: bool
) -> tuple[str, str | None, list[tuple[str, str]]]:
    """Where the protocol parameters are (§3.5), the realm, and the parameters."""
    realm = None
    found: list[tuple[str, list[tuple[str, str]]]] = []
    try:
        authorizations = header_values(headers, "Authorization")
    except ValueError as error:  # CR, LF or NUL: no client sends them
        raise MalformedSignature(SCHEME, str(error)) from None
    if len(authorizations) > 1:
        raise MalformedSignature(SCHEME, "the request has more than one Authorization header")
    if authorizations:
        parsed = authorization_params(authorizations[0])
        if parsed is not None:
            realm, params = parsed
            found.append(("header", params))
    if form and body is not None:
        if isinstance(body, (str, bytes, bytearray, memoryview)):
            params = form_protocol_params(_body_bytes(body), "body")
        else:
            params = pairs_protocol_params(body)
        if params:
            found.append(("body", params))
    query = url.partition("#")[0].partition("?")[2]
    params = form_protocol_params(query.encode("utf-8", "surrogatepass"), "query")
    if params:
        found.append(("query", params))
    if not found:
        raise MalformedSignature(SCHEME, "the request has no OAuth protocol parameters")
    if len(found) > 1:
        places = " and the ".join(where for where, _ in found)
        raise MalformedSignature(
            SCHEME,
            f"protocol parameters are in the {places}: a request carries them in one"
            " place only (RFC 5849 §3.5)",
        )
    source, params = found[0]
    names = [name for name, _ in params]
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise MalformedSignature(
            SCHEME, f"protocol parameters given more than once: {', '.join(repeated)}"
        )
    return source, realm, params


def _required(params: dict[str, str], name: str) -> str:
    value = params.get(name)
    if value is None:
        raise MalformedSignature(SCHEME, f"the request has no {name}")
    return value


def _secret(secret: _Secret, key: str, what: str, whose: str) -> str:
    """A secret: *secret* itself, or what the lookup *secret* gives for *key*."""
    if isinstance(secret, str):
        return secret
    found = secret(key)
    if found is None:
        raise SignatureMismatch(SCHEME, f"unknown {whose} {key!r:.60}")
    if not isinstance(found, str):
        raise TypeError(f"the {what} function must return a str or None, not {found!r:.40}")
    return found


def _check_options(
    client_secret: object,
    token_secret: object,
    now: object,
    max_age: object,
    seen_nonce: object,
    rsa_verifier: object,
) -> None:
    for what, secret in (("client_secret", client_secret), ("token_secret", token_secret)):
        if not isinstance(secret, str) and not callable(secret):
            raise TypeError(f"{what} must be a str or a function, not {type(secret).__name__}")
    for what, number in (("now", now), ("max_age", max_age)):
        if number is None:
            continue
        if isinstance(number, bool) or not isinstance(number, (int, float)):
            raise TypeError(f"{what} must be a number or None, not {type(number).__name__}")
        try:
            finite = math.isfinite(number)  # an int beyond a float's range overflows
        except OverflowError:
            finite = False
        if not finite or (what == "max_age" and number < 0):
            raise ValueError(
                f"{what} must be a finite number of seconds that a float can hold"
                f" (max_age not negative), not {number!r:.40}"
            )
    for what, function in (("seen_nonce", seen_nonce), ("rsa_verifier", rsa_verifier)):
        if function is not None and not callable(function):
            raise TypeError(f"{what} must be a function or None, not {type(function).__name__}")


def verify(
    method: str,
    url: str,
    *,
    headers: _Headers = None,
    body: Body = None,
    client_secret: _Secret,
    token_secret: _Secret = "",
    now: float | None = None,
    max_age: float | None = 300,
    seen_nonce: Callable[[str, int, str], bool] | None = None,
    signature_methods: Iterable[str] | None = None,
    rsa_verifier: _RSAVerifier | None = None,
) -> VerifiedRequest:
    """Verify the OAuth 1.0 signature of a received request (RFC 5849 §3.2).

    https://www.rfc-editor.org/rfc/rfc5849#section-3.2

    Reads the protocol parameters from the ``Authorization: OAuth`` header,
    the form body or the query, whichever holds them (only one may: §3.5),
    and checks, in this order: each parameter is given once, those a
    signature needs are there (``oauth_consumer_key``,
    ``oauth_signature_method``, ``oauth_signature``, and
    ``oauth_timestamp`` and ``oauth_nonce`` but with PLAINTEXT), an
    ``oauth_version`` is ``1.0``, the method is accepted; the timestamp is
    within *max_age* seconds of *now*, either way; the signature equals the
    one computed from the request and the secrets (compared with
    :func:`hmac.compare_digest`), or *rsa_verifier* accepts it; and
    *seen_nonce* has not seen the nonce.

    The body is signed when it is form data: its Content-Type in *headers*
    is ``application/x-www-form-urlencoded``, or it is given as pairs (a
    form the framework parsed; LTI 1.1 launches sign the whole form this
    way). Any other body is not part of an OAuth 1.0 signature.

    :param method: the request's method.
    :param url: the absolute URL the request was sent to, with its query, as
        the client saw it: behind a proxy, the public scheme, host and port.
    :param headers: the request's headers, as a mapping or pairs (a
        framework's headers object); the Authorization and Content-Type
        headers are read.
    :param body: the body as received (str or bytes), or its pairs.
    :param client_secret: the client's shared secret, or a function that
        takes ``oauth_consumer_key`` and gives its secret (``None`` for an
        unknown client). Not used for the RSA methods.
    :param token_secret: the token's shared secret, or a function that
        takes ``oauth_token`` and gives its secret (``None`` for an unknown
        token). A request without ``oauth_token`` is checked with an empty
        token secret, whatever this says (§3.4.2).
    :param now: the server's time in seconds since the epoch; the current
        time by default.
    :param max_age: how many seconds ``oauth_timestamp`` may be from *now*
        (300 by default), or ``None`` not to check.
    :param seen_nonce: a function of ``(client_key, timestamp, nonce)`` that
        records the nonce and says whether it had been seen before (a
        timestamp older than *max_age* need not be kept); ``None`` not to
        check.
    :param signature_methods: the methods to accept; by default HMAC-SHA1,
        HMAC-SHA256 and PLAINTEXT, and RSA-SHA1 and RSA-SHA256 when an
        *rsa_verifier* is given.
    :param rsa_verifier: a function of ``(client_key, signature_method,
        message, signature)`` that says whether *signature* (bytes, base64
        decoded) is the client's RSA signature (PKCS #1 v1.5, with SHA-1 or
        SHA-256) of *message* (the base string, as bytes).
    :returns: the verified request's protocol parameters.
    :raises MalformedSignature: for an Authorization header that does not
        parse, protocol parameters in more than one place or given twice, a
        missing one, an unsupported method, a timestamp that is not a
        number, or a URL or body that cannot be signed (400).
    :raises StaleSignature: for a timestamp more than *max_age* from *now*.
    :raises SignatureMismatch: for a signature that does not verify, or an
        unknown client or token.
    :raises ReplayedNonce: if *seen_nonce* says the nonce was seen.
    :raises TypeError: for arguments of the wrong type (the server's, not
        the request's fault).
    :raises ValueError: for a negative *max_age*, a *max_age* or *now* that
        is infinite or beyond a float's range, an unknown name in
        *signature_methods* (or an RSA one without *rsa_verifier*), or a
        secret (given or looked up) with a lone surrogate.

    >>> from urlencoded import oauth1
    >>> header = oauth1.OAuth1("key", "secret", nonce="n1", timestamp="1700000000").sign(
    ...     "GET", "https://api.example/r?q=1")
    >>> oauth1.verify("GET", "https://api.example/r?q=1", headers={"Authorization": header},
    ...               client_secret="secret", now=1700000060).client_key
    'key'

    .. versionadded:: 1.1
    """
    _check_options(client_secret, token_secret, now, max_age, seen_nonce, rsa_verifier)
    if not isinstance(method, str):
        raise TypeError(f"method must be a str, not {type(method).__name__}")
    if not isinstance(url, str):
        raise TypeError(f"url must be a str, not {type(url).__name__}")
    accepted = _accepted_methods(signature_methods, rsa_verifier)
    form = _is_form(headers, body)
    source, realm, found = _sources(url, headers, body, form)
    params = dict(found)
    client_key = _required(params, "oauth_consumer_key")
    method_name = _required(params, "oauth_signature_method")
    received = params.pop("oauth_signature", None)
    if received is None:
        raise MalformedSignature(SCHEME, "the request has no oauth_signature")
    if method_name not in accepted:
        raise MalformedSignature(
            SCHEME,
            f"unsupported oauth_signature_method {method_name!r:.40}: this server accepts"
            f" {', '.join(accepted)}",
        )
    if params.get("oauth_version", "1.0") != "1.0":
        raise MalformedSignature(
            SCHEME, f"oauth_version must be 1.0: {params['oauth_version']!r:.20}"
        )
    timestamp = _timestamp(params, method_name, now, max_age)
    nonce = params.get("oauth_nonce")
    if nonce is None and method_name != "PLAINTEXT":
        raise MalformedSignature(SCHEME, "the request has no oauth_nonce")
    # The base string of the request as received (§3.4.1); the header's parameters
    # take part in it, the body's and the query's already do.
    protocol = found if source == "header" else []
    try:
        text = base_string(method, url, body if form else None, protocol)
    except ValueError as error:
        raise MalformedSignature(SCHEME, f"the request cannot be signed: {error}") from None
    if method_name in RSA_SIGNATURE_METHODS:
        _verify_rsa(rsa_verifier, client_key, method_name, text, received)
    else:
        token = params.get("oauth_token")
        shared = _secret(client_secret, client_key, "client_secret", "client key")
        # §3.4.2: a request without a token has an empty token secret.
        token_shared = (
            "" if token is None else _secret(token_secret, token, "token_secret", "token")
        )
        try:
            expected = sign(method_name, text, shared, token_shared)
        except ValueError as error:  # a secret the server gave is unusable
            raise ValueError(f"the secret cannot sign: {error}") from None
        if not same_signature(expected, received):
            raise SignatureMismatch(SCHEME, "oauth_signature does not match the request")
    replayed = (
        seen_nonce is not None
        and nonce is not None
        and timestamp is not None
        and seen_nonce(client_key, timestamp, nonce)
    )
    if replayed:
        raise ReplayedNonce(SCHEME, f"oauth_nonce {nonce!r:.60} was used before")
    return VerifiedRequest(
        client_key=client_key,
        token=params.get("oauth_token"),
        signature_method=method_name,
        timestamp=timestamp,
        nonce=nonce,
        params=params,
        source=source,
        realm=realm,
    )


def _accepted_methods(
    signature_methods: Iterable[str] | None, rsa_verifier: _RSAVerifier | None
) -> tuple[str, ...]:
    known = SIGNATURE_METHODS + RSA_SIGNATURE_METHODS
    if signature_methods is None:
        return SIGNATURE_METHODS + (RSA_SIGNATURE_METHODS if rsa_verifier is not None else ())
    if isinstance(signature_methods, str):
        raise TypeError("signature_methods must be an iterable of method names, not a str")
    accepted = tuple(signature_methods)
    for name in accepted:
        if name not in known:
            raise ValueError(
                f"unknown signature method {name!r}: expected some of {', '.join(known)}"
            )
        if name in RSA_SIGNATURE_METHODS and rsa_verifier is None:
            raise ValueError(f"{name} needs an rsa_verifier")
    return accepted


def _timestamp(
    params: dict[str, str], method_name: str, now: float | None, max_age: float | None
) -> int | None:
    """``oauth_timestamp`` as a number, checked against the window (§3.3)."""
    written = params.get("oauth_timestamp")
    if written is None:
        if method_name != "PLAINTEXT":
            raise MalformedSignature(SCHEME, "the request has no oauth_timestamp")
        return None
    if not written.isascii() or not written.isdigit() or len(written) > 20:
        raise MalformedSignature(
            SCHEME, f"oauth_timestamp must be a number of seconds: {written!r:.30}"
        )
    timestamp = int(written)
    if max_age is not None:
        clock = time.time() if now is None else now
        if abs(clock - timestamp) > max_age:
            raise StaleSignature(
                SCHEME,
                f"oauth_timestamp {timestamp} is {abs(clock - timestamp):.0f} s from the"
                f" server's time (max_age={max_age})",
            )
    return timestamp


def _verify_rsa(
    rsa_verifier: _RSAVerifier | None, client_key: str, method_name: str, text: str, received: str
) -> None:
    assert rsa_verifier is not None  # _accepted_methods admits RSA only with one
    try:
        signature = base64.b64decode(received.encode("ascii"), validate=True)
    except (UnicodeEncodeError, binascii.Error):
        raise SignatureMismatch(SCHEME, "oauth_signature is not base64") from None
    if not rsa_verifier(client_key, method_name, text.encode("ascii"), signature):
        raise SignatureMismatch(SCHEME, "oauth_signature does not verify with the client's key")
