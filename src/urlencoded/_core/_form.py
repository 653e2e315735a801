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
import warnings
from collections.abc import Iterable, Mapping
from functools import partial
from typing import Union

from .._encoding import (
    UTF_8,
    Encoding,
    decode,
    get_encoding,
    get_output_encoding,
)
from .._errors import (
    BodyTooLarge,
    DecodeError,
    FieldTooLarge,
    LimitExceeded,
    TooManyFields,
    UnknownEncodingError,
)
from ._bulk import (
    BLOCK,
    _blocks,
    form_shape,
    pair_up,
    parse_ascii_text,
    parse_bytes_whole,
    parse_utf8_whole,
    serialize_pairs,
    serialize_utf8_whole,
    split_text,
)
from ._infra import BytesLike as BytesLike
from ._infra import as_bytes, to_usv_string
from ._options import (
    CHARSET_FIELD,
    NO_LIMITS,
    Errors,
    FormOptions,
    Limits,
    Separator,
    check_newlines,
    check_separator,
    form_options,
    unify_separators,
)
from ._pairs import NameOrValue, check_items, pair_items
from ._percent import (
    Escaper,
    encode_after_encoding,
    escaper,
    percent_decode_bytes,
)
from ._sets import URLENCODED_PERCENT_ENCODE_SET
from ._submission import normalize_newlines

__all__ = ["parse", "parse_bytes", "serialize"]

# A pair is a 2-tuple or a 2-item list (as JSON gives). Not any Sequence: a
# str is a Sequence[str], so ["ab", "cd"] would type-check and fail at run time.
Pair = Union[tuple[NameOrValue, NameOrValue], list[str], list[bytes], list[NameOrValue]]
Pairs = Union[Iterable[Pair], Mapping[str, NameOrValue], Mapping[bytes, NameOrValue]]

_NON_EMPTY_SEQUENCE = re.compile(rb"[^&]+")


def field_size_excess(equals: int, max_field_size: int) -> int:
    """The index in a sequence of the byte that takes its size past *max_field_size*.

    The size is the name plus the value, so the first "=" (at index *equals*,
    or -1 for none) does not count when it comes before that byte.
    """
    return max_field_size + (0 <= equals <= max_field_size)


def check_limits(body: bytes, limits: Limits) -> None:
    """Raise the first limit that a scan of *body* from its start would hit.

    The limits count raw input: ``max_body_size`` its bytes, ``max_fields``
    its non-empty ``&``-separated sequences, ``max_field_size`` the bytes of
    one sequence's name plus value (not counting the first ``=``). The
    exception's offset is where a byte-by-byte scan would notice.
    """
    max_fields = limits.max_fields
    max_field_size = limits.max_field_size
    max_body_size = limits.max_body_size
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


def _split_fields(
    body: bytes, separator: bytes = b"&", offset: int = 0
) -> list[tuple[bytes, bytes, int, int]]:
    """Steps 1-4 of the parser: (name, value, name offset, value offset) per sequence.

    *separator* stands in for 0x26 (&) when a caller opts into another one;
    *offset* is where *body* starts in the input.
    """
    fields = []
    # Step 1: split on 0x26 (&).
    for sequence in body.split(separator):
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


def charset_field_encoding(body: bytes, separator: bytes, field: bytes) -> Encoding | None:
    """The encoding named by the first field called *field* that holds a known label.

    The URL Standard's parser had this rule until 2017, as its "use _charset_
    flag" (step 3.5 of the parser then): after "+" became a space, and before
    any percent-decoding, a sequence whose name is ``_charset_`` has its
    value isomorphic decoded and looked up with "get an encoding"
    (https://encoding.spec.whatwg.org/#concept-encoding-get); the first
    known label wins and an unknown one is passed over. *field* generalizes
    the name, for Google-style ``ie=``.
    """
    if b" " not in field and field not in body:
        return None
    for sequence in body.split(separator):
        name, _, value = sequence.partition(b"=")
        if name.replace(b"+", b" ") == field:
            try:
                return get_encoding(value.replace(b"+", b" ").decode("latin-1"))
            except UnknownEncodingError:
                continue
    return None


def _isindex_first(body: bytes, separator: bytes = b"&") -> bool:
    """Whether the first sequence is an isindex value: non-empty, with no "="."""
    first = body.split(separator, 1)[0]
    return bool(first) and b"=" not in first


def parse(
    data: BytesLike | str,
    *,
    encoding: str | Encoding = "UTF-8",
    errors: Errors = "replace",
    isindex: bool = False,
    use_charset_field: bool = False,
    charset_field: str | None = None,
    separator: Separator = "&",
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
    nothing. ``;`` is not a separator unless ``separator=";"`` says so.
    Names and values are decoded with "UTF-8 decode without BOM": a leading
    U+FEFF is kept, and each maximal invalid subpart becomes U+FFFD.

    The keyword arguments go beyond the spec, which only allows UTF-8; each
    defaults to the spec's behaviour:

    :param data: the body or query (without ``?``).
    :param encoding: decode names and values with this encoding's decoder
        (a label or :class:`Encoding`) instead of UTF-8, for legacy forms.
        Only bytes can be in a legacy encoding: an ASCII str (a query such
        as WSGI's ``QUERY_STRING``, whose escapes hold the legacy bytes) is
        read as the bytes it spells, as HTML's "decode urlencoded payloads"
        reads them; a str with non-ASCII characters and an encoding other
        than UTF-8 raises :class:`TypeError`.
    :param errors: ``"replace"`` (the spec: U+FFFD for invalid bytes) or
        ``"strict"``: raise :class:`DecodeError` giving the offset.
    :param isindex: if the first sequence has no ``=``, it is a value with an
        empty name (the old ``<isindex>`` query).
    :param use_charset_field: deprecated: ``True`` means
        ``charset_field="_charset_"``; pass that instead.
    :param charset_field: if a field of this name holds a known encoding
        label (the first such field wins), decode every field with that
        encoding instead of *encoding*; ``"_charset_"`` is what browsers
        fill in, ``"ie"`` reads Google-style queries. A str is UTF-8 encoded
        first, so only its percent-escapes can hold legacy bytes.
    :param separator: the byte that separates fields, ``&`` by default; one
        ASCII character other than ``=``, such as the HTML 4 era's ``;``, or
        a tuple of them, each of which separates: ``("&", ";")`` splits on
        both, as HTML 4 advised servers to (opt in: ``;`` alone is data by
        default, as CVE-2021-23336 settled for Python's own parser).
    :param max_fields: most non-empty fields allowed (``None``: no limit).
    :param max_field_size: most bytes of one field's raw name plus value.
    :param max_body_size: most bytes of input.
    :returns: a list of ``(name, value)`` str tuples, in input order.
    :raises TypeError: if *data* is not bytes or str, if *data* is a str
        with non-ASCII characters and *encoding* is not UTF-8, or an option
        has the wrong type.
    :raises ValueError: for an unknown *errors* value, a negative limit, a
        bad *separator* or *charset_field*, or ``use_charset_field=True``
        with another *charset_field*.
    :raises UnknownEncodingError: if *encoding* is not a known label.
    :raises DecodeError: with ``errors="strict"``, for bytes invalid in the
        encoding, and with a legacy *encoding* for a raw byte 0x80-0xFF (one
        not percent-encoded), at its offset (:attr:`DecodeError.raw_offset`).
    :raises LimitExceeded: a :class:`TooManyFields`, :class:`FieldTooLarge` or
        :class:`BodyTooLarge`, before any pair is decoded. With
        ``errors="strict"``, a bad field completed before the place where the
        limit is crossed raises :class:`DecodeError` instead: errors come in
        input order, as :class:`IncrementalParser` meets them.

    >>> parse("q=caf%C3%A9+au+lait&x&=y&a=b=c;d")
    [('q', 'café au lait'), ('x', ''), ('', 'y'), ('a', 'b=c;d')]
    >>> parse(b"%FF=%EF%BB%BFz")
    [('\\ufffd', '\\ufeffz')]
    >>> parse(b"ie=Shift_JIS&q=%93%FA", charset_field="ie")
    [('ie', 'Shift_JIS'), ('q', '日')]
    >>> parse("a=1;b=2&c", separator=";")
    [('a', '1'), ('b', '2&c')]
    >>> parse("a=1;b=2&c", separator=("&", ";"))
    [('a', '1'), ('b', '2'), ('c', '')]
    >>> parse("q=%93%FA", encoding="shift_jis")
    [('q', '日')]

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       *charset_field* and *separator* (one character or a tuple); a str
       with non-ASCII characters and a legacy *encoding* raises
       :class:`TypeError`, an ASCII str is read as the bytes it spells;
       with ``errors="strict"`` and a legacy *encoding*, a raw byte
       0x80-0xFF raises :class:`DecodeError`.
    .. deprecated:: 1.1
       *use_charset_field* (it warns): pass ``charset_field="_charset_"``.
    """
    if (
        encoding == "UTF-8"
        and errors == "replace"
        and not isindex
        and use_charset_field is False
        and charset_field is None
        and separator == "&"
        and max_fields is None
        and max_field_size is None
        and max_body_size is None
    ):
        if type(data) is str and data.isascii() and "%" not in data and len(data) <= BLOCK:
            # The shortest call (a=1): no further call to make.
            return _split_plain(data, data.encode("ascii"))
        return parse_default(data)
    body = as_bytes(data, "parse")
    if use_charset_field is not False:
        charset_field = _use_charset_field(use_charset_field, charset_field)
    options = form_options(
        encoding=encoding,
        errors=errors,
        isindex=isindex,
        charset_field=charset_field,
        separator=separator,
        max_fields=max_fields,
        max_field_size=max_field_size,
        max_body_size=max_body_size,
    )
    check_text_encoding(data, options.encoding)
    return parse_with(body, options)


def parse_default(data: BytesLike | str) -> list[tuple[str, str]]:
    """:func:`parse` with every option at its default: the URL Standard's parser.

    https://url.spec.whatwg.org/#concept-urlencoded-parser and
    https://url.spec.whatwg.org/#concept-urlencoded-string-parser

    :raises TypeError: if *data* is not bytes or str.
    """
    # What parse_with does with PARSE_DEFAULTS (no limits, no charset field,
    # "&"), without looking at the options.
    if type(data) is str and data.isascii():
        if len(data) > BLOCK:
            return parse_ascii_text(data, _PARSE_UTF8_FIELDS)
        body = data.encode("ascii")
        if "%" not in data:
            # The common call: a short input with nothing to percent-decode.
            return _split_plain(data, body)
    else:
        body = data if type(data) is bytes else as_bytes(data, "parse")
        if b"%" not in body and len(body) <= BLOCK:
            return _split_plain(body.decode("utf-8", "replace"), body)
    return parse_utf8_whole(body, "replace", _PARSE_UTF8_FIELDS)


def _use_charset_field(use_charset_field: object, charset_field: str | None) -> str | None:
    """The deprecated ``use_charset_field`` of :func:`parse`, as a *charset_field*."""
    if not isinstance(use_charset_field, bool):
        raise TypeError(f"use_charset_field must be a bool, not {type(use_charset_field).__name__}")
    warnings.warn(
        f'use_charset_field is deprecated: pass charset_field="{CHARSET_FIELD}" instead',
        DeprecationWarning,
        stacklevel=3,
    )
    if not use_charset_field:
        return charset_field
    if charset_field is not None and charset_field != CHARSET_FIELD:
        raise ValueError(
            f"use_charset_field=True means charset_field={CHARSET_FIELD!r}, "
            f"which conflicts with charset_field={charset_field!r}"
        )
    return CHARSET_FIELD


def check_text_encoding(data: object, encoding: Encoding) -> None:
    """Refuse a non-ASCII str to be parsed with a legacy encoding: only bytes can be in one.

    An ASCII str is the bytes it spells (its escapes hold the legacy bytes).
    """
    if encoding is not UTF_8 and isinstance(data, str) and not data.isascii():
        raise TypeError(
            f"parse() got a str with non-ASCII characters and encoding={encoding.name!r}: "
            "a str is already text (it is parsed as UTF-8); pass a legacy body or query "
            "as bytes, or percent-encoded"
        )


def parse_with(body: bytes, options: FormOptions) -> list[tuple[str, str]]:
    """The parser on a whole input, with options that :func:`form_options` validated.

    Checks the limits (with ``errors="strict"``, a bad field completed before
    the limit wins), applies the charset rule, and runs :func:`parse_region`.
    """
    body = unify_separators(body, options)
    limits = options.limits
    encoding = options.encoding
    field = options.charset_field
    if limits is not NO_LIMITS:
        applied, sep, limit_view = _apply_separator(body, options.separator)
        try:
            check_limits(limit_view, limits)
        except LimitExceeded as error:
            if options.strict:
                _check_before(applied, sep, error.offset, encoding, field)
            raise
    if field is not None:
        encoding = charset_field_encoding(body, options.separator, field) or encoding
    return parse_region(body, 0, encoding, options, first=True)


def parse_region(
    region: bytes, start: int, encoding: Encoding, options: FormOptions, *, first: bool
) -> list[tuple[str, str]]:
    """The parser on whole sequences that start at byte *start* of the input.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Nothing is validated here and no limit is checked: the caller did that,
    and chose *encoding* (the charset rule included). A :class:`DecodeError`
    gives its offset in the whole input. The isindex rule applies only to
    the *first* region of an input.
    """
    body, sep = _separated(region, options.separator)
    strict = options.strict
    if encoding is UTF_8:
        pairs = parse_utf8_whole(
            body,
            "strict" if strict else "replace",
            partial(_parse_fields, encoding, strict, sep, start),
            sep,
        )
    else:
        # Blocks of whole sequences, so that the temporary lists follow the block.
        pairs = []
        for block, offset in _blocks(body, sep):
            pairs += _parse_fields(encoding, strict, sep, start, block, offset)
    if first and options.isindex and pairs and _isindex_first(body, sep):
        pairs[0] = ("", pairs[0][0])
    return pairs


def _check_before(
    body: bytes, sep: bytes, offset: int, encoding: Encoding, field: bytes | None
) -> None:
    """Strict mode: raise the DecodeError of a field completed before input *offset*.

    Errors are reported in input order, as the streaming parser meets them:
    a field is judged once the separator after it is read, and under the
    charset rule once the charset field is. A limit crossed at *offset*
    loses to a bad field that was complete (and decidable) before it.
    """
    end = body.rfind(sep, 0, offset)
    if end == -1:
        return
    if field is not None:
        found = charset_field_encoding(body[:end], sep, field)
        if found is None:
            return  # the held fields would still wait for the charset field
        encoding = found
    _parse_fields(encoding, True, sep, 0, body[:end], 0)


def _apply_separator(body: bytes, separator: bytes) -> tuple[bytes, bytes, bytes]:
    """(body to parse, its separator, body for the limit scan) for a chosen *separator*.

    The limit scan counts "&"-separated sequences, so it gets the body with
    "&" and the separator swapped: same lengths, same offsets. A body without
    a literal "&" becomes exactly that swapped body, parsed with "&" on the
    usual paths; one with a literal "&" is split on the separator field by field.
    """
    if separator == b"&":
        return body, separator, body
    swapped = body.translate(bytes.maketrans(b"&" + separator, separator + b"&"))
    if b"&" not in body:
        return swapped, b"&", swapped
    return body, separator, swapped


def _separated(body: bytes, separator: bytes) -> tuple[bytes, bytes]:
    """(body to parse, its separator): :func:`_apply_separator` without the limit scan's body."""
    if separator == b"&" or b"&" in body:
        return body, separator
    return body.translate(bytes.maketrans(b"&" + separator, separator + b"&")), b"&"


# Step 3.4's "+" to space, and "&" to "=" when each sequence holds exactly one "=".
_PLUS_AND_AMPERSAND = bytes.maketrans(b"+&", b" =")


def _split_plain(text: str, raw: bytes) -> list[tuple[str, str]]:
    """The parser on UTF-8 decoded *text* whose *raw* bytes hold no "%".

    Decoding the whole equals decoding each name and value, since "&", "="
    and "+" are ASCII.
    """
    if len(raw) > 64:
        block_shape = form_shape(raw)
        if block_shape[0]:
            # Every sequence holds one "=": one split gives names and values.
            return pair_up(raw.translate(_PLUS_AND_AMPERSAND).decode("utf-8", "replace"))
        return split_text(text.replace("+", " "), "&", "=", block_shape)
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
    encoding: Encoding, strict: bool, separator: bytes, start: int, block: bytes, offset: int
) -> list[tuple[str, str]]:
    """The parser field by field on *block*, at *offset* in a region at *start* in the input.

    Every strict decode of whole sequences with a legacy encoding comes here.
    """
    if strict and encoding is not UTF_8:
        _refuse_raw_high_byte(block, separator, start + offset, encoding)
    return _decode_fields(_split_fields(block, separator, start + offset), encoding, strict)


_RAW_HIGH_BYTE = re.compile(rb"[\x80-\xff]")


def _refuse_raw_high_byte(block: bytes, separator: bytes, offset: int, encoding: Encoding) -> None:
    """Strict mode, legacy encoding: raise at the first byte 0x80-0xFF not percent-encoded.

    A deviation from the URL Standard, which decodes such a byte with the
    encoding like any other: the parsers of the legacy-encoding era stopped
    at it, since the sender's encoding of raw bytes is anyone's guess. Errors
    keep input order: a bad field before the byte raises first.
    """
    if block.isascii():
        return
    match = _RAW_HIGH_BYTE.search(block)
    if match is None:
        return
    raw_at = match.start()
    field_start = block.rfind(separator, 0, raw_at) + 1
    # The fields completed before this one are judged first.
    _decode_fields(_split_fields(block[:field_start], separator, offset), encoding, True)
    sequence = block[field_start:].split(separator, 1)[0]
    at = raw_at - field_start
    equals = sequence.find(b"=")
    part_start = 0
    if 0 <= equals < at:
        name = percent_decode_bytes(sequence[:equals].replace(b"+", b" "))
        _decode_field(encoding, name, True, offset + field_start)
        part_start = equals + 1
    elif equals != -1:
        sequence = sequence[:equals]
    part = sequence[part_start:].replace(b"+", b" ")
    # Percent-decoding is local, so the byte's place in the decoded bytes is
    # the length of what precedes it, decoded.
    position = len(percent_decode_bytes(part[: at - part_start]))
    raise DecodeError(
        encoding.name,
        offset + field_start + part_start,
        position,
        percent_decode_bytes(part),
        raw_offset=offset + raw_at,
    )


# The fallback of the default parse: UTF-8 with replacement, field by field.
_PARSE_UTF8_FIELDS = partial(_parse_fields, UTF_8, False, b"&", 0)


def parse_bytes(
    data: BytesLike | str,
    *,
    isindex: bool = False,
    separator: Separator = "&",
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
    :param separator: as for :func:`parse`: the byte that separates fields,
        or a tuple of them.
    :returns: a list of ``(name, value)`` bytes tuples.
    :raises TypeError: if *data* is not bytes or str.
    :raises ValueError: for a bad *separator* or a negative limit.
    :raises LimitExceeded: as for :func:`parse`.

    >>> parse_bytes(b"info_hash=%12%34V%78+x&a")
    [(b'info_hash', b'\\x124Vx x'), (b'a', b'')]

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       *separator*.
    """
    body = as_bytes(data, "parse_bytes")
    options = form_options(
        isindex=isindex,
        separator=separator,
        max_fields=max_fields,
        max_field_size=max_field_size,
        max_body_size=max_body_size,
    )
    body = unify_separators(body, options)
    if options.limits is not NO_LIMITS:
        check_limits(_apply_separator(body, options.separator)[2], options.limits)
    return parse_region_bytes(body, options)


def parse_region_bytes(region: bytes, options: FormOptions) -> list[tuple[bytes, bytes]]:
    """:func:`parse_region` without the decode: percent-decoded ``(bytes, bytes)`` pairs.

    Nothing is validated and no limit is checked; the isindex rule applies.
    """
    body, sep = _separated(unify_separators(region, options), options.separator)
    pairs = parse_bytes_whole(body, partial(_split_fields_bytes, sep), sep)
    if options.isindex and pairs and _isindex_first(body, sep):
        pairs[0] = (b"", pairs[0][0])
    return pairs


def _split_fields_bytes(separator: bytes, block: bytes) -> list[tuple[bytes, bytes]]:
    """The parser's percent-decoded pairs of *block*, field by field."""
    return [(name, value) for name, value, _, _ in _split_fields(block, separator)]


def _serialize_part(part: NameOrValue, encoding: Encoding, escapes: Escaper) -> str:
    """Steps 3.2-3.3 for one checked name or value."""
    if isinstance(part, str):
        # Percent-encode after encoding, with the urlencoded set.
        return encode_after_encoding(encoding, to_usv_string(part), escapes)
    # Already-encoded bytes are percent-encoded as they are.
    return escapes(bytes(part))


def serialize(
    pairs: Pairs,
    *,
    encoding: str | Encoding = "UTF-8",
    separator: str | bytes = "&",
    space_as_plus: bool = True,
    newlines: str | None = None,
    fill_charset_field: bool = False,
    isindex: bool = False,
) -> str:
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

    The other keyword arguments default to the URL Standard's serializer;
    ``newlines="crlf", fill_charset_field=True`` give what a browser submits
    for a form (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#form-submission-algorithm).

    :param pairs: an iterable of ``(name, value)`` pairs, or a mapping.
    :param encoding: an encoding label or :class:`Encoding`.
    :param separator: written between pairs instead of ``&``: one ASCII
        character that the serializer always percent-encodes, such as ``;``.
    :param space_as_plus: ``False`` writes a space as ``%20`` instead of
        ``+`` (for ``mailto:`` bodies and APIs that want ``%20``).
    :param newlines: ``"crlf"`` replaces every lone CR, lone LF and CRLF in
        str names and values with CRLF, as "converting an entry list to a list
        of name-value pairs" does
        (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#convert-to-a-list-of-name-value-pairs);
        ``None`` (the default) leaves them as they are.
    :param fill_charset_field: a pair whose name is ``_charset_`` (ASCII
        case-insensitively) and whose value is empty gets the output
        encoding's name as its value, as "constructing the entry list" does
        for such a hidden input
        (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constructing-the-form-data-set).
    :param isindex: a first pair named ``isindex`` is written as its value
        alone, without the name and ``=``, as HTML 4 era browsers did.
    :returns: an ASCII string.
    :raises TypeError: if a pair is not a pair, or a name or value is not str
        or bytes (the message gives the pair's index), or an option has the
        wrong type.
    :raises ValueError: for a bad *separator* or *newlines* value.
    :raises UnknownEncodingError: if *encoding* is not a known label.

    >>> serialize([("q", "café au lait"), ("tilde", "~*")])
    'q=caf%C3%A9+au+lait&tilde=%7E*'
    >>> serialize({"info_hash": b"\\x12\\x34V"})
    'info_hash=%124V'
    >>> serialize([("_charset_", ""), ("t", "a\\nb")], encoding="sjis",
    ...           newlines="crlf", fill_charset_field=True)
    '_charset_=Shift_JIS&t=a%0D%0Ab'
    >>> serialize([("a", "1 2"), ("b", "3")], separator=";", space_as_plus=False)
    'a=1%202;b=3'

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       *separator*, *space_as_plus*, *newlines*, *fill_charset_field* and *isindex*.
    """
    if (
        type(pairs) is list
        and (encoding == "UTF-8" or encoding is UTF_8)
        and separator == "&"
        and space_as_plus is True
        and newlines is None
        and fill_charset_field is False
        and isindex is False
    ):
        # The common call: skip the checks that other input needs.
        if not pairs:
            return ""
        fast = serialize_utf8_whole(pairs)
        if fast is not None:
            return fast
    # Step 1: get an output encoding.
    resolved = get_output_encoding(encoding)
    if (
        separator == "&"
        and space_as_plus is True
        and newlines is None
        and fill_charset_field is False
        and isindex is False
    ):
        # The URL Standard's serializer.
        return _serialize_items(pair_items(pairs, "serialize"), resolved)
    sep = check_separator(separator, serializing=True).decode("ascii")
    crlf = check_newlines(newlines)
    for option, value in (
        ("space_as_plus", space_as_plus),
        ("fill_charset_field", fill_charset_field),
        ("isindex", isindex),
    ):
        if not isinstance(value, bool):
            raise TypeError(f"{option} must be a bool, not {type(value).__name__}")
    items = pair_items(pairs, "serialize")
    if crlf or fill_charset_field:
        items = _entry_list(items, resolved, crlf, fill_charset_field)
    head: str | None = None
    if isindex and items:
        head = _isindex_head(items[0], resolved)
        if head is not None:
            items = items[1:]
    output = _serialize_items(items, resolved)
    if head is not None:
        output = f"{head}&{output}" if items else head
    # A literal "&" or "+" in the output can only be a separator or a space:
    # the set escapes both wherever they occur in a name or value.
    if sep != "&":
        output = output.replace("&", sep)
    if not space_as_plus:
        output = output.replace("+", "%20")
    return output


def _serialize_items(items: list[object], resolved: Encoding) -> str:
    """Steps 2-4 of the serializer for *items* with the output encoding *resolved*."""
    if not items:
        return ""
    escapes = escaper(URLENCODED_PERCENT_ENCODE_SET, True)
    # Str pairs in UTF-8 or a stateless legacy encoding: one pass over all of them.
    if resolved is UTF_8:
        whole = serialize_utf8_whole(items)
    else:
        whole = serialize_pairs(items, resolved, escapes)
    if whole is not None:
        return whole
    # Step 3 (step 3.4: "&" between tuples).
    return "&".join(
        [
            f"{_serialize_part(name, resolved, escapes)}="
            f"{_serialize_part(value, resolved, escapes)}"
            for name, value in check_items(items, "serialize")
        ]
    )


def _is_charset_name(name: object) -> bool:
    """Whether *name* is ``_charset_``, ASCII case-insensitively (as HTML compares it)."""
    if isinstance(name, (bytes, bytearray, memoryview)):
        name = bytes(name).decode("latin-1")
    return isinstance(name, str) and name.isascii() and name.lower() == CHARSET_FIELD


def _entry_list(items: list[object], resolved: Encoding, crlf: bool, fill: bool) -> list[object]:
    """The browser's changes to the pairs: ``_charset_`` filled in, newlines made CRLF.

    https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constructing-the-form-data-set
    and https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#convert-to-a-list-of-name-value-pairs.
    Items that are not pairs pass through, for the serializer to reject.
    """
    result: list[object] = []
    for item in items:
        if isinstance(item, (tuple, list)) and len(item) == 2:
            name, value = item
            if fill and _is_charset_name(name) and value in ("", b""):
                value = resolved.name
            if crlf:
                name = normalize_newlines(name) if isinstance(name, str) else name
                value = normalize_newlines(value) if isinstance(value, str) else value
            item = (name, value)
        result.append(item)
    return result


def _isindex_head(first: object, resolved: Encoding) -> str | None:
    """The isindex rule: a first pair named ``isindex`` is written as its value alone."""
    if isinstance(first, (tuple, list)) and len(first) == 2 and first[0] == "isindex":
        # The value percent-encoded as the serializer encodes any value.
        return _serialize_items([("", first[1])], resolved)[1:]
    return None
