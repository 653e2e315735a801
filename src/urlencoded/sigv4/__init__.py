"""AWS Signature Version 4: the canonical request, the string to sign and the signature.

https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html

Each step of AWS's "Create a signed AWS API request" is a function here:
:func:`canonical_uri`, :func:`canonical_query_string`,
:func:`canonical_headers` and :func:`signed_headers`,
:func:`hashed_payload`, :func:`canonical_request`, :func:`string_to_sign`,
:func:`signing_key` and :func:`signature`; :class:`SigV4` signs each request
sent by httpx or requests; :func:`presign_url` writes a presigned URL (the
signature in the query, for S3 links that expire). On the server,
:func:`verify` checks a signed header or a presigned URL, and raises a
:class:`~urlencoded.SignatureError` saying what failed. Only the bytes of
the signature: no credential lookup, no AWS dependency, and this package
imports no HTTP client. Its modules: ``_canonical`` (the canonical
request), ``_signing`` (the string to sign, key and signature), ``_client``
(the ``auth=`` class), ``_presigning`` and ``_verifying``.

.. versionadded:: 1.1
"""

from __future__ import annotations

from .._errors import (
    MalformedSignature,
    SignatureError,
    SignatureMismatch,
    StaleSignature,
)
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
from ._presigning import MAX_EXPIRES, presign_url
from ._signing import ALGORITHM, signature, signing_key, string_to_sign
from ._verifying import VerifiedRequest, verify

__all__ = [
    "ALGORITHM",
    "EMPTY_PAYLOAD_HASH",
    "MAX_EXPIRES",
    "UNSIGNED_PAYLOAD",
    "MalformedSignature",
    "SigV4",
    "SignatureError",
    "SignatureMismatch",
    "StaleSignature",
    "VerifiedRequest",
    "canonical_headers",
    "canonical_query_string",
    "canonical_request",
    "canonical_uri",
    "hashed_payload",
    "presign_url",
    "signature",
    "signed_headers",
    "signing_key",
    "string_to_sign",
    "verify",
]
