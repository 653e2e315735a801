"""urlencoded: the WHATWG application/x-www-form-urlencoded format and percent-encoding.

Parse request bodies and query strings, and build them, byte for byte as
browsers do (https://url.spec.whatwg.org/#application/x-www-form-urlencoded).
Everything public is importable from this package; the submodules are private.

>>> import urlencoded
>>> urlencoded.parse("q=caf%C3%A9+au+lait&x")
[('q', 'café au lait'), ('x', '')]
"""

from __future__ import annotations

import typing

from ._core._form import parse, parse_bytes, serialize
from ._core._percent import (
    percent_decode,
    percent_encode,
    percent_encode_after_encoding,
    percent_encode_bytes,
    utf8_percent_encode,
)
from ._core._sets import (
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
from ._encoding import UTF_8, Encoding, get_encoding, get_output_encoding
from ._errors import (
    BodyConsumedError,
    BodyTooLarge,
    ClientDisconnected,
    ContentLengthError,
    DecodeError,
    FieldTooLarge,
    LimitExceeded,
    ListIndexTooLarge,
    NestingError,
    NestingTooDeep,
    ProbeError,
    TooManyFields,
    TooManyKeys,
    UnknownEncodingError,
    UnsupportedMediaType,
    URLEncodedError,
)

if typing.TYPE_CHECKING:
    from . import dialects as dialects
    from ._core._search_params import URLSearchParams, query_params, with_query_params
    from ._html._legacy import detect_probe_encoding, guess_encoding, parse_with_probe
    from ._html._text_plain import parse_text_plain, serialize_text_plain
    from ._tools._lint import Finding, iter_lint, lint
    from ._web._content_type import FORM_URLENCODED, MediaType, check_content_type, parse_mime_type
    from ._web._multidict import MultiDict
    from ._web._nested import parse_nested, serialize_nested
    from ._web._request_forms import parse_asgi_multidict, parse_wsgi_multidict
    from ._web._servers import error_status, parse_asgi, parse_wsgi
    from ._web._streaming import (
        DEFAULT_MAX_BODY_SIZE,
        DEFAULT_MAX_FIELD_SIZE,
        DEFAULT_MAX_FIELDS,
        IncrementalParser,
    )

# Loaded on first use, so that ``import urlencoded`` (and the command line)
# costs only the parser, the serializer and the encodings: name -> module.
_LAZY = {
    "dialects": "",
    **dict.fromkeys(
        ["FORM_URLENCODED", "MediaType", "check_content_type", "parse_mime_type"],
        "_web._content_type",
    ),
    **dict.fromkeys(
        ["detect_probe_encoding", "guess_encoding", "parse_with_probe"], "_html._legacy"
    ),
    **dict.fromkeys(["Finding", "iter_lint", "lint"], "_tools._lint"),
    "MultiDict": "_web._multidict",
    **dict.fromkeys(["parse_nested", "serialize_nested"], "_web._nested"),
    **dict.fromkeys(["parse_asgi_multidict", "parse_wsgi_multidict"], "_web._request_forms"),
    **dict.fromkeys(
        ["URLSearchParams", "query_params", "with_query_params"], "_core._search_params"
    ),
    **dict.fromkeys(["error_status", "parse_asgi", "parse_wsgi"], "_web._servers"),
    **dict.fromkeys(
        [
            "DEFAULT_MAX_BODY_SIZE",
            "DEFAULT_MAX_FIELD_SIZE",
            "DEFAULT_MAX_FIELDS",
            "IncrementalParser",
        ],
        "_web._streaming",
    ),
    **dict.fromkeys(["parse_text_plain", "serialize_text_plain"], "_html._text_plain"),
}

__version__ = "1.0.0"

__all__ = [
    "C0_CONTROL_PERCENT_ENCODE_SET",
    "COMPONENT_PERCENT_ENCODE_SET",
    "DEFAULT_MAX_BODY_SIZE",
    "DEFAULT_MAX_FIELDS",
    "DEFAULT_MAX_FIELD_SIZE",
    "FORM_URLENCODED",
    "FRAGMENT_PERCENT_ENCODE_SET",
    "PATH_PERCENT_ENCODE_SET",
    "QUERY_PERCENT_ENCODE_SET",
    "SPECIAL_QUERY_PERCENT_ENCODE_SET",
    "URLENCODED_PERCENT_ENCODE_SET",
    "USERINFO_PERCENT_ENCODE_SET",
    "UTF_8",
    "BodyConsumedError",
    "BodyTooLarge",
    "ClientDisconnected",
    "ContentLengthError",
    "DecodeError",
    "Encoding",
    "FieldTooLarge",
    "Finding",
    "IncrementalParser",
    "LimitExceeded",
    "ListIndexTooLarge",
    "MediaType",
    "MultiDict",
    "NestingError",
    "NestingTooDeep",
    "PercentEncodeSet",
    "ProbeError",
    "TooManyFields",
    "TooManyKeys",
    "URLEncodedError",
    "URLSearchParams",
    "UnknownEncodingError",
    "UnsupportedMediaType",
    "__version__",
    "check_content_type",
    "detect_probe_encoding",
    "error_status",
    "get_encoding",
    "get_output_encoding",
    "guess_encoding",
    "iter_lint",
    "lint",
    "parse",
    "parse_asgi",
    "parse_asgi_multidict",
    "parse_bytes",
    "parse_mime_type",
    "parse_nested",
    "parse_text_plain",
    "parse_with_probe",
    "parse_wsgi",
    "parse_wsgi_multidict",
    "percent_decode",
    "percent_encode",
    "percent_encode_after_encoding",
    "percent_encode_bytes",
    "query_params",
    "serialize",
    "serialize_nested",
    "serialize_text_plain",
    "utf8_percent_encode",
    "with_query_params",
]


def __getattr__(name: str) -> typing.Any:
    """Import a public name's module the first time the name is used (PEP 562)."""
    try:
        module_name = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'urlencoded' has no attribute {name!r}") from None
    import importlib

    if module_name:
        value = getattr(importlib.import_module(f"{__name__}.{module_name}"), name)
    else:
        value = importlib.import_module(f"{__name__}.{name}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """Only the public names: not the private submodules, nor ``annotations``."""
    return sorted(__all__)
