"""AWS Signature Version 4: the canonical request, the string to sign and the signature.

https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html

Each step of AWS's "Create a signed AWS API request" is a function here:
:func:`canonical_uri`, :func:`canonical_query_string`,
:func:`canonical_headers` and :func:`signed_headers`,
:func:`hashed_payload`, :func:`canonical_request`, :func:`string_to_sign`,
:func:`signing_key` and :func:`signature`; :class:`SigV4` signs each request
sent by httpx or requests. Only the bytes of the signature: no credential
lookup, no AWS dependency, and this package imports no HTTP client. Its
modules: ``_canonical`` (the canonical request), ``_signing`` (the string
to sign, key and signature) and ``_client`` (the ``auth=`` class).

.. versionadded:: 1.1
"""

from __future__ import annotations

from ._canonical import (
    EMPTY_PAYLOAD_HASH,
    UNSIGNED_PAYLOAD,
    canonical_headers,
    canonical_query_string,
    canonical_request,
    canonical_uri,
    hashed_payload,
    signed_headers,
)
from ._client import SigV4
from ._signing import ALGORITHM, signature, signing_key, string_to_sign

__all__ = [
    "ALGORITHM",
    "EMPTY_PAYLOAD_HASH",
    "UNSIGNED_PAYLOAD",
    "SigV4",
    "canonical_headers",
    "canonical_query_string",
    "canonical_request",
    "canonical_uri",
    "hashed_payload",
    "signature",
    "signed_headers",
    "signing_key",
    "string_to_sign",
]
