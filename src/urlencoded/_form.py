"""The application/x-www-form-urlencoded parser, string parser and serializer.

https://url.spec.whatwg.org/#application/x-www-form-urlencoded

The parser works on bytes, as the spec's does: a request body arrives as
bytes, and percent-decoding yields bytes that only then are decoded as text.
The string parser UTF-8 encodes its input and runs the same parser.

Speed comes from treating the whole input at once where the spec's per-field
loop would give the same answer. Replacing ``+`` with a space, percent-decoding
and UTF-8 decoding may run over the whole body before splitting it on ``&``
and ``=`` as long as no ``%26`` or ``%3D`` escape could turn into a separator,
and because an ASCII byte never belongs to a UTF-8 decoder error, decoding the
whole equals decoding each part. Otherwise, and for legacy encodings, strict
decoding and the ``_charset_`` rule, the parser walks the fields one by one as
the spec does. ``tests/reference.py`` transcribes the spec step by step and
the hypothesis properties check that both paths agree with it.
"""

from __future__ import annotations

import re
from binascii import b2a_hex
from collections.abc import Iterable, Mapping
from itertools import repeat
from operator import itemgetter
from typing import Literal, Union, cast

from ._encoding import Encoding, decode, get_encoding, get_output_encoding
from ._errors import (
    BodyTooLarge,
    DecodeError,
    FieldTooLarge,
    LimitExceeded,
    TooManyFields,
    UnknownEncodingError,
)
from ._infra import to_usv_string
from ._percent import (
    FORM_MARKERS,
    _encode_after_encoding,
    _escape_encoded,
    percent_decode_bytes,
    percent_decode_form,
    utf8_encode,
)
from ._sets import URLENCODED_PERCENT_ENCODE_SET
from ._submission import (
    CHARSET_FIELD,
    check_charset_field,
    check_newlines,
    check_separator,
    normalize_newlines,
)

__all__ = ["parse", "parse_bytes", "serialize"]

BytesLike = Union[bytes, bytearray, memoryview]
NameOrValue = Union[str, bytes, bytearray, memoryview]
# A pair is a 2-tuple or a 2-item list (as JSON gives). Not any Sequence: a
# str is a Sequence[str], so ["ab", "cd"] would type-check and fail at run time.
Pair = Union[tuple[NameOrValue, NameOrValue], list[str], list[bytes], list[NameOrValue]]
Pairs = Union[Iterable[Pair], Mapping[str, NameOrValue], Mapping[bytes, NameOrValue]]
#: The two decoding modes: the spec's U+FFFD replacement, or an exception.
Errors = Literal["replace", "strict"]

_NON_EMPTY_SEQUENCE = re.compile(rb"[^&]+")
_NON_EMPTY_TEXT = re.compile(r"[^&]+")
_VALUE = itemgetter(1)
# For each name-value separator: every byte but it and "&".
_NOT_JOINTS = {
    chr(joint): bytes(byte for byte in range(256) if byte not in (joint, 0x26))
    for joint in (0x3D, *(marker[0] for marker in FORM_MARKERS))
}


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


def check_errors(errors: object) -> Errors:
    """Validate the ``errors`` keyword."""
    if not isinstance(errors, str):
        raise TypeError(f"errors must be a str, not {type(errors).__name__}")
    if errors in ("replace", "strict"):
        return cast(Errors, errors)
    raise ValueError(f"errors must be 'replace' or 'strict', got {errors!r}")


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


def _split_fields(body: bytes, separator: bytes = b"&") -> list[tuple[bytes, bytes, int, int]]:
    """Steps 1-4 of the parser: (name, value, name offset, value offset) per sequence.

    *separator* stands in for 0x26 (&) when a caller opts into another one.
    """
    fields = []
    offset = 0
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
    separator: str | bytes = "&",
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
        Only bytes can be in a legacy encoding: a str with an encoding other
        than UTF-8 raises :class:`TypeError`.
    :param errors: ``"replace"`` (the spec: U+FFFD for invalid bytes) or
        ``"strict"``: raise :class:`DecodeError` giving the offset.
    :param isindex: if the first sequence has no ``=``, it is a value with an
        empty name (the old ``<isindex>`` query).
    :param use_charset_field: shorthand for ``charset_field="_charset_"``.
    :param charset_field: if a field of this name holds a known encoding
        label (the first such field wins), decode every field with that
        encoding instead of *encoding*; ``"_charset_"`` is what browsers
        fill in, ``"ie"`` reads Google-style queries.
    :param separator: the byte that separates fields, ``&`` by default; one
        ASCII character other than ``=``, such as the HTML 4 era's ``;``.
        Only that one separates: there is no "``&`` or ``;``" mode.
    :param max_fields: most non-empty fields allowed (``None``: no limit).
    :param max_field_size: most bytes of one field's raw name plus value.
    :param max_body_size: most bytes of input.
    :returns: a list of ``(name, value)`` str tuples, in input order.
    :raises TypeError: if *data* is not bytes or str, if *data* is a str and
        *encoding* is not UTF-8, or an option has the wrong type.
    :raises ValueError: for an unknown *errors* value, a negative limit, a
        bad *separator* or *charset_field*, or ``use_charset_field=True``
        with another *charset_field*.
    :raises UnknownEncodingError: if *encoding* is not a known label.
    :raises DecodeError: with ``errors="strict"``, for bytes invalid in the encoding.
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

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       *charset_field* and *separator*; a str with a legacy *encoding* raises
       :class:`TypeError`.
    """
    if (
        type(data) is str
        and data.isascii()
        and "%" not in data
        and encoding == "UTF-8"
        and max_fields is None
        and max_field_size is None
        and max_body_size is None
        and not isindex
        and use_charset_field is False
        and charset_field is None
        and separator == "&"
        and errors in ("replace", "strict")
    ):
        # The common query string: ASCII with nothing to decode.
        return _split_pairs(data.replace("+", " "), "=", data.encode("ascii"))
    body = _as_body(data, "parse")
    strict = check_errors(errors) == "strict"
    resolved = get_encoding(encoding)
    if resolved.name != "UTF-8" and isinstance(data, str):
        raise TypeError(
            f"parse() got a str with encoding={resolved.name!r}: a str is already text "
            "(it is parsed as UTF-8); pass a legacy body or query as bytes"
        )
    field = check_charset_field(charset_field, use_charset_field)
    body, sep, limit_view = _apply_separator(body, check_separator(separator))
    if max_fields is not None or max_field_size is not None or max_body_size is not None:
        try:
            check_limits(limit_view, max_fields, max_field_size, max_body_size)
        except LimitExceeded as error:
            if strict:
                _check_before(body, sep, error.offset, resolved, field)
            raise
    pairs: list[tuple[str, str]] | None = None
    if resolved.name == "UTF-8" and field is None and sep == b"&":
        pairs = _parse_utf8_whole(body, strict)
    if pairs is None:
        fields = _split_fields(body, sep)
        if field is not None:
            resolved = charset_field_encoding(body, sep, field) or resolved
        pairs = [
            (
                _decode_field(resolved, name, strict, name_offset),
                _decode_field(resolved, value, strict, value_offset),
            )
            for name, value, name_offset, value_offset in fields
        ]
    if isindex and pairs and _isindex_first(body, sep):
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
    fields = _split_fields(body[:end], sep)
    if field is not None:
        found = charset_field_encoding(body[:end], sep, field)
        if found is None:
            return  # the held fields would still wait for the charset field
        encoding = found
    for name, value, name_offset, value_offset in fields:
        _decode_field(encoding, name, True, name_offset)
        _decode_field(encoding, value, True, value_offset)


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


def _parse_utf8_whole(body: bytes, strict: bool) -> list[tuple[str, str]] | None:
    """The parser over the whole body at once, or None where that could differ."""
    whole = _decode_whole(body)
    if whole is None:
        return None
    decoded, separator = whole
    try:
        text = decoded.decode("utf-8", "strict" if strict else "replace")
    except UnicodeDecodeError:
        return None  # the field-by-field path reports the field's offset
    return _split_pairs(text, separator.decode("latin-1"), decoded)


def _decode_whole(body: bytes) -> tuple[bytes, bytes] | None:
    """Steps 3.4 and 3.5 over the whole body: (decoded body, its name-value separator).

    None when an escape decodes to "&" or to the separator, where splitting
    the decoded body would differ from decoding the split body.
    """
    if b"%" not in body:
        return body.replace(b"+", b" "), b"="
    fast = percent_decode_form(body)
    if fast is not None:
        return fast
    plussed = body.replace(b"+", b" ")
    decoded = percent_decode_bytes(plussed)
    # "&" and "=" are not hex digits, so no escape consumes one: equal counts
    # mean that no escape decoded to one.
    if decoded.count(b"&") != plussed.count(b"&") or decoded.count(b"=") != plussed.count(b"="):
        return None
    return decoded, b"="


def _sequences(text: str) -> Iterable[str]:
    """Step 1 and step 3.1: the non-empty "&"-separated sequences."""
    # Runs of "&" would fill a split's list with empty strings; find the others.
    return _NON_EMPTY_TEXT.findall(text) if "&&" in text else filter(None, text.split("&"))


def _sequences_bytes(data: bytes) -> Iterable[bytes]:
    """Step 1 and step 3.1 on bytes."""
    return _NON_EMPTY_SEQUENCE.findall(data) if b"&&" in data else filter(None, data.split(b"&"))


def _split_pairs(
    text: str, separator: str = "=", raw: bytes | None = None
) -> list[tuple[str, str]]:
    """Steps 1-3.3 of the parser on decoded text: split on "&", then at the first separator.

    A *separator* other than "=" stands for a literal "=": in values, where
    only the first one separates, it is put back. *raw*, the bytes the text
    was decoded from, has the same "&" and separator characters; when they
    alternate strictly (every sequence is a name, one separator and a value),
    one split on both gives the pairs.
    """
    if raw is not None:
        joints = raw.translate(None, _NOT_JOINTS[separator])
        if joints == separator.encode() + (b"&" + separator.encode()) * (len(joints) >> 1):
            parts = text.replace("&", separator).split(separator)
            return list(zip(parts[::2], parts[1::2]))
    pairs = [
        (name, value) for name, _, value in map(str.partition, _sequences(text), repeat(separator))
    ]
    if separator != "=" and any(map(str.__contains__, map(_VALUE, pairs), repeat(separator))):
        pairs = [(name, value.replace(separator, "=")) for name, value in pairs]
    return pairs


def parse_bytes(
    data: BytesLike | str,
    *,
    isindex: bool = False,
    separator: str | bytes = "&",
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
    :param separator: as for :func:`parse`: the one byte that separates fields.
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
    body = _as_body(data, "parse_bytes")
    body, sep, limit_view = _apply_separator(body, check_separator(separator))
    if max_fields is not None or max_field_size is not None or max_body_size is not None:
        check_limits(limit_view, max_fields, max_field_size, max_body_size)
    pairs: list[tuple[bytes, bytes]]
    if sep != b"&":
        pairs = [(name, value) for name, value, _, _ in _split_fields(body, sep)]
        if isindex and pairs and _isindex_first(body, sep):
            pairs[0] = (b"", pairs[0][0])
        return pairs
    whole = _decode_whole(body)
    if whole is not None:
        decoded, joint = whole
        pairs = [
            (name, value)
            for name, _, value in map(bytes.partition, _sequences_bytes(decoded), repeat(joint))
        ]
        if joint != b"=" and any(map(bytes.__contains__, map(_VALUE, pairs), repeat(joint))):
            pairs = [(name, value.replace(joint, b"=")) for name, value in pairs]
    else:
        pairs = [(name, value) for name, value, _, _ in _split_fields(body)]
    if isindex and pairs and _isindex_first(body):
        pairs[0] = (b"", pairs[0][0])
    return pairs


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
    # Step 1: get an output encoding.
    resolved = get_output_encoding(encoding)
    if (
        separator == "&"
        and space_as_plus is True
        and newlines is None
        and fill_charset_field is False
        and isindex is False
    ):
        return _serialize_items(_pairs_list(pairs), resolved)  # the URL Standard's serializer
    sep = check_separator(separator, serializing=True).decode("ascii")
    crlf = check_newlines(newlines)
    for option, value in (
        ("space_as_plus", space_as_plus),
        ("fill_charset_field", fill_charset_field),
        ("isindex", isindex),
    ):
        if not isinstance(value, bool):
            raise TypeError(f"{option} must be a bool, not {type(value).__name__}")
    items = _pairs_list(pairs)
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
    if resolved.name == "UTF-8":
        fast = _serialize_utf8_whole(items)
        if fast is not None:
            return fast
    # Step 3 (step 3.4: "&" between tuples).
    return "&".join([_serialize_item(item, index, resolved) for index, item in enumerate(items)])


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
        return _serialize_item(("", first[1]), 0, resolved)[1:]
    return None


# Names and values that the serializer copies as they are (space becomes "+").
_UNESCAPED = re.compile(r"[A-Za-z0-9*\-._ ]*")
# Stand-ins for "=" and "&" while the whole output is escaped in one pass;
# used only when no name or value holds them.
_NAME_END = "\x00"
_PAIR_END = "\x01"
_ESCAPED_RUNS = re.compile(rb"([^A-Za-z0-9*\-._ \x00\x01]+)")
_JOINTS_AND_SPACE = bytes.maketrans(b"\x00\x01 ", b"=&+")


def _serialize_utf8_whole(items: list[object]) -> str | None:
    """The UTF-8 serialization of str pairs in one pass, or None for other input.

    Percent-encoding is code point by code point, so escaping the names and
    values joined together equals joining them escaped, when the joints are
    characters that no name or value holds and that are kept as they are.
    """
    if not set(map(type, items)) <= {tuple, list} or set(map(len, items)) != {2}:  # type: ignore[arg-type]
        return None
    try:
        names_and_values = "".join(map("".join, items))  # type: ignore[arg-type]
    except TypeError:
        return None  # a bytes or non-str name or value
    if names_and_values.isascii() and _UNESCAPED.fullmatch(names_and_values):
        return "&".join(map("=".join, items)).replace(" ", "+")  # type: ignore[arg-type]
    if _NAME_END in names_and_values or _PAIR_END in names_and_values:
        return None
    try:
        data = _PAIR_END.join(map(_NAME_END.join, items)).encode("utf-8")  # type: ignore[arg-type]
    except UnicodeEncodeError:
        return None  # surrogates: names or values to convert to scalar value strings first
    parts = _ESCAPED_RUNS.split(data)
    # parts alternates: kept run, run to escape, ..., kept run.
    parts[1::2] = map(bytes.upper, map(b"%".__add__, map(b2a_hex, parts[1::2], repeat(b"%"))))
    return b"".join(parts).translate(_JOINTS_AND_SPACE).decode("ascii")
