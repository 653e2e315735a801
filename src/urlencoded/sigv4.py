"""AWS Signature Version 4: the canonical request, the string to sign and the signature.

https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html

Each step of AWS's "Create a signed AWS API request" is a function here:
:func:`canonical_uri`, :func:`canonical_query_string`,
:func:`canonical_headers` and :func:`signed_headers`,
:func:`hashed_payload`, :func:`canonical_request`, :func:`string_to_sign`,
:func:`signing_key` and :func:`signature`; :class:`SigV4` signs each request
sent by httpx or requests. Only the bytes of the signature: no credential
lookup, no AWS dependency, and this module imports no HTTP client.

.. versionadded:: 1.1
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import re
from collections.abc import Iterable, Mapping
from typing import Any, Callable, Union
from urllib.parse import urlsplit

from ._core import parse_bytes
from ._web import RequestSigner, sendable_body, str_pairs
from .dialects import AWS_SIGV4 as _URI_ENCODE

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

#: The signing algorithm named in the string to sign and the Authorization header.
ALGORITHM = "AWS4-HMAC-SHA256"
#: The hashed payload of an empty body: the SHA-256 of no bytes, in lower-case hex.
EMPTY_PAYLOAD_HASH = hashlib.sha256(b"").hexdigest()
#: The hashed payload that says the body is not signed (S3 over HTTPS).
UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD"

_Headers = Union[Iterable[tuple[str, str]], Mapping[str, str]]
_Timestamp = Union[str, datetime.datetime]
_TIMESTAMP = re.compile(r"[0-9]{8}T[0-9]{6}Z")
_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")  # RFC 9110 §5.6.2 field names
_SPACES = re.compile(r"[ \t]+")
_DEFAULT_PORTS = {"http": 80, "https": 443}


def canonical_uri(path: str, *, s3: bool = False) -> str:
    """The canonical URI: the request path, normalized and URI-encoded again.

    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#create-canonical-request

    *path* is the path as the request sends it (already percent-encoded).
    For every service but S3, dot segments are removed (RFC 3986 §5.2.4),
    runs of ``/`` become one, and each segment is URI-encoded (every byte
    but ``A-Za-z0-9-._~`` as ``%XY``, so escapes are encoded a second
    time). For S3 the path is used as it is. An empty path is ``/``. As
    botocore and AWS's test suite do, and unlike RFC 3986, a final ``.`` or
    ``..`` segment leaves no ``/`` behind (``/a/b/..`` is ``/a``).

    :param path: the request path, without query.
    :param s3: sign for Amazon S3, which neither normalizes nor encodes again.
    :returns: the canonical URI (ASCII, unless an S3 path is not).
    :raises TypeError: if *path* is not a str.
    :raises ValueError: if *path* holds a lone surrogate.

    >>> canonical_uri("/documents%20and%20settings/./a%2Fb/../c~")
    '/documents%2520and%2520settings/c~'
    >>> canonical_uri("/my bucket//a%2Fb", s3=True)
    '/my bucket//a%2Fb'

    .. versionadded:: 1.1
    """
    if not isinstance(path, str):
        raise TypeError(f"path must be a str, not {type(path).__name__}")
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"path holds a lone surrogate: {path!r}") from None
    if not path:
        return "/"
    if s3:
        return path
    segments: list[str] = []
    for segment in path.split("/"):
        if segment == "..":
            if segments:
                segments.pop()
        elif segment and segment != ".":
            segments.append(segment)
    # A path ending in "/" keeps it, unless nothing is left (as botocore does).
    trailing = "/" if segments and path.endswith("/") else ""
    return "/" + "/".join(map(_URI_ENCODE.encode, segments)) + trailing


def canonical_query_string(query: str) -> str:
    """The canonical query string of a request's query.

    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#create-canonical-request

    The query is read as ``application/x-www-form-urlencoded`` (``+`` is a
    space, as in the AWS test suite), then each name and value is
    URI-encoded, and the pairs sorted by name, then value, and joined
    (:meth:`urlencoded.dialects.Dialect.canonical_query` of
    :data:`~urlencoded.dialects.AWS_SIGV4`). Names and values are bytes
    throughout: a query in a legacy encoding is signed as sent.

    :param query: the query, without ``?``.
    :returns: the canonical query string (ASCII).
    :raises TypeError: if *query* is not a str.

    >>> canonical_query_string("q=a+b&tag=~%7E&tag=*&empty")
    'empty=&q=a%20b&tag=%2A&tag=~~'

    .. versionadded:: 1.1
    """
    if not isinstance(query, str):
        raise TypeError(f"query must be a str, not {type(query).__name__}")
    return _URI_ENCODE.canonical_query(parse_bytes(query.encode("utf-8", "surrogatepass")))


def _header_pairs(headers: _Headers) -> list[tuple[str, str]]:
    checked = []
    for name, value in str_pairs(headers, "headers"):
        if not _TOKEN.fullmatch(name):
            raise ValueError(f"not a valid header name: {name!r}")
        if "\r" in value or "\n" in value or "\0" in value:
            raise ValueError(f"header {name!r} holds CR, LF or NUL: {value!r}")
        checked.append((name.lower(), value))
    return checked


def _grouped(headers: _Headers) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for name, value in _header_pairs(headers):
        grouped.setdefault(name, []).append(value)
    return dict(sorted(grouped.items()))


def canonical_headers(headers: _Headers) -> str:
    """The canonical headers: one ``name:value`` line per header name, sorted.

    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#create-canonical-request

    Names in lower case; each value trimmed, with runs of spaces and tabs
    made one space; the values of a name given more than once joined with
    ``,`` in the order given. Each line ends with a newline.

    :param headers: the headers to sign, as ``(name, value)`` pairs or a mapping.
    :returns: the canonical headers.
    :raises TypeError: for a pair that is not two str.
    :raises ValueError: for a name that is not an HTTP token, or a value
        holding CR, LF or NUL.

    >>> print(canonical_headers([("Host", "example.com"), ("My-Header", " a   b "),
    ...                          ("my-header", "c")]), end="")
    host:example.com
    my-header:a b,c

    .. versionadded:: 1.1
    """
    return "".join(
        f"{name}:{','.join(_SPACES.sub(' ', value).strip(' ') for value in values)}\n"
        for name, values in _grouped(headers).items()
    )


def signed_headers(headers: _Headers) -> str:
    """The signed headers: the lower-case header names, sorted, joined with ``;``.

    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#create-canonical-request

    :param headers: the headers to sign, as for :func:`canonical_headers`.
    :returns: the signed headers.
    :raises TypeError: as :func:`canonical_headers` does.
    :raises ValueError: as :func:`canonical_headers` does.

    >>> signed_headers({"X-Amz-Date": "20150830T123600Z", "Host": "example.com"})
    'host;x-amz-date'

    .. versionadded:: 1.1
    """
    return ";".join(_grouped(headers))


def hashed_payload(body: bytes | str | None) -> str:
    """The hashed payload: the SHA-256 of the body, in lower-case hex.

    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#create-canonical-request

    :param body: the body as sent (a str is UTF-8), or ``None`` for none.
    :returns: 64 hex digits; :data:`EMPTY_PAYLOAD_HASH` for no body.
    :raises TypeError: if *body* is not bytes, str or None.
    :raises ValueError: for a str body with a lone surrogate.

    >>> hashed_payload(b"Param1=value1")
    '9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e'

    .. versionadded:: 1.1
    """
    if body is None:
        return EMPTY_PAYLOAD_HASH
    if isinstance(body, str):
        try:
            body = body.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError("body holds a lone surrogate") from None
    if not isinstance(body, (bytes, bytearray, memoryview)):
        raise TypeError(f"body must be bytes, str or None, not {type(body).__name__}")
    return hashlib.sha256(body).hexdigest()


def _host(url: str) -> str:
    """The Host header a client sends for *url*: lower case, no default port."""
    parts = urlsplit(url)
    host = parts.hostname
    if not parts.scheme or not host:
        raise ValueError(f"url must be absolute, with a scheme and a host: {url!r}")
    if not host.isascii():
        raise ValueError(f"url's host must be ASCII (encode it with IDNA first): {host!r}")
    try:
        port = parts.port
    except ValueError as error:
        raise ValueError(f"url's port is not valid: {url!r} ({error})") from None
    if ":" in host:
        host = f"[{host}]"
    if port is not None and _DEFAULT_PORTS.get(parts.scheme.lower()) != port:
        host = f"{host}:{port}"
    return host


def canonical_request(
    method: str,
    url: str,
    *,
    headers: _Headers,
    body: bytes | str | None = None,
    payload_hash: str | None = None,
    s3: bool = False,
) -> str:
    """The canonical request, whose hash the string to sign holds.

    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#create-canonical-request

    Six lines: the method in upper case, :func:`canonical_uri` of the URL's
    path, :func:`canonical_query_string` of its query,
    :func:`canonical_headers` (then an empty line), :func:`signed_headers`,
    and the hashed payload. A ``Host`` header is added from the URL (lower
    case, without a default port) unless *headers* has one.

    :param method: the HTTP method.
    :param url: the absolute URL, with the path and query as sent.
    :param headers: the headers to sign, as ``(name, value)`` pairs or a mapping.
    :param body: the body as sent; ``None`` for none.
    :param payload_hash: the hashed payload to use instead of hashing
        *body*, such as :data:`UNSIGNED_PAYLOAD` or the value of an
        ``X-Amz-Content-SHA256`` header.
    :param s3: sign for Amazon S3 (see :func:`canonical_uri`).
    :returns: the canonical request.
    :raises TypeError: for an argument of the wrong type.
    :raises ValueError: for a URL that is not absolute or has a non-ASCII
        host, or a bad header.

    >>> print(canonical_request("GET", "https://example.amazonaws.com/?Param2=value2&Param1=value1",
    ...                         headers={"X-Amz-Date": "20150830T123600Z"}))
    GET
    /
    Param1=value1&Param2=value2
    host:example.amazonaws.com
    x-amz-date:20150830T123600Z
    <BLANKLINE>
    host;x-amz-date
    e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855

    .. versionadded:: 1.1
    """
    if not isinstance(method, str):
        raise TypeError(f"method must be a str, not {type(method).__name__}")
    if not isinstance(url, str):
        raise TypeError(f"url must be a str, not {type(url).__name__}")
    pairs = _header_pairs(headers)
    if not any(name == "host" for name, _ in pairs):
        pairs.append(("host", _host(url)))
    else:
        _host(url)  # the URL is still checked
    if payload_hash is None:
        payload_hash = hashed_payload(body)
    elif not isinstance(payload_hash, str):
        raise TypeError(f"payload_hash must be a str, not {type(payload_hash).__name__}")
    parts = urlsplit(url)
    return "\n".join(
        [
            method.upper(),
            canonical_uri(parts.path, s3=s3),
            canonical_query_string(parts.query),
            canonical_headers(pairs),
            signed_headers(pairs),
            payload_hash,
        ]
    )


def _amz_date(timestamp: _Timestamp) -> str:
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


def _scope_part(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    if not value or "/" in value or not value.isascii() or not value.isprintable():
        raise ValueError(f"{what} must be printable ASCII without '/', and not empty: {value!r}")
    return value


def string_to_sign(
    canonical_request: str, timestamp: _Timestamp, *, region: str, service: str
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
    amz_date = _amz_date(timestamp)
    scope = f"{amz_date[:8]}/{_scope_part(region, 'region')}/{_scope_part(service, 'service')}"
    digest = hashlib.sha256(canonical_request.encode("utf-8")).hexdigest()
    return f"{ALGORITHM}\n{amz_date}\n{scope}/aws4_request\n{digest}"


def signing_key(
    secret_key: str, date: _Timestamp | datetime.date, *, region: str, service: str
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
        day = _amz_date(date)[:8]
    elif isinstance(date, datetime.date):
        day = date.strftime("%Y%m%d")
    elif isinstance(date, str) and re.fullmatch(r"[0-9]{8}", date):
        day = date
    else:
        day = _amz_date(date)[:8]
    key = f"AWS4{secret_key}".encode()
    for part in (
        day,
        _scope_part(region, "region"),
        _scope_part(service, "service"),
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


_Clock = Union[_Timestamp, Callable[[], _Timestamp], None]
# The headers SigV4 signs from a request: those a proxy or the client may not change.
_SIGNED_FROM_REQUEST = ("host", "content-type", "content-md5")


class SigV4(RequestSigner):
    """Sign each request with AWS Signature Version 4, for httpx and requests.

    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html

    Pass it as ``auth=`` to httpx (sync or async) or requests. Each request
    gets an ``X-Amz-Date`` header, ``X-Amz-Security-Token`` with a session
    token, ``X-Amz-Content-SHA256`` for S3, and the ``Authorization``
    header. It signs the ``Host``, ``Content-Type`` and ``Content-MD5``
    headers and every ``X-Amz-*`` header, the path and query as sent, and
    the body.

    :param access_key: the access key id.
    :param secret_key: the secret access key.
    :param region: the region, such as ``us-east-1``.
    :param service: the service, such as ``execute-api`` or ``s3``.
    :param session_token: a temporary credential's session token.
    :param s3: sign as S3 does (see :func:`canonical_uri`); by default when
        *service* is ``s3``.
    :param timestamp: a fixed time (``20150830T123600Z`` or an aware
        datetime) or a function giving the time; the current time by default.
    :raises TypeError: for an argument of the wrong type.
    :raises ValueError: for a bad region or service.

    >>> import httpx
    >>> auth = SigV4("AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
    ...              region="us-east-1", service="service", timestamp="20150830T123600Z")
    >>> auth(httpx.Request("GET", "https://example.amazonaws.com/")).headers["Authorization"]
    ... # doctest: +NORMALIZE_WHITESPACE
    'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request,
    SignedHeaders=host;x-amz-date,
    Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31'

    .. versionadded:: 1.1
    """

    signer_name = "SigV4"

    def __init__(
        self,
        access_key: str,
        secret_key: str,
        *,
        region: str,
        service: str,
        session_token: str | None = None,
        s3: bool | None = None,
        timestamp: _Clock = None,
    ) -> None:
        for what, text in (("access_key", access_key), ("secret_key", secret_key)):
            if not isinstance(text, str):
                raise TypeError(f"{what} must be a str, not {type(text).__name__}")
        if session_token is not None and not isinstance(session_token, str):
            raise TypeError("session_token must be a str or None")
        if s3 is not None and not isinstance(s3, bool):
            raise TypeError("s3 must be a bool or None")
        if timestamp is not None and not callable(timestamp):
            _amz_date(timestamp)
        self.access_key = access_key
        self.secret_key = secret_key
        self.region = _scope_part(region, "region")
        self.service = _scope_part(service, "service")
        self.session_token = session_token
        self.s3 = service == "s3" if s3 is None else s3
        self._timestamp = timestamp

    def __repr__(self) -> str:
        return (
            f"SigV4(access_key={self.access_key!r}, region={self.region!r},"
            f" service={self.service!r})"
        )

    def _now(self) -> str:
        if self._timestamp is None:
            return _amz_date(datetime.datetime.now(datetime.timezone.utc))
        if callable(self._timestamp):
            return _amz_date(self._timestamp())
        return _amz_date(self._timestamp)

    def sign(
        self, method: str, url: str, *, headers: _Headers = (), body: bytes | str | None = None
    ) -> dict[str, str]:
        """The headers to add to one request to sign it, ``Authorization`` last.

        https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#add-signature-to-request

        :param method: the HTTP method.
        :param url: the absolute URL, with the path and query as sent.
        :param headers: the request's headers to sign, besides those added here.
        :param body: the body as sent.
        :returns: ``X-Amz-Date``, then ``X-Amz-Security-Token`` and
            ``X-Amz-Content-SHA256`` where they apply, then ``Authorization``.
        :raises TypeError: as :func:`canonical_request` does.
        :raises ValueError: as :func:`canonical_request` does.

        >>> auth = SigV4("AKID", "secret", region="eu-west-1", service="s3",
        ...              timestamp="20240102T030405Z")
        >>> list(auth.sign("PUT", "https://b.s3.amazonaws.com/k", body=b"x"))
        ['X-Amz-Date', 'X-Amz-Content-SHA256', 'Authorization']

        .. versionadded:: 1.1
        """
        amz_date = self._now()
        added = {"X-Amz-Date": amz_date}
        if self.session_token is not None:
            added["X-Amz-Security-Token"] = self.session_token
        payload = hashed_payload(body)
        if self.s3:
            added["X-Amz-Content-SHA256"] = payload
        given = [
            (name, value)
            for name, value in _header_pairs(headers)
            if name.lower() not in {"x-amz-date", "x-amz-security-token", "x-amz-content-sha256"}
            and name.lower() != "authorization"
        ]
        to_sign = given + [(name.lower(), value) for name, value in added.items()]
        request = canonical_request(method, url, headers=to_sign, payload_hash=payload, s3=self.s3)
        text = string_to_sign(request, amz_date, region=self.region, service=self.service)
        key = signing_key(self.secret_key, amz_date, region=self.region, service=self.service)
        names = request.split("\n")[-2]
        added["Authorization"] = (
            f"{ALGORITHM} Credential={self.access_key}/{amz_date[:8]}/{self.region}/"
            f"{self.service}/aws4_request, SignedHeaders={names}, Signature={signature(key, text)}"
        )
        return added

    def _sign_into(self, headers: Any, method: str, url: Any, body: object) -> None:
        sent = sendable_body(body, "body")
        signed = [
            (name, value)
            for name, value in headers.items()
            if name.lower() in _SIGNED_FROM_REQUEST or name.lower().startswith("x-amz-")
        ]
        for name, value in self.sign(method, str(url), headers=signed, body=sent).items():
            headers[name] = value
