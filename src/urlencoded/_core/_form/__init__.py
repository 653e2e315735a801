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

The modules:

- ``_parser``: :func:`parse` (bytes or str to text pairs), and the region
  parser that it and :class:`IncrementalParser` run;
- ``_fields``: the spec's loop over the fields one by one, the charset and
  isindex rules, separators other than "&";
- ``_limits``: ``max_fields``, ``max_field_size`` and ``max_body_size``;
- ``_bytes``: :func:`parse_bytes`, the parser without the decode;
- ``_serializer``: :func:`serialize`.
"""

from __future__ import annotations

from ._bytes import parse_bytes, parse_region_bytes
from ._fields import charset_field_encoding
from ._limits import check_limits, field_size_excess
from ._parser import (
    check_text_encoding,
    parse,
    parse_default,
    parse_default_strict,
    parse_region,
    parse_with,
    split_plain_form,
)
from ._serializer import Pair, Pairs, serialize, serialize_items

__all__ = [
    "Pair",
    "Pairs",
    "charset_field_encoding",
    "check_limits",
    "check_text_encoding",
    "field_size_excess",
    "parse",
    "parse_bytes",
    "parse_default",
    "parse_default_strict",
    "parse_region",
    "parse_region_bytes",
    "parse_with",
    "serialize",
    "serialize_items",
    "split_plain_form",
]
