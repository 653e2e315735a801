"""urlencoded: the WHATWG application/x-www-form-urlencoded format and percent-encoding.

Parse request bodies and query strings, and build them, byte for byte as
browsers do (https://url.spec.whatwg.org/#application/x-www-form-urlencoded).
Everything public is importable from this package; the submodules are private.

>>> import urlencoded
>>> urlencoded.parse("q=caf%C3%A9+au+lait&x")
[('q', 'café au lait'), ('x', '')]
"""

from __future__ import annotations

import sys
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
from ._encoding import Encoding, get_encoding, get_output_encoding
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
    from ._core._options import Limits
    from ._core._search_params import URLSearchParams, query_params, with_query_params
    from ._html._legacy import detect_probe_encoding, guess_encoding
    from ._html._text_plain import parse_text_plain, serialize_text_plain
    from ._tools._lint import Finding, iter_lint, lint
    from ._web._content_type import check_content_type
    from ._web._multidict import MultiDict
    from ._web._nested import parse_nested, serialize_nested
    from ._web._servers import parse_asgi, parse_wsgi
    from ._web._streaming import IncrementalParser

# Loaded on first use, so that ``import urlencoded`` (and the command line)
# costs only the parser, the serializer and the encodings: name -> module.
_LAZY = {
    "dialects": "",
    "Limits": "_core._options",
    "check_content_type": "_web._content_type",
    **dict.fromkeys(["detect_probe_encoding", "guess_encoding"], "_html._legacy"),
    **dict.fromkeys(["Finding", "iter_lint", "lint"], "_tools._lint"),
    "MultiDict": "_web._multidict",
    **dict.fromkeys(["parse_nested", "serialize_nested"], "_web._nested"),
    **dict.fromkeys(
        ["URLSearchParams", "query_params", "with_query_params"], "_core._search_params"
    ),
    **dict.fromkeys(["parse_asgi", "parse_wsgi"], "_web._servers"),
    "IncrementalParser": "_web._streaming",
    **dict.fromkeys(["parse_text_plain", "serialize_text_plain"], "_html._text_plain"),
}

# Names of 1.0 that still work, with a DeprecationWarning, until 2.0 removes
# them: name -> (module, what to use instead). They are not in __all__.
_DEPRECATED = {
    "DEFAULT_MAX_BODY_SIZE": ("_web._streaming", "urlencoded.Limits().max_body_size"),
    "DEFAULT_MAX_FIELDS": ("_web._streaming", "urlencoded.Limits().max_fields"),
    "DEFAULT_MAX_FIELD_SIZE": ("_web._streaming", "urlencoded.Limits().max_field_size"),
    "FORM_URLENCODED": ("_web._content_type", "the string 'application/x-www-form-urlencoded'"),
    "UTF_8": ("_encoding", "urlencoded.get_encoding('UTF-8'), or the label 'UTF-8'"),
    "error_status": (
        "_web._servers",
        "the exception's .status attribute (error.status; 500 for an exception that is not"
        " a urlencoded.URLEncodedError)",
    ),
    "parse_with_probe": (
        "_html._legacy",
        "urlencoded.detect_probe_encoding(data, field, text, candidates), then"
        " urlencoded.parse(data, encoding=that_encoding)",
    ),
    "MediaType": (
        "_web._content_type",
        "urlencoded.check_content_type(value), which says whether a Content-Type is a"
        " urlencoded form and gives its encoding",
    ),
    "parse_mime_type": (
        "_web._content_type",
        "urlencoded.check_content_type(value), which says whether a Content-Type is a"
        " urlencoded form and gives its encoding",
    ),
}

if typing.TYPE_CHECKING:
    # Typed as in 1.0, for code that still uses them until 2.0.
    from ._encoding import UTF_8 as UTF_8
    from ._html._legacy import parse_with_probe as parse_with_probe
    from ._web._content_type import FORM_URLENCODED as FORM_URLENCODED
    from ._web._content_type import MediaType as MediaType
    from ._web._content_type import parse_mime_type as parse_mime_type
    from ._web._servers import error_status as error_status
    from ._web._streaming import DEFAULT_MAX_BODY_SIZE as DEFAULT_MAX_BODY_SIZE
    from ._web._streaming import DEFAULT_MAX_FIELD_SIZE as DEFAULT_MAX_FIELD_SIZE
    from ._web._streaming import DEFAULT_MAX_FIELDS as DEFAULT_MAX_FIELDS

__version__ = "1.1.0"

__all__ = [
    "C0_CONTROL_PERCENT_ENCODE_SET",
    "COMPONENT_PERCENT_ENCODE_SET",
    "FRAGMENT_PERCENT_ENCODE_SET",
    "PATH_PERCENT_ENCODE_SET",
    "QUERY_PERCENT_ENCODE_SET",
    "SPECIAL_QUERY_PERCENT_ENCODE_SET",
    "URLENCODED_PERCENT_ENCODE_SET",
    "USERINFO_PERCENT_ENCODE_SET",
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
    "Limits",
    "ListIndexTooLarge",
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
    "get_encoding",
    "get_output_encoding",
    "guess_encoding",
    "iter_lint",
    "lint",
    "parse",
    "parse_asgi",
    "parse_bytes",
    "parse_nested",
    "parse_text_plain",
    "parse_wsgi",
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
    """Import a public name's module the first time the name is used (PEP 562).

    A deprecated name is looked up every time, with a warning each time.
    """
    import importlib

    if name in _DEPRECATED:
        module_name, replacement = _DEPRECATED[name]
        # ``from urlencoded import name`` looks the name up twice: first in
        # the import system's _handle_fromlist, then in the importing code.
        # Warn once, at the second, so that the warning points at the import.
        if sys._getframe(1).f_code.co_name != "_handle_fromlist":
            import warnings

            warnings.warn(
                f"urlencoded.{name} is deprecated since 1.1 and will be removed in 2.0;"
                f" use {replacement}",
                DeprecationWarning,
                stacklevel=2,
            )
        return getattr(importlib.import_module(f"{__name__}.{module_name}"), name)
    try:
        module_name = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'urlencoded' has no attribute {name!r}") from None
    if module_name:
        value = getattr(importlib.import_module(f"{__name__}.{module_name}"), name)
    else:
        value = importlib.import_module(f"{__name__}.{name}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """Only the public names: not the private submodules, nor ``annotations``."""
    return sorted(__all__)
