"""urlencoded: the WHATWG application/x-www-form-urlencoded format and percent-encoding.

Parse request bodies and query strings, and build them, byte for byte as
browsers do (https://url.spec.whatwg.org/#application/x-www-form-urlencoded).
Everything public is importable from this package; the submodules are private.
"""

from __future__ import annotations

from ._errors import (
    BodyTooLarge,
    DecodeError,
    FieldTooLarge,
    LimitExceeded,
    TooManyFields,
    UnknownEncodingError,
    URLEncodedError,
)

from ._form import parse, parse_bytes, serialize
from ._percent import (
    percent_decode,
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

# --- encodings (_encoding.py) ---
from ._encoding import UTF_8, Encoding, get_encoding, get_output_encoding
from ._errors import ProbeError
from ._legacy import detect_probe_encoding, parse_with_probe

# --- end encodings ---

# --- URLSearchParams (_search_params.py) ---
from ._search_params import URLSearchParams, query_params, with_query_params

# --- end URLSearchParams ---

# --- request bodies (_streaming.py, _content_type.py, _servers.py) ---
from ._content_type import FORM_URLENCODED, MediaType, check_content_type, parse_mime_type
from ._errors import ClientDisconnected, ContentLengthError, UnsupportedMediaType
from ._servers import error_status, parse_asgi, parse_wsgi
from ._streaming import (
    DEFAULT_MAX_BODY_SIZE,
    DEFAULT_MAX_FIELD_SIZE,
    DEFAULT_MAX_FIELDS,
    IncrementalParser,
)

# --- end request bodies ---

__version__ = "1.0.0"

__all__ = [
    "C0_CONTROL_PERCENT_ENCODE_SET",
    "COMPONENT_PERCENT_ENCODE_SET",
    "FRAGMENT_PERCENT_ENCODE_SET",
    "PATH_PERCENT_ENCODE_SET",
    "QUERY_PERCENT_ENCODE_SET",
    "SPECIAL_QUERY_PERCENT_ENCODE_SET",
    "URLENCODED_PERCENT_ENCODE_SET",
    "USERINFO_PERCENT_ENCODE_SET",
    "BodyTooLarge",
    "DecodeError",
    "Encoding",
    "FieldTooLarge",
    "LimitExceeded",
    "TooManyFields",
    "URLEncodedError",
    "UnknownEncodingError",
    "__version__",
    "get_encoding",
    "get_output_encoding",
    "parse",
    "parse_bytes",
    "percent_decode",
    "percent_encode",
    "percent_encode_after_encoding",
    "percent_encode_bytes",
    "serialize",
    "utf8_percent_encode",
    "PercentEncodeSet",
    # --- more exports: each section adds its names here, sorted within its block ---
    # encodings
    "UTF_8",
    "ProbeError",
    "detect_probe_encoding",
    "parse_with_probe",
    # URLSearchParams
    "URLSearchParams",
    "query_params",
    "with_query_params",
    # request bodies
    "DEFAULT_MAX_BODY_SIZE",
    "DEFAULT_MAX_FIELDS",
    "DEFAULT_MAX_FIELD_SIZE",
    "FORM_URLENCODED",
    "ClientDisconnected",
    "ContentLengthError",
    "IncrementalParser",
    "MediaType",
    "UnsupportedMediaType",
    "check_content_type",
    "error_status",
    "parse_asgi",
    "parse_mime_type",
    "parse_wsgi",
]
