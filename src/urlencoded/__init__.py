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

# --- encodings (_encoding.py) ---
from ._encoding import Encoding, get_encoding, get_output_encoding

# --- end encodings ---

# --- URLSearchParams (_search_params.py) ---
# --- end URLSearchParams ---

# --- request bodies (_streaming.py, _content_type.py, _servers.py) ---
# --- end request bodies ---

__version__ = "1.0.0"

__all__ = [
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
    # --- more exports: each section adds its names here, sorted within its block ---
]
