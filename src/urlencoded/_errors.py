"""Exceptions raised by urlencoded.

Each exception subclasses the builtin that a caller already catches: an unknown
encoding label is a :class:`LookupError`, bytes that are not valid in the
chosen encoding (only in strict mode) and exceeded limits are
:class:`ValueError`. All of them also subclass :class:`URLEncodedError`, so one
``except urlencoded.URLEncodedError`` catches everything this library raises
on purpose. Wrong argument types raise plain :class:`TypeError`.
"""

from __future__ import annotations

__all__ = [
    "BodyTooLarge",
    "DecodeError",
    "FieldTooLarge",
    "LimitExceeded",
    "TooManyFields",
    "URLEncodedError",
    "UnknownEncodingError",
]


class URLEncodedError(Exception):
    """Base class of every exception that urlencoded raises on purpose.

    .. versionadded:: 1.0
    """


class UnknownEncodingError(URLEncodedError, LookupError):
    """A label is not one of the Encoding Standard's labels.

    Raised by "get an encoding" (https://encoding.spec.whatwg.org/#concept-encoding-get)
    when it returns failure. :attr:`label` is the label as given.

    .. versionadded:: 1.0
    """

    def __init__(self, label: str) -> None:
        self.label = label
        super().__init__(f"unknown encoding label: {label!r}")


class DecodeError(URLEncodedError, ValueError):
    """Percent-decoded bytes are not valid in the encoding (strict mode only).

    The default parse never raises this: like the URL Standard, it replaces
    invalid bytes with U+FFFD. With ``errors="strict"`` a server can answer
    400 instead of storing mojibake.

    :attr:`offset` is the offset in the input, in bytes, of the field
    (name or value) whose decoded bytes are invalid; :attr:`position` is the
    offset of the first invalid byte within that field's percent-decoded
    bytes; :attr:`encoding` is the WHATWG name of the encoding.

    .. versionadded:: 1.0
    """

    def __init__(self, encoding: str, offset: int, position: int, data: bytes) -> None:
        self.encoding = encoding
        self.offset = offset
        self.position = position
        self.data = data
        super().__init__(
            f"invalid {encoding} in the field at byte offset {offset}: "
            f"byte {position} of its percent-decoded bytes {data!r}"
        )


class LimitExceeded(URLEncodedError, ValueError):
    """Input exceeded one of the parser's limits.

    :attr:`limit` names the keyword argument (for example ``"max_fields"``),
    :attr:`value` is its setting and :attr:`offset` is how many bytes of the
    input the parser had read when it stopped. Nothing is silently truncated:
    the parser raises instead of returning a partial result.

    .. versionadded:: 1.0
    """

    def __init__(self, limit: str, value: int, offset: int, detail: str) -> None:
        self.limit = limit
        self.value = value
        self.offset = offset
        super().__init__(f"{limit}={value} exceeded at byte offset {offset}: {detail}")


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
