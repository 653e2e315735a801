"""The string to sign, the signing key and the signature of AWS Signature Version 4.

https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#create-string-to-sign
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import re
from typing import Union

__all__ = [
    "ALGORITHM",
    "Timestamp",
    "scope_part",
    "signature",
    "signing_key",
    "string_to_sign",
    "to_amz_date",
]

Timestamp = Union[str, datetime.datetime]
_TIMESTAMP = re.compile(r"[0-9]{8}T[0-9]{6}Z")

#: The signing algorithm named in the string to sign and the Authorization header.
ALGORITHM = "AWS4-HMAC-SHA256"


def to_amz_date(timestamp: Timestamp) -> str:
    """The ``YYYYMMDDTHHMMSSZ`` form of a timestamp."""
    if isinstance(timestamp, datetime.datetime):
        if timestamp.tzinfo is None:
            raise ValueError("timestamp must be an aware datetime (in UTC or with a time zone)")
        return timestamp.astimezone(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    if not isinstance(timestamp, str):
        raise TypeError(f"timestamp must be a str or datetime, not {type(timestamp).__name__}")
    if not _TIMESTAMP.fullmatch(timestamp):
        raise ValueError(f"timestamp must be in the form 20150830T123600Z: {timestamp!r}")
    return timestamp


def scope_part(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    if not value or "/" in value or not value.isascii() or not value.isprintable():
        raise ValueError(f"{what} must be printable ASCII without '/', and not empty: {value!r}")
    return value


def string_to_sign(
    canonical_request: str, timestamp: Timestamp, *, region: str, service: str
) -> str:
    """The string to sign: the algorithm, the time, the credential scope and the request's hash.

    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#create-string-to-sign

    :param canonical_request: the :func:`canonical_request`.
    :param timestamp: the request time (the ``X-Amz-Date`` header), as
        ``20150830T123600Z`` or an aware :class:`datetime.datetime`.
    :param region: the region, such as ``us-east-1``.
    :param service: the service, such as ``s3``.
    :returns: four lines: ``AWS4-HMAC-SHA256``, the timestamp, the
        credential scope (``date/region/service/aws4_request``) and the
        SHA-256 of the canonical request in lower-case hex.
    :raises TypeError: for an argument of the wrong type.
    :raises ValueError: for a malformed timestamp, a naive datetime, or a
        region or service that is empty, not printable ASCII or holds ``/``.

    >>> print(string_to_sign("GET\\n/", "20150830T123600Z", region="us-east-1", service="iam"))
    AWS4-HMAC-SHA256
    20150830T123600Z
    20150830/us-east-1/iam/aws4_request
    88de4f8eb0fbee0ba90efb382a8ffbdaed09e7801323c3c7f2c07c00eb907aff

    .. versionadded:: 1.1
    """
    if not isinstance(canonical_request, str):
        raise TypeError(f"canonical_request must be a str, not {type(canonical_request).__name__}")
    amz_date = to_amz_date(timestamp)
    scope = f"{amz_date[:8]}/{scope_part(region, 'region')}/{scope_part(service, 'service')}"
    digest = hashlib.sha256(canonical_request.encode("utf-8")).hexdigest()
    return f"{ALGORITHM}\n{amz_date}\n{scope}/aws4_request\n{digest}"


def signing_key(
    secret_key: str, date: Timestamp | datetime.date, *, region: str, service: str
) -> bytes:
    """The signing key: HMACs of the date, region, service and ``aws4_request``.

    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#derive-signing-key

    :param secret_key: the secret access key.
    :param date: the day, as ``20150830``, a timestamp (``20150830T123600Z``)
        or a :class:`datetime.date` (an aware datetime is taken in UTC).
    :param region: the region.
    :param service: the service.
    :returns: the 32-byte key.
    :raises TypeError: for an argument of the wrong type.
    :raises ValueError: for a malformed date, a naive datetime, or a bad
        region or service.

    >>> signing_key("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "20150830",
    ...             region="us-east-1", service="iam").hex()
    'c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9'

    .. versionadded:: 1.1
    """
    if not isinstance(secret_key, str):
        raise TypeError(f"secret_key must be a str, not {type(secret_key).__name__}")
    if isinstance(date, datetime.datetime):
        day = to_amz_date(date)[:8]
    elif isinstance(date, datetime.date):
        day = date.strftime("%Y%m%d")
    elif isinstance(date, str) and re.fullmatch(r"[0-9]{8}", date):
        day = date
    else:
        day = to_amz_date(date)[:8]
    key = f"AWS4{secret_key}".encode()
    for part in (
        day,
        scope_part(region, "region"),
        scope_part(service, "service"),
        "aws4_request",
    ):
        key = hmac.new(key, part.encode("utf-8"), hashlib.sha256).digest()
    return key


def signature(signing_key: bytes, string_to_sign: str) -> str:
    """The signature: the HMAC-SHA256 of the string to sign with the signing key, in hex.

    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#calculate-signature

    :param signing_key: the :func:`signing_key`.
    :param string_to_sign: the :func:`string_to_sign`.
    :returns: 64 lower-case hex digits.
    :raises TypeError: for an argument of the wrong type.

    >>> key = signing_key("secret", "20150830", region="us-east-1", service="iam")
    >>> len(signature(key, "AWS4-HMAC-SHA256\\n..."))
    64

    .. versionadded:: 1.1
    """
    if not isinstance(signing_key, (bytes, bytearray)):
        raise TypeError(f"signing_key must be bytes, not {type(signing_key).__name__}")
    if not isinstance(string_to_sign, str):
        raise TypeError(f"string_to_sign must be a str, not {type(string_to_sign).__name__}")
    return hmac.new(signing_key, string_to_sign.encode("utf-8"), hashlib.sha256).hexdigest()
