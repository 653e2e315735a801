"""Signing (RFC 5849 §3.4.2-§3.4.4) and the Authorization header (§3.5.1).

https://www.rfc-editor.org/rfc/rfc5849#section-3.4

:func:`signature` signs the base string with ``HMAC-SHA1``, ``HMAC-SHA256``
or ``PLAINTEXT``; :func:`authorization_header` writes the
``Authorization: OAuth ...`` header that carries the protocol parameters
and the signature.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from .._web import check_secret
from ..dialects import OAUTH1 as _RFC5849
from ._base_string import Body, ProtocolParams, base_string, protocol_pairs

__all__ = [
    "SIGNATURE_METHODS",
    "authorization_header",
    "check_realm",
    "sign",
    "signature",
]

#: The signature methods :func:`signature` computes (RFC 5849 §3.4.2, §3.4.4, and
#: HMAC-SHA256, registered by later drafts and implemented by oauthlib).
SIGNATURE_METHODS = ("HMAC-SHA1", "HMAC-SHA256", "PLAINTEXT")
_HASHES = {"HMAC-SHA1": hashlib.sha1, "HMAC-SHA256": hashlib.sha256}


def sign(method_name: str, base_string: str, client_secret: str, token_secret: str) -> str:
    """*base_string* signed with HMAC-SHA1, HMAC-SHA256 or PLAINTEXT (§3.4.2-§3.4.4)."""
    check_secret(client_secret, "client_secret")
    check_secret(token_secret, "token_secret")
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
    body: Body = None,
    oauth_params: ProtocolParams,
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
    :raises ValueError: as :func:`signature_base_string` does, if
        ``oauth_signature_method`` is missing or not in
        :data:`SIGNATURE_METHODS`, or for a secret with a lone surrogate.

    >>> signature("GET", "http://photos.example.net/photos?file=vacation.jpg&size=original",
    ...           oauth_params={"oauth_consumer_key": "dpf43f3p2l4k3l03",
    ...                         "oauth_token": "nnch734d00sl2jdk",
    ...                         "oauth_signature_method": "HMAC-SHA1",
    ...                         "oauth_timestamp": "137131202", "oauth_nonce": "chapoH"},
    ...           client_secret="kd94hf93k423kf44", token_secret="pfkkdhi9sl3r4s00")
    'MdpQcU8iPSUjWoN/UDMsK2sui9I='

    .. versionadded:: 1.1
    """
    protocol = protocol_pairs(oauth_params)
    base = base_string(method, url, body, protocol)
    return sign(_signature_method(protocol), base, client_secret, token_secret)


def check_realm(realm: str | None) -> None:
    """*realm*, which is written in a quoted string as it is: printable ASCII, no quote."""
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
    body: Body = None,
    oauth_params: ProtocolParams,
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
    check_realm(realm)
    protocol = protocol_pairs(oauth_params)
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
