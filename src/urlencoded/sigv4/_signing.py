"""The string to sign, the signing key and the signature of AWS Signature Version 4.

https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#create-string-to-sign
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import re
from typing import Union

from .._web import HTTP_TOKEN, check_secret

__all__ = [
    "ALGORITHM",
    "Timestamp",
    "check_session_token",
    "check_token",
    "now_amz_date",
    "parse_amz_date",
    "scope_part",
    "signature",
    "signing_key",
    "string_to_sign",
    "to_amz_date",
]

Timestamp = Union[str, datetime.datetime]
_TIMESTAMP = re.compile(r"[0-9]{8}T[0-9]{6}Z")
_DAY = re.compile(r"[0-9]{8}")
_TOKEN = re.compile(HTTP_TOKEN)

#: The signing algorithm named in the string to sign and the Authorization header.
ALGORITHM = "AWS4-HMAC-SHA256"


def to_amz_date(timestamp: Timestamp) -> str:
    """The ``YYYYMMDDTHHMMSSZ`` form of a timestamp, checked to be a real UTC time."""
    if isinstance(timestamp, datetime.datetime):
        if timestamp.utcoffset() is None:
            raise ValueError("timestamp must be an aware datetime (in UTC or with a time zone)")
        try:
            moment = timestamp.astimezone(datetime.timezone.utc)
        except (OverflowError, ValueError):
            # datetime.max in a zone west of UTC is past year 9999 in UTC.
            raise ValueError(f"timestamp is out of range in UTC: {timestamp!r}") from None
        return (
            f"{moment.year:04d}{moment.month:02d}{moment.day:02d}"
            f"T{moment.hour:02d}{moment.minute:02d}{moment.second:02d}Z"
        )
    if not isinstance(timestamp, str):
        raise TypeError(f"timestamp must be a str or datetime, not {type(timestamp).__name__}")
    if not _TIMESTAMP.fullmatch(timestamp):
        raise ValueError(f"timestamp must be in the form 20150830T123600Z: {timestamp[:40]!r}")
    parse_amz_date(timestamp)
    return timestamp


def now_amz_date(now: Timestamp | None) -> str:
    """The ``X-Amz-Date`` of *now*, or of the current time if it is None."""
    if now is None:
        return to_amz_date(datetime.datetime.now(datetime.timezone.utc))
    return to_amz_date(now)


def parse_amz_date(amz_date: str) -> datetime.datetime:
    """The UTC time of a ``YYYYMMDDTHHMMSSZ`` timestamp that :data:`_TIMESTAMP` matched."""
    try:
        return datetime.datetime(
            int(amz_date[0:4]),
            int(amz_date[4:6]),
            int(amz_date[6:8]),
            int(amz_date[9:11]),
            int(amz_date[11:13]),
            int(amz_date[13:15]),
            tzinfo=datetime.timezone.utc,
        )
    except ValueError:
        raise ValueError(f"timestamp is not a valid date and time: {amz_date!r}") from None


def _day(date: Timestamp | datetime.date) -> str:
    """The ``YYYYMMDD`` of a day, a timestamp or a date, checked."""
    if isinstance(date, datetime.datetime):
        return to_amz_date(date)[:8]
    if isinstance(date, datetime.date):
        return f"{date.year:04d}{date.month:02d}{date.day:02d}"
    if isinstance(date, str) and _DAY.fullmatch(date):
        try:
            parse_amz_date(f"{date}T000000Z")
        except ValueError:
            raise ValueError(f"date is not a valid day: {date!r}") from None
        return date
    return to_amz_date(date)[:8]


def check_token(value: object, what: str) -> str:
    """*value*, an RFC 9110 token: it is written into a header as it is."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    if not _TOKEN.fullmatch(value):
        raise ValueError(
            f"{what} must be ASCII letters, digits and !#$%&'*+-.^_`|~ (an RFC 9110"
            f" token, as it is written into the Authorization header): {value[:40]!r}"
        )
    return value


def scope_part(value: object, what: str) -> str:
    """A region or service: a token, without "/" (the credential scope's separator)."""
    return check_token(value, what)


def check_session_token(value: object) -> str:
    """A session token, sent in the ``X-Amz-Security-Token`` header: printable ASCII."""
    if not isinstance(value, str):
        raise TypeError(f"session_token must be a str or None, not {type(value).__name__}")
    if not value or not value.isascii() or not value.isprintable():
        raise ValueError(
            "session_token must be printable ASCII, not empty (it is sent in the"
            f" X-Amz-Security-Token header): {value[:40]!r}"
        )
    return value


def _utf8(text: str, what: str) -> bytes:
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ValueError(f"{what} holds a lone surrogate at index {error.start}") from None


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
    :raises ValueError: for a malformed timestamp (or one that is no real
        date and time), a naive datetime or one out of range in UTC, a region
        or service that is not an RFC 9110 token (ASCII letters, digits and
        ``!#$%&'*+-.^_`|~``), or a canonical request with a lone surrogate.

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
    digest = hashlib.sha256(_utf8(canonical_request, "canonical_request")).hexdigest()
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
    :raises ValueError: for a malformed date (or one that is no real date),
        a naive datetime, a bad region or service (as for
        :func:`string_to_sign`), or a secret key with a lone surrogate.

    >>> signing_key("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "20150830",
    ...             region="us-east-1", service="iam").hex()
    'c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9'

    .. versionadded:: 1.1
    """
    check_secret(secret_key, "secret_key")
    day = _day(date)
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
    :raises ValueError: for a string to sign with a lone surrogate.

    >>> key = signing_key("secret", "20150830", region="us-east-1", service="iam")
    >>> len(signature(key, "AWS4-HMAC-SHA256\\n..."))
    64

    .. versionadded:: 1.1
    """
    if not isinstance(signing_key, (bytes, bytearray)):
        raise TypeError(f"signing_key must be bytes, not {type(signing_key).__name__}")
    if not isinstance(string_to_sign, str):
        raise TypeError(f"string_to_sign must be a str, not {type(string_to_sign).__name__}")
    message = _utf8(string_to_sign, "string_to_sign")
    return hmac.new(signing_key, message, hashlib.sha256).hexdigest()
