"""Verifying a request signed with AWS Signature Version 4, as an S3-compatible server does.

https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html

A request is signed in its ``Authorization`` header (with ``X-Amz-Date``)
or in its query (a presigned URL). :func:`verify` reads either, checks the
credential scope and the time, rebuilds the canonical request from what was
received and compares the signature in constant time. The query is
canonicalized both ways (decoded and encoded again, as AWS documents; and
as sent, as botocore signs a URL's query): the two agree for every query a
client writes in AWS's encoding, and a signature over either is accepted.
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import re
from collections.abc import Iterable, Mapping
from typing import Callable, NamedTuple, Optional, Union
from urllib.parse import urlsplit

from .._core import PATH_PERCENT_ENCODE_SET, percent_decode_bytes, utf8_percent_encode
from .._errors import MalformedSignature, SignatureMismatch, StaleSignature
from .._web import (
    HTTP_TOKEN,
    header_items,
    header_values,
    join_sort_keys,
    query_sort_keys,
    same_signature,
)
from ._canonical import (
    UNSIGNED_PAYLOAD,
    as_sent_query,
    canonical_headers,
    canonical_uri,
    check_method,
    hashed_payload,
    host_of,
    utf8,
)
from ._presigning import MAX_EXPIRES
from ._signing import (
    ALGORITHM,
    Timestamp,
    now_amz_date,
    parse_amz_date,
    signature,
    signing_key,
    string_to_sign,
)

__all__ = ["VerifiedRequest", "verify"]

_Secret = Union[str, Callable[[str], Optional[str]]]
_Headers = Union[Mapping[str, str], Iterable[tuple[str, str]], None]
_TOKEN = HTTP_TOKEN
_CREDENTIAL = re.compile(rf"({_TOKEN})/([0-9]{{8}})/({_TOKEN})/({_TOKEN})/aws4_request")
_SIGNED_HEADERS = re.compile(r"[!#$%&'*+\-.^_`|~0-9a-z]+(?:;[!#$%&'*+\-.^_`|~0-9a-z]+)*")
_SIGNATURE = re.compile(r"[0-9a-f]{64}")
_HEX_HASH = re.compile(r"[0-9a-f]{64}")
_AMZ_DATE = re.compile(r"[0-9]{8}T[0-9]{6}Z")


@dataclasses.dataclass(frozen=True)
class VerifiedRequest:
    """What :func:`verify` found in a request whose signature it verified.

    .. versionadded:: 1.1
    """

    #: The access key id that signed.
    access_key: str
    #: The credential scope's region and service.
    region: str
    service: str
    #: The time signed, ``YYYYMMDDTHHMMSSZ``.
    amz_date: str
    #: The names of the signed headers, in lower case.
    signed_headers: tuple[str, ...]
    #: Whether the signature was in the query (a presigned URL).
    presigned: bool
    #: A presigned URL's lifetime in seconds; ``None`` for a signed header.
    expires: int | None
    #: ``X-Amz-Security-Token``, for the server to check, or ``None``.
    session_token: str | None
    #: The payload hash signed: the body's SHA-256, or ``UNSIGNED-PAYLOAD``.
    payload_hash: str


def _malformed(detail: str) -> MalformedSignature:
    return MalformedSignature(ALGORITHM, detail)


def _one_header(headers: _Headers, name: str) -> str | None:
    try:
        values = header_values(headers, name)
    except ValueError as error:  # CR, LF or NUL
        raise _malformed(str(error)) from None
    if len(values) > 1:
        raise _malformed(f"the request has more than one {name} header")
    return values[0] if values else None


def _authorization(value: str) -> tuple[str, str, str]:
    """Credential, SignedHeaders and Signature of an ``AWS4-HMAC-SHA256`` header value."""
    found: dict[str, str] = {}
    for part in value[len(ALGORITHM) + 1 :].split(","):
        name, equals, text = part.strip(" \t").partition("=")
        if not equals or name not in ("Credential", "SignedHeaders", "Signature"):
            raise _malformed(
                f"the Authorization header holds {part.strip()!r:.40}: expected Credential=...,"
                " SignedHeaders=..., Signature=..."
            )
        if name in found:
            raise _malformed(f"the Authorization header repeats {name}")
        found[name] = text
    missing = [name for name in ("Credential", "SignedHeaders", "Signature") if name not in found]
    if missing:
        raise _malformed(f"the Authorization header has no {', '.join(missing)}")
    return found["Credential"], found["SignedHeaders"], found["Signature"]


def _query_params(pieces: list[str]) -> dict[str, str]:
    """The ``X-Amz-*`` parameters of a query's pieces, decoded, each given once."""
    found: dict[str, str] = {}
    for piece in pieces:
        raw_name, _, raw_value = piece.replace("+", " ").partition("=")
        name = percent_decode_bytes(raw_name.encode("utf-8", "surrogatepass"))
        if not name.startswith(b"X-Amz-"):
            continue
        try:
            text = name.decode("ascii")
            value = percent_decode_bytes(raw_value.encode("utf-8", "surrogatepass")).decode()
        except UnicodeDecodeError:
            raise _malformed(f"query parameter {name!r:.40} is not UTF-8") from None
        if text in found:
            raise _malformed(f"the query repeats {text}")
        found[text] = value
    return found


def _required(params: dict[str, str], name: str) -> str:
    value = params.get(name)
    if value is None:
        raise _malformed(f"the presigned query has no {name}")
    return value


def _clock(now: Timestamp | None) -> datetime.datetime:
    return parse_amz_date(now_amz_date(now))


def _scope(credential: str, amz_date: str, region: str | None, service: str | None) -> list[str]:
    """The access key, day, region and service of a credential, checked against the date."""
    found = _CREDENTIAL.fullmatch(credential)
    if found is None:
        raise _malformed(
            f"the credential {credential!r:.80} is not"
            " access_key/YYYYMMDD/region/service/aws4_request"
        )
    access_key, day, scope_region, scope_service = found.groups()
    if day != amz_date[:8]:
        raise _malformed(f"the credential's day {day} is not that of X-Amz-Date {amz_date}")
    for what, expected, given in (
        ("region", region, scope_region),
        ("service", service, scope_service),
    ):
        if expected is not None and given != expected:
            raise _malformed(f"the credential is for {what} {given!r}, not {expected!r}")
    return [access_key, day, scope_region, scope_service]


def verify(
    method: str,
    url: str,
    *,
    headers: _Headers = None,
    body: bytes | str | None = None,
    secret_key: _Secret,
    region: str | None = None,
    service: str | None = None,
    now: Timestamp | None = None,
    max_skew: int = 900,
    s3: bool | None = None,
) -> VerifiedRequest:
    """Verify the AWS Signature Version 4 of a received request: a signed header or a presigned URL.

    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html

    A request with an ``Authorization: AWS4-HMAC-SHA256 ...`` header is
    checked with its ``X-Amz-Date`` header, which must be within *max_skew*
    seconds of *now*; a request whose query holds ``X-Amz-Signature`` (a
    presigned URL, :func:`presign_url`) is checked with its ``X-Amz-Date``
    and ``X-Amz-Expires``: it is accepted from *max_skew* seconds before it
    was signed until it expires. Either way the credential's day must be
    that of ``X-Amz-Date`` and its region and service those given (if
    given); every signed header must be in the request, ``host`` among them,
    and every ``X-Amz-*`` header of the request must be signed. The
    signature is computed again from the request as received and compared
    with :func:`hmac.compare_digest`.

    The body is signed by its SHA-256 in ``X-Amz-Content-SHA256`` (checked
    against *body* when it is given) or, without that header, hashed here;
    ``UNSIGNED-PAYLOAD`` (always, for a presigned S3 URL) leaves the body
    unchecked, and a streaming (``aws-chunked``) upload is refused.

    :param method: the request's method.
    :param url: the absolute URL the request was sent to, path and query as
        received (behind a proxy, the public scheme and host). Pass the path
        as it was sent (Starlette's ``scope["raw_path"]``, not
        ``request.url``, which decodes it): S3 signs the path's escapes as
        they are. A path with spaces or non-ASCII characters is escaped
        again as clients escape it.
    :param headers: the request's headers, as a mapping or pairs.
    :param body: the body as received; ``None`` for none.
    :param secret_key: the secret access key, or a function that takes the
        access key id and gives its secret (``None`` for an unknown key).
    :param region: the region this server answers for; ``None`` accepts the
        credential's.
    :param service: the service this server is; ``None`` accepts the
        credential's.
    :param now: the server's time (``20150830T123600Z`` or an aware
        datetime); the current time by default.
    :param max_skew: how many seconds the request's time may be from the
        server's: 900 (15 minutes, as AWS allows) by default.
    :param s3: verify as S3 signs (the path as sent); by default when the
        service is ``s3``.
    :returns: the access key, scope, time and signed headers.
    :raises MalformedSignature: for a signature that cannot be read: an
        Authorization header or presigned query with a parameter missing,
        repeated or malformed, an algorithm other than ``AWS4-HMAC-SHA256``,
        a credential for another region or service, a signed header
        missing, an unsigned ``X-Amz-*`` header, an unusable payload hash,
        or a request signed in both the header and the query (400).
    :raises StaleSignature: for a time more than *max_skew* from *now*, or
        a presigned URL that expired.
    :raises SignatureMismatch: for a signature that does not verify, an
        unknown access key, or a body whose SHA-256 is not the one signed.
    :raises TypeError: for arguments of the wrong type.
    :raises ValueError: for a bad *max_skew*, *now*, *region* or *service*,
        or a secret key with a lone surrogate.

    >>> from urlencoded import sigv4
    >>> url = sigv4.presign_url("GET", "https://b.s3.amazonaws.com/k", access_key="AKID",
    ...                         secret_key="secret", region="us-east-1",
    ...                         now="20240102T030405Z", expires=60)
    >>> sigv4.verify("GET", url, headers={"Host": "b.s3.amazonaws.com"},
    ...              secret_key="secret", now="20240102T030500Z").access_key
    'AKID'

    .. versionadded:: 1.1
    """
    if isinstance(max_skew, bool) or not isinstance(max_skew, int):
        raise TypeError(f"max_skew must be an int of seconds, not {type(max_skew).__name__}")
    if max_skew < 0:
        raise ValueError(f"max_skew must not be negative: {max_skew}")
    if not isinstance(secret_key, str) and not callable(secret_key):
        raise TypeError(f"secret_key must be a str or a function, not {type(secret_key).__name__}")
    for what, scope_given in (("region", region), ("service", service)):
        if scope_given is not None and not isinstance(scope_given, str):
            raise TypeError(f"{what} must be a str or None, not {type(scope_given).__name__}")
    if s3 is not None and not isinstance(s3, bool):
        raise TypeError(f"s3 must be a bool or None, not {type(s3).__name__}")
    clock = _clock(now)
    if not isinstance(url, str):
        raise TypeError(f"url must be a str, not {type(url).__name__}")
    if not isinstance(method, str):
        raise TypeError(f"method must be a str, not {type(method).__name__}")
    if body is not None and not isinstance(body, (bytes, bytearray, memoryview, str)):
        raise TypeError(f"body must be bytes, str or None, not {type(body).__name__}")
    try:
        check_method(method)
        utf8(url, "url")
        parts = urlsplit(url)
        host = host_of(url)
    except ValueError as error:
        raise _malformed(f"the request cannot be verified: {error}") from None
    pieces = parts.query.split("&") if parts.query else []
    query_params = _query_params(pieces)
    authorization = _one_header(headers, "Authorization")
    header_signed = authorization is not None and authorization.startswith(ALGORITHM + " ")
    presigned = "X-Amz-Signature" in query_params or "X-Amz-Algorithm" in query_params
    if header_signed and presigned:
        raise _malformed("the request is signed in both the Authorization header and the query")
    if not header_signed and not presigned:
        raise _malformed(
            "the request is not signed: no Authorization: AWS4-HMAC-SHA256 header and no"
            " X-Amz-Signature in the query"
        )
    if header_signed:
        assert authorization is not None
        found = _header_signature(authorization, headers, pieces)
    else:
        found = _query_signature(query_params, pieces)
    credential, names, received, amz_date, expires, session_token, kept = found
    raw_query = "&".join(kept)
    del pieces, kept, found  # a long query: one copy of it from here on
    if not _SIGNATURE.fullmatch(received):
        raise _malformed("the signature is not 64 lower-case hex digits")
    signed_at = _signed_at(amz_date)
    access_key, _, scope_region, scope_service = _scope(credential, amz_date, region, service)
    _check_time(clock, signed_at, max_skew, expires)
    signed = _signed_headers(names, headers, host)
    as_s3 = scope_service == "s3" if s3 is None else s3
    payload = _payload(headers, body, as_s3 and not header_signed)
    # The canonical request, up to its query (which is tried both ways).
    # A path with what clients escape (a space, non-ASCII) was decoded on the way here:
    # escaped again as the client sent it. Escapes given are kept.
    path = canonical_uri(utf8_percent_encode(parts.path, PATH_PERCENT_ENCODE_SET), s3=as_s3)
    head = f"{method.upper()}\n{path}\n"
    tail = f"\n{canonical_headers(signed)}\n{names}\n{payload}"
    queries = {join_sort_keys(query_sort_keys(raw_query.encode("utf-8", "surrogatepass")))}
    if raw_query.isascii():  # else not the query as sent: a framework decoded it
        queries.add(as_sent_query(raw_query))
    secret = secret_key(access_key) if callable(secret_key) else secret_key
    if secret is None:
        raise SignatureMismatch(ALGORITHM, f"unknown access key {access_key!r:.40}")
    if not isinstance(secret, str):
        raise TypeError(f"the secret_key function must return a str or None, not {secret!r:.40}")
    key = signing_key(secret, amz_date, region=scope_region, service=scope_service)
    matched = False
    for query in sorted(queries):
        request = head + query + tail
        text = string_to_sign(request, amz_date, region=scope_region, service=scope_service)
        matched |= same_signature(signature(key, text), received)
    if not matched:
        raise SignatureMismatch(ALGORITHM, "the signature does not match the request")
    return VerifiedRequest(
        access_key=access_key,
        region=scope_region,
        service=scope_service,
        amz_date=amz_date,
        signed_headers=tuple(names.split(";")),
        presigned=not header_signed,
        expires=expires,
        session_token=session_token,
        payload_hash=payload,
    )


class _Signature(NamedTuple):
    """What a request says of its signature, from its header or its query."""

    credential: str
    names: str  # SignedHeaders
    received: str  # the signature
    amz_date: str
    expires: int | None
    session_token: str | None
    kept: list[str]  # the query's pieces that are signed


def _header_signature(authorization: str, headers: _Headers, pieces: list[str]) -> _Signature:
    """The signature of the ``Authorization`` header, with ``X-Amz-Date``."""
    credential, names, received = _authorization(authorization)
    amz_date = _one_header(headers, "X-Amz-Date")
    if amz_date is None:
        raise _malformed("the request has no X-Amz-Date header")
    token = _one_header(headers, "X-Amz-Security-Token")
    return _Signature(credential, names, received, amz_date, None, token, pieces)


def _query_signature(params: dict[str, str], pieces: list[str]) -> _Signature:
    """The signature of a presigned URL's query (its ``X-Amz-*`` parameters)."""
    if _required(params, "X-Amz-Algorithm") != ALGORITHM:
        raise _malformed(f"X-Amz-Algorithm must be {ALGORITHM}")
    written = _required(params, "X-Amz-Expires")
    digits = written.isascii() and written.isdigit() and len(written) <= 6
    expires = int(written) if digits else 0
    if not 1 <= expires <= MAX_EXPIRES:
        raise _malformed(f"X-Amz-Expires must be from 1 to {MAX_EXPIRES} seconds: {written!r:.20}")
    return _Signature(
        credential=_required(params, "X-Amz-Credential"),
        names=_required(params, "X-Amz-SignedHeaders"),
        received=_required(params, "X-Amz-Signature"),
        amz_date=_required(params, "X-Amz-Date"),
        expires=expires,
        session_token=params.get("X-Amz-Security-Token"),
        # The canonical query holds every parameter but the signature.
        kept=[piece for piece in pieces if not _is_signature_piece(piece)],
    )


def _signed_at(amz_date: str) -> datetime.datetime:
    """The time of an ``X-Amz-Date``."""
    try:
        if _AMZ_DATE.fullmatch(amz_date):
            return parse_amz_date(amz_date)
    except ValueError:
        pass
    raise _malformed(f"X-Amz-Date is not a time of the form 20150830T123600Z: {amz_date!r:.30}")


def _is_signature_piece(piece: str) -> bool:
    name = piece.replace("+", " ").partition("=")[0]
    return percent_decode_bytes(name.encode("utf-8", "surrogatepass")) == b"X-Amz-Signature"


def _check_time(
    clock: datetime.datetime, signed_at: datetime.datetime, max_skew: int, expires: int | None
) -> None:
    """The request's time against the server's: within the skew, and not expired."""
    skew = (clock - signed_at).total_seconds()
    if expires is None:
        if abs(skew) > max_skew:
            raise StaleSignature(
                ALGORITHM,
                f"X-Amz-Date is {abs(skew):.0f} s from the server's time (max_skew={max_skew})",
            )
        return
    if skew < -max_skew:
        raise StaleSignature(ALGORITHM, f"the presigned URL is signed {-skew:.0f} s in the future")
    if skew > expires:
        raise StaleSignature(
            ALGORITHM,
            f"the presigned URL expired {skew - expires:.0f} s ago (X-Amz-Expires={expires})",
        )


def _signed_headers(names: str, headers: _Headers, host: str) -> list[tuple[str, str]]:
    """The signed headers' values, from the request; every X-Amz-* header must be signed."""
    if not _SIGNED_HEADERS.fullmatch(names):
        raise _malformed(
            f"SignedHeaders is not lower-case header names joined by ';': {names!r:.60}"
        )
    listed = names.split(";")
    if listed != sorted(set(listed)):
        raise _malformed(f"SignedHeaders is not sorted, or repeats a name: {names!r:.60}")
    if "host" not in listed:
        raise _malformed("SignedHeaders must include host")
    signed = []
    for name in listed:
        try:
            values = header_values(headers, name)
        except ValueError as error:
            raise _malformed(str(error)) from None
        if not values and name == "host":
            values = [host]
        if not values:
            raise _malformed(f"the signed header {name} is not in the request")
        signed += [(name, value) for value in values]
    present = {name.lower() for name, _ in header_items(headers)}
    unsigned = sorted(name for name in present - set(listed) if name.startswith("x-amz-"))
    if unsigned:
        raise _malformed(f"the request's {', '.join(unsigned)} header is not signed")
    return signed


def _payload(
    headers: _Headers, body: bytes | bytearray | memoryview | str | None, unsigned: bool
) -> str:
    """The hashed payload signed, checked against the body where it can be."""
    if unsigned:
        return UNSIGNED_PAYLOAD
    claimed = _one_header(headers, "X-Amz-Content-SHA256")
    if claimed is None:
        try:
            return hashed_payload(
                bytes(body) if isinstance(body, (bytearray, memoryview)) else body
            )
        except ValueError as error:
            raise _malformed(str(error)) from None
    if claimed == UNSIGNED_PAYLOAD:
        return claimed
    if claimed.startswith("STREAMING-"):
        raise _malformed(
            f"X-Amz-Content-SHA256 {claimed!r:.50}: streaming uploads are not verified here"
        )
    if not _HEX_HASH.fullmatch(claimed):
        raise _malformed(
            f"X-Amz-Content-SHA256 is not a SHA-256 in lower-case hex: {claimed!r:.70}"
        )
    if body is not None:
        data = body.encode("utf-8", "surrogatepass") if isinstance(body, str) else bytes(body)
        if not same_signature(hashlib.sha256(data).hexdigest(), claimed):
            raise SignatureMismatch(ALGORITHM, "the body's SHA-256 is not X-Amz-Content-SHA256")
    return claimed
