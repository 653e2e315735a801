"""OAuth 1.0 request signatures (RFC 5849 §3.4) and the Authorization header (§3.5.1).

https://www.rfc-editor.org/rfc/rfc5849#section-3.4

:func:`signature_base_string` builds the text that is signed from the
request's method, URL, form body and protocol parameters;
:func:`signature` signs it with ``HMAC-SHA1``, ``HMAC-SHA256`` or
``PLAINTEXT``; :func:`authorization_header` writes the
``Authorization: OAuth ...`` header. :class:`OAuth1` signs each request
sent by httpx or requests. On the server, :func:`verify` checks a received
request's signature, timestamp and nonce, and raises a
:class:`~urlencoded.SignatureError` saying what failed.

Parameters are normalized by byte: a query or body in a legacy encoding
is signed as the bytes sent, and str names and values are UTF-8, as RFC
5849 §3.6 says. This package imports no HTTP client. Its modules:
``_base_string`` (§3.4.1), ``_signing`` (§3.4.2-§3.5.1), ``_client``
(the ``auth=`` class), ``_header`` (reading the protocol parameters of a
received request, §3.5) and ``_verifying`` (§3.2).

.. versionadded:: 1.1
"""

from __future__ import annotations

from .._errors import (
    MalformedSignature,
    ReplayedNonce,
    SignatureError,
    SignatureMismatch,
    StaleSignature,
)
from ._base_string import base_string_uri, signature_base_string
from ._client import OAuth1
from ._signing import SIGNATURE_METHODS, authorization_header, signature
from ._verifying import RSA_SIGNATURE_METHODS, VerifiedRequest, verify

__all__ = [
    "RSA_SIGNATURE_METHODS",
    "SIGNATURE_METHODS",
    "MalformedSignature",
    "OAuth1",
    "ReplayedNonce",
    "SignatureError",
    "SignatureMismatch",
    "StaleSignature",
    "VerifiedRequest",
    "authorization_header",
    "base_string_uri",
    "signature",
    "signature_base_string",
    "verify",
]
