"""OAuth 1.0 request signatures (RFC 5849 §3.4) and the Authorization header (§3.5.1).

https://www.rfc-editor.org/rfc/rfc5849#section-3.4

:func:`signature_base_string` builds the text that is signed from the
request's method, URL, form body and protocol parameters;
:func:`signature` signs it with ``HMAC-SHA1``, ``HMAC-SHA256`` or
``PLAINTEXT``; :func:`authorization_header` writes the
``Authorization: OAuth ...`` header. :class:`OAuth1` signs each request
sent by httpx or requests.

Parameters are normalized by byte: a query or body in a legacy encoding
is signed as the bytes sent, and str names and values are UTF-8, as RFC
5849 §3.6 says. This module imports no HTTP client.

.. versionadded:: 1.1
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Iterable, Mapping
from typing import Any, Callable, Union
from urllib.parse import urlsplit

from ._core import (
    PATH_PERCENT_ENCODE_SET,
    BytesLike,
    parse_bytes,
    utf8_percent_encode,
)
from ._errors import UnsupportedMediaType
from ._web import RequestSigner, check_content_type, sendable_body, str_pairs
from .dialects import OAUTH1 as _RFC5849

__all__ = [
    "SIGNATURE_METHODS",
    "OAuth1",
    "authorization_header",
    "base_string_uri",
    "signature",
    "signature_base_string",
]

#: The signature methods :func:`signature` computes (RFC 5849 §3.4.2, §3.4.4, and
#: HMAC-SHA256, registered by later drafts and implemented by oauthlib).
SIGNATURE_METHODS = ("HMAC-SHA1", "HMAC-SHA256", "PLAINTEXT")

_NameOrValue = Union[str, BytesLike]
_Pairs = Union[Iterable[Any], Mapping[str, _NameOrValue], Mapping[bytes, _NameOrValue]]
_Body = Union[_Pairs, str, BytesLike, None]
_ProtocolParams = Union[Iterable[tuple[str, str]], Mapping[str, str]]

# The characters of an RFC 3986 query (pchar, "/" and "?"), which a form body
# that follows HTML 4.01 §17.13.4 keeps within; "%" must start an escape.
_FORM_BODY = re.compile(rb"(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*")
_HASHES = {"HMAC-SHA1": hashlib.sha1, "HMAC-SHA256": hashlib.sha256}
_DEFAULT_PORTS = {"http": 80, "https": 443}


def base_string_uri(url: str) -> str:
    """The base string URI of a request URL (RFC 5849 §3.4.1.2).

    https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.2

    The scheme and host in lower case, the port only when it is not the
    scheme's default (80 for http, 443 for https), the path (``/`` if
    empty); no user information, query or fragment. The path is written as
    HTTP clients send it: code points outside ASCII, spaces and the other
    characters of the URL Standard's path percent-encode set are
    UTF-8 percent-encoded, and escapes already there stay as they are (a
    deviation from taking the path as given: a signature over ``/café``
    could never match the ``/caf%C3%A9`` the server receives).

    :param url: an absolute URL.
    :returns: the base string URI (ASCII).
    :raises TypeError: if *url* is not a str.
    :raises ValueError: if *url* has no scheme or host, a scheme or host that
        is not ASCII (encode an international domain name with IDNA first),
        or a port that is not a number from 1 to 65535.

    >>> base_string_uri("HTTP://EXAMPLE.com:80/r%20v/X?id=123")
    'http://example.com/r%20v/X'
    >>> base_string_uri("https://www.example.net:8080/?q=1")
    'https://www.example.net:8080/'

    .. versionadded:: 1.1
    """
    if not isinstance(url, str):
        raise TypeError(f"url must be a str, not {type(url).__name__}")
    written_scheme = url.partition(":")[0]
    if "/" not in written_scheme and not written_scheme.isascii():
        raise ValueError(f"url's scheme must be ASCII: {written_scheme!r}")
    parts = urlsplit(url)
    if not parts.scheme or not parts.netloc:
        raise ValueError(f"url must be absolute, with a scheme and a host: {url!r}")
    host = parts.hostname
    if not host:
        raise ValueError(f"url has no host: {url!r}")
    if not host.isascii():
        raise ValueError(
            f"url's host must be ASCII (encode it with IDNA, as clients send it): {host!r}"
        )
    try:
        port = parts.port
    except ValueError as error:
        raise ValueError(f"url's port is not valid: {url!r} ({error})") from None
    if port == 0:
        raise ValueError(f"url's port must be from 1 to 65535: {url!r}")
    scheme = parts.scheme.lower()
    # Step 2: the host in lower case; an IPv6 address keeps its brackets.
    netloc = f"[{host}]" if ":" in host else host
    # Step 3: the port, unless it is the scheme's default.
    if port is not None and _DEFAULT_PORTS.get(scheme) != port:
        netloc = f"{netloc}:{port}"
    path = utf8_percent_encode(parts.path, PATH_PERCENT_ENCODE_SET) or "/"
    return f"{scheme}://{netloc}{path}"


def _form_pairs(body: _Body, what: str) -> list[tuple[bytes, bytes]]:
    """The (name, value) pairs of a body or query, as bytes (RFC 5849 §3.4.1.3.1)."""
    if body is None:
        return []
    if isinstance(body, str):
        if not body.isascii():
            raise ValueError(
                f"{what} is not application/x-www-form-urlencoded data (not ASCII): {body!r};"
                " pass pairs, or leave it out of the signature"
            )
        body = body.encode("ascii")
    if isinstance(body, (bytes, bytearray, memoryview)):
        data = bytes(body)
        if not _FORM_BODY.fullmatch(data):
            raise ValueError(
                f"{what} is not application/x-www-form-urlencoded data: {data[:60]!r};"
                " a body that is not a form is not signed (RFC 5849 §3.4.1.3.1)"
            )
        return parse_bytes(data)
    pairs = list(body.items()) if isinstance(body, Mapping) else list(body)
    checked = []
    for index, pair in enumerate(pairs):
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise TypeError(f"{what} pair {index} is not a (name, value) pair: {pair!r}")
        checked.append((_as_bytes(pair[0], what, index), _as_bytes(pair[1], what, index)))
    return checked


def _as_bytes(value: object, what: str, index: int) -> bytes:
    if isinstance(value, str):
        # RFC 5849 §3.6: text is UTF-8 encoded; a lone surrogate cannot be.
        try:
            return value.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError(f"{what} pair {index} holds a lone surrogate: {value!r}") from None
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    raise TypeError(f"{what} pair {index} holds {type(value).__name__}, not str or bytes")


def _protocol_pairs(oauth_params: _ProtocolParams) -> list[tuple[str, str]]:
    """The protocol parameters, checked: str, named ``oauth_...``, each once."""
    protocol: list[tuple[str, str]] = []
    seen: set[str] = set()
    for name, value in str_pairs(oauth_params, "oauth_params"):
        if not name.startswith("oauth_"):
            raise ValueError(
                f"oauth_params holds {name!r}: protocol parameters are named oauth_..."
                " (give the realm to authorization_header, other parameters in the URL or body)"
            )
        if name in seen:
            raise ValueError(f"duplicate protocol parameter {name!r} (RFC 5849 §3.1)")
        seen.add(name)
        protocol.append((name, value))
    return protocol


def _normalized_parameters(
    url: str, body: _Body, oauth_params: _ProtocolParams
) -> tuple[str, list[tuple[str, str]]]:
    """RFC 5849 §3.4.1.3: the normalized parameters, and the checked protocol parameters."""
    protocol = _protocol_pairs(oauth_params)
    # §3.4.1.3.1: the query, the protocol parameters, the form body; never oauth_signature.
    # The query is taken as clients send it: whatever they escape decodes the same.
    query = parse_bytes(urlsplit(url).query.encode("utf-8", "surrogatepass"))
    sources = [("url's query", query), ("body", _form_pairs(body, "body"))]
    seen = {name.encode("ascii", "surrogatepass") for name, _ in protocol}
    pairs: list[tuple[bytes, bytes]] = []
    for where, found in sources:
        for name, value in found:
            if name.startswith(b"oauth_"):
                if name in seen:
                    shown = name.decode("utf-8", "replace")
                    raise ValueError(
                        f"duplicate protocol parameter {shown!r} (in the {where}; RFC 5849 §3.5)"
                    )
                seen.add(name)
            pairs.append((name, value))
    pairs += [(name.encode("utf-8"), value.encode("utf-8")) for name, value in protocol]
    kept = [(name, value) for name, value in pairs if name != b"oauth_signature"]
    # §3.4.1.3.2: encode, sort by name then value, join.
    return _RFC5849.canonical_query(kept), protocol


def _url_text(url: object) -> str:
    if not isinstance(url, str):
        raise TypeError(f"url must be a str, not {type(url).__name__}")
    return url


def signature_base_string(
    method: str, url: str, *, body: _Body = None, oauth_params: _ProtocolParams
) -> str:
    """The signature base string of a request (RFC 5849 §3.4.1.1).

    https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.1

    The method in upper case, the base string URI
    (:func:`base_string_uri`) and the normalized parameters (§3.4.1.3.2:
    the URL's query, the form body and the protocol parameters, each name
    and value encoded, sorted by name then value), each encoded (§3.6) and
    joined with ``&``. The query and a body given as text are read as
    ``application/x-www-form-urlencoded`` (``+`` is a space); any
    ``oauth_signature`` is left out.

    :param method: the HTTP method.
    :param url: the absolute request URL, with its query.
    :param body: the form body: its text (str or bytes, as sent), or
        ``(name, value)`` pairs or a mapping; ``None`` (the default) when the
        request has no form body, which is then not signed.
    :param oauth_params: the protocol parameters (``oauth_consumer_key``,
        ``oauth_nonce`` ...), as pairs or a mapping of str.
    :returns: the signature base string (ASCII).
    :raises TypeError: for a method, URL, pair, name or value of the wrong type.
    :raises ValueError: for a URL that is not absolute or has a non-ASCII
        scheme or host, a body that is not form data, a protocol parameter
        not named ``oauth_...``, or one given twice (also across the
        protocol parameters, query and body).

    >>> signature_base_string(
    ...     "post", "http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b",
    ...     body="c2&a3=2+q",
    ...     oauth_params=[("oauth_consumer_key", "9djdj82h48djs9d2"),
    ...                   ("oauth_nonce", "7d8f3e4a")],
    ... )  # doctest: +NORMALIZE_WHITESPACE
    'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a'

    .. versionadded:: 1.1
    """
    if not isinstance(method, str):
        raise TypeError(f"method must be a str, not {type(method).__name__}")
    uri = base_string_uri(_url_text(url))
    normalized, _ = _normalized_parameters(url, body, oauth_params)
    # Steps 1-5: method, "&", base string URI, "&", normalized parameters, each encoded.
    return "&".join(map(_RFC5849.encode, (method.upper(), uri, normalized)))


def _sign(method_name: str, base_string: str, client_secret: str, token_secret: str) -> str:
    for what, secret in (("client_secret", client_secret), ("token_secret", token_secret)):
        if not isinstance(secret, str):
            raise TypeError(f"{what} must be a str, not {type(secret).__name__}")
    # §3.4.2 and §3.4.4: the key is both secrets encoded, joined by "&" even if empty.
    key = f"{_RFC5849.encode(client_secret)}&{_RFC5849.encode(token_secret)}"
    if method_name == "PLAINTEXT":
        return key
    digest = hmac.new(key.encode("ascii"), base_string.encode("ascii"), _HASHES[method_name])
    return base64.b64encode(digest.digest()).decode("ascii")


def _signature_method(protocol: list[tuple[str, str]]) -> str:
    found = dict(protocol).get("oauth_signature_method")
    if found is None:
        raise ValueError("oauth_params must hold oauth_signature_method")
    if found not in SIGNATURE_METHODS:
        raise ValueError(
            f"unsupported oauth_signature_method {found!r}: expected one of"
            f" {', '.join(SIGNATURE_METHODS)}"
        )
    return found


def signature(
    method: str,
    url: str,
    *,
    body: _Body = None,
    oauth_params: _ProtocolParams,
    client_secret: str,
    token_secret: str = "",
) -> str:
    """The ``oauth_signature`` of a request (RFC 5849 §3.4.2, §3.4.4).

    https://www.rfc-editor.org/rfc/rfc5849#section-3.4

    Signs :func:`signature_base_string` with the method that
    ``oauth_signature_method`` in *oauth_params* names: ``HMAC-SHA1`` or
    ``HMAC-SHA256`` (base64 of the HMAC keyed with both secrets, each
    encoded, joined by ``&``), or ``PLAINTEXT`` (that key itself).

    :param method: the HTTP method.
    :param url: the absolute request URL, with its query.
    :param body: the form body, as for :func:`signature_base_string`.
    :param oauth_params: the protocol parameters, with
        ``oauth_signature_method``; an ``oauth_signature`` is left out.
    :param client_secret: the client (consumer) shared secret.
    :param token_secret: the token shared secret; empty without a token.
    :returns: the signature, not yet encoded for a header.
    :raises TypeError: as :func:`signature_base_string` does, or for a
        secret that is not a str.
    :raises ValueError: as :func:`signature_base_string` does, or if
        ``oauth_signature_method`` is missing or not in
        :data:`SIGNATURE_METHODS`.

    >>> signature("GET", "http://photos.example.net/photos?file=vacation.jpg&size=original",
    ...           oauth_params={"oauth_consumer_key": "dpf43f3p2l4k3l03",
    ...                         "oauth_token": "nnch734d00sl2jdk",
    ...                         "oauth_signature_method": "HMAC-SHA1",
    ...                         "oauth_timestamp": "137131202", "oauth_nonce": "chapoH"},
    ...           client_secret="kd94hf93k423kf44", token_secret="pfkkdhi9sl3r4s00")
    'MdpQcU8iPSUjWoN/UDMsK2sui9I='

    .. versionadded:: 1.1
    """
    base = signature_base_string(method, url, body=body, oauth_params=oauth_params)
    method_name = _signature_method(_protocol_pairs(oauth_params))
    return _sign(method_name, base, client_secret, token_secret)


def _check_realm(realm: str | None) -> None:
    if realm is None:
        return
    if not isinstance(realm, str):
        raise TypeError(f"realm must be a str, not {type(realm).__name__}")
    if not realm.isascii() or not realm.isprintable() or '"' in realm or "\\" in realm:
        raise ValueError(f"realm must be printable ASCII without quotes or backslashes: {realm!r}")


def authorization_header(
    method: str,
    url: str,
    *,
    body: _Body = None,
    oauth_params: _ProtocolParams,
    client_secret: str,
    token_secret: str = "",
    realm: str | None = None,
) -> str:
    """The ``Authorization`` header value that signs a request (RFC 5849 §3.5.1).

    https://www.rfc-editor.org/rfc/rfc5849#section-3.5.1

    ``OAuth``, then the *realm* if given, then each protocol parameter in
    the order given and ``oauth_signature`` (:func:`signature`), as
    ``name="value"`` with name and value encoded (§3.6), separated by
    ``", "``.

    :param method: the HTTP method.
    :param url: the absolute request URL, with its query.
    :param body: the form body, as for :func:`signature_base_string`.
    :param oauth_params: the protocol parameters, with
        ``oauth_signature_method`` and without ``oauth_signature``.
    :param client_secret: the client (consumer) shared secret.
    :param token_secret: the token shared secret; empty without a token.
    :param realm: the ``realm`` parameter (RFC 2617), or ``None``.
    :returns: the header value (ASCII).
    :raises TypeError: as :func:`signature` does, or for a realm that is not
        a str.
    :raises ValueError: as :func:`signature` does, if *oauth_params* holds
        ``oauth_signature``, or for a realm with quotes, backslashes or
        characters that are not printable ASCII.

    >>> authorization_header("GET", "https://example.com/r",
    ...     oauth_params=[("oauth_consumer_key", "key"),
    ...                   ("oauth_signature_method", "PLAINTEXT")],
    ...     client_secret="s&cret", realm="Example")  # doctest: +NORMALIZE_WHITESPACE
    'OAuth realm="Example", oauth_consumer_key="key",
    oauth_signature_method="PLAINTEXT", oauth_signature="s%2526cret%26"'

    .. versionadded:: 1.1
    """
    _check_realm(realm)
    protocol = _protocol_pairs(oauth_params)
    if any(name == "oauth_signature" for name, _ in protocol):
        raise ValueError("oauth_params must not hold oauth_signature: it is computed here")
    value = signature(
        method,
        url,
        body=body,
        oauth_params=protocol,
        client_secret=client_secret,
        token_secret=token_secret,
    )
    parts = [f'realm="{realm}"'] if realm is not None else []
    parts += [
        f'{_RFC5849.encode(name)}="{_RFC5849.encode(text)}"'
        for name, text in [*protocol, ("oauth_signature", value)]
    ]
    return "OAuth " + ", ".join(parts)


_Text = Union[str, Callable[[], str], None]


def _form_body(content_type: object, body: object) -> bytes | str | None:
    """The body to sign: a form body, or None for any other (RFC 5849 §3.4.1.3.1)."""
    if content_type is None:
        return None
    try:
        check_content_type(content_type)  # type: ignore[arg-type]
    except (UnsupportedMediaType, TypeError):
        return None
    return sendable_body(body, "form body")


class OAuth1(RequestSigner):
    """Sign each request with an OAuth 1.0 ``Authorization`` header, for httpx and requests.

    https://www.rfc-editor.org/rfc/rfc5849#section-3.5.1

    Pass it as ``auth=`` to httpx (sync or async) or requests. Each request
    gets a fresh ``oauth_nonce`` and ``oauth_timestamp``, and is signed
    with :func:`authorization_header` over its method, URL (the query as
    sent) and, when its Content-Type is
    ``application/x-www-form-urlencoded``, its body. Protocol parameters
    are written in the order oauthlib writes them.

    :param client_key: ``oauth_consumer_key``.
    :param client_secret: the client shared secret.
    :param token: ``oauth_token``, if the request has a token.
    :param token_secret: the token shared secret.
    :param signature_method: one of :data:`SIGNATURE_METHODS`.
    :param realm: the header's ``realm``, if any.
    :param callback: ``oauth_callback`` (temporary credential requests).
    :param verifier: ``oauth_verifier`` (token requests).
    :param nonce: a fixed ``oauth_nonce`` or a function giving one;
        32 random hex digits by default.
    :param timestamp: a fixed ``oauth_timestamp`` or a function giving one;
        the current time in seconds by default.
    :raises TypeError: for an argument of the wrong type.
    :raises ValueError: for an unsupported *signature_method* or a bad *realm*.

    >>> import httpx
    >>> auth = OAuth1("key", "secret", nonce="n", timestamp="1")
    >>> request = auth(httpx.Request("GET", "https://example.com/r?q=~"))
    >>> request.headers["Authorization"]  # doctest: +NORMALIZE_WHITESPACE
    'OAuth oauth_nonce="n", oauth_timestamp="1", oauth_version="1.0",
    oauth_signature_method="HMAC-SHA1", oauth_consumer_key="key",
    oauth_signature="Ks6B3Bngg8BKw1QUovO2jGk5gaQ%3D"'

    .. versionadded:: 1.1
    """

    signer_name = "OAuth1"

    def __init__(
        self,
        client_key: str,
        client_secret: str = "",
        *,
        token: str | None = None,
        token_secret: str = "",
        signature_method: str = "HMAC-SHA1",
        realm: str | None = None,
        callback: str | None = None,
        verifier: str | None = None,
        nonce: _Text = None,
        timestamp: _Text = None,
    ) -> None:
        for what, text in (
            ("client_key", client_key),
            ("client_secret", client_secret),
            ("token_secret", token_secret),
            ("signature_method", signature_method),
        ):
            if not isinstance(text, str):
                raise TypeError(f"{what} must be a str, not {type(text).__name__}")
        for what, optional in (("token", token), ("callback", callback), ("verifier", verifier)):
            if optional is not None and not isinstance(optional, str):
                raise TypeError(f"{what} must be a str or None, not {type(optional).__name__}")
        for what, source in (("nonce", nonce), ("timestamp", timestamp)):
            if source is not None and not isinstance(source, str) and not callable(source):
                raise TypeError(f"{what} must be a str, a function or None")
        if signature_method not in SIGNATURE_METHODS:
            raise ValueError(
                f"unsupported signature_method {signature_method!r}: expected one of"
                f" {', '.join(SIGNATURE_METHODS)}"
            )
        _check_realm(realm)
        self.client_key = client_key
        self.client_secret = client_secret
        self.token = token
        self.token_secret = token_secret
        self.signature_method = signature_method
        self.realm = realm
        self.callback = callback
        self.verifier = verifier
        self._nonce = nonce
        self._timestamp = timestamp

    def __repr__(self) -> str:
        return f"OAuth1(client_key={self.client_key!r}, signature_method={self.signature_method!r})"

    def _fresh(self, source: _Text, default: Callable[[], str]) -> str:
        if source is None:
            return default()
        return source if isinstance(source, str) else source()

    def oauth_params(self) -> list[tuple[str, str]]:
        """The protocol parameters of the next request, without its signature.

        https://www.rfc-editor.org/rfc/rfc5849#section-3.1

        :returns: ``(name, value)`` pairs, with a new nonce and timestamp.
        :raises TypeError: if a *nonce* or *timestamp* function gave no str.

        >>> OAuth1("key", nonce="n", timestamp="1").oauth_params()[:2]
        [('oauth_nonce', 'n'), ('oauth_timestamp', '1')]

        .. versionadded:: 1.1
        """
        nonce = self._fresh(self._nonce, lambda: secrets.token_hex(16))
        timestamp = self._fresh(self._timestamp, lambda: str(int(time.time())))
        if not isinstance(nonce, str) or not isinstance(timestamp, str):
            raise TypeError("the nonce and timestamp functions must return str")
        params = [
            ("oauth_nonce", nonce),
            ("oauth_timestamp", timestamp),
            ("oauth_version", "1.0"),
            ("oauth_signature_method", self.signature_method),
            ("oauth_consumer_key", self.client_key),
        ]
        for name, optional in (
            ("oauth_token", self.token),
            ("oauth_callback", self.callback),
            ("oauth_verifier", self.verifier),
        ):
            if optional is not None:
                params.append((name, optional))
        return params

    def sign(self, method: str, url: str, *, body: _Body = None) -> str:
        """The ``Authorization`` header value for one request, with fresh parameters.

        https://www.rfc-editor.org/rfc/rfc5849#section-3.5.1

        :param method: the HTTP method.
        :param url: the absolute request URL, with its query.
        :param body: the form body, as for :func:`signature_base_string`.
        :returns: the header value.
        :raises TypeError: as :func:`authorization_header` does.
        :raises ValueError: as :func:`authorization_header` does.

        >>> OAuth1("key", nonce="n", timestamp="1", signature_method="PLAINTEXT").sign(
        ...     "GET", "https://example.com/")[-21:]
        'oauth_signature="%26"'

        .. versionadded:: 1.1
        """
        return authorization_header(
            method,
            url,
            body=body,
            oauth_params=self.oauth_params(),
            client_secret=self.client_secret,
            token_secret=self.token_secret,
            realm=self.realm,
        )

    def _sign_into(self, headers: Any, method: str, url: Any, body: object) -> None:
        form = _form_body(headers.get("Content-Type"), body)
        headers["Authorization"] = self.sign(method, url, body=form)
