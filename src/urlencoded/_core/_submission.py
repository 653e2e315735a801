"""What an HTML form submission does on top of the URL Standard's serializer.

https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#form-submission-algorithm

A browser submitting a form does not hand the urlencoded serializer the
values as the page holds them. "Constructing the entry list" fills a hidden
field named ``_charset_`` with the name of the encoding the form is
submitted in, and "converting an entry list to a list of name-value pairs"
turns every lone CR, lone LF and CRLF in names and values into CRLF. This
module holds those two steps, the HTML 4 era's isindex rule for the
serializer and the validation of the keyword arguments that select them, so
that :func:`urlencoded.serialize`, :func:`urlencoded.parse`, the streaming
parser and the server helpers all accept and reject the same values.

Everything here is opt-in: the defaults of the public functions are the URL
Standard's, which knows nothing of forms.
"""

from __future__ import annotations

import re

from ._sets import URLENCODED_PERCENT_ENCODE_SET

__all__ = [
    "CHARSET_FIELD",
    "check_charset_field",
    "check_newlines",
    "check_separator",
    "normalize_newlines",
]

#: The field name that "constructing the entry list" fills with the encoding's name.
CHARSET_FIELD = "_charset_"

# https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#convert-to-a-list-of-name-value-pairs
# A CR not followed by LF, an LF not preceded by CR, or CRLF: each becomes CRLF.
_NEWLINE = re.compile(r"\r\n?|\n")


def normalize_newlines(text: str) -> str:
    """Replace each lone CR, lone LF and CRLF in *text* with CRLF.

    https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#convert-to-a-list-of-name-value-pairs
    (steps 2.1 and 2.3). "\\n\\r" is two line breaks: ``"\\r\\n\\r\\n"``.
    """
    if "\r" not in text and "\n" not in text:
        return text
    return _NEWLINE.sub("\r\n", text)


def check_separator(separator: object, *, serializing: bool = False) -> bytes:
    """Validate the ``separator`` keyword; return it as one byte.

    One ASCII character (str or bytes), ``&`` by default. ``=`` is refused,
    since it separates a name from its value. A serializer's separator must
    moreover be a byte that the application/x-www-form-urlencoded
    percent-encode set always escapes, other than ``%`` and ``+``, so that it
    can never occur literally inside a serialized name or value.
    """
    if isinstance(separator, str):
        raw = separator.encode("latin-1") if separator.isascii() else b"\x80"
    elif isinstance(separator, bytes):
        raw = separator
    else:
        raise TypeError(f"separator must be a str or bytes, not {type(separator).__name__}")
    if len(raw) != 1 or raw[0] > 0x7F or raw == b"=":
        raise ValueError(f"separator must be one ASCII character other than '=', got {separator!r}")
    if serializing and (raw in b"%+" or raw[0] not in URLENCODED_PERCENT_ENCODE_SET):
        raise ValueError(
            f"separator must be a character that serialize() always percent-encodes "
            f"(not an ASCII alphanumeric, '*', '-', '.', '_', '%' or '+'), got {separator!r}"
        )
    return raw


def check_charset_field(charset_field: object, use_charset_field: object) -> bytes | None:
    """Validate ``charset_field`` and ``use_charset_field``; return the field name as bytes.

    ``use_charset_field=True`` is shorthand for ``charset_field="_charset_"``;
    naming another field as well is a conflict. The name must be non-empty
    ASCII (it is compared with each field's percent-decoded name bytes).
    """
    if not isinstance(use_charset_field, bool):
        raise TypeError(f"use_charset_field must be a bool, not {type(use_charset_field).__name__}")
    if charset_field is None:
        return CHARSET_FIELD.encode("ascii") if use_charset_field else None
    if not isinstance(charset_field, str):
        raise TypeError(f"charset_field must be a str or None, not {type(charset_field).__name__}")
    if not charset_field or not charset_field.isascii():
        raise ValueError(f"charset_field must be a non-empty ASCII name, got {charset_field!r}")
    if use_charset_field and charset_field != CHARSET_FIELD:
        raise ValueError(
            f"use_charset_field=True means charset_field={CHARSET_FIELD!r}, "
            f"which conflicts with charset_field={charset_field!r}"
        )
    return charset_field.encode("ascii")


def check_newlines(newlines: object) -> bool:
    """Validate the ``newlines`` keyword; return whether to normalize to CRLF."""
    if newlines is None:
        return False
    if not isinstance(newlines, str):
        raise TypeError(f"newlines must be a str or None, not {type(newlines).__name__}")
    if newlines != "crlf":
        raise ValueError(f"newlines must be 'crlf' or None, got {newlines!r}")
    return True
