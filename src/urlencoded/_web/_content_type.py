"""The Content-Type of a form submission: parse a MIME type, pick the encoding.

https://mimesniff.spec.whatwg.org/#parse-a-mime-type

A server should parse a urlencoded body only when the request says it is
one, and the header is as untrusted as the body. :func:`check_content_type`
says whether it is one, and which encoding to decode it with; the MIME type
parser under it (``parse_mime_type``, deprecated at the top level) follows
the MIME Sniffing Standard's algorithm step by step, written as one
left-to-right scan: no regular expression, and every search for the next
``;``, ``=``, ``"`` or ``\\`` resumes where the last one for that character
stopped, so a megabyte of backslashes, unbalanced quotes or semicolons costs
linear time (``benchmarks/bench_streaming.py`` shows the 1 MB / 4 MB ratio).

:func:`check_content_type` accepts ``application/x-www-form-urlencoded``
with any parameters in any case and answers which encoding to decode the
body with. HTML says to ignore a ``charset`` parameter
(https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#url-encoded-form-data):
browsers never send one, the URL Standard's parser is UTF-8 only, and a
charset that a client or proxy adds by mistake must not turn a UTF-8 body
into mojibake. Legacy clients that encode with another charset and say so
can be honoured with ``honor_charset=True``. Other media types for the same
format, such as Lynx's ``application/sgml-form-urlencoded``, are accepted
when the caller lists them in ``media_types=``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from types import MappingProxyType

from .._core import isomorphic_decode
from .._encoding import Encoding, get_encoding, get_output_encoding
from .._errors import UnknownEncodingError, UnsupportedMediaType

__all__ = [
    "FORM_URLENCODED",
    "MEDIA_TYPES",
    "MediaType",
    "check_content_type",
    "check_media_types",
    "parse_mime_type",
]

#: The essence of the one media type that :func:`check_content_type` accepts by default.
FORM_URLENCODED = "application/x-www-form-urlencoded"
#: The default ``media_types``: the form's own media type alone.
MEDIA_TYPES = (FORM_URLENCODED,)

# https://fetch.spec.whatwg.org/#http-whitespace
_HTTP_WHITESPACE = "\t\n\r "
# https://mimesniff.spec.whatwg.org/#http-token-code-point
_HTTP_TOKEN_CODE_POINTS = frozenset(
    "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
)
# https://mimesniff.spec.whatwg.org/#http-quoted-string-token-code-point
_HTTP_QUOTED_STRING_TOKEN_CODE_POINTS = frozenset(
    "\t" + "".join(map(chr, range(0x20, 0x7F))) + "".join(map(chr, range(0x80, 0x100)))
)
# https://infra.spec.whatwg.org/#ascii-lowercase (str.lower() also maps
# non-ASCII, such as U+212A KELVIN SIGN to "k").
_ASCII_LOWERCASE = {code: code + 0x20 for code in range(0x41, 0x5B)}


def _kind(value: object) -> str:
    return type(value).__name__


# https://mimesniff.spec.whatwg.org/#mime-type
class MediaType:
    """A parsed MIME type: type, subtype and parameters.

    https://mimesniff.spec.whatwg.org/#mime-type

    :attr:`type` and :attr:`subtype` are ASCII lowercase; :attr:`parameters`
    is a read-only mapping from lowercase names to values, in input order.
    ``str()`` serializes it (https://mimesniff.spec.whatwg.org/#serialize-a-mime-type).

    :raises TypeError: if *type* or *subtype* is not a str, or *parameters* is
        not a mapping of str to str.

    >>> media_type = parse_mime_type('Application/X-WWW-Form-URLEncoded; Charset="utf-8"')
    >>> media_type
    MediaType('application/x-www-form-urlencoded;charset=utf-8')
    >>> media_type.essence, dict(media_type.parameters)
    ('application/x-www-form-urlencoded', {'charset': 'utf-8'})

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       Arguments of the wrong type raise :class:`TypeError`.
    """

    __slots__ = ("parameters", "subtype", "type")

    type: str
    subtype: str
    parameters: Mapping[str, str]

    def __init__(self, type: str, subtype: str, parameters: Mapping[str, str]) -> None:
        if not isinstance(type, str) or not isinstance(subtype, str):
            raise TypeError(
                f"MediaType() takes type and subtype as str, not {_kind(type)} and {_kind(subtype)}"
            )
        if not isinstance(parameters, Mapping):
            raise TypeError(f"MediaType() takes parameters as a mapping, not {_kind(parameters)}")
        own = dict(parameters)
        for name, value in own.items():
            if not isinstance(name, str) or not isinstance(value, str):
                raise TypeError(
                    "MediaType() parameter names and values must be str, "
                    f"not {_kind(name)} and {_kind(value)}"
                )
        self.type = type
        self.subtype = subtype
        self.parameters = MappingProxyType(own)

    # https://mimesniff.spec.whatwg.org/#mime-type-essence
    @property
    def essence(self) -> str:
        """``type/subtype``, without parameters."""
        return f"{self.type}/{self.subtype}"

    def _key(self) -> tuple[str, str, tuple[tuple[str, str], ...]]:
        return (self.type, self.subtype, tuple(self.parameters.items()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MediaType):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"MediaType({str(self)!r})"

    # https://mimesniff.spec.whatwg.org/#serialize-a-mime-type
    def __str__(self) -> str:
        return self.essence + "".join(
            f";{name}={_serialize_value(value)}" for name, value in self.parameters.items()
        )


def _serialize_value(value: str) -> str:
    # https://mimesniff.spec.whatwg.org/#serialize-a-mime-type, step 3.4.
    if value and _HTTP_TOKEN_CODE_POINTS.issuperset(value):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class _Scanner:
    """Finds the next occurrence of a character, resuming earlier searches.

    The algorithm's position only moves forward, so the answer for a
    character stays valid until the position passes it; each character's
    searches thus cover disjoint stretches of the input, linear in total.
    """

    __slots__ = ("_next", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self._next: dict[str, int] = {}

    def find(self, char: str, position: int) -> int:
        """Index of the first *char* at or after *position*, or the input's length."""
        found = self._next.get(char, -1)
        if found < position:
            found = self.text.find(char, position)
            if found == -1:
                found = len(self.text)
            self._next[char] = found
        return found


# https://fetch.spec.whatwg.org/#collect-an-http-quoted-string (with extract-value true)
def _collect_http_quoted_string(scanner: _Scanner, position: int) -> tuple[str, int]:
    text = scanner.text
    # Steps 1-2: positionStart is not needed, as extract-value is true.
    parts: list[str] = []
    # Step 3: Assert: the code point at position is U+0022 (").
    assert text[position] == '"'
    # Step 4.
    position += 1
    # Step 5.
    while True:
        # Step 5.1: collect code points that are not U+0022 (") or U+005C (\).
        end = min(scanner.find('"', position), scanner.find("\\", position))
        parts.append(text[position:end])
        position = end
        # Step 5.2.
        if position >= len(text):
            break
        # Steps 5.3-5.4.
        quote_or_backslash = text[position]
        position += 1
        # Step 5.5.
        if quote_or_backslash == "\\":
            # Step 5.5.1.
            if position >= len(text):
                parts.append("\\")
                break
            # Steps 5.5.2-5.5.3.
            parts.append(text[position])
            position += 1
        # Step 5.6.
        else:
            break
    # Step 6.
    return "".join(parts), position


# https://mimesniff.spec.whatwg.org/#parse-a-mime-type
def parse_mime_type(value: str | bytes) -> MediaType | None:
    """Parse a MIME type, such as a Content-Type header value.

    https://mimesniff.spec.whatwg.org/#parse-a-mime-type

    Runs in linear time on any input. Bytes (a raw header value, as ASGI
    gives it) are isomorphic decoded first, as Fetch's "extract a MIME type"
    does. Parameters with invalid names or values, and repeated names after
    the first, are dropped, as the algorithm says.

    :param value: the MIME type string, or a header value as bytes.
    :returns: a :class:`MediaType`, or ``None`` where the algorithm returns failure.
    :raises TypeError: if *value* is not str or bytes.

    >>> parse_mime_type("text/html ; charset=UTF-8; charset=x; q")
    MediaType('text/html;charset=UTF-8')
    >>> parse_mime_type("text/") is None
    True

    .. versionadded:: 1.0
    """
    if isinstance(value, (bytes, bytearray)):
        value = isomorphic_decode(bytes(value))
    elif not isinstance(value, str):
        raise TypeError(f"parse_mime_type() takes str or bytes, not {type(value).__name__}")
    # Step 1: remove leading and trailing HTTP whitespace.
    text = value.strip(_HTTP_WHITESPACE)
    length = len(text)
    scanner = _Scanner(text)
    find = text.find
    # Step 2.
    position = 0
    # Step 3: collect code points that are not U+002F (/).
    end = find("/")
    if end == -1:
        end = length
    type_ = text[position:end]
    position = end
    # Step 4.
    if not type_ or not _HTTP_TOKEN_CODE_POINTS.issuperset(type_):
        return None
    # Step 5.
    if position >= length:
        return None
    # Step 6: skip past U+002F (/).
    position += 1
    # The next U+003B (;) and U+003D (=) at or after position (length if none);
    # each search resumes where the last one stopped, as position only grows.
    semicolon = find(";", position)
    if semicolon == -1:
        semicolon = length
    equals = -1
    # Step 7: collect code points that are not U+003B (;).
    subtype = text[position:semicolon]
    position = semicolon
    # Step 8: remove trailing HTTP whitespace.
    subtype = subtype.rstrip(_HTTP_WHITESPACE)
    # Step 9.
    if not subtype or not _HTTP_TOKEN_CODE_POINTS.issuperset(subtype):
        return None
    # Step 10: type and subtype in ASCII lowercase.
    parameters: dict[str, str] = {}
    # Step 11.
    while position < length:
        # Step 11.1: skip past U+003B (;).
        position += 1
        # Step 11.2: collect HTTP whitespace.
        while position < length and text[position] in _HTTP_WHITESPACE:
            position += 1
        # Step 11.3: collect code points that are not U+003B (;) or U+003D (=).
        if semicolon < position:
            semicolon = find(";", position)
            if semicolon == -1:
                semicolon = length
        if equals < position:
            equals = find("=", position)
            if equals == -1:
                equals = length
        end = semicolon if semicolon < equals else equals
        # Step 11.4: ASCII lowercase.
        name = text[position:end].translate(_ASCII_LOWERCASE)
        position = end
        # Step 11.5.
        if position < length:
            # Step 11.5.1.
            if text[position] == ";":
                continue
            # Step 11.5.2: skip past U+003D (=).
            position += 1
        # Step 11.6.
        if position >= length:
            break
        # Steps 11.7-11.8.
        if text[position] == '"':
            # Step 11.8.1.
            parameter_value, position = _collect_http_quoted_string(scanner, position)
            # Step 11.8.2: collect (and drop) code points that are not U+003B (;).
            if semicolon < position:
                semicolon = find(";", position)
                if semicolon == -1:
                    semicolon = length
            position = semicolon
        # Step 11.9.
        else:
            # Step 11.9.1.
            parameter_value = text[position:semicolon]
            position = semicolon
            # Step 11.9.2: remove trailing HTTP whitespace.
            parameter_value = parameter_value.rstrip(_HTTP_WHITESPACE)
            # Step 11.9.3.
            if not parameter_value:
                continue
        # Step 11.10.
        if (
            name
            and _HTTP_TOKEN_CODE_POINTS.issuperset(name)
            and _HTTP_QUOTED_STRING_TOKEN_CODE_POINTS.issuperset(parameter_value)
            and name not in parameters
        ):
            parameters[name] = parameter_value
    # Step 12 (and step 10's lowercasing).
    return MediaType(
        type_.translate(_ASCII_LOWERCASE), subtype.translate(_ASCII_LOWERCASE), parameters
    )


def check_media_types(media_types: object) -> tuple[str, ...]:
    """Validate a ``media_types`` keyword: MIME type essences, returned ASCII lowercase.

    A non-empty collection (a tuple, list or set) of ``type/subtype`` strings
    without parameters, such as ``("application/x-www-form-urlencoded",
    "application/sgml-form-urlencoded")``.
    """
    if media_types is MEDIA_TYPES:
        return MEDIA_TYPES
    if isinstance(media_types, (str, bytes)) or not isinstance(media_types, Collection):
        raise TypeError(
            "media_types must be a tuple of MIME type essences such as "
            f"({FORM_URLENCODED!r},), not {_kind(media_types)}"
        )
    if not media_types:
        raise ValueError("media_types must name at least one MIME type, got an empty collection")
    essences = []
    for item in media_types:
        if not isinstance(item, str):
            raise TypeError(f"media_types must hold str essences, not {_kind(item)}")
        parsed = parse_mime_type(item)
        if (
            parsed is None
            or parsed.parameters
            or parsed.essence != item.translate(_ASCII_LOWERCASE)
        ):
            raise ValueError(
                "media_types must hold MIME type essences (type/subtype, no parameters) "
                f"such as {FORM_URLENCODED!r}, got {item!r}"
            )
        essences.append(parsed.essence)
    return tuple(essences)


def check_content_type(
    content_type: str | bytes | None,
    *,
    honor_charset: bool = False,
    encoding: str | Encoding = "UTF-8",
    media_types: Collection[str] = MEDIA_TYPES,
) -> Encoding:
    """Check that a request body is a urlencoded form; return its encoding.

    https://mimesniff.spec.whatwg.org/#parse-a-mime-type and
    https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#url-encoded-form-data

    Accepts ``application/x-www-form-urlencoded`` in any case, with any
    parameters, or any of *media_types* when given: Lynx and other HTML
    2.0 era clients sent the same format as ``application/sgml-form-urlencoded``,
    which a server opts into with ``media_types=("application/x-www-form-urlencoded",
    "application/sgml-form-urlencoded")``. By default the ``charset`` parameter is ignored, as HTML
    specifies, and the body is decoded with *encoding* (UTF-8 unless you
    say otherwise). With ``honor_charset=True`` a ``charset`` parameter
    names the encoding instead, through the Encoding Standard's "get an
    output encoding" (so ``utf-16`` means UTF-8, as a form would have sent it).

    :param content_type: the Content-Type header value (str, or bytes as ASGI
        gives it), or ``None`` if the request had none.
    :param honor_charset: decode with the encoding that ``charset`` names.
    :param encoding: the encoding to use otherwise (a label or :class:`Encoding`).
    :param media_types: the MIME type essences to accept, in any case
        (``("application/x-www-form-urlencoded",)`` by default); the list
        replaces the default, so name the form's own type too.
    :returns: the :class:`Encoding` to decode the body with.
    :raises UnsupportedMediaType: if the header is missing, is not a valid
        MIME type, is another media type, or (with *honor_charset*) names an
        unknown charset.
    :raises UnknownEncodingError: if *encoding* is not a known label.
    :raises TypeError: if *content_type* is not str, bytes or None, or
        *media_types* is not a collection of str.
    :raises ValueError: if *media_types* is empty or holds something other
        than a MIME type essence.

    >>> check_content_type("application/x-www-form-urlencoded; charset=Shift_JIS").name
    'UTF-8'
    >>> header = b"Application/X-WWW-Form-URLEncoded;Charset=UTF8"
    >>> check_content_type(header, honor_charset=True).name
    'UTF-8'
    >>> check_content_type("text/plain")
    Traceback (most recent call last):
      ...
    urlencoded.UnsupportedMediaType: unsupported Content-Type 'text/plain': expected ...
    >>> both = ("application/x-www-form-urlencoded", "application/sgml-form-urlencoded")
    >>> check_content_type("application/sgml-form-urlencoded", media_types=both).name
    'UTF-8'

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       *media_types*.
    """
    default = get_encoding(encoding)
    accepted = check_media_types(media_types)
    expected = " or ".join(accepted)
    if content_type is None:
        raise UnsupportedMediaType(None, f"the request has no Content-Type; expected {expected}")
    if not isinstance(content_type, (str, bytes)):
        raise TypeError(
            f"content_type must be str, bytes or None, not {type(content_type).__name__}"
        )
    shown = content_type if isinstance(content_type, str) else isomorphic_decode(content_type)
    media_type = parse_mime_type(shown)
    if media_type is None:
        raise UnsupportedMediaType(shown, "not a valid MIME type")
    if media_type.essence not in accepted:
        raise UnsupportedMediaType(shown, f"expected {expected}")
    if honor_charset:
        label = media_type.parameters.get("charset")
        if label is not None:
            try:
                return get_output_encoding(label)
            except UnknownEncodingError:
                raise UnsupportedMediaType(
                    shown, f"charset {label!r} is not an encoding label"
                ) from None
    return default
