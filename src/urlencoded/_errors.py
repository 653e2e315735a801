"""Exceptions raised by urlencoded.

Each exception subclasses the builtin that a caller already catches: an unknown
encoding label is a :class:`LookupError`, bytes that are not valid in the
chosen encoding (only in strict mode) and exceeded limits are
:class:`ValueError`. All of them also subclass :class:`URLEncodedError`, so one
``except urlencoded.URLEncodedError`` catches everything this library raises
on purpose. Wrong argument types raise plain :class:`TypeError`.

Each of them carries :attr:`~URLEncodedError.status`, the HTTP status code a
server answers a request whose body raised it.
"""

from __future__ import annotations

__all__ = [
    "BodyConsumedError",
    "BodyTooLarge",
    "ClientDisconnected",
    "ContentLengthError",
    "DecodeError",
    "FieldTooLarge",
    "LimitExceeded",
    "ListIndexTooLarge",
    "MalformedSignature",
    "NestingError",
    "NestingTooDeep",
    "ProbeError",
    "ReplayedNonce",
    "RowDecodeError",
    "SignatureError",
    "SignatureMismatch",
    "StaleSignature",
    "TooManyFields",
    "TooManyKeys",
    "URLEncodedError",
    "UnknownEncodingError",
    "UnsupportedMediaType",
]


class URLEncodedError(Exception):
    """Base class of every exception that urlencoded raises on purpose.

    :attr:`status` is the HTTP status code to answer a request whose body
    raised the exception: 400 Bad Request here and in every subclass that
    does not say otherwise (invalid bytes in strict mode, an unknown charset,
    a client that disconnected, a probe or nesting error);
    :class:`LimitExceeded` says 413, :class:`UnsupportedMediaType` 415,
    :class:`ContentLengthError` 411 or 400, :class:`BodyConsumedError`
    500, and :class:`SignatureError` 401 (400 for :class:`MalformedSignature`).
    An exception that is not a :class:`URLEncodedError` is a server bug:
    answer it with 500.

    >>> from urlencoded import TooManyFields
    >>> TooManyFields("max_fields", 1000, 8000, "field 1001 starts here").status
    413

    .. versionadded:: 1.0
    .. versionchanged:: 1.1 :attr:`status`.
    """

    #: The HTTP status code for a request whose body raised this exception.
    status: int = 400


class UnknownEncodingError(URLEncodedError, LookupError):
    """A label is not one of the Encoding Standard's labels.

    Raised by "get an encoding" (https://encoding.spec.whatwg.org/#concept-encoding-get)
    when it returns failure. :attr:`label` is the label as given.

    .. versionadded:: 1.0
    """

    def __init__(self, label: str) -> None:
        self.label = label
        super().__init__(f"unknown encoding label: {label!r}")

    def __reduce__(self) -> tuple[type[UnknownEncodingError], tuple[str]]:
        return (type(self), (self.label,))


class DecodeError(URLEncodedError, ValueError):
    """Percent-decoded bytes are not valid in the encoding (strict mode only).

    The default parse never raises this: like the URL Standard, it replaces
    invalid bytes with U+FFFD. With ``errors="strict"`` a server can answer
    400 instead of storing mojibake.

    :attr:`offset` is the offset in the input, in bytes, of the field
    (name or value) whose decoded bytes are invalid; :attr:`position` is the
    offset of the first invalid byte within that field's percent-decoded
    bytes; :attr:`encoding` is the WHATWG name of the encoding.

    :attr:`raw_offset` is ``None``, or, when the error is a byte 0x80-0xFF
    that is not percent-encoded in input read with a legacy encoding, that
    byte's offset in the input: the old parsers stopped there.

    .. versionadded:: 1.0
    .. versionchanged:: 1.1 :attr:`raw_offset`.
    """

    def __init__(
        self,
        encoding: str,
        offset: int,
        position: int,
        data: bytes,
        raw_offset: int | None = None,
    ) -> None:
        self.encoding = encoding
        self.offset = offset
        self.position = position
        self.data = data
        self.raw_offset = raw_offset
        if raw_offset is None:
            message = (
                f"invalid {encoding} in the field at byte offset {offset}: "
                f"byte {position} of its percent-decoded bytes {data!r}"
            )
        else:
            message = (
                f"raw byte {data[position]:#04x} at byte offset {raw_offset} is not "
                f"percent-encoded, as {encoding} input must be (in the field at byte "
                f"offset {offset}: byte {position} of its percent-decoded bytes {data!r})"
            )
        super().__init__(message)

    def __reduce__(
        self,
    ) -> tuple[type[DecodeError], tuple[str, int, int, bytes, int | None]]:
        return (
            type(self),
            (self.encoding, self.offset, self.position, self.data, self.raw_offset),
        )


class RowDecodeError(DecodeError):
    """A row of a column holds bytes that are not valid in the encoding (strict mode only).

    Raised by :mod:`urlencoded.arrow` for the first such row: :attr:`row` is
    its index in the column (counted across chunks), and the other
    attributes are those of the :class:`DecodeError` that
    :func:`urlencoded.parse` raises for that row's query.

    .. versionadded:: 1.1
    """

    def __init__(self, row: int, encoding: str, offset: int, position: int, data: bytes) -> None:
        self.row = row
        self.encoding = encoding
        self.offset = offset
        self.position = position
        self.data = data
        super(DecodeError, self).__init__(
            f"row {row}: invalid {encoding} in the field at byte offset {offset}: "
            f"byte {position} of its percent-decoded bytes {data!r}",
        )

    def __reduce__(  # type: ignore[override]
        self,
    ) -> tuple[type[RowDecodeError], tuple[int, str, int, int, bytes]]:
        return (type(self), (self.row, self.encoding, self.offset, self.position, self.data))


class LimitExceeded(URLEncodedError, ValueError):
    """Input exceeded one of the parser's limits.

    :attr:`limit` names the keyword argument (for example ``"max_fields"``),
    :attr:`value` is its setting and :attr:`offset` is how many bytes of the
    input the parser had read when it stopped. Nothing is silently truncated:
    the parser raises instead of returning a partial result. :attr:`status`
    is 413 Content Too Large, for this class and every subclass.

    .. versionadded:: 1.0
    """

    status = 413

    def __init__(self, limit: str, value: int, offset: int, detail: str) -> None:
        self.limit = limit
        self.value = value
        self.offset = offset
        self.detail = detail
        super().__init__(f"{limit}={value} exceeded at byte offset {offset}: {detail}")

    def __reduce__(self) -> tuple[type[LimitExceeded], tuple[str, int, int, str]]:
        return (type(self), (self.limit, self.value, self.offset, self.detail))


class TooManyFields(LimitExceeded):
    """More name-value fields than ``max_fields`` allows.

    .. versionadded:: 1.0
    """


class FieldTooLarge(LimitExceeded):
    """One field's name plus value is longer than ``max_field_size`` bytes.

    .. versionadded:: 1.0
    """


class BodyTooLarge(LimitExceeded):
    """The whole input is longer than ``max_body_size`` bytes.

    .. versionadded:: 1.0
    """


class UnsupportedMediaType(URLEncodedError, ValueError):
    """A request body's Content-Type is not application/x-www-form-urlencoded.

    Raised by :func:`urlencoded.check_content_type` and the server helpers when
    the header is missing, is not a valid MIME type, names another media type,
    or (only with ``honor_charset=True``) has a ``charset`` parameter that is
    not an encoding label. A server answers 415 Unsupported Media Type
    (:attr:`status`). :attr:`content_type` is the header as received
    (``None`` if it was missing).

    .. versionadded:: 1.0
    """

    status = 415

    def __init__(self, content_type: str | None, detail: str) -> None:
        self.content_type = content_type
        self.detail = detail
        super().__init__(f"unsupported Content-Type {content_type!r}: {detail}")

    def __reduce__(self) -> tuple[type[UnsupportedMediaType], tuple[str | None, str]]:
        return (type(self), (self.content_type, self.detail))


class ContentLengthError(URLEncodedError, ValueError):
    """A request's body length is malformed, or unknown where it must be known.

    Raised by :func:`urlencoded.parse_wsgi` for a ``CONTENT_LENGTH`` that is
    not a decimal number (:attr:`content_length` holds it; answer 400), and
    for a chunked body that the WSGI server passes on without a length and
    without promising ``wsgi.input_terminated`` (:attr:`content_length` is
    ``None``; answer 411 Length Required). :attr:`status` is 411 or 400
    accordingly.

    .. versionadded:: 1.0
    """

    def __init__(self, content_length: str | None, detail: str) -> None:
        self.content_length = content_length
        self.detail = detail
        # A body without a usable length is 411; a malformed length is the client's error.
        self.status = 411 if content_length is None else 400
        super().__init__(detail)

    def __reduce__(self) -> tuple[type[ContentLengthError], tuple[str | None, str]]:
        return (type(self), (self.content_length, self.detail))


class ClientDisconnected(URLEncodedError, ConnectionError):
    """The client went away before it had sent the whole request body.

    :attr:`received` is how many body bytes arrived; :attr:`expected` is the
    Content-Length, or ``None`` if the body had no declared length.

    .. versionadded:: 1.0
    """

    def __init__(self, received: int, expected: int | None) -> None:
        self.received = received
        self.expected = expected
        sent = (
            f"{received} bytes of a request body of unknown length"
            if expected is None
            else f"{received} of the {expected} bytes of the request body"
        )
        super().__init__(f"client disconnected after sending {sent}")

    def __reduce__(self) -> tuple[type[ClientDisconnected], tuple[int, int | None]]:
        return (type(self), (self.received, self.expected))


class ProbeError(URLEncodedError, ValueError):
    """A probe field does not single out one encoding.

    Raised by :func:`urlencoded.detect_probe_encoding` (and the deprecated
    ``parse_with_probe``). :attr:`field` and :attr:`text` are
    the probe field's name and known value, :attr:`candidates` the output
    encodings tried, and :attr:`matches` those whose encoding of the probe was
    found in the body: empty when none matched (or the field is missing), two
    or more when several matched and decode the body differently. When no
    candidates were given at all, :attr:`candidates` and :attr:`matches` are
    both empty.

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       Also raised for an empty list of candidates (a plain
       :class:`ValueError` before).
    """

    def __init__(
        self,
        field: str,
        text: str,
        candidates: tuple[object, ...],
        matches: tuple[object, ...],
        field_present: bool = True,
    ) -> None:
        self.field = field
        self.field_present = field_present
        self.text = text
        self.candidates = candidates
        self.matches = matches
        names = ", ".join(getattr(c, "name", repr(c)) for c in (matches or candidates))
        if not candidates:
            message = f"no candidate encodings given to check probe field {field!r} = {text!r}"
        elif matches:
            message = f"probe field {field!r} = {text!r} matches several encodings: {names}"
        elif not field_present:
            message = f"no probe field {field!r} in the input (tried {names})"
        else:
            message = f"probe field {field!r} = {text!r} matches none of: {names}"
        super().__init__(message)

    def __reduce__(
        self,
    ) -> tuple[type[ProbeError], tuple[str, str, tuple[object, ...], tuple[object, ...], bool]]:
        return (
            type(self),
            (self.field, self.text, self.candidates, self.matches, self.field_present),
        )


class NestingError(URLEncodedError, ValueError):
    """Bracketed names that do not describe one structure of dicts and lists.

    Raised by :func:`urlencoded.parse_nested` where another library would
    silently merge, drop or flatten: a value and a container at the same place
    (``a=1&a[b]=2``), the same name twice with ``duplicates="error"``
    (``a=1&a=2``), list indices and dict
    keys in one container (``a[0]=1&a[b]=2``), indices with a gap
    (``a[0]=1&a[2]=2``), or a name with a bracket group that is not
    ``base[key]...[key]`` (``a[b]c``, ``[a]``).

    :attr:`name` is the decoded name of the field at fault, :attr:`offset`
    the byte offset in the input of the field's first byte, and :attr:`detail`
    says what is wrong.

    .. versionadded:: 1.1
    """

    def __init__(self, name: str, offset: int, detail: str) -> None:
        self.name = name
        self.offset = offset
        self.detail = detail
        shown = name if len(name) <= 60 else f"{name[:40]}...{name[-16:]}"
        super().__init__(f"field {shown!r} at byte offset {offset}: {detail}")

    def __reduce__(self) -> tuple[type[NestingError], tuple[str, int, str]]:
        return (type(self), (self.name, self.offset, self.detail))


class NestingTooDeep(LimitExceeded):
    """A name has more bracket groups than ``max_depth`` allows.

    :attr:`offset` is the byte offset of the field whose name is too deep.

    .. versionadded:: 1.1
    """


class ListIndexTooLarge(LimitExceeded):
    """A list index, written (``a[500]``) or appended (``a[]``), exceeds ``max_list_index``.

    :attr:`offset` is the byte offset of the field that names the index.

    .. versionadded:: 1.1
    """


class TooManyKeys(LimitExceeded):
    """The nested result would hold more than ``max_keys`` entries.

    Every dict key and every list item, at every level, counts once.
    :attr:`offset` is the byte offset of the field that would add one too many.

    .. versionadded:: 1.1
    """


class BodyConsumedError(URLEncodedError, RuntimeError):
    """The framework had already read the request body before urlencoded could.

    A request body can be received only once. Raised by the framework helpers
    (:mod:`urlencoded.flask`, :mod:`urlencoded.django`,
    :mod:`urlencoded.starlette`) at once, instead of waiting for bytes that
    will never come. :attr:`cause` says what read the body and :attr:`fix`
    what to do instead. It is a bug in the application, not in the request:
    :attr:`status` is 500.

    .. versionadded:: 1.1
    """

    status = 500

    def __init__(self, cause: str, fix: str) -> None:
        self.cause = cause
        self.fix = fix
        super().__init__(f"the request body was already read by {cause}; {fix}")

    def __reduce__(self) -> tuple[type[BodyConsumedError], tuple[str, str]]:
        return (type(self), (self.cause, self.fix))


class SignatureError(URLEncodedError, ValueError):
    """A signed request did not verify (``urlencoded.oauth1.verify``, ``urlencoded.sigv4.verify``).

    Its subclasses say what failed: :class:`MalformedSignature` (the
    signature's parameters are missing, repeated, unsupported or unreadable;
    :attr:`status` 400), :class:`SignatureMismatch` (the signature is not the
    one the credentials give, or the credentials are unknown),
    :class:`StaleSignature` (the request's time is outside the window it is
    accepted in, or a presigned URL expired) and :class:`ReplayedNonce` (an
    OAuth nonce seen before); those three answer 401 Unauthorized, as RFC
    5849 §3.2 says. :attr:`scheme` is ``"OAuth"`` or ``"AWS4-HMAC-SHA256"``,
    for a ``WWW-Authenticate`` header; :attr:`detail` says what is wrong
    (it names no secret, and is meant for the server's log rather than for
    the client).

    >>> from urlencoded import MalformedSignature, SignatureMismatch
    >>> SignatureMismatch("OAuth", "oauth_signature does not match").status
    401
    >>> MalformedSignature("OAuth", "no oauth_signature").status
    400

    .. versionadded:: 1.1
    """

    status = 401

    def __init__(self, scheme: str, detail: str) -> None:
        self.scheme = scheme
        self.detail = detail
        super().__init__(f"{scheme} signature: {detail}")

    def __reduce__(self) -> tuple[type[SignatureError], tuple[str, str]]:
        return (type(self), (self.scheme, self.detail))


class MalformedSignature(SignatureError):
    """The request's signature parameters are missing, repeated, unsupported or unreadable.

    An ``Authorization`` header that does not parse, protocol parameters in
    more than one place (RFC 5849 §3.5), one given twice, a required one
    missing, an unsupported signature method or algorithm, a timestamp or
    credential scope that is not well formed. :attr:`status` is 400.

    .. versionadded:: 1.1
    """

    status = 400


class SignatureMismatch(SignatureError):
    """The signature is not the one the request and its credentials give.

    Also raised for credentials the server does not know (its secret
    lookup gave ``None``), and for a body whose hash is not the one signed.

    .. versionadded:: 1.1
    """


class StaleSignature(SignatureError):
    """The request's time is outside the window in which it is accepted.

    An OAuth ``oauth_timestamp`` or a SigV4 ``X-Amz-Date`` further from the
    server's clock than allowed, or a presigned URL used after it expired
    (or long before it was signed).

    .. versionadded:: 1.1
    """


class ReplayedNonce(SignatureError):
    """An OAuth ``oauth_nonce`` that the server has seen before with the same timestamp.

    .. versionadded:: 1.1
    """


# Tracebacks and reprs name the public module, where users import them from;
# pickle finds them there too.
for _name in __all__:
    globals()[_name].__module__ = "urlencoded"
del _name
