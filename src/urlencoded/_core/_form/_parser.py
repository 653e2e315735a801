"""The application/x-www-form-urlencoded parser and string parser, text out.

https://url.spec.whatwg.org/#concept-urlencoded-parser and
https://url.spec.whatwg.org/#concept-urlencoded-string-parser

:func:`parse` checks the options and limits and applies the charset rule;
:func:`parse_region` runs the parser on whole sequences, through the bulk
paths of ``_bulk.py`` for UTF-8 and field by field (``_fields.py``) otherwise.
"""

from __future__ import annotations

import warnings
from functools import partial, update_wrapper
from typing import TYPE_CHECKING

from ..._encoding import UTF_8, Encoding, get_encoding
from ..._errors import LimitExceeded
from .._bulk import (
    BLOCK,
    form_shape,
    may_decode_to_nothing,
    pair_up,
    parse_ascii_text,
    parse_encoded_whole,
    parse_utf8_whole,
    split_text,
)
from .._bulk_serializer import FORM_PLAIN_BYTES
from .._infra import BytesLike, as_bytes
from .._options import (
    CHARSET_FIELD,
    NO_LIMITS,
    Errors,
    FormOptions,
    Separator,
    form_options,
    unify_separators,
)
from .._short import SHORT, parse_short, split_plain_short
from ._fields import (
    _apply_separator,
    _isindex_first,
    _parse_fields,
    _separated,
    charset_field_encoding,
)
from ._limits import _check_before, check_limits


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
        errors == "replace"
        and max_fields is None
        and separator == "&"
        and charset_field is None
        and not isindex
        and use_charset_field is False
        and max_field_size is None
        and max_body_size is None
    ):
        if encoding == "UTF-8":
            return parse_default(data)
        if type(data) is str or type(data) is bytes:
            # The URL Standard's parser, decoding with a legacy encoding.
            return _parse_encoded(data, _resolved(encoding))
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


# A keyword-only parameter left out costs CPython a dict lookup per call (nine
# of them: a third of parsing "a=1"). The common call passes none: this parse
# takes the keywords as a dict and hands any to the full signature above, whose
# name, docstring and signature (inspect follows __wrapped__) it carries.
_parse_with_options = parse

if not TYPE_CHECKING:

    def parse(data, **options):
        if options:
            if len(options) == 1 and "encoding" in options and type(data) in (str, bytes):
                return _parse_encoded(data, _resolved(options["encoding"]))
            return _parse_with_options(data, **options)
        # The URL Standard's parser; for a query of a few fields, no further call.
        if type(data) is str and len(data) <= SHORT and data.isascii():
            if "%" not in data:
                # split_plain_short, inline: most queries end here.
                if "+" in data:
                    data = data.replace("+", " ")
                if "&" not in data:
                    if not data:
                        return []
                    name, _, value = data.partition("=")
                    return [(name, value)]
                pairs = []
                for sequence in data.split("&"):
                    if sequence:
                        name, _, value = sequence.partition("=")
                        pairs.append((name, value))
                return pairs
            pairs = parse_short(data)
            if pairs is not None:
                return pairs
        return parse_default(data)

    update_wrapper(parse, _parse_with_options)


# Labels already resolved, for the calls that name an encoding each time.
_RESOLVED: dict[str, Encoding] = {}


def _resolved(encoding: str | Encoding) -> Encoding:
    """get_encoding(*encoding*), remembered for the first few hundred labels."""
    if type(encoding) is str:
        found = _RESOLVED.get(encoding)
        if found is None:
            found = get_encoding(encoding)
            if len(_RESOLVED) < 512:
                _RESOLVED[encoding] = found
        return found
    return get_encoding(encoding)


def _parse_encoded(data: bytes | str, encoding: Encoding) -> list[tuple[str, str]]:
    """:func:`parse_default` with *encoding*: the parser with no other option."""
    if encoding is UTF_8:
        return parse_default(data)
    if type(data) is str:
        check_text_encoding(data, encoding)
        body = data.encode("ascii")
    else:
        body = data  # type: ignore[assignment]
    if len(body) <= SHORT and body.isascii():
        pairs = _parse_short_region(body, encoding, False)
        if pairs is not None:
            return pairs
    return parse_encoded_whole(
        body, encoding, False, partial(_parse_fields, encoding, False, b"&", 0)
    )


# Encodings in which an ASCII byte is not always the character of its value.
_NOT_ASCII_COMPATIBLE = ("UTF-16BE", "UTF-16LE", "replacement")


def parse_default(data: BytesLike | str) -> list[tuple[str, str]]:
    """:func:`parse` with every option at its default: the URL Standard's parser.

    https://url.spec.whatwg.org/#concept-urlencoded-parser and
    https://url.spec.whatwg.org/#concept-urlencoded-string-parser

    :raises TypeError: if *data* is not bytes or str.
    """
    # What parse_with does with PARSE_DEFAULTS (no limits, no charset field,
    # "&"), without looking at the options.
    if type(data) is str and data.isascii():
        if "%" not in data:
            if len(data) <= SHORT:
                return split_plain_short(data)
            if len(data) <= BLOCK:
                return _split_plain(data, data.encode("ascii"))
        elif len(data) <= SHORT:
            pairs = parse_short(data)
            if pairs is not None:
                return pairs
        return parse_ascii_text(data, _PARSE_UTF8_FIELDS)
    body = data if type(data) is bytes else as_bytes(data, "parse")
    if 0x25 not in body and len(body) <= BLOCK:
        # Nothing to percent-decode: "&", "=" and "+" are ASCII, so decoding the
        # whole equals decoding each name and value.
        text = body.decode("utf-8", "replace")
        return split_plain_short(text) if len(body) <= SHORT else _split_plain(text, body)
    if len(body) <= SHORT and body.isascii():
        pairs = parse_short(body.decode("ascii"))
        if pairs is not None:
            return pairs
    return parse_utf8_whole(body, "replace", _PARSE_UTF8_FIELDS)


def parse_default_strict(data: BytesLike | str) -> list[tuple[str, str]]:
    """:func:`parse_default` with ``errors="strict"``.

    :raises DecodeError: for a name or value that is not UTF-8.
    """
    if type(data) is str and len(data) <= SHORT and data.isascii():
        if "%" not in data:
            return split_plain_short(data)
        pairs = parse_short(data, None, "strict")
        if pairs is not None:
            return pairs
    body = data if type(data) is bytes else as_bytes(data, "parse")
    return parse_utf8_whole(body, "strict", _PARSE_UTF8_FIELDS_STRICT)


def _use_charset_field(use_charset_field: object, charset_field: str | None) -> str | None:
    """The deprecated ``use_charset_field`` of :func:`parse`, as a *charset_field*."""
    if not isinstance(use_charset_field, bool):
        raise TypeError(f"use_charset_field must be a bool, not {type(use_charset_field).__name__}")
    warnings.warn(
        f'use_charset_field is deprecated: pass charset_field="{CHARSET_FIELD}" instead',
        DeprecationWarning,
        stacklevel=4,  # the caller of parse, which calls the full signature
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
    pairs = None
    if sep == b"&" and len(body) <= SHORT and body.isascii():
        pairs = _parse_short_region(body, encoding, strict)
    if pairs is None:
        fallback = partial(_parse_fields, encoding, strict, sep, start)
        if encoding is UTF_8:
            pairs = parse_utf8_whole(body, "strict" if strict else "replace", fallback, sep)
        else:
            pairs = parse_encoded_whole(body, encoding, strict, fallback, sep)
    if first and options.isindex and pairs and _isindex_first(body, sep):
        pairs[0] = ("", pairs[0][0])
    return pairs


def _parse_short_region(
    body: bytes, encoding: Encoding, strict: bool
) -> list[tuple[str, str]] | None:
    """:func:`parse_region` on a short ASCII *body* by ``_short.py``'s path, or None.

    In strict mode only UTF-8 (a legacy encoding's strict mode refuses what
    the field-by-field path finds).
    """
    text = body.decode("ascii")
    if encoding is UTF_8:
        if 0x25 not in body:
            return split_plain_short(text)
        return parse_short(text, None, "strict" if strict else "replace")
    if strict or encoding.name in _NOT_ASCII_COMPATIBLE:
        return None
    if 0x25 not in body:
        # ASCII decodes as itself, but in ISO-2022-JP after ESC, SO or SI.
        if encoding.name != "ISO-2022-JP" or text.isprintable():
            return split_plain_short(text)
        return None
    if may_decode_to_nothing(body, encoding):
        return None
    if encoding.name in ("gb18030", "GBK") and text.count("=") > 1:
        return None  # a value with "=" is decoded whole (see _bulk._STATEFUL)
    return parse_short(text, encoding)


# Step 3.4's "+" to space, and "&" to "=" when each sequence holds exactly one "=".
_PLUS_AND_AMPERSAND = bytes.maketrans(b"+&", b" =")
# The raw bytes that parse to what the serializer writes as it is: its plain
# bytes, and "+", which the parser reads as a space.
_PLAIN_AND_PLUS = FORM_PLAIN_BYTES + b"+"


def split_plain_form(text: str) -> tuple[list[tuple[str, str]], bool]:
    """The parser on an ASCII str with no "%", and whether the output is plain.

    https://url.spec.whatwg.org/#concept-urlencoded-string-parser

    Plain: every name and value holds only ASCII alphanumerics, ``*-._`` and
    spaces, which the serializer writes as they are (spaces as "+"). One
    deletion of those bytes and "+" from the input shows both that and, when
    exactly the joints are left, in turn, that each sequence holds one "=".
    """
    raw = text.encode("ascii")
    if len(raw) > 64:
        joints = raw.translate(None, _PLAIN_AND_PLUS)
        # Exactly the joints, in turn: "=", then "&=" for each later pair.
        if joints == b"=" + b"&=" * (len(joints) >> 1):
            parts = iter(raw.translate(_PLUS_AND_AMPERSAND).decode("ascii").split("="))
            return list(zip(parts, parts)), True
    return _split_plain(text, raw), False


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


# The fallbacks of the default parse: UTF-8 with replacement (or strict), field by field.
_PARSE_UTF8_FIELDS = partial(_parse_fields, UTF_8, False, b"&", 0)
_PARSE_UTF8_FIELDS_STRICT = partial(_parse_fields, UTF_8, True, b"&", 0)
