"""The Encoding Standard hooks that percent-encoding and form parsing call.

https://encoding.spec.whatwg.org/ defines every encoding a browser may use to
write a form submission or a URL query, byte for byte. This module gives each of
them an :class:`Encoding` object, looked up by label with :func:`get_encoding`,
and two operations: :func:`encode_or_fail`, the "encode or fail" loop that
https://url.spec.whatwg.org/#string-percent-encode-after-encoding runs, and
:func:`decode`, a decoder run in replacement (or fatal) mode.

Python's ``codecs`` do the work. Each WHATWG encoding is paired with the
stdlib codec closest to it (``cp932`` for Shift_JIS, ``big5hkscs`` for Big5,
``cp1252`` for windows-1252, ...: see ``_SINGLE_BYTE_CODECS``,
``_MULTI_BYTE_ENCODERS`` and ``_decoder``), and corrected where the two
differ. The corrections come in three kinds, all documented in
docs/encodings.rst:

* The Encoding Standard's *indexes* are rebuilt from the codec, by decoding the
  byte sequence of every pointer, and patched with small correction tables
  (for example the 192 Big5 entries that CPython's HKSCS-2004 table lacks).
  Single-byte encodings then encode and decode through
  :func:`codecs.charmap_encode`/:func:`codecs.charmap_decode` over these
  corrected tables, so they are exact by construction.
* Multi-byte *encoders* run the stdlib codec over the text, except for the
  "special" code points on which the codec and the WHATWG encoder disagree.
  Those are found by comparing the two on every code point the codec might
  encode, and are then handled one by one with the spec's own algorithm over
  the corrected index. The indexes and these special code points are
  precomputed by tools/gen_encoding_tables.py into ``_tables``, whose modules
  are loaded on first use of an encoding.
* Multi-byte *decoders* take the stdlib codec's strict result when it succeeds
  and contains none of the few code points it decodes differently; otherwise
  (errors, or a disputed sequence) a transcription of the spec's decoder runs
  over the corrected index, so that even which bytes an error consumes is right.

The ISO-2022-JP encoder and decoder are state machines written here, with
the stdlib codec where it provably agrees; their jis0208 tables come from
``cp932`` like Shift_JIS's and EUC-JP's. The tests check all of this
against a literal transcription of the standard over its own index files,
for every scalar value and every byte sequence up to the

The modules follow the standard's chapters: ``_hooks`` (names and labels,
output encodings, and the encode-or-fail and decode hooks), ``_indexes``,
``_single_byte``, ``_unicode`` (UTF-8, UTF-16BE/LE), one module per family of
legacy multi-byte encodings (``_chinese_simplified``, ``_chinese_traditional``,
``_japanese``, ``_iso_2022_jp``, ``_korean``), and ``_coders``, what their
encoders and decoders share.
"""

from __future__ import annotations

from ._coders import SURROGATE as SURROGATE
from ._coders import EncodeResult as EncodeResult
from ._coders import to_usv_string as to_usv_string
from ._hooks import (
    UTF_8,
    Encoding,
    decode,
    decode_runs,
    encode_or_fail,
    get_encoding,
    get_output_encoding,
)
from ._hooks import _decoder as _decoder
from ._hooks import _encoder as _encoder
from ._hooks import encode_with_references as encode_with_references
from ._indexes import _index_big5 as _index_big5
from ._indexes import _index_euc_kr as _index_euc_kr
from ._indexes import _index_gb18030 as _index_gb18030
from ._indexes import _index_iso_2022_jp_katakana as _index_iso_2022_jp_katakana
from ._indexes import _index_jis0208 as _index_jis0208
from ._indexes import _index_jis0212 as _index_jis0212
from ._indexes import _single_byte_table as _single_byte_table

__all__ = [
    "SURROGATE",
    "UTF_8",
    "Encoding",
    "decode",
    "decode_runs",
    "encode_or_fail",
    "encode_with_references",
    "get_encoding",
    "get_output_encoding",
    "to_usv_string",
]
