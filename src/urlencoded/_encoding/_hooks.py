"""Encodings by name and label, and the hooks other standards call.

https://encoding.spec.whatwg.org/#names-and-labels gives :class:`Encoding` and
:func:`get_encoding` (https://encoding.spec.whatwg.org/#concept-encoding-get);
https://encoding.spec.whatwg.org/#output-encodings gives
:func:`get_output_encoding`; and of the
https://encoding.spec.whatwg.org/#specification-hooks, this module has
:func:`encode_or_fail` (https://encoding.spec.whatwg.org/#encode-or-fail) and
:func:`decode`, which pick each encoding's encoder and decoder from the
modules beside it (and run the https://encoding.spec.whatwg.org/#replacement-decoder).
"""

from __future__ import annotations

import codecs
import importlib
import re
from collections.abc import Mapping
from functools import cache
from typing import Any, Callable, NoReturn, Optional, Union

from .._errors import UnknownEncodingError
from ._chinese_simplified import _decode_gb18030_slow, _gb18030_handler
from ._chinese_traditional import _big5_handler, _decode_big5_slow
from ._coders import (
    EncodeResult,
    _fast_then_slow,
    _FastThenSlow,
    _find_special,
    _Output,
    _Sink,
    _StatelessEncoder,
    _stdlib_decoder,
    _stdlib_encoder,
    to_usv_string,
)
from ._indexes import (
    _SINGLE_BYTE_CODECS,
    _single_byte_table,
)
from ._iso_2022_jp import _decode_iso_2022_jp_fast, _Iso2022JpEncoder, decode_with_codec
from ._japanese import (
    _decode_shift_jis_slow,
    _euc_jp_decoder,
    _euc_jp_handler,
    _shift_jis_handler,
)
from ._korean import _decode_euc_kr_slow, _euc_kr_handler
from ._labels import LABELS, NAME_LABELS, NAMES
from ._python_codecs import python_codec_hint
from ._single_byte import _charmap_decoder, _CharmapEncoder, _x_user_defined_table
from ._unicode import _decode_utf8_slow, _decode_utf16_slow, _Utf8Encoder

__all__ = [
    "UTF_8",
    "Encoding",
    "decode",
    "decode_runs",
    "encode_or_fail",
    "get_encoding",
    "get_output_encoding",
]

# https://infra.spec.whatwg.org/#ascii-whitespace
_ASCII_WHITESPACE = "\t\n\f\r "


# https://encoding.spec.whatwg.org/#encoding
class Encoding:
    """An encoding of the Encoding Standard, identified by its name.

    https://encoding.spec.whatwg.org/#encoding

    There is exactly one instance per encoding: ``Encoding(name)`` returns it,
    given the exact WHATWG name (use :func:`get_encoding` for labels). Instances
    are immutable and hashable, compare equal by name, and pickle by name.

    :param name: the encoding's name, for example ``"Shift_JIS"``.
    :raises UnknownEncodingError: if ``name`` is not an encoding name.
    :raises TypeError: if ``name`` is not a str.

    >>> Encoding("Shift_JIS")
    <Encoding 'Shift_JIS'>
    >>> Encoding("Shift_JIS").labels[:3]
    ('csshiftjis', 'ms932', 'ms_kanji')

    .. versionadded:: 1.0
    """

    __slots__ = ("_labels", "_name")
    _labels: tuple[str, ...]
    _name: str
    _instances: dict[str, Encoding] = {}  # noqa: RUF012 (a private class-level registry)

    def __new__(cls, name: str) -> Encoding:
        """Return the one instance for ``name``."""
        if not isinstance(name, str):
            raise TypeError(f"encoding name must be str, not {type(name).__name__}")
        try:
            return cls._instances[name]
        except KeyError:
            pass
        if name not in NAME_LABELS:
            raise UnknownEncodingError(name)
        self = super().__new__(cls)
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_labels", NAME_LABELS[name])
        cls._instances[name] = self
        return self

    @property
    def name(self) -> str:
        """The encoding's name (https://encoding.spec.whatwg.org/#name)."""
        return self._name

    @property
    def labels(self) -> tuple[str, ...]:
        """The encoding's labels, lowercase, in the spec's order."""
        return self._labels

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"Encoding objects are immutable (cannot set {name!r})")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"Encoding objects are immutable (cannot delete {name!r})")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Encoding):
            return self._name == other._name
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("Encoding", self._name))

    def __repr__(self) -> str:
        return f"<Encoding {self._name!r}>"

    def __reduce__(self) -> tuple[type[Encoding], tuple[str]]:
        return (Encoding, (self._name,))


for _name in NAMES:
    Encoding(_name)

#: The UTF-8 encoding (https://encoding.spec.whatwg.org/#utf-8).
UTF_8 = Encoding("UTF-8")


# https://encoding.spec.whatwg.org/#concept-encoding-get
def get_encoding(label: str | Encoding) -> Encoding:
    """Get an encoding from a label.

    https://encoding.spec.whatwg.org/#concept-encoding-get: remove leading and
    trailing ASCII whitespace, then match the label ASCII case-insensitively
    against the table of labels. An :class:`Encoding` is returned unchanged.

    :param label: a label such as ``"sjis"`` or ``" UTF8 "``, or an :class:`Encoding`.
    :returns: the :class:`Encoding` the label names.
    :raises UnknownEncodingError: (a :class:`LookupError`) for an unknown label.
    :raises TypeError: if ``label`` is neither a str nor an :class:`Encoding`.

    >>> get_encoding(" Latin1\\n")
    <Encoding 'windows-1252'>
    >>> get_encoding("utf-16")
    <Encoding 'UTF-16LE'>

    .. versionadded:: 1.0
    """
    if isinstance(label, Encoding):
        return label
    if not isinstance(label, str):
        raise TypeError(f"encoding label must be str or Encoding, not {type(label).__name__}")
    # Step 1: remove any leading and trailing ASCII whitespace from label.
    stripped = label.strip(_ASCII_WHITESPACE)
    # Step 2: if label is an ASCII case-insensitive match for any of the labels ...
    # (str.lower() also lowercases non-ASCII letters; such a label matches no
    # entry unless it is ASCII, since U+212A KELVIN SIGN lowercases to "k".)
    if stripped.isascii():
        name = LABELS.get(stripped.lower())
        if name is not None:
            return Encoding(name)
    # Step 3: otherwise, return failure (saying which label to use for a Python codec name).
    raise UnknownEncodingError(label, python_codec_hint(label))


# https://encoding.spec.whatwg.org/#get-an-output-encoding
def get_output_encoding(encoding: str | Encoding) -> Encoding:
    """Get an output encoding.

    https://encoding.spec.whatwg.org/#get-an-output-encoding: replacement,
    UTF-16BE and UTF-16LE become UTF-8 (they have no encoder); every other
    encoding is returned as is. A label is first resolved with :func:`get_encoding`.

    :param encoding: an :class:`Encoding` or a label.
    :returns: the encoding to encode with.
    :raises UnknownEncodingError: for an unknown label.
    :raises TypeError: if ``encoding`` is neither a str nor an :class:`Encoding`.

    >>> get_output_encoding("utf-16be")
    <Encoding 'UTF-8'>
    >>> get_output_encoding("sjis")
    <Encoding 'Shift_JIS'>

    .. versionadded:: 1.0
    """
    encoding = get_encoding(encoding)
    # Step 1.
    if encoding.name in ("replacement", "UTF-16BE", "UTF-16LE"):
        return UTF_8
    # Step 2.
    return encoding


# The encodings without an encoder (get_output_encoding maps them to UTF-8).
_NO_ENCODER = ("replacement", "UTF-16BE", "UTF-16LE")


_EncoderImpl = Union[_StatelessEncoder, _Iso2022JpEncoder, _Utf8Encoder]

# A handler: https://encoding.spec.whatwg.org/#handler for one non-ASCII code point.
_Handler = Callable[[int], Optional[bytes]]

# Multi-byte encoders: WHATWG name -> (stdlib codec, the index its handler reads,
# handler factory over that index, planes to compare).
_MULTI_BYTE_ENCODERS: dict[
    str, tuple[str, str, Callable[[dict[int, int]], _Handler], tuple[int, ...]]
] = {
    "Shift_JIS": ("cp932", "jis0208", _shift_jis_handler, (0,)),
    "EUC-JP": ("euc_jp", "jis0208", _euc_jp_handler, (0,)),
    "EUC-KR": ("cp949", "euc_kr", _euc_kr_handler, (0,)),
    "GBK": ("gbk", "gb18030", lambda index: _gb18030_handler(index, True), (0,)),
    "gb18030": ("gb18030", "gb18030", lambda index: _gb18030_handler(index, False), (0,)),
    "Big5": ("big5hkscs", "big5", _big5_handler, (0, 2)),
}


@cache
def _encoder(name: str) -> _EncoderImpl:
    if name == "UTF-8":
        return _Utf8Encoder()
    if name in _SINGLE_BYTE_CODECS:
        return _CharmapEncoder(_single_byte_table(name))
    if name == "x-user-defined":
        return _CharmapEncoder(_x_user_defined_table())
    if name == "ISO-2022-JP":
        return _Iso2022JpEncoder()
    return _StatelessEncoder(_stdlib_encoder(_MULTI_BYTE_ENCODERS[name][0]), _special(name))


def _special(name: str) -> dict[str, bytes | None]:
    """The code points where a multi-byte encoder's codec needs correcting.

    What :func:`_compute_special` computes, precomputed in ``_tables`` by
    tools/gen_encoding_tables.py (scanning the BMP takes about 0.1 s), as
    strings: the code points the encoder refuses (``ERRORS``), the others
    (``ENCODED``), and its bytes for each of those (``RESULTS``, in hex).
    """
    module = name.lower().replace("-", "_")
    table = importlib.import_module(f"._tables.special_{module}", __package__)
    errors: str = table.ERRORS
    encoded: str = table.ENCODED
    results: str = table.RESULTS
    special: dict[str, bytes | None] = dict.fromkeys(errors)
    special.update(zip(encoded, map(bytes.fromhex, results.split())))
    return special


def _compute_special(name: str, indexes: Mapping[str, dict[int, int]]) -> dict[str, bytes | None]:
    """Compute what :func:`_special` loads: :func:`_find_special` for encoder ``name``.

    Its handler runs over its index taken from ``indexes`` (name -> index, as
    ``_build_index_*`` build them); tools/gen_encoding_tables.py calls this.
    """
    codec, index, factory, planes = _MULTI_BYTE_ENCODERS[name]
    return _find_special(codec, factory(indexes[index]), planes)


# https://encoding.spec.whatwg.org/#encode-or-fail
def encode_or_fail(encoding: Encoding, text: str) -> EncodeResult:
    """Run "encode or fail" over all of ``text`` with one encoder instance.

    https://encoding.spec.whatwg.org/#encode-or-fail, called in a loop as
    https://url.spec.whatwg.org/#string-percent-encode-after-encoding does: the
    encoder (and its state) lives across errors, and its end-of-queue output
    (ISO-2022-JP's return to ASCII) comes last.

    ``text`` should be a scalar value string; lone surrogates are replaced with
    U+FFFD first, as a USVString conversion does.

    :param encoding: any encoding but replacement, UTF-16BE and UTF-16LE
        (pass the result of :func:`get_output_encoding`).
    :returns: in order, runs of output bytes (never empty, never adjacent) and,
        for each error, the code point it reports (ISO-2022-JP reports U+000E,
        U+000F and U+001B as 0xFFFD).
    :raises TypeError: if ``encoding`` is not an :class:`Encoding` or ``text`` not a str.
    :raises ValueError: for replacement, UTF-16BE and UTF-16LE, which have no encoder.

    >>> encode_or_fail(get_encoding("shift_jis"), "≡‽a")
    [b'\\x81\\xdf', 8253, b'a']
    >>> encode_or_fail(get_encoding("iso-2022-jp"), "¥")
    [b'\\x1b(J\\\\\\x1b(B']

    .. versionadded:: 1.0
    """
    if not isinstance(encoding, Encoding):
        raise TypeError(f"encoding must be an Encoding, not {type(encoding).__name__}")
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    # https://encoding.spec.whatwg.org/#get-an-encoder, Step 1 (an assertion there).
    if encoding.name in _NO_ENCODER:
        raise ValueError(f"{encoding.name} has no encoder; use get_output_encoding() first")
    text = to_usv_string(text)
    out = _Output()
    _encoder(encoding.name).encode_or_fail(text, out)
    return out.result()


def encode_with_references(encoding: Encoding, text: str) -> bytes:
    """:func:`encode_or_fail` over *text*, each error written as ``b"&#N;"``.

    This is https://encoding.spec.whatwg.org/#encode with the "html" error
    mode, which HTML's text/plain form encoding and the legacy probes run.
    It also serves callers of
    https://encoding.spec.whatwg.org/#encode-or-fail that then
    percent-encode with a set holding "&", "#" and ";": there an error's
    ``%26%23N%3B`` (step 7.4 of
    https://url.spec.whatwg.org/#string-percent-encode-after-encoding) is the
    percent-encoding of ``b"&#N;"``, so errors need not be told apart from
    the literal text ``&#N;``, and a stateless encoder's codec output, with
    ``xmlcharrefreplace``, is the result when no special code point is involved.

    :param encoding: as for :func:`encode_or_fail`.
    """
    encoder = None if encoding.name in _NO_ENCODER else _encoder(encoding.name)
    if isinstance(encoder, (_StatelessEncoder, _Iso2022JpEncoder)):
        data = encoder.encode_with_references(text)
        if data is not None:
            return data
    items = encode_or_fail(encoding, text)
    return b"".join(item if isinstance(item, bytes) else b"&#%d;" % item for item in items)


# https://encoding.spec.whatwg.org/#replacement-decoder
def _decode_replacement(data: bytes, sink: _Sink) -> None:
    if data:
        sink.error(0, len(data), "the replacement encoding decodes any input to U+FFFD")


@cache
def _decoder(name: str) -> Callable[[bytes, _Sink], None]:
    if name in _SINGLE_BYTE_CODECS:
        return _charmap_decoder(_single_byte_table(name))
    if name == "x-user-defined":
        return _charmap_decoder(_x_user_defined_table())
    if name == "UTF-8":
        return _stdlib_decoder("utf-8", _decode_utf8_slow)
    if name == "UTF-16BE":
        return _stdlib_decoder("utf-16-be", lambda data, sink: _decode_utf16_slow(data, sink, True))
    if name == "UTF-16LE":
        return _stdlib_decoder(
            "utf-16-le", lambda data, sink: _decode_utf16_slow(data, sink, False)
        )
    if name == "replacement":
        return _decode_replacement
    if name == "ISO-2022-JP":
        return _decode_iso_2022_jp_fast
    if name == "Shift_JIS":
        # cp932 also decodes 0xA0 and 0xFD-0xFF (to U+F8F0-U+F8F3), which are errors.
        return _fast_then_slow("cp932", "\uf8f0-\uf8f3", _decode_shift_jis_slow)
    if name == "EUC-JP":
        return _euc_jp_decoder()
    if name == "EUC-KR":
        return _fast_then_slow("cp949", "", _decode_euc_kr_slow)
    if name in ("gb18030", "GBK"):
        # https://encoding.spec.whatwg.org/#gbk-decoder is the gb18030 decoder.
        # The suspects: the code points of _GB18030_CORRECTIONS as the codec has
        # them (Private Use), and U+1E3F, its reading of 0x81 0x35 0xF4 0x37.
        suspects = "\u1e3f\ue5e5\ue78d-\ue796\ue7c7\ue81e\ue826\ue82b\ue82c\ue832\ue843\ue854\ue864"
        return _fast_then_slow("gb18030", suspects, _decode_gb18030_slow)
    if name == "Big5":
        # The code points big5hkscs has for the pointers in _BIG5_CHANGES.
        suspects = "\u00a2\u00a3\u00a5\u2022\u203e\u223c\u2609\u2641\uff0f\uff3c\uff64"
        return _fast_then_slow("big5hkscs", suspects, _decode_big5_slow)
    raise AssertionError(name)  # pragma: no cover


# Bytes that no multi-byte sequence of the stateless legacy decoders (their
# codecs' and the spec's) holds: every lead and trail byte is 0x40 or above,
# but gb18030's four-byte second and fourth, which are digits.
_NEVER_IN_A_SEQUENCE = bytes([*range(0x30), *range(0x3A, 0x40)])
# Controls other than ISO-2022-JP's escape, SO and SI: bytes that, between runs, it
# reads as themselves in the ASCII state and as an error in the others.
_CONTROLS = bytes(byte for byte in range(0x20) if byte not in (0x0E, 0x0F, 0x1B))
_SEPARATED: dict[bytes, re.Pattern[bytes]] = {}


def _whole(name: str) -> Callable[[bytes, bool], str | None] | None:
    """For encoding *name*, a decoder of runs separated by ASCII bytes that decodes
    them all at once, or None. It returns None in fatal mode at an error, and
    where it cannot show its output to be the runs', decoded apart."""
    decoder = _decoder(name)
    if isinstance(decoder, _FastThenSlow):
        return lambda data, fatal: decoder.fast(data)
    if name in _SINGLE_BYTE_CODECS or name == "x-user-defined":
        # One byte, one code point, ASCII as it is: runs decode alone.
        table: Any = (
            _single_byte_table(name) if name != "x-user-defined" else _x_user_defined_table()
        )

        def single_byte(data: bytes, fatal: bool) -> str | None:
            try:
                return codecs.charmap_decode(data, "strict" if fatal else "replace", table)[0]
            except UnicodeDecodeError:
                return None

        return single_byte
    if name == "UTF-8":
        # An ASCII byte is in no sequence, valid or not: runs decode alone.

        def utf8(data: bytes, fatal: bool) -> str | None:
            try:
                return data.decode("utf-8", "strict" if fatal else "replace")
            except UnicodeDecodeError:
                return None

        return utf8
    if name == "ISO-2022-JP":
        return _iso_2022_jp_runs
    return None


def _iso_2022_jp_runs(data: bytes, fatal: bool) -> str | None:
    """ISO-2022-JP's :func:`_whole`; its separators are controls (see decode_runs)."""
    if 0x1B not in data and 0x0E not in data and 0x0F not in data:
        # The ASCII state throughout: an ASCII byte is itself, any other an error.
        if data.isascii():
            return data.decode("ascii")
        return None if fatal else data.decode("ascii", "replace")
    if b"\x1b(J" in data:
        return None  # a run that ends in Roman would carry it into the next
    return decode_with_codec(data)


_WHOLE: dict[str, Callable[[bytes, bool], str | None] | None] = {}


def decode_runs(encoding: Encoding, data: bytes, separators: bytes, fatal: bool) -> str | None:
    """:func:`decode` of each run of *data* between bytes of *separators*, each
    separator byte (ASCII) standing for its own character between them.

    https://encoding.spec.whatwg.org/#decode run on each run apart, as the
    urlencoded parser decodes each name and value
    (https://url.spec.whatwg.org/#concept-urlencoded-parser, step 3.5), but
    on all of them at once where the encoding allows: a single-byte encoding
    and UTF-8 always; a stateless multi-byte encoding where no separator is
    a byte its sequences hold and the codec's strict output is provably the
    spec's; ISO-2022-JP where no escape, SO or SI moves it from the ASCII
    state. Otherwise run by run. None in fatal mode where a run has an error
    (the caller finds which).
    """
    name = encoding.name
    if name in _WHOLE:
        whole = _WHOLE[name]
    else:
        whole = _WHOLE[name] = _whole(name)
    # ISO-2022-JP's jis0208 pairs may hold a separator that is not a control.
    if (
        whole is not None
        and (name in _SEPARABLE or not separators.translate(None, _NEVER_IN_A_SEQUENCE))
        and (name != "ISO-2022-JP" or 0x1B not in data or not separators.translate(None, _CONTROLS))
    ):
        text = whole(data, fatal)
        if text is not None:
            return text
    parts: list[Any] = [data]
    if separators:
        pattern = _SEPARATED.get(separators)
        if pattern is None:
            pattern = _SEPARATED[separators] = re.compile(b"([" + re.escape(separators) + b"])")
        parts = pattern.split(data)
    decoder = _decoder(name)
    try:
        for index in range(0, len(parts), 2):
            sink = _Sink(name, parts[index], fatal)
            decoder(parts[index], sink)
            parts[index] = "".join(sink.parts)
    except UnicodeDecodeError:
        return None
    parts[1::2] = [separator.decode("ascii") for separator in parts[1::2]]
    return "".join(parts)


# Where any ASCII separator will do: one byte per code point, or UTF-8.
_SEPARABLE = frozenset([*_SINGLE_BYTE_CODECS, "x-user-defined", "UTF-8"])


# https://encoding.spec.whatwg.org/#decode (without BOM sniffing)
def decode(encoding: Encoding, data: bytes | bytearray | memoryview, *, fatal: bool = False) -> str:
    """Run ``encoding``'s decoder over all of ``data``.

    https://encoding.spec.whatwg.org/#concept-encoding-run with the encoding's
    decoder, in "replacement" error mode (each error becomes U+FFFD) or, with
    ``fatal=True``, "fatal" mode. There is no BOM sniffing and no BOM stripping:
    a leading BOM decodes to U+FEFF, as in "UTF-8 decode without BOM".

    :param encoding: the encoding (any, including replacement and UTF-16BE/LE).
    :param data: the bytes (bytes, bytearray or memoryview).
    :param fatal: raise on the first error instead of writing U+FFFD.
    :returns: the decoded string; in replacement mode this never fails.
    :raises UnicodeDecodeError: in fatal mode, with ``start`` the offset of the
        first byte of the sequence in error, and ``encoding`` the WHATWG name.
    :raises TypeError: for a non-:class:`Encoding` ``encoding`` or non-bytes ``data``.

    >>> decode(get_encoding("shift_jis"), b"\\x82\\xa0\\x82")
    'あ\\ufffd'
    >>> decode(get_encoding("windows-1252"), b"\\x80\\x81")
    '€\\x81'

    .. versionadded:: 1.0
    """
    if not isinstance(encoding, Encoding):
        raise TypeError(f"encoding must be an Encoding, not {type(encoding).__name__}")
    if not isinstance(data, bytes):
        if not isinstance(data, (bytearray, memoryview)):
            raise TypeError(f"data must be bytes, not {type(data).__name__}")
        data = bytes(data)
    sink = _Sink(encoding.name, data, fatal)
    _decoder(encoding.name)(data, sink)
    return "".join(sink.parts)
