"""The named dialects, each defined once, with its source.

Each set is written the way its source writes it: the characters that stay
as they are (RFC grammars name those) are removed from the set of all ASCII
code points; non-ASCII code points are always escaped. Aliases are the same
:class:`Dialect` object under a second name.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .._core import URLENCODED_PERCENT_ENCODE_SET, PercentEncodeSet
from ._dialect import Dialect
from ._javascript import ALWAYS_UNESCAPED, ESCAPE_UNESCAPED, URI_RESERVED_AND_HASH

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
    "get_dialect",
]

_ALL_ASCII = PercentEncodeSet(frozenset(range(0x80)))


def _keeping(kept: str) -> PercentEncodeSet:
    """The set that escapes every code point except the ASCII characters *kept*."""
    return _ALL_ASCII.remove(kept)


# RFC 5234 Appendix B.1 core rules, and RFC 3986 §2.2-2.3.
ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
DIGIT = "0123456789"
UNRESERVED = ALPHA + DIGIT + "-._~"
GEN_DELIMS = ":/?#[]@"
SUB_DELIMS = "!$&'()*+,;="

# https://url.spec.whatwg.org/#concept-urlencoded-serializer
WHATWG_FORM = Dialect(
    "WHATWG_FORM",
    URLENCODED_PERCENT_ENCODE_SET,
    space_as_plus=True,
    plus_as_space=True,
    description="application/x-www-form-urlencoded as browsers write it: keeps *-._, space as +",
    source="https://url.spec.whatwg.org/#concept-urlencoded-serializer",
)

# HTML's mailto: form submission serializes as a form, then replaces "+" with "%20";
# since the serializer escapes a literal "+", only spaces were "+".
MAILTO = Dialect(
    "MAILTO",
    URLENCODED_PERCENT_ENCODE_SET,
    description="a form serialized for a mailto: URL, as HTML does: keeps *-._, space as %20",
    source="https://html.spec.whatwg.org/multipage/form-control-infrastructure.html"
    "#submit-mailto-headers",
)

# https://www.rfc-editor.org/rfc/rfc3986#section-2.3: unreserved characters stay.
RFC3986 = Dialect(
    "RFC3986",
    _keeping(UNRESERVED),
    description="RFC 3986 unreserved kept (also OAuth 1.0, AWS SigV4, PHP rawurlencode)",
    source="https://www.rfc-editor.org/rfc/rfc3986#section-2.3; "
    "https://www.rfc-editor.org/rfc/rfc5849#section-3.6; "
    "https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html; "
    "https://www.php.net/manual/en/function.rawurlencode.php",
)
# RFC 5849 §3.6: unreserved not encoded, everything else encoded, upper-case hex.
OAUTH1 = RFC3986
# AWS SigV4 UriEncode: unreserved kept, space %20, upper-case hex.
AWS_SIGV4 = RFC3986
# PHP rawurlencode: RFC 3986 since PHP 5.3 (it keeps "~").
PHP_RAWURLENCODE = RFC3986

# https://www.php.net/manual/en/function.urlencode.php: alphanumerics and "-_." stay,
# space is "+"; urldecode turns "+" into space.
PHP_URLENCODE = Dialect(
    "PHP_URLENCODE",
    _keeping(ALPHA + DIGIT + "-._"),
    space_as_plus=True,
    plus_as_space=True,
    description="PHP urlencode and http_build_query: keeps -._, space as +, ~ and * escaped",
    source="https://www.php.net/manual/en/function.urlencode.php",
)

_VBA_WEB = "https://github.com/VBA-tools/VBA-Web/wiki/Url-Encoding"

# VBA-Web's UrlEncodingMode, as its wiki page "Url Encoding" defines each mode's kept
# characters, space and "+" (https://github.com/VBA-tools/VBA-Web/wiki/Url-Encoding).
VBA_STRICT = Dialect(
    "VBA_STRICT",
    _keeping(UNRESERVED),
    description="VBA-Web strict mode: RFC 3986 unreserved kept, space as %20",
    source=_VBA_WEB + " (StrictUrlEncoding: strict = ALPHA / DIGIT / -._~)",
)
VBA_FORM = Dialect(
    "VBA_FORM",
    _keeping(ALPHA + DIGIT + "-._*"),
    space_as_plus=True,
    plus_as_space=True,
    description="VBA-Web form-urlencoded mode: keeps -._*, space as +",
    source=_VBA_WEB + " (FormUrlEncoding: ALPHA / DIGIT / -._*, space => +)",
)
VBA_QUERY = Dialect(
    "VBA_QUERY",
    _keeping(ALPHA + DIGIT + "-._"),
    plus_as_space=True,
    description="VBA-Web querystring mode: keeps -._, space as %20, decodes + as space",
    source=_VBA_WEB + " (QueryUrlEncoding: ALPHA / DIGIT / -._; UrlDecode + => space)",
)
VBA_COOKIE = Dialect(
    "VBA_COOKIE",
    _keeping(UNRESERVED + "!#$%&'*+^`|"),
    description="VBA-Web cookie mode: unreserved and !#$%&'*+^`| kept (% too: lossy)",
    source=_VBA_WEB + " (CookieUrlEncoding: strict / !#$%&'*+^`|; PlusAsSpace False)",
)
VBA_PATH = Dialect(
    "VBA_PATH",
    _keeping(UNRESERVED + "!$&'()*+,;=:@"),
    description="VBA-Web path mode: unreserved and !$&'()*+,;=:@ kept, space as %20",
    source=_VBA_WEB + " (PathUrlEncoding: strict / !$&'()*+,;=:@)",
)

# https://www.rfc-editor.org/rfc/rfc6265#section-4.1.1
# cookie-octet = %x21 / %x23-2B / %x2D-3A / %x3C-5B / %x5D-7E, except "%": a
# percent-encoding that keeps "%" could not be decoded (RFC 7639 makes the same
# exception for ALPN); see docs/conformance.rst.
_COOKIE_OCTET = "".join(
    chr(cp)
    for low, high in ((0x21, 0x21), (0x23, 0x2B), (0x2D, 0x3A), (0x3C, 0x5B), (0x5D, 0x7E))
    for cp in range(low, high + 1)
)
COOKIE_OCTET = Dialect(
    "COOKIE_OCTET",
    _keeping(_COOKIE_OCTET.replace("%", "")),
    description="RFC 6265 cookie-octet kept, except %; space, DQUOTE , ; \\ escaped",
    source="https://www.rfc-editor.org/rfc/rfc6265#section-4.1.1",
)

# https://www.rfc-editor.org/rfc/rfc3986#section-3.3
# pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
PATH_SEGMENT = Dialect(
    "PATH_SEGMENT",
    _keeping(UNRESERVED + SUB_DELIMS + ":@"),
    description="one RFC 3986 path segment: pchar kept, / ? # escaped",
    source="https://www.rfc-editor.org/rfc/rfc3986#section-3.3",
)

# https://www.rfc-editor.org/rfc/rfc3986#section-3.4 and #section-3.5:
# query = fragment = *( pchar / "/" / "?" ); "#" and every other character escaped.
RFC3986_QUERY = Dialect(
    "RFC3986_QUERY",
    _keeping(UNRESERVED + SUB_DELIMS + ":@/?"),
    description="a whole RFC 3986 query: pchar, / and ? kept, # escaped; + kept when decoding",
    source="https://www.rfc-editor.org/rfc/rfc3986#section-3.4",
)
RFC3986_FRAGMENT = Dialect(
    "RFC3986_FRAGMENT",
    _keeping(UNRESERVED + SUB_DELIMS + ":@/?"),
    description="a whole RFC 3986 fragment: pchar, / and ? kept, # escaped",
    source="https://www.rfc-editor.org/rfc/rfc3986#section-3.5",
)

# https://www.rfc-editor.org/rfc/rfc3875#section-3.3: SCRIPT_NAME and PATH_INFO,
# "URL-encoded with ';', '=' and '?' reserved", give the Script-URI's path; the
# grammar is §2.3's (RFC 2396): unreserved = alpha | digit | mark, and the other
# reserved characters (/ : @ & + $ ,) stay as they are.
_MARK = "-_.!~*'()"
CGI_SCRIPT_URI = Dialect(
    "CGI_SCRIPT_URI",
    _keeping(ALPHA + DIGIT + _MARK + "/:@&+$,"),
    description="a CGI Script-URI path (RFC 3875): only ; = ? of the reserved escaped",
    source="https://www.rfc-editor.org/rfc/rfc3875#section-3.3",
)

# https://www.rfc-editor.org/rfc/rfc7639#section-2: octets that are tchar
# (RFC 7230 §3.2.6) stay, except "%"; upper-case hex.
_TCHAR = "!#$%&'*+-.^_`|~" + DIGIT + ALPHA
ALPN = Dialect(
    "ALPN",
    _keeping(_TCHAR.replace("%", "")),
    description="an ALPN protocol id in Alt-Svc (RFC 7639): tchar kept except %",
    source="https://www.rfc-editor.org/rfc/rfc7639#section-2",
)

# https://www.rfc-editor.org/rfc/rfc6570#section-3.2.1: simple string expansion
# passes only unreserved characters.
URI_TEMPLATE_UNRESERVED = Dialect(
    "URI_TEMPLATE_UNRESERVED",
    _keeping(UNRESERVED),
    description="RFC 6570 simple expansion {var}: unreserved kept",
    source="https://www.rfc-editor.org/rfc/rfc6570#section-3.2.1",
)
# Reserved ({+var}) and fragment ({#var}) expansion also pass reserved
# characters and pct-encoded triplets (RFC 6570 §1.5, §3.2.1, §3.2.3).
URI_TEMPLATE_RESERVED = Dialect(
    "URI_TEMPLATE_RESERVED",
    _keeping(UNRESERVED + GEN_DELIMS + SUB_DELIMS),
    keep_escapes=True,
    description="RFC 6570 reserved expansion {+var}: unreserved, reserved and %XX kept",
    source="https://www.rfc-editor.org/rfc/rfc6570#section-3.2.1",
)

# https://www.rfc-editor.org/rfc/rfc3987#section-3.1: step 2 converts ucschar and
# iprivate (non-ASCII) to UTF-8 escapes; it allows the same for the printable
# ASCII characters a URI cannot hold. Controls and DEL cannot be in a URI either.
# "%" stays: an IRI's pct-encoded triplets are already escapes.
IRI_TO_URI = Dialect(
    "IRI_TO_URI",
    _ALL_ASCII.remove(*(chr(cp) for cp in range(0x21, 0x7F))).add('<>"{}|\\^`'),
    description='RFC 3987 IRI to URI: non-ASCII, controls, space and <>"{}|\\^` escaped',
    source="https://www.rfc-editor.org/rfc/rfc3987#section-3.1",
)

# https://tc39.es/ecma262/#sec-encodeuricomponent-uricomponent
JS_URI_COMPONENT = Dialect(
    "JS_URI_COMPONENT",
    _keeping(ALWAYS_UNESCAPED),
    strict=True,
    description="JavaScript encodeURIComponent/decodeURIComponent: keeps -_.!~*'()",
    source="https://tc39.es/ecma262/#sec-encodeuricomponent-uricomponent",
)
# https://tc39.es/ecma262/#sec-encodeuri-uri
JS_URI = Dialect(
    "JS_URI",
    _keeping(ALWAYS_UNESCAPED + URI_RESERVED_AND_HASH),
    decode_keeps=URI_RESERVED_AND_HASH,
    strict=True,
    description="JavaScript encodeURI/decodeURI: also keeps ;/?:@&=+$,#",
    source="https://tc39.es/ecma262/#sec-encodeuri-uri",
)
# https://tc39.es/ecma262/#sec-escape-string
JS_ESCAPE = Dialect(
    "JS_ESCAPE",
    _keeping(ESCAPE_UNESCAPED),
    percent_u=True,
    description="JavaScript escape/unescape: keeps @*_+-./, %uXXXX above U+00FF",
    source="https://tc39.es/ecma262/#sec-escape-string",
)

DIALECTS: Mapping[str, Dialect] = MappingProxyType(
    {
        "WHATWG_FORM": WHATWG_FORM,
        "MAILTO": MAILTO,
        "RFC3986": RFC3986,
        "OAUTH1": OAUTH1,
        "AWS_SIGV4": AWS_SIGV4,
        "PHP_RAWURLENCODE": PHP_RAWURLENCODE,
        "PHP_URLENCODE": PHP_URLENCODE,
        "VBA_STRICT": VBA_STRICT,
        "VBA_FORM": VBA_FORM,
        "VBA_QUERY": VBA_QUERY,
        "VBA_COOKIE": VBA_COOKIE,
        "VBA_PATH": VBA_PATH,
        "COOKIE_OCTET": COOKIE_OCTET,
        "PATH_SEGMENT": PATH_SEGMENT,
        "RFC3986_QUERY": RFC3986_QUERY,
        "RFC3986_FRAGMENT": RFC3986_FRAGMENT,
        "CGI_SCRIPT_URI": CGI_SCRIPT_URI,
        "ALPN": ALPN,
        "URI_TEMPLATE_UNRESERVED": URI_TEMPLATE_UNRESERVED,
        "URI_TEMPLATE_RESERVED": URI_TEMPLATE_RESERVED,
        "IRI_TO_URI": IRI_TO_URI,
        "JS_URI_COMPONENT": JS_URI_COMPONENT,
        "JS_URI": JS_URI,
        "JS_ESCAPE": JS_ESCAPE,
    }
)
"""Every named dialect by its constant name, aliases included, in documentation order."""


def get_dialect(name: str) -> Dialect:
    """The named dialect, by its constant name in any case, ``-`` and ``_`` alike.

    :param name: a key of :data:`DIALECTS`, e.g. ``"rfc3986"`` or ``"whatwg-form"``.
    :returns: the :class:`Dialect`.
    :raises TypeError: if *name* is not a str.
    :raises ValueError: for an unknown name; the message lists the known ones.

    >>> get_dialect("aws-sigv4").name
    'RFC3986'

    .. versionadded:: 1.1
    """
    if not isinstance(name, str):
        raise TypeError(f"get_dialect() takes a str name, not {type(name).__name__}")
    dialect = DIALECTS.get(name.upper().replace("-", "_"))
    if dialect is None:
        raise ValueError(f"unknown dialect {name!r}; known dialects: {', '.join(DIALECTS)}")
    return dialect
