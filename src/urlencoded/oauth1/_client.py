"""The ``auth=`` of httpx and requests that signs each request with OAuth 1.0.

https://www.rfc-editor.org/rfc/rfc5849#section-3.5.1
"""

from __future__ import annotations

import secrets
import time
from typing import Any, Callable, Union

from .._core import check_value
from .._errors import UnsupportedMediaType
from .._web import RequestSigner, check_content_type, check_secret, sendable_body
from ._base_string import Body, protocol_text
from ._signing import SIGNATURE_METHODS, authorization_header, check_realm

__all__ = ["OAuth1"]

_Value = Union[str, int]
_Text = Union[_Value, Callable[[], _Value], None]


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    return value


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
    :param nonce: a fixed ``oauth_nonce`` or a function giving one (a str,
        or an int written in decimal); 32 random hex digits by default.
    :param timestamp: a fixed ``oauth_timestamp`` or a function giving one
        (a str or an int); the current time in seconds by default.
    :raises TypeError: for an argument of the wrong type (``bool`` and
        ``None`` are no nonce or timestamp).
    :raises ValueError: for an unsupported *signature_method*, a bad
        *realm*, a key, token, callback, verifier, nonce or timestamp
        holding CR, LF, NUL or a lone surrogate (each goes into the
        ``Authorization`` header), or a secret with a lone surrogate.

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
        check_secret(client_secret, "client_secret")
        check_secret(token_secret, "token_secret")
        if not isinstance(signature_method, str):
            raise TypeError(
                f"signature_method must be a str, not {type(signature_method).__name__}"
            )
        # Each is written into the Authorization header: checked now, not at the first request.
        protocol_text(_text(client_key, "client_key"), "client_key")
        for what, optional in (("token", token), ("callback", callback), ("verifier", verifier)):
            if optional is not None:
                protocol_text(_text(optional, what), what)
        for what, source in (("nonce", nonce), ("timestamp", timestamp)):
            if source is not None and not callable(source):
                protocol_text(check_value(source, what, str_only=True), what)
        if signature_method not in SIGNATURE_METHODS:
            raise ValueError(
                f"unsupported signature_method {signature_method!r}: expected one of"
                f" {', '.join(SIGNATURE_METHODS)}"
            )
        check_realm(realm)
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

    def _fresh(self, source: _Text, default: Callable[[], str], what: str) -> str:
        if source is None:
            return default()
        value = source() if callable(source) else source
        return check_value(value, f"the {what}", str_only=True)

    def oauth_params(self) -> list[tuple[str, str]]:
        """The protocol parameters of the next request, without its signature.

        https://www.rfc-editor.org/rfc/rfc5849#section-3.1

        :returns: ``(name, value)`` pairs, with a new nonce and timestamp.
        :raises TypeError: if a *nonce* or *timestamp* function gave neither
            a str nor an int.
        :raises ValueError: if it gave one with CR, LF, NUL or a lone surrogate.

        >>> OAuth1("key", nonce="n", timestamp="1").oauth_params()[:2]
        [('oauth_nonce', 'n'), ('oauth_timestamp', '1')]

        .. versionadded:: 1.1
        """
        nonce = self._fresh(self._nonce, lambda: secrets.token_hex(16), "nonce")
        timestamp = self._fresh(self._timestamp, lambda: str(int(time.time())), "timestamp")
        protocol_text(nonce, "the nonce")
        protocol_text(timestamp, "the timestamp")
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

    def sign(self, method: str, url: str, *, body: Body = None) -> str:
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
