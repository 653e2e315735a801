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
5849 §3.6 says. This package imports no HTTP client. Its modules:
``_base_string`` (§3.4.1), ``_signing`` (§3.4.2-§3.5.1) and ``_client``
(the ``auth=`` class).

.. versionadded:: 1.1
"""

from __future__ import annotations

from ._base_string import base_string_uri, signature_base_string
from ._client import OAuth1
from ._signing import SIGNATURE_METHODS, authorization_header, signature

__all__ = [
    "SIGNATURE_METHODS",
    "OAuth1",
    "authorization_header",
    "base_string_uri",
    "signature",
    "signature_base_string",
]
