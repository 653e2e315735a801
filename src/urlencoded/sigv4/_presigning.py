"""Presigned URLs: the signature in the query (AWS Signature Version 4, query authentication).

https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html

A presigned URL carries its credential scope, time, lifetime, signed
headers and signature as ``X-Amz-*`` query parameters, so that anyone who
holds it can make the one request it allows (an S3 ``GetObject`` link that
expires, an upload form's ``PutObject``) until it expires. The query is
written in AWS's own encoding (every byte but ``A-Za-z0-9-._~`` escaped),
so that it signs the same whether the server decodes it or reads it as
sent; S3 signs no payload (``UNSIGNED-PAYLOAD``).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from .._core import PATH_PERCENT_ENCODE_SET, utf8_percent_encode
from .._web import check_secret, escape_unreserved, join_sort_keys, query_sort_keys
from ._canonical import (
    EMPTY_PAYLOAD_HASH,
    UNSIGNED_PAYLOAD,
    Headers,
    canonical_headers,
    canonical_uri,
    check_method,
    header_pairs,
    host_of,
    signed_headers,
    utf8,
)
from ._signing import (
    ALGORITHM,
    Timestamp,
    check_session_token,
    check_token,
    now_amz_date,
    scope_part,
    signature,
    signing_key,
    string_to_sign,
)

__all__ = ["MAX_EXPIRES", "QUERY_AUTH_PARAMS", "presign_url"]

#: The longest lifetime of a presigned URL, in seconds: seven days (S3's limit).
MAX_EXPIRES = 604800
#: The query parameters of query authentication, in the order written.
QUERY_AUTH_PARAMS = (
    "X-Amz-Algorithm",
    "X-Amz-Credential",
    "X-Amz-Date",
    "X-Amz-Expires",
    "X-Amz-SignedHeaders",
    "X-Amz-Security-Token",
    "X-Amz-Signature",
)


def check_expires(expires: object) -> int:
    """*expires*, a lifetime in seconds: an int from 1 to :data:`MAX_EXPIRES`."""
    if isinstance(expires, bool) or not isinstance(expires, int):
        raise TypeError(f"expires must be an int of seconds, not {type(expires).__name__}")
    if not 1 <= expires <= MAX_EXPIRES:
        raise ValueError(f"expires must be from 1 to {MAX_EXPIRES} seconds (7 days): {expires}")
    return expires


def presign_url(
    method: str,
    url: str,
    *,
    access_key: str,
    secret_key: str,
    region: str,
    service: str = "s3",
    expires: int = 3600,
    session_token: str | None = None,
    now: Timestamp | None = None,
    headers: Headers = (),
    s3: bool | None = None,
) -> str:
    """A presigned URL: *url* with the ``X-Amz-*`` parameters that sign it added to its query.

    https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html

    The query keeps its parameters, in order, written in AWS's encoding,
    and gains ``X-Amz-Algorithm``, ``X-Amz-Credential``, ``X-Amz-Date``,
    ``X-Amz-Expires``, ``X-Amz-SignedHeaders``, ``X-Amz-Security-Token``
    (with a session token) and, last, ``X-Amz-Signature``, as botocore's
    ``generate_presigned_url`` writes them. The signature covers the method,
    the path, the query, the ``Host`` header and *headers*; for S3 the
    payload is ``UNSIGNED-PAYLOAD``, for other services that of an empty
    body. The request must be sent with the signed headers, as signed.

    The path is signed as it is sent: characters that HTTP clients escape
    (spaces, non-ASCII) are escaped in the URL returned, escapes already
    there are kept. Write an S3 object key as S3 expects it in the path
    (each segment with :data:`~urlencoded.dialects.AWS_SIGV4`'s ``encode``,
    as botocore does: ``my key+1.txt`` is ``my%20key%2B1.txt``). Unlike
    botocore, a query parameter given more than once keeps every value.

    :param method: the HTTP method of the request the URL allows.
    :param url: the absolute URL, path-style
        (``https://s3.eu-west-3.amazonaws.com/bucket/key``) or virtual-host
        style (``https://bucket.s3.amazonaws.com/key``).
    :param access_key: the access key id.
    :param secret_key: the secret access key.
    :param region: the region, such as ``us-east-1``.
    :param service: the service, ``s3`` by default.
    :param expires: the URL's lifetime in seconds, from 1 to 604800 (7 days).
    :param session_token: a temporary credential's session token.
    :param now: the time it is signed at (``20150830T123600Z`` or an aware
        datetime); the current time by default.
    :param headers: headers the request will carry, to sign too (such as
        ``Content-Type`` for an upload).
    :param s3: sign as S3 does (see :func:`canonical_uri`); by default when
        *service* is ``s3``.
    :returns: the presigned URL.
    :raises TypeError: for an argument of the wrong type.
    :raises ValueError: for a URL that is not absolute (or has a non-ASCII
        host or a lone surrogate), a query that already holds ``X-Amz-*``
        authentication parameters, an *expires* out of range, and as
        :class:`SigV4` does for the credentials, region, service, time and
        headers.

    >>> presign_url("GET", "https://examplebucket.s3.amazonaws.com/test.txt",
    ...             access_key="AKIAIOSFODNN7EXAMPLE",
    ...             secret_key="wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    ...             region="us-east-1", expires=86400, now="20130524T000000Z")
    ... # doctest: +NORMALIZE_WHITESPACE
    'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404'

    .. versionadded:: 1.1
    """
    check_method(method)
    if not isinstance(url, str):
        raise TypeError(f"url must be a str, not {type(url).__name__}")
    utf8(url, "url")
    check_token(access_key, "access_key")
    check_secret(secret_key, "secret_key")
    region = scope_part(region, "region")
    service = scope_part(service, "service")
    check_expires(expires)
    if session_token is not None:
        check_session_token(session_token)
    if s3 is not None and not isinstance(s3, bool):
        raise TypeError(f"s3 must be a bool or None, not {type(s3).__name__}")
    amz_date = now_amz_date(now)
    parts = urlsplit(url)
    host = host_of(url)
    path = utf8_percent_encode(parts.path, PATH_PERCENT_ENCODE_SET) or "/"
    # The given query, each name and value decoded and written in AWS's encoding, as
    # sort keys ("name NUL value"): one str a pair, however long the query.
    keys = query_sort_keys(parts.query.encode("utf-8"))
    for sort_key in keys:
        name = sort_key.partition("\0")[0]
        if name in QUERY_AUTH_PARAMS:
            raise ValueError(f"url's query already holds {name!r}: it is presigned")
    pairs = header_pairs(headers)
    if not any(name == "host" for name, _ in pairs):
        pairs.append(("host", host))
    names = signed_headers(pairs)
    scope = f"{amz_date[:8]}/{region}/{service}/aws4_request"
    auth = [
        ("X-Amz-Algorithm", ALGORITHM),
        ("X-Amz-Credential", f"{access_key}/{scope}"),
        ("X-Amz-Date", amz_date),
        ("X-Amz-Expires", str(expires)),
        ("X-Amz-SignedHeaders", names),
    ]
    if session_token is not None:
        auth.append(("X-Amz-Security-Token", session_token))
    keys += [f"{name}\0{escape_unreserved(value.encode())}" for name, value in auth]
    query = "&".join(keys).replace("\0", "=")  # in the order given, the parameters last
    as_s3 = service == "s3" if s3 is None else s3
    payload = UNSIGNED_PAYLOAD if as_s3 else EMPTY_PAYLOAD_HASH
    # Every name and value is in AWS's encoding: decoded and encoded again, or as sent,
    # the query sorts to the same canonical query string.
    request = "\n".join(
        [
            method.upper(),
            canonical_uri(path, s3=as_s3),
            join_sort_keys(keys),
            canonical_headers(pairs),
            names,
            payload,
        ]
    )
    text = string_to_sign(request, amz_date, region=region, service=service)
    key = signing_key(secret_key, amz_date, region=region, service=service)
    fragment = f"#{parts.fragment}" if parts.fragment else ""
    return (
        f"{parts.scheme}://{parts.netloc}{path}?{query}"
        f"&X-Amz-Signature={signature(key, text)}{fragment}"
    )
