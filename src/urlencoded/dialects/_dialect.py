"""The :class:`Dialect` value: one percent-encoding, its decoding and its query syntax.

A dialect is data, not code: a percent-encode set (which code points are
escaped), what happens to space and ``+``, and the few rules some encodings
add (existing ``%XX`` kept, ``%uXXXX``, escapes that decoding leaves alone,
JavaScript's errors). Its methods run the URL Standard's algorithms with those
choices: "percent-encode after encoding" with *spaceAsPlus* taken from the
dialect (https://url.spec.whatwg.org/#string-percent-encode-after-encoding),
and "percent-decode" (https://url.spec.whatwg.org/#percent-decode) followed by
UTF-8 decoding. The JavaScript rules come from :mod:`._javascript`.

Because a dialect is a frozen dataclass, a user derives a new one with
:func:`dataclasses.replace`; dialects compare equal when their names and
rules are equal (the description and source are not compared).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Union

from .._core import (
    Escaper,
    PercentEncodeSet,
    ValueInput,
    check_items,
    encode_after_encoding,
    escaper,
    output_encoding,
    pair_items,
    parse_default_strict,
    percent_decode_bytes,
    serialize_pairs,
    to_usv_string,
    utf8_encode,
)
from .._core import parse as _parse_form
from .._core import parse_bytes as _parse_form_bytes
from .._encoding import UTF_8, Encoding
from .._errors import DecodeError, UnknownEncodingError
from ._escaper import escape_code_units, escaping_triplets, keep_triplets, utf8_encoder, utf8_whole
from ._javascript import (
    URIError,
    code_points_or_error,
    js_decode,
    kept_escapes_written,
    not_an_escape,
    preserved_escape_pattern,
    unescape,
)

__all__ = ["Dialect"]

Value = Union[str, bytes, bytearray, memoryview]
# Values in pairs may be numbers (check_value's rule); names may not.
Pairs = Union[Iterable[Sequence[ValueInput]], Mapping[str, ValueInput], Mapping[bytes, ValueInput]]

_TRIPLETS = re.compile(r"(%[0-9A-Fa-f]{2})")
_TRIPLETS_BYTES = re.compile(rb"(%[0-9A-Fa-f]{2})")
_ERRORS = ("replace", "strict")
# Inputs up to this long are split field by field; longer ones by the parser's blocks.
_FEW_FIELDS = 256


def _check_bool(value: object, name: str) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"Dialect {name} must be a bool, not {type(value).__name__}")


def _check_str(value: object, name: str) -> None:
    if not isinstance(value, str):
        raise TypeError(f"Dialect {name} must be a str, not {type(value).__name__}")


def _type_error(caller: str, value: object) -> TypeError:
    return TypeError(f"{caller}() takes str or bytes, not {type(value).__name__}")


@dataclass(frozen=True)
class Dialect:
    """A named percent-encoding: which characters stay, how space and ``+`` are written.

    https://url.spec.whatwg.org/#string-percent-encode-after-encoding

    Encoding runs the URL Standard's "percent-encode after encoding" with
    :attr:`percent_encode_set` and :attr:`space_as_plus`; decoding runs
    "percent-decode", turning ``+`` into space first when
    :attr:`plus_as_space`, then UTF-8 decodes. The other fields add the rules
    a few dialects need. Derive a dialect with :func:`dataclasses.replace`.

    :param name: the dialect's name.
    :param percent_encode_set: the code points that are escaped (every
        non-ASCII code point is).
    :param space_as_plus: write space as ``+`` instead of ``%20``.
    :param plus_as_space: decode ``+`` as space.
    :param keep_escapes: when encoding, copy a ``%`` followed by two hex
        digits as it is (URI Template reserved expansion).
    :param percent_u: JavaScript's ``escape``/``unescape``: code points above
        U+00FF become ``%uXXXX`` per UTF-16 code unit, ``%XX`` is a code unit.
    :param decode_keeps: ASCII characters whose escapes decoding leaves as they
        are (``decodeURI``).
    :param strict: as JavaScript does, raise :class:`URIError` when encoding a
        lone surrogate and when decoding a malformed escape or invalid UTF-8,
        whatever *errors* says (otherwise surrogates become U+FFFD and a
        ``%`` without two hex digits stays as it is).
    :param lowercase_hex: write escapes with lower-case hex digits.
    :param description: one line saying what the dialect is for.
    :param source: the specification or implementation it follows.
    :raises TypeError: for a field of the wrong type.
    :raises ValueError: for an empty name or non-ASCII *decode_keeps*.

    >>> import dataclasses
    >>> from urlencoded.dialects import RFC3986
    >>> RFC3986.encode("a b~*")
    'a%20b~%2A'
    >>> dataclasses.replace(RFC3986, name="MINE", space_as_plus=True).encode("a b")
    'a+b'

    .. versionadded:: 1.1
    """

    name: str
    percent_encode_set: PercentEncodeSet
    space_as_plus: bool = False
    plus_as_space: bool = False
    keep_escapes: bool = False
    percent_u: bool = False
    decode_keeps: str = ""
    strict: bool = False
    lowercase_hex: bool = False
    description: str = field(default="", repr=False, compare=False)
    source: str = field(default="", repr=False, compare=False)
    # Built from the fields above; not arguments.
    _escaper: Escaper = field(init=False, repr=False, compare=False)
    _utf8_whole: Callable[[Sequence[object]], str | None] | None = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        _check_str(self.name, "name")
        if not self.name:
            raise ValueError("Dialect name must not be empty")
        if not isinstance(self.percent_encode_set, PercentEncodeSet):
            kind = type(self.percent_encode_set).__name__
            raise TypeError(f"Dialect percent_encode_set must be a PercentEncodeSet, not {kind}")
        for flag in (
            "space_as_plus",
            "plus_as_space",
            "keep_escapes",
            "percent_u",
            "strict",
            "lowercase_hex",
        ):
            _check_bool(getattr(self, flag), flag)
        for text in ("decode_keeps", "description", "source"):
            _check_str(getattr(self, text), text)
        if not self.decode_keeps.isascii():
            raise ValueError(f"Dialect decode_keeps must be ASCII, got {self.decode_keeps!r}")
        escapes = escaper(self.percent_encode_set, self.space_as_plus, self.lowercase_hex)
        object.__setattr__(self, "_escaper", escapes)
        whole = None
        if type(self).encode is Dialect.encode:
            # encode() is called once for each name and value: an instance attribute
            # shadows the method with a function that has the tables at hand and
            # skips the method's lookup and binding. __reduce__ rebuilds it.
            rules = (self.keep_escapes, self.percent_u)
            fast = utf8_encoder(escapes, self._encode, Dialect.encode, *rules, self.strict)
            if fast is not None:
                object.__setattr__(self, "encode", fast)
            whole = utf8_whole(escapes, *rules)
        object.__setattr__(self, "_utf8_whole", whole)

    def __reduce__(self) -> tuple[type[Dialect], tuple[object, ...]]:
        return type(self), tuple(getattr(self, item.name) for item in fields(self) if item.init)

    @property
    def _preserve(self) -> re.Pattern[str] | None:
        return preserved_escape_pattern(self.decode_keeps) if self.decode_keeps else None

    # --- what the dialect does, for tables and tests ---------------------------------

    @property
    def kept(self) -> str:
        """The ASCII characters that encoding leaves as they are, in code point order.

        >>> from urlencoded.dialects import RFC3986
        >>> RFC3986.kept
        '-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~'
        """
        return "".join(chr(cp) for cp in range(0x80) if cp not in self.percent_encode_set)

    @property
    def lossless(self) -> bool:
        """Whether ``decode(encode(text)) == text`` for every scalar value string (UTF-8).

        True when ``%`` is always escaped, ``+`` means one thing, and decoding
        leaves no escape that encoding writes.

        >>> from urlencoded.dialects import RFC3986, URI_TEMPLATE_RESERVED
        >>> RFC3986.lossless, URI_TEMPLATE_RESERVED.lossless
        (True, False)
        """
        encoded = self.percent_encode_set
        return (
            "%" in encoded
            and not self.keep_escapes
            and self.space_as_plus <= self.plus_as_space
            and (not self.plus_as_space or "+" in encoded)
            and not any(char in encoded for char in self.decode_keeps)
        )

    # --- encoding ------------------------------------------------------------------------

    def _escape(self, data: bytes) -> str:
        """Step 7.3 of percent-encode after encoding, for bytes already encoded.

        A ``%u`` dialect writes a byte as its code unit below U+0100, which
        is the same escape.
        """
        if self.keep_escapes:
            triplets = escaping_triplets(self._escaper)
            if triplets is not None:
                return keep_triplets(triplets.escape(data), data, self._escaper)
            # parts alternates: bytes to escape, a "%XX" triplet copied as it is, ...
            parts = _TRIPLETS_BYTES.split(data)
            return "".join(
                part.decode("ascii") if index % 2 else self._escaper.escape(part)
                for index, part in enumerate(parts)
            )
        return self._escaper.escape(data)

    def _escape_code_units(self, text: str) -> str:
        """JavaScript's escape with this dialect's set: ``%XX`` or ``%uXXXX``."""
        return escape_code_units(self._escaper, text)

    def _encode_text(self, text: str, encoding: Encoding) -> str:
        if self.percent_u:
            if encoding.name != "UTF-8":
                raise ValueError(
                    f"dialect {self.name} writes %uXXXX escapes of UTF-16 code units, which "
                    f"no encoding changes, so it takes only encoding='UTF-8', "
                    f"not {encoding.name!r}"
                )
            if self.keep_escapes:
                parts = _TRIPLETS.split(text)
                parts[0::2] = map(self._escape_code_units, parts[0::2])
                return "".join(parts)
            return self._escape_code_units(text)
        text = code_points_or_error(text) if self.strict else to_usv_string(text)
        if encoding.name == "UTF-8":
            return self._escape(text.encode("utf-8"))
        if self.keep_escapes:
            parts = _TRIPLETS.split(text)
            parts[0::2] = [self._encode_legacy(part, encoding) for part in parts[0::2]]
            return "".join(parts)
        return self._encode_legacy(text, encoding)

    def _encode_legacy(self, text: str, encoding: Encoding) -> str:
        # The escaper writes the escapes, errors' included, in the dialect's hex case.
        return encode_after_encoding(encoding, text, self._escaper)

    def encode(self, value: Value, *, encoding: str | Encoding = "UTF-8") -> str:
        """Percent-encode *value* in this dialect.

        https://url.spec.whatwg.org/#string-percent-encode-after-encoding

        A str is encoded with *encoding* first (a code point it cannot
        represent becomes ``%26%23``, its decimal value, ``%3B``); bytes are
        taken as already encoded and escaped as they are.

        :param value: a str, or bytes (also bytearray, memoryview).
        :param encoding: an encoding label or :class:`~urlencoded.Encoding`
            (output encoding: UTF-16 labels give UTF-8).
        :returns: an ASCII string.
        :raises TypeError: if *value* is not str or bytes, or *encoding* not a
            str or :class:`~urlencoded.Encoding`.
        :raises URIError: for a lone surrogate in a strict dialect.
        :raises UnknownEncodingError: for an unknown encoding label.
        :raises ValueError: for a str with an encoding other than UTF-8 in a
            ``%u`` dialect (:data:`JS_ESCAPE`), whose escapes are UTF-16 code
            units whatever the encoding.

        >>> from urlencoded.dialects import WHATWG_FORM, RFC3986
        >>> WHATWG_FORM.encode("a b~*"), RFC3986.encode(b"a b\\xff")
        ('a+b%7E*', 'a%20b%FF')

        .. versionadded:: 1.1
        """
        return self._encode(value, encoding)

    def _encode(self, value: Value, encoding: str | Encoding) -> str:
        if type(value) is str and encoding == "UTF-8" and self.keep_escapes and not self.percent_u:
            try:
                data = value.encode("utf-8")
            except UnicodeEncodeError:
                pass  # surrogates: converted, or an error in a strict dialect, below
            else:
                return self._escape(data)
        if isinstance(value, str):
            return self._encode_text(value, output_encoding(encoding))
        if isinstance(value, (bytes, bytearray, memoryview)):
            return self._escape(bytes(value))
        raise _type_error("encode", value)

    # --- decoding ------------------------------------------------------------------------

    def _js_text(self, value: Value, base: int) -> tuple[str, bool]:
        """A strict dialect's input as text, and whether offsets are byte offsets."""
        if isinstance(value, str):
            return value, False
        data = bytes(value)
        try:
            return data.decode("utf-8"), not data.isascii()
        except UnicodeDecodeError as error:
            raise URIError(base + error.start, "invalid UTF-8 sequence") from None

    def _decode(self, value: Value, errors: str, base: int) -> str:
        if self.percent_u:
            text = value if isinstance(value, str) else bytes(value).decode("latin-1")
            return unescape(text.replace("+", " ") if self.plus_as_space else text)
        if self.strict:
            text, byte_offsets = self._js_text(value, base)
            if self.plus_as_space:
                text = text.replace("+", " ")
            try:
                return js_decode(text, self.decode_keeps, base)
            except URIError as error:
                if not byte_offsets:
                    raise
                start = len(text[: error.offset - base].encode("utf-8"))
                raise URIError(base + start, error.reason) from None
        data = self._decoded_bytes(value)
        try:
            return data.decode("utf-8", "strict" if errors == "strict" else "replace")
        except UnicodeDecodeError as error:
            offset = self._input_offset(value, error.start)
            raise URIError(base + offset, "invalid UTF-8 sequence") from None

    def _decoded_bytes(self, value: Value) -> bytes:
        data = utf8_encode(value) if isinstance(value, str) else bytes(value)
        if self.plus_as_space:
            data = data.replace(b"+", b" ")
        preserve = self._preserve
        if preserve is None:
            return percent_decode_bytes(data)
        text = data.decode("latin-1")
        parts = preserve.split(text)
        parts[0::2] = [percent_decode_bytes(part.encode("latin-1")) for part in parts[0::2]]
        return b"".join(part if isinstance(part, bytes) else part.encode() for part in parts)

    def _input_offset(self, value: Value, position: int) -> int:
        """Where in *value* the decoded byte at *position* came from."""
        data = utf8_encode(value) if isinstance(value, str) else bytes(value)
        hex_digits = b"0123456789ABCDEFabcdef"
        index = produced = 0
        while produced < position:
            escape = data[index : index + 3]
            if (
                len(escape) == 3
                and escape[0] == 0x25
                and escape[1] in hex_digits
                and escape[2] in hex_digits
                and not (self.decode_keeps and chr(int(escape[1:], 16)) in self.decode_keeps)
            ):
                index += 3
            else:
                index += 1
            produced += 1
        if isinstance(value, str):
            return len(data[:index].decode("utf-8", "replace"))
        return index

    def _check_decode_args(self, value: object, errors: object, caller: str) -> str:
        if not isinstance(value, (str, bytes, bytearray, memoryview)):
            raise _type_error(caller, value)
        if not isinstance(errors, str):
            raise TypeError(f"{caller}() takes errors as a str, not {type(errors).__name__}")
        if errors not in _ERRORS:
            raise ValueError(f"errors must be 'replace' or 'strict', got {errors!r}")
        return errors

    def decode(self, value: Value, *, errors: str = "replace") -> str:
        """Decode *value*, percent-encoded in this dialect, to text.

        https://url.spec.whatwg.org/#percent-decode, then
        https://encoding.spec.whatwg.org/#utf-8-decode-without-bom

        ``+`` becomes space first when :attr:`plus_as_space`. A ``%``
        without two hex digits stays as it is, except in a strict dialect.

        :param value: a str (UTF-8 encoded first) or bytes.
        :param errors: ``"replace"`` (invalid UTF-8 becomes U+FFFD) or
            ``"strict"`` (it raises :class:`URIError`).
        :returns: the decoded text.
        :raises TypeError: if *value* is not str or bytes.
        :raises ValueError: for another *errors* value.
        :raises URIError: for invalid UTF-8 with ``errors="strict"``, and in a
            strict dialect for any malformed escape or invalid UTF-8.

        >>> from urlencoded.dialects import WHATWG_FORM, RFC3986
        >>> WHATWG_FORM.decode("a+b%7E%zz"), RFC3986.decode(b"a+b%7E%FF")
        ('a b~%zz', 'a+b~\\ufffd')

        .. versionadded:: 1.1
        """
        if type(value) is str and value.isascii() and (errors == "replace" or errors == "strict"):
            if "%" not in value and not (self.plus_as_space and "+" in value):
                # Nothing to decode, and ASCII is its own UTF-8 (and its own UTF-16).
                return value
            if not (self.strict or self.percent_u or self.decode_keeps):
                data = value.encode("ascii")
                if self.plus_as_space:
                    data = data.replace(b"+", b" ")
                try:
                    return percent_decode_bytes(data).decode("utf-8", errors)
                except UnicodeDecodeError:
                    pass  # _decode raises URIError, with the offset in *value*
        return self._decode(value, self._check_decode_args(value, errors, "decode"), 0)

    def decode_bytes(self, value: Value) -> bytes:
        """Percent-decode *value* in this dialect, without decoding the bytes as text.

        https://url.spec.whatwg.org/#percent-decode (a str is UTF-8 encoded
        first: https://url.spec.whatwg.org/#string-percent-decode)

        In a strict dialect, the input is checked as :meth:`decode` checks
        it; in a ``%u`` dialect, ``%XX`` and ``%uXXXX`` are code units, so the
        result is the UTF-8 encoding of :meth:`decode`'s text.

        :param value: a str or bytes.
        :returns: the decoded bytes.
        :raises TypeError: if *value* is not str or bytes.
        :raises URIError: in a strict dialect, for a malformed escape or invalid UTF-8.

        >>> from urlencoded.dialects import WHATWG_FORM
        >>> WHATWG_FORM.decode_bytes("%FF+%41")
        b'\\xff A'

        .. versionadded:: 1.1
        """
        self._check_decode_args(value, "strict", "decode_bytes")
        if self.percent_u or self.strict:
            return to_usv_string(self._decode(value, "replace", 0)).encode("utf-8")
        return self._decoded_bytes(value)

    # --- queries -------------------------------------------------------------------------

    def _serialized_whole(self, items: Sequence[object], encoding: str | Encoding) -> str | None:
        """The pairs serialized in one pass, or None: then they go pair by pair.

        The URL Standard's one-pass serializer with this dialect's escaper,
        where ``encode`` is not overridden, or in UTF-8 the one of a dialect
        that keeps triplets or writes ``%u`` escapes. A legacy encoding goes
        pair by pair in a strict dialect (a lone surrogate raises) and in
        those two; so does a bad encoding, to be reported after the pairs
        are checked.
        """
        if self._utf8_whole is None:
            return None
        if encoding == "UTF-8" or encoding is UTF_8:
            return self._utf8_whole(items)
        if self.strict or self.keep_escapes or self.percent_u:
            return None
        try:
            resolved = output_encoding(encoding)
        except (TypeError, UnknownEncodingError):
            return None
        return serialize_pairs(items, resolved, self._escaper)

    def _checked_whole(
        self, items: list[object], encoding: str | Encoding, caller: str
    ) -> str | list[tuple[Value, Value]]:
        """The pairs serialized in one pass, or checked (numbers as their text) if they
        cannot be: a second try once numbers are text, for a mapping of them."""
        whole = self._serialized_whole(items, encoding)
        if whole is not None:
            return whole
        checked = check_items(items, caller)
        whole = self._serialized_whole(checked, encoding)
        return checked if whole is None else whole

    def _encoded_items(
        self, checked: list[tuple[Value, Value]], encoding: str | Encoding
    ) -> list[str]:
        """Checked names and values, encoded one by one: [name0, value0, name1, ...]."""
        return [self.encode(part, encoding=encoding) for pair in checked for part in pair]

    def serialize(self, pairs: Pairs, *, encoding: str | Encoding = "UTF-8") -> str:
        """Encode (name, value) pairs and join them with ``=`` and ``&``, in order.

        https://url.spec.whatwg.org/#concept-urlencoded-serializer, with this
        dialect's encoding of names and values.

        :param pairs: an iterable of ``(name, value)`` pairs, or a mapping;
            names are str or bytes, values str, bytes, int or float (written
            as Python writes them: :ref:`the rule for values <values>`).
        :param encoding: an encoding label or :class:`~urlencoded.Encoding`.
        :returns: an ASCII string.
        :raises TypeError: if a pair is not a pair, a name is not str or
            bytes, a value not str, bytes, int or float (``bool`` and
            ``None`` included), or *encoding* is not a str or
            :class:`~urlencoded.Encoding`.
        :raises URIError: for a lone surrogate in a strict dialect.
        :raises UnknownEncodingError: for an unknown encoding label.
        :raises ValueError: for a str name or value with an encoding other
            than UTF-8 in a ``%u`` dialect (:data:`JS_ESCAPE`), as for
            :meth:`encode`; for a value ``nan`` or infinity.

        >>> from urlencoded.dialects import RFC3986
        >>> RFC3986.serialize([("q", "a b"), ("x", "~*")])
        'q=a%20b&x=~%2A'

        .. versionadded:: 1.1
        """
        items = pairs if type(pairs) is list else pair_items(pairs, "serialize")
        if not items:
            return ""
        if (encoding == "UTF-8" or encoding is UTF_8) and self._utf8_whole is not None:
            found = self._utf8_whole(items)
            if found is not None:
                return found
        whole = self._checked_whole(items, encoding, "serialize")
        if isinstance(whole, str):
            return whole
        encoded = self._encoded_items(whole, encoding)
        return "&".join(map("=".join, zip(encoded[0::2], encoded[1::2])))

    def canonical_query(self, pairs: Pairs, *, encoding: str | Encoding = "UTF-8") -> str:
        """Encode names and values, sort by encoded name then value, join with ``=`` and ``&``.

        RFC 5849 §3.4.1.3.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.3.2)
        parameter normalization, and the AWS Signature Version 4 canonical query
        string. The encoded strings are ASCII, so sorting by byte, by code
        unit and by code point agree.

        :param pairs: an iterable of ``(name, value)`` pairs, or a mapping;
            values may be numbers, as for :meth:`serialize`.
        :param encoding: an encoding label or :class:`~urlencoded.Encoding`.
        :returns: an ASCII string.
        :raises TypeError: as for :meth:`serialize`.
        :raises URIError: for a lone surrogate in a strict dialect.
        :raises UnknownEncodingError: for an unknown encoding label.
        :raises ValueError: as for :meth:`serialize`.

        >>> from urlencoded.dialects import OAUTH1
        >>> OAUTH1.canonical_query([("b", "2 q"), ("a", "3"), ("a", "2=")])
        'a=2%3D&a=3&b=2%20q'

        .. versionadded:: 1.1
        """
        items = pairs if type(pairs) is list else pair_items(pairs, "canonical_query")
        if not items:
            return ""
        # Step 1: encode each name and value. Where the dialect escapes "&" and
        # "=", those in the serialization are the joints alone.
        kept = self._escaper.kept
        if b"&" in kept or b"=" in kept:
            whole: str | list[tuple[Value, Value]] = check_items(items, "canonical_query")
        else:
            whole = self._checked_whole(items, encoding, "canonical_query")
        if isinstance(whole, str):
            encoded = whole.replace("&", "=").split("=")
        else:
            encoded = self._encoded_items(whole, encoding)
        # Step 2: sort by encoded name, then encoded value.
        ordered = sorted(zip(encoded[0::2], encoded[1::2]))
        # Steps 3-4: "=" inside each pair, "&" between them.
        return "&".join(map("=".join, ordered))

    def parse(self, data: Value, *, errors: str = "replace") -> list[tuple[str, str]]:
        """Split *data* on ``&`` and the first ``=``, and decode names and values.

        https://url.spec.whatwg.org/#concept-urlencoded-parser, with this
        dialect's decoding: empty sequences are skipped and a sequence without
        ``=`` is a name with an empty value.

        :param data: a query or body, str or bytes.
        :param errors: as for :meth:`decode`.
        :returns: a list of ``(name, value)`` pairs.
        :raises TypeError: if *data* is not str or bytes.
        :raises ValueError: for another *errors* value.
        :raises URIError: as for :meth:`decode`; the offset is in *data*.

        >>> from urlencoded.dialects import RFC3986, WHATWG_FORM
        >>> RFC3986.parse("a=1+1&&b%20c&=%7E"), WHATWG_FORM.parse("a=1+1")
        ([('a', '1+1'), ('b c', ''), ('', '~')], [('a', '1 1')])

        .. versionadded:: 1.1
        """
        if type(data) is str and (
            (errors == "replace" and not (self.strict or self.percent_u or self.decode_keeps))
            or ((errors == "strict" or errors == "replace") and "%" not in data and data.isascii())
        ):
            # The URL Standard's parser decodes as this dialect does, once a "+"
            # that stays is written as its escape (and, without escapes, as every
            # dialect does: ASCII is valid UTF-8, and there is no code unit to read).
            if self.plus_as_space or "+" not in data:
                return _parse_form(data)
            return _parse_form(data.replace("+", "%2B"))
        errors = self._check_decode_args(data, errors, "parse")
        if self.percent_u and not self.plus_as_space and not self.decode_keeps:
            pairs = self._unescaped_pairs(data)
            if pairs is not None:
                return pairs
        form = self._as_form(data)
        if form is not None:
            if errors == "replace" and not self.strict:
                return _parse_form(form)
            try:
                return parse_default_strict(form)
            except DecodeError:
                pass  # the field by field way raises URIError, with the offset in *data*
        return self._parse_fields(data, errors)

    def _unescaped_pairs(self, data: Value) -> list[tuple[str, str]] | None:
        """parse for a ``%u`` dialect on Latin-1 text without ``%uXXXX``, or None.

        There each %XX is the code unit XX and each character its Latin-1
        byte: the urlencoded parser's percent-decoded bytes, "+" kept (as
        "%2B"), read as Latin-1.
        """
        if isinstance(data, str):
            if not (data.isascii() or max(data, default="\x00") <= "\xff"):
                return None
            raw = data.encode("latin-1")
        else:
            raw = data if type(data) is bytes else bytes(data)
        if 0x25 in raw and b"%u" in raw:
            return None
        if len(raw) > _FEW_FIELDS:
            pairs = _parse_form_bytes(raw.replace(b"+", b"%2B"))
            return [(name.decode("latin-1"), value.decode("latin-1")) for name, value in pairs]
        output = []
        for sequence in raw.split(b"&"):
            if sequence:
                name, _, value = sequence.partition(b"=")
                output.append(
                    (
                        percent_decode_bytes(name).decode("latin-1"),
                        percent_decode_bytes(value).decode("latin-1"),
                    )
                )
        return output

    def _as_form(self, data: Value) -> str | bytes | None:
        """*data* written so that the URL Standard's parser reads it as this dialect's
        parse does (strict dialects: in strict mode), or None where it cannot be.

        The splitting is the same; the decoding differs in "+" and in the escapes
        that decoding keeps. A "+" that stays is its escape "%2B"; an escape that
        stays is "%25" and its digits, which decode to it (JavaScript's decodeURI);
        a strict dialect must have no malformed escape (the parser keeps it).
        """
        if self.percent_u:
            return None
        if isinstance(data, str):
            form: str | bytes = data
            if self.strict and not data.isascii():
                return None  # surrogate pairs and offsets in code units: field by field
        else:
            form = data if type(data) is bytes else bytes(data)
            if self.strict and not form.isascii():
                return None
        if self.strict:
            text = form if isinstance(form, str) else form.decode("ascii")
            if not_an_escape(text):
                return None
        if self.decode_keeps:
            if not self.strict:
                return None
            text = form if isinstance(form, str) else form.decode("ascii")
            form = kept_escapes_written(text, self.decode_keeps)
        if not self.plus_as_space:
            form = form.replace("+", "%2B") if isinstance(form, str) else form.replace(b"+", b"%2B")
        return form

    def _parse_fields(self, data: Value, errors: str) -> list[tuple[str, str]]:
        """:meth:`parse` field by field, with this dialect's decoding."""
        sequences: list[str] | list[bytes] = (
            data.split("&") if isinstance(data, str) else bytes(data).split(b"&")
        )
        pairs = []
        offset = 0
        for sequence in sequences:
            if sequence:
                name, _, value = (
                    sequence.partition("=")
                    if isinstance(sequence, str)
                    else sequence.partition(b"=")
                )
                pairs.append(
                    (
                        self._decode(name, errors, offset),
                        self._decode(value, errors, offset + len(name) + 1),
                    )
                )
            offset += len(sequence) + 1
        return pairs
