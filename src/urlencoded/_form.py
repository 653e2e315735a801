"""The application/x-www-form-urlencoded parser, string parser and serializer.

https://url.spec.whatwg.org/#application/x-www-form-urlencoded

The parser works on bytes, as the spec's does: a request body arrives as
bytes, and percent-decoding yields bytes that only then are decoded as text.
The string parser UTF-8 encodes its input and runs the same parser.

Speed comes from treating many fields at once where the spec's per-field
loop would give the same answer: with UTF-8, ``_bulk.py`` runs each step over
blocks of the body inside C-level primitives. For legacy encodings, the
``_charset_`` rule and any block the bulk path cannot do exactly, the parser
walks the fields one by one as the spec does. ``tests/reference.py``
transcribes the spec step by step and the hypothesis properties check that
both paths agree with it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from typing import Union

from ._bulk import (
    BLOCK,
    parse_bytes_whole,
    parse_utf8_whole,
    serialize_utf8_whole,
    shape,
    split_text,
)
from ._encoding import UTF_8, Encoding, decode, get_encoding, get_output_encoding
from ._errors import BodyTooLarge, DecodeError, FieldTooLarge, TooManyFields, UnknownEncodingError
from ._infra import to_usv_string
from ._percent import _encode_after_encoding, _escape_encoded, percent_decode_bytes, utf8_encode
from ._sets import URLENCODED_PERCENT_ENCODE_SET

__all__ = ["parse", "parse_bytes", "serialize"]

BytesLike = Union[bytes, bytearray, memoryview]
NameOrValue = Union[str, bytes, bytearray, memoryview]
# A pair is any 2-item sequence, so lists from JSON serialize too.
Pairs = Union[
    Iterable[Sequence[NameOrValue]], Mapping[str, NameOrValue], Mapping[bytes, NameOrValue]
]

_NON_EMPTY_SEQUENCE = re.compile(rb"[^&]+")
_CHARSET_FIELD = b"_charset_"


def _as_body(data: object, caller: str) -> bytes:
    if isinstance(data, bytes):
        return data
    if isinstance(data, str):
        # https://url.spec.whatwg.org/#concept-urlencoded-string-parser: UTF-8 encode.
        return utf8_encode(data)
    if isinstance(data, (bytearray, memoryview)):
        return bytes(data)
    raise TypeError(f"{caller}() takes bytes or str, not {type(data).__name__}")


def check_limit(name: str, value: object) -> int | None:
    """Validate one limit keyword: an int of 0 or more, or None for no limit."""
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int or None, not {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{name} must be 0 or more, got {value}")
    return value


def check_errors(errors: object) -> str:
    """Validate the ``errors`` keyword."""
    if not isinstance(errors, str):
        raise TypeError(f"errors must be a str, not {type(errors).__name__}")
    if errors not in ("replace", "strict"):
        raise ValueError(f"errors must be 'replace' or 'strict', got {errors!r}")
    return errors


def field_size_excess(equals: int, max_field_size: int) -> int:
    """The index in a sequence of the byte that takes its size past *max_field_size*.

    The size is the name plus the value, so the first "=" (at index *equals*,
    or -1 for none) does not count when it comes before that byte.
    """
    return max_field_size + (0 <= equals <= max_field_size)


def check_limits(
    body: bytes,
    max_fields: int | None,
    max_field_size: int | None,
    max_body_size: int | None,
) -> None:
    """Raise the first limit that a scan of *body* from its start would hit.

    The limits count raw input: ``max_body_size`` its bytes, ``max_fields``
    its non-empty ``&``-separated sequences, ``max_field_size`` the bytes of
    one sequence's name plus value (not counting the first ``=``). The
    exception's offset is where a byte-by-byte scan would notice.
    """
    max_fields = check_limit("max_fields", max_fields)
    max_field_size = check_limit("max_field_size", max_field_size)
    max_body_size = check_limit("max_body_size", max_body_size)
    # Cheap upper bounds first; the exact scan runs only when one may be hit.
    body_over = max_body_size is not None and len(body) > max_body_size
    fields_may_hit = max_fields is not None and body.count(b"&") + 1 > max_fields
    size_may_hit = (
        max_field_size is not None
        and len(body) > max_field_size
        and max(map(len, body.split(b"&"))) > max_field_size
    )
    # A byte-by-byte scan notices the body limit on reading byte max_body_size.
    body_hit_at = max_body_size if body_over and max_body_size is not None else len(body) + 1
    if fields_may_hit or size_may_hit:
        for count, match in enumerate(_NON_EMPTY_SEQUENCE.finditer(body), start=1):
            start = match.start()
            if start >= body_hit_at:
                break
            if max_fields is not None and count > max_fields:
                raise TooManyFields("max_fields", max_fields, start, f"field {count} starts here")
            if max_field_size is not None:
                sequence = match.group()
                equals = sequence.find(b"=")
                over = field_size_excess(equals, max_field_size)
                if over < len(sequence) and start + over < body_hit_at:
                    raise FieldTooLarge(
                        "max_field_size",
                        max_field_size,
                        start + over,
                        f"field {count} starting at byte {start} is longer",
                    )
    if body_over and max_body_size is not None:
        raise BodyTooLarge(
            "max_body_size", max_body_size, max_body_size, f"the input is {len(body)} bytes"
        )


def _decode_field(encoding: Encoding, data: bytes, strict: bool, offset: int) -> str:
    """Decode one percent-decoded name or value; *offset* locates it for errors."""
    if encoding.name == "UTF-8":
        # https://encoding.spec.whatwg.org/#utf-8-decode-without-bom
        try:
            return data.decode("utf-8", "strict" if strict else "replace")
        except UnicodeDecodeError as error:
            raise DecodeError(encoding.name, offset, error.start, data) from None
    try:
        return decode(encoding, data, fatal=strict)
    except UnicodeDecodeError as error:
        raise DecodeError(encoding.name, offset, error.start, data) from None


def _split_fields(body: bytes) -> list[tuple[bytes, bytes, int, int]]:
    """Steps 1-4 of the parser: (name, value, name offset, value offset) per sequence."""
    fields = []
    offset = 0
    # Step 1: split on 0x26 (&).
    for sequence in body.split(b"&"):
        # Step 3.1: skip empty sequences.
        if sequence:
            # Steps 3.2-3.3: name up to the first 0x3D (=), value after it.
            name, _, value = sequence.partition(b"=")
            # Step 3.4: replace 0x2B (+) with 0x20 (SP); then percent-decode.
            fields.append(
                (
                    percent_decode_bytes(name.replace(b"+", b" ")),
                    percent_decode_bytes(value.replace(b"+", b" ")),
                    offset,
                    offset + len(name) + 1,
                )
            )
        offset += len(sequence) + 1
    return fields


def _charset_field_encoding(fields: list[tuple[bytes, bytes, int, int]]) -> Encoding | None:
    """The encoding named by the first ``_charset_`` field that holds a known label."""
    for name, value, _, _ in fields:
        if name == _CHARSET_FIELD:
            try:
                return get_encoding(value.decode("latin-1"))
            except UnknownEncodingError:
                continue
    return None


def _isindex_first(body: bytes) -> bool:
    """Whether the first sequence is an isindex value: non-empty, with no "="."""
    first = body.split(b"&", 1)[0]
    return bool(first) and b"=" not in first


def parse(
    data: BytesLike | str,
    *,
    encoding: str | Encoding = "UTF-8",
    errors: str = "replace",
    isindex: bool = False,
    use_charset_field: bool = False,
    max_fields: int | None = None,
    max_field_size: int | None = None,
    max_body_size: int | None = None,
) -> list[tuple[str, str]]:
    """Parse application/x-www-form-urlencoded bytes or text into (name, value) pairs.

    https://url.spec.whatwg.org/#concept-urlencoded-parser (bytes) and
    https://url.spec.whatwg.org/#concept-urlencoded-string-parser (str).

    Bytes (also bytearray, memoryview) run the urlencoded parser; a str is
    UTF-8 encoded first (surrogates become U+FFFD) and parsed the same way.
    Nothing is dropped: ``a`` gives ``("a", "")``, ``=x`` gives ``("", "x")``,
    ``a=b=c`` gives ``("a", "b=c")``; only empty sequences (``&&``) yield
    nothing. ``;`` is not a separator. Names and values are decoded with
    "UTF-8 decode without BOM": a leading U+FEFF is kept, and each maximal
    invalid subpart becomes U+FFFD.

    The keyword arguments go beyond the spec, which only allows UTF-8; each
    defaults to the spec's behaviour:

    :param data: the body or query (without ``?``).
    :param encoding: decode names and values with this encoding's decoder
        (a label or :class:`Encoding`) instead of UTF-8, for legacy forms.
    :param errors: ``"replace"`` (the spec: U+FFFD for invalid bytes) or
        ``"strict"``: raise :class:`DecodeError` giving the offset.
    :param isindex: if the first sequence has no ``=``, it is a value with an
        empty name (the old ``<isindex>`` query).
    :param use_charset_field: if a field named ``_charset_`` holds a known
        encoding label, decode every field with that encoding.
    :param max_fields: most non-empty fields allowed (``None``: no limit).
    :param max_field_size: most bytes of one field's raw name plus value.
    :param max_body_size: most bytes of input.
    :returns: a list of ``(name, value)`` str tuples, in input order.
    :raises TypeError: if *data* is not bytes or str, or an option has the wrong type.
    :raises ValueError: for an unknown *errors* value or a negative limit.
    :raises UnknownEncodingError: if *encoding* is not a known label.
    :raises DecodeError: with ``errors="strict"``, for bytes invalid in the encoding.
    :raises LimitExceeded: a :class:`TooManyFields`, :class:`FieldTooLarge` or
        :class:`BodyTooLarge`, before any pair is decoded.

    >>> parse("q=caf%C3%A9+au+lait&x&=y&a=b=c;d")
    [('q', 'café au lait'), ('x', ''), ('', 'y'), ('a', 'b=c;d')]
    >>> parse(b"%FF=%EF%BB%BFz")
    [('\\ufffd', '\\ufeffz')]

    .. versionadded:: 1.0
    """
    if (
        encoding == "UTF-8"
        and errors == "replace"
        and not isindex
        and not use_charset_field
        and max_fields is None
        and max_field_size is None
        and max_body_size is None
    ):
        # The common call: a short input with nothing to percent-decode.
        if type(data) is str:
            if data.isascii() and "%" not in data and len(data) <= BLOCK:
                return _split_plain(data, data.encode("ascii"))
        elif type(data) is bytes and b"%" not in data and len(data) <= BLOCK:
            return _split_plain(data.decode("utf-8", "replace"), data)
    body = _as_body(data, "parse")
    strict = errors != "replace" and check_errors(errors) == "strict"
    resolved = UTF_8 if encoding == "UTF-8" or encoding is UTF_8 else get_encoding(encoding)
    if max_fields is not None or max_field_size is not None or max_body_size is not None:
        check_limits(body, max_fields, max_field_size, max_body_size)
    if resolved is UTF_8 and not use_charset_field:
        pairs = parse_utf8_whole(
            body, "strict" if strict else "replace", partial(_parse_fields, resolved, strict)
        )
    else:
        fields = _split_fields(body)
        if use_charset_field:
            resolved = _charset_field_encoding(fields) or resolved
        pairs = _decode_fields(fields, resolved, strict)
    if isindex and pairs and _isindex_first(body):
        pairs[0] = ("", pairs[0][0])
    return pairs


def _split_plain(text: str, raw: bytes) -> list[tuple[str, str]]:
    """The parser on UTF-8 decoded *text* whose *raw* bytes hold no "%".

    Decoding the whole equals decoding each name and value, since "&", "="
    and "+" are ASCII.
    """
    if len(raw) > 64:
        return split_text(text.replace("+", " "), "&", "=", shape(raw, b"&"))
    if "&" not in text:
        # One sequence (or none): no list of sequences to build.
        if not text:
            return []
        name, _, value = text.replace("+", " ").partition("=")
        return [(name, value)]
    return split_text(text.replace("+", " "), "&", "=")


def _decode_fields(
    fields: list[tuple[bytes, bytes, int, int]], encoding: Encoding, strict: bool
) -> list[tuple[str, str]]:
    """Step 3.5's decode of each field's name and value."""
    return [
        (
            _decode_field(encoding, name, strict, name_offset),
            _decode_field(encoding, value, strict, value_offset),
        )
        for name, value, name_offset, value_offset in fields
    ]


def _parse_fields(
    encoding: Encoding, strict: bool, block: bytes, offset: int
) -> list[tuple[str, str]]:
    """The parser field by field on *block*, which starts at *offset* in the input."""
    fields = _split_fields(block)
    if offset:
        fields = [(name, value, at + offset, to + offset) for name, value, at, to in fields]
    return _decode_fields(fields, encoding, strict)


def parse_bytes(
    data: BytesLike | str,
    *,
    isindex: bool = False,
    max_fields: int | None = None,
    max_field_size: int | None = None,
    max_body_size: int | None = None,
) -> list[tuple[bytes, bytes]]:
    """Parse into percent-decoded ``(bytes, bytes)`` pairs, decoding no text.

    https://url.spec.whatwg.org/#concept-urlencoded-parser, steps 1-4 and the
    percent-decoding of step 5, without the UTF-8 decode. For binary values
    such as a BitTorrent tracker's ``info_hash``, and for callers that choose
    the encoding themselves.

    :param data: bytes-like or str (UTF-8 encoded first).
    :param isindex: as for :func:`parse`.
    :returns: a list of ``(name, value)`` bytes tuples.
    :raises TypeError: if *data* is not bytes or str.
    :raises LimitExceeded: as for :func:`parse`.

    >>> parse_bytes(b"info_hash=%12%34V%78+x&a")
    [(b'info_hash', b'\\x124Vx x'), (b'a', b'')]

    .. versionadded:: 1.0
    """
    body = _as_body(data, "parse_bytes")
    if max_fields is not None or max_field_size is not None or max_body_size is not None:
        check_limits(body, max_fields, max_field_size, max_body_size)
    pairs = parse_bytes_whole(body, _split_fields_bytes)
    if isindex and pairs and _isindex_first(body):
        pairs[0] = (b"", pairs[0][0])
    return pairs


def _split_fields_bytes(block: bytes) -> list[tuple[bytes, bytes]]:
    """The parser's percent-decoded pairs of *block*, field by field."""
    return [(name, value) for name, value, _, _ in _split_fields(block)]


def _pairs_list(pairs: object) -> list[object]:
    if isinstance(pairs, Mapping):
        return list(pairs.items())
    if isinstance(pairs, (str, bytes, bytearray, memoryview)):
        raise TypeError(
            f"serialize() takes (name, value) pairs or a mapping, not {type(pairs).__name__}"
        )
    if not isinstance(pairs, Iterable):
        raise TypeError(
            f"serialize() takes (name, value) pairs or a mapping, not {type(pairs).__name__}"
        )
    return list(pairs)


def _serialize_item(item: object, index: int, encoding: Encoding) -> str:
    if isinstance(item, (str, bytes, bytearray, memoryview)) or not isinstance(item, Iterable):
        raise TypeError(
            f"serialize() pair {index} must be a (name, value) pair, not {type(item).__name__}"
        )
    parts = tuple(item)
    if len(parts) != 2:
        raise TypeError(
            f"serialize() pair {index} must have 2 items (name, value), not {len(parts)}"
        )
    encoded = []
    for role, part in zip(("name", "value"), parts):
        if isinstance(part, str):
            # Step 3.2-3.3: percent-encode after encoding, with the urlencoded set.
            encoded.append(
                _encode_after_encoding(
                    encoding, to_usv_string(part), URLENCODED_PERCENT_ENCODE_SET, True
                )
            )
        elif isinstance(part, (bytes, bytearray, memoryview)):
            # Already-encoded bytes are percent-encoded as they are.
            encoded.append(_escape_encoded(bytes(part), URLENCODED_PERCENT_ENCODE_SET, True))
        else:
            raise TypeError(
                f"serialize() pair {index}: {role} must be str or bytes, not {type(part).__name__}"
            )
    return f"{encoded[0]}={encoded[1]}"


def serialize(pairs: Pairs, *, encoding: str | Encoding = "UTF-8") -> str:
    """Serialize (name, value) pairs as application/x-www-form-urlencoded.

    https://url.spec.whatwg.org/#concept-urlencoded-serializer

    Every byte except ASCII alphanumerics and ``*-._`` is percent-encoded;
    space becomes ``+``. Strings are converted to scalar value strings first,
    as Web IDL converts to USVString: each surrogate code point becomes U+FFFD.
    A bytes name or value is taken as already encoded and percent-encoded
    byte for byte (for binary tokens such as ``info_hash``). With a legacy
    *encoding*, a code point it cannot represent becomes ``%26%23`` + its
    decimal value + ``%3B``; the output encoding of UTF-16BE/LE and
    replacement is UTF-8.

    :param pairs: an iterable of ``(name, value)`` pairs, or a mapping.
    :param encoding: an encoding label or :class:`Encoding`.
    :returns: an ASCII string.
    :raises TypeError: if a pair is not a pair, or a name or value is not str
        or bytes (the message gives the pair's index).
    :raises UnknownEncodingError: if *encoding* is not a known label.

    >>> serialize([("q", "café au lait"), ("tilde", "~*")])
    'q=caf%C3%A9+au+lait&tilde=%7E*'
    >>> serialize({"info_hash": b"\\x12\\x34V"})
    'info_hash=%124V'

    .. versionadded:: 1.0
    """
    if type(pairs) is list and (encoding == "UTF-8" or encoding is UTF_8):
        # The common call: skip the checks that other input needs.
        if not pairs:
            return ""
        fast = serialize_utf8_whole(pairs)
        if fast is not None:
            return fast
    # Step 1: get an output encoding.
    resolved = get_output_encoding(encoding)
    items = _pairs_list(pairs)
    if not items:
        return ""
    if resolved is UTF_8:
        fast = serialize_utf8_whole(items)
        if fast is not None:
            return fast
    # Step 3 (step 3.4: "&" between tuples).
    return "&".join([_serialize_item(item, index, resolved) for index, item in enumerate(items)])
