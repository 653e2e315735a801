"""The URL Standard: percent-encoding and application/x-www-form-urlencoded.

https://url.spec.whatwg.org/#percent-encoded-bytes,
https://url.spec.whatwg.org/#application/x-www-form-urlencoded and
https://url.spec.whatwg.org/#interface-urlsearchparams, with the Infra
Standard's string rules they use. The lowest layer of the package after the
Encoding Standard (``_encoding``) and the exceptions (``_errors``): it imports
nothing else of the package, and everything above it builds on it.

- ``_infra``: scalar value strings and code-unit order.
- ``_sets``: the percent-encode sets.
- ``_percent``: percent-encode and percent-decode, bytes and strings.
- ``_submission``: the form options that the parser and serializer share
  with HTML's submission steps (``_charset_``, newlines, separators).
- ``_form/``: the parser, string parser and serializer; ``_bulk`` (parser) and
  ``_bulk_serializer`` hold their fast paths, proven equal to the spec's steps
  by the property tests.
- ``_search_params``: ``URLSearchParams``.
- ``_url_query``: a URL string's query and fragment as ``URLSearchParams``.
"""

from __future__ import annotations

import typing

from ._bulk_serializer import join_pairs, serialize_pairs
from ._form import (
    charset_field_encoding,
    check_limits,
    check_text_encoding,
    field_size_excess,
    parse,
    parse_bytes,
    parse_default_strict,
    parse_region,
    parse_region_bytes,
    parse_with,
    serialize,
)
from ._infra import (
    BytesLike,
    as_bytes,
    first_values,
    isomorphic_decode,
    to_usv_string,
    utf8_encode,
    values_by_name,
)
from ._lazy import first_use
from ._options import (
    BLOCK,
    DEFAULT_MAX_BODY_SIZE,
    DEFAULT_MAX_FIELD_SIZE,
    DEFAULT_MAX_FIELDS,
    NO_LIMITS,
    PARSE_DEFAULTS,
    Errors,
    FormOptions,
    Limits,
    Separator,
    check_limit,
    form_options,
    options_from,
    unify_separators,
)
from ._pairs import ValueInput, check_items, check_part, check_value, number_text, pair_items
from ._percent import (
    Escaper,
    ascii_as_is,
    encode_after_encoding,
    escaper,
    output_encoding,
    percent_decode,
    percent_decode_bytes,
    percent_encode,
    percent_encode_after_encoding,
    percent_encode_bytes,
    utf8_percent_encode,
)
from ._sets import (
    C0_CONTROL_PERCENT_ENCODE_SET,
    COMPONENT_PERCENT_ENCODE_SET,
    FRAGMENT_PERCENT_ENCODE_SET,
    PATH_PERCENT_ENCODE_SET,
    QUERY_PERCENT_ENCODE_SET,
    SPECIAL_QUERY_PERCENT_ENCODE_SET,
    URLENCODED_PERCENT_ENCODE_SET,
    USERINFO_PERCENT_ENCODE_SET,
    PercentEncodeSet,
)
from ._submission import CHARSET_FIELD, check_newlines, normalize_newlines

if typing.TYPE_CHECKING:
    from ._search_params import URLSearchParams
    from ._url_query import (
        fragment_params,
        query_params,
        with_fragment_params,
        with_query_params,
    )

# What the layers above may use; nothing else of this package crosses its line.
__all__ = [
    "BLOCK",
    "C0_CONTROL_PERCENT_ENCODE_SET",
    "CHARSET_FIELD",
    "COMPONENT_PERCENT_ENCODE_SET",
    "DEFAULT_MAX_BODY_SIZE",
    "DEFAULT_MAX_FIELDS",
    "DEFAULT_MAX_FIELD_SIZE",
    "FRAGMENT_PERCENT_ENCODE_SET",
    "NO_LIMITS",
    "PARSE_DEFAULTS",
    "PATH_PERCENT_ENCODE_SET",
    "QUERY_PERCENT_ENCODE_SET",
    "SPECIAL_QUERY_PERCENT_ENCODE_SET",
    "URLENCODED_PERCENT_ENCODE_SET",
    "USERINFO_PERCENT_ENCODE_SET",
    "BytesLike",
    "Errors",
    "Escaper",
    "FormOptions",
    "Limits",
    "PercentEncodeSet",
    "Separator",
    "URLSearchParams",
    "ValueInput",
    "as_bytes",
    "ascii_as_is",
    "charset_field_encoding",
    "check_items",
    "check_limit",
    "check_limits",
    "check_newlines",
    "check_part",
    "check_text_encoding",
    "check_value",
    "encode_after_encoding",
    "escaper",
    "field_size_excess",
    "first_use",
    "first_values",
    "form_options",
    "fragment_params",
    "isomorphic_decode",
    "join_pairs",
    "normalize_newlines",
    "number_text",
    "options_from",
    "output_encoding",
    "pair_items",
    "parse",
    "parse_bytes",
    "parse_default_strict",
    "parse_region",
    "parse_region_bytes",
    "parse_with",
    "percent_decode",
    "percent_decode_bytes",
    "percent_encode",
    "percent_encode_after_encoding",
    "percent_encode_bytes",
    "query_params",
    "serialize",
    "serialize_pairs",
    "to_usv_string",
    "unify_separators",
    "utf8_encode",
    "utf8_percent_encode",
    "values_by_name",
    "with_fragment_params",
    "with_query_params",
]

# Loaded on first use: name -> module.
__getattr__ = first_use(
    __name__,
    {
        "URLSearchParams": "_search_params",
        "fragment_params": "_url_query",
        "query_params": "_url_query",
        "with_fragment_params": "_url_query",
        "with_query_params": "_url_query",
    },
)
