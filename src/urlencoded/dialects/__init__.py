"""Percent-encoding dialects: every common variant, named, exact, and checked.

The URL Standard's ``application/x-www-form-urlencoded`` is one dialect of
percent-encoding among many. Signing an OAuth 1.0 or AWS request, matching
what JavaScript or PHP produced, building a ``mailto:`` link, a cookie, a
path segment, a whole query or fragment, a CGI Script-URI, an ALPN id or a
URI Template expansion each needs its own,
and one character wrong (``~``, ``*``, ``+`` for space) breaks a signature.
Each :class:`Dialect` here is one of them, defined once from its source;
JavaScript's six functions are here as they are specified.

>>> from urlencoded import dialects
>>> dialects.RFC3986.encode("a b~*"), dialects.WHATWG_FORM.encode("a b~*")
('a%20b~%2A', 'a+b%7E*')
>>> dialects.get_dialect("php-urlencode").encode("a b~")
'a+b%7E'
"""

from __future__ import annotations

from ._dialect import Dialect
from ._javascript import (
    URIError,
    decode_uri,
    decode_uri_component,
    encode_uri,
    encode_uri_component,
    escape,
    unescape,
)
from ._named import (
    ALPN,
    AWS_SIGV4,
    CGI_SCRIPT_URI,
    COOKIE_OCTET,
    DIALECTS,
    IRI_TO_URI,
    JS_ESCAPE,
    JS_URI,
    JS_URI_COMPONENT,
    MAILTO,
    OAUTH1,
    PATH_SEGMENT,
    PHP_RAWURLENCODE,
    PHP_URLENCODE,
    RFC3986,
    RFC3986_FRAGMENT,
    RFC3986_QUERY,
    URI_TEMPLATE_RESERVED,
    URI_TEMPLATE_UNRESERVED,
    VBA_COOKIE,
    VBA_FORM,
    VBA_PATH,
    VBA_QUERY,
    VBA_STRICT,
    WHATWG_FORM,
    get_dialect,
)
from ._normalize import normalize

__all__ = [
    "ALPN",
    "AWS_SIGV4",
    "CGI_SCRIPT_URI",
    "COOKIE_OCTET",
    "DIALECTS",
    "IRI_TO_URI",
    "JS_ESCAPE",
    "JS_URI",
    "JS_URI_COMPONENT",
    "MAILTO",
    "OAUTH1",
    "PATH_SEGMENT",
    "PHP_RAWURLENCODE",
    "PHP_URLENCODE",
    "RFC3986",
    "RFC3986_FRAGMENT",
    "RFC3986_QUERY",
    "URI_TEMPLATE_RESERVED",
    "URI_TEMPLATE_UNRESERVED",
    "VBA_COOKIE",
    "VBA_FORM",
    "VBA_PATH",
    "VBA_QUERY",
    "VBA_STRICT",
    "WHATWG_FORM",
    "Dialect",
    "URIError",
    "decode_uri",
    "decode_uri_component",
    "encode_uri",
    "encode_uri_component",
    "escape",
    "get_dialect",
    "normalize",
    "unescape",
]
