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

from ._core import (
    C0_CONTROL_PERCENT_ENCODE_SET,
    COMPONENT_PERCENT_ENCODE_SET,
    FRAGMENT_PERCENT_ENCODE_SET,
    PATH_PERCENT_ENCODE_SET,
    QUERY_PERCENT_ENCODE_SET,
    SPECIAL_QUERY_PERCENT_ENCODE_SET,
    URLENCODED_PERCENT_ENCODE_SET,
    USERINFO_PERCENT_ENCODE_SET,
    PercentEncodeSet,
    parse,
    parse_bytes,
    percent_decode,
    percent_encode,
    percent_encode_after_encoding,
    percent_encode_bytes,
    serialize,
    utf8_percent_encode,
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
    MalformedSignature,
    NestingError,
    NestingTooDeep,
    ProbeError,
    ReplayedNonce,
    RowDecodeError,
    SignatureError,
    SignatureMismatch,
    StaleSignature,
    TooManyFields,
    TooManyKeys,
    UnknownEncodingError,
    UnsupportedMediaType,
    URLEncodedError,
)

if typing.TYPE_CHECKING:
    from . import dialects as dialects
    from . import uritemplate as uritemplate
    from ._core import (
        Limits,
        URLSearchParams,
        fragment_params,
        query_params,
        with_fragment_params,
        with_query_params,
    )
    from ._html import (
        detect_encoding,
        detect_probe_encoding,
        guess_encoding,
        isindex_argv,
        parse_mixed,
        parse_text_plain,
        serialize_text_plain,
    )
    from ._tools import Finding, iter_lint, lint
    from ._web import (
        IncrementalParser,
        MultiDict,
        NestedValue,
        check_content_type,
        parse_asgi,
        parse_nested,
        parse_wsgi,
        serialize_nested,
    )
    from .dialects import normalize

# Loaded on first use, so that ``import urlencoded`` (and the command line)
# costs only the parser, the serializer and the encodings: name -> module.
_LAZY = {
    "dialects": "",
    "uritemplate": "",
    "normalize": "dialects",
    "isindex_argv": "_html",
    "Limits": "_core",
    "check_content_type": "_web",
    **dict.fromkeys(["detect_probe_encoding", "guess_encoding"], "_html"),
    **dict.fromkeys(["Finding", "iter_lint", "lint"], "_tools"),
    "MultiDict": "_web",
    **dict.fromkeys(["parse_nested", "serialize_nested"], "_web"),
    "NestedValue": "_web",
    **dict.fromkeys(["URLSearchParams", "query_params", "with_query_params"], "_core"),
    **dict.fromkeys(["fragment_params", "with_fragment_params"], "_core"),
    **dict.fromkeys(["parse_asgi", "parse_wsgi"], "_web"),
    "IncrementalParser": "_web",
    **dict.fromkeys(["parse_text_plain", "serialize_text_plain"], "_html"),
    **dict.fromkeys(["detect_encoding", "parse_mixed"], "_html"),
}

# Names of 1.0 that still work, with a DeprecationWarning, until 2.0 removes
# them: name -> (module, what to use instead). They are not in __all__.
_DEPRECATED = {
    "DEFAULT_MAX_BODY_SIZE": ("_web", "urlencoded.Limits().max_body_size"),
    "DEFAULT_MAX_FIELDS": ("_web", "urlencoded.Limits().max_fields"),
    "DEFAULT_MAX_FIELD_SIZE": ("_web", "urlencoded.Limits().max_field_size"),
    "FORM_URLENCODED": ("_web", "the string 'application/x-www-form-urlencoded'"),
    "UTF_8": ("_encoding", "urlencoded.get_encoding('UTF-8'), or the label 'UTF-8'"),
    "error_status": (
        "_web",
        "the exception's .status attribute (error.status; 500 for an exception that is not"
        " a urlencoded.URLEncodedError)",
    ),
    "parse_with_probe": (
        "_html",
        "urlencoded.detect_probe_encoding(data, field, text, candidates), then"
        " urlencoded.parse(data, encoding=that_encoding)",
    ),
    "MediaType": (
        "_web",
        "urlencoded.check_content_type(value), which says whether a Content-Type is a"
        " urlencoded form and gives its encoding",
    ),
    "parse_mime_type": (
        "_web",
        "urlencoded.check_content_type(value), which says whether a Content-Type is a"
        " urlencoded form and gives its encoding",
    ),
}

if typing.TYPE_CHECKING:
    # Typed as in 1.0, for code that still uses them until 2.0.
    from ._encoding import UTF_8 as UTF_8
    from ._html import parse_with_probe as parse_with_probe
    from ._web import DEFAULT_MAX_BODY_SIZE as DEFAULT_MAX_BODY_SIZE
    from ._web import DEFAULT_MAX_FIELD_SIZE as DEFAULT_MAX_FIELD_SIZE
    from ._web import DEFAULT_MAX_FIELDS as DEFAULT_MAX_FIELDS
    from ._web import FORM_URLENCODED as FORM_URLENCODED
    from ._web import MediaType as MediaType
    from ._web import error_status as error_status
    from ._web import parse_mime_type as parse_mime_type

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
    "MalformedSignature",
    "MultiDict",
    "NestedValue",
    "NestingError",
    "NestingTooDeep",
    "PercentEncodeSet",
    "ProbeError",
    "ReplayedNonce",
    "RowDecodeError",
    "SignatureError",
    "SignatureMismatch",
    "StaleSignature",
    "TooManyFields",
    "TooManyKeys",
    "URLEncodedError",
    "URLSearchParams",
    "UnknownEncodingError",
    "UnsupportedMediaType",
    "__version__",
    "check_content_type",
    "detect_encoding",
    "detect_probe_encoding",
    "fragment_params",
    "get_encoding",
    "get_output_encoding",
    "guess_encoding",
    "isindex_argv",
    "iter_lint",
    "lint",
    "normalize",
    "parse",
    "parse_asgi",
    "parse_bytes",
    "parse_mixed",
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
    "with_fragment_params",
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
