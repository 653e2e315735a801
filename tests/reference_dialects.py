"""Literal transcriptions of every dialect's source, for the hypothesis properties.

Each dialect's kept characters are written here from its own source, as a
predicate over ASCII code points, independently of ``urlencoded.dialects``;
encoding then runs the URL Standard's "percent-encode after encoding"
transcription of tests/reference.py with that set and the dialect's space
rule, and decoding the parser's "+" step, "percent-decode" and "UTF-8 decode
without BOM". JavaScript's functions are transcribed step by step from
ECMA-262 on lists of UTF-16 code units. Nothing here imports the package.

Sources:
- RFC 3986 §2.2-2.3 (reserved, unreserved), §3.3 (pchar): https://www.rfc-editor.org/rfc/rfc3986
- RFC 5849 §3.6 (OAuth 1.0 percent encoding): https://www.rfc-editor.org/rfc/rfc5849#section-3.6
- AWS Signature Version 4, UriEncode:
  https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html
- PHP urlencode, rawurlencode: https://www.php.net/manual/en/function.urlencode.php,
  https://www.php.net/manual/en/function.rawurlencode.php
- RFC 6265 §4.1.1 cookie-octet: https://www.rfc-editor.org/rfc/rfc6265#section-4.1.1
- RFC 7639 §2 (ALPN), RFC 7230 §3.2.6 (tchar): https://www.rfc-editor.org/rfc/rfc7639#section-2
- RFC 6570 §1.5, §3.2.1 (URI Template): https://www.rfc-editor.org/rfc/rfc6570#section-3.2.1
- RFC 3987 §3.1 (IRI to URI): https://www.rfc-editor.org/rfc/rfc3987#section-3.1
- RFC 3986 §3.4-3.5 (query, fragment): https://www.rfc-editor.org/rfc/rfc3986#section-3.4
- RFC 3875 §2.3 (URL encoding grammar), §3.3 (Script-URI: ";", "=" and "?" reserved):
  https://www.rfc-editor.org/rfc/rfc3875#section-3.3
- ECMA-262 §19.2.6 Encode, Decode; Annex B.2.1 escape, unescape: https://tc39.es/ecma262/
- HTML Standard, mailto: form submission (serializer output, "+" replaced by "%20"):
  https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#submit-mailto-headers
- VBA-Web wiki, "Url Encoding" (UrlEncodingMode: strict, form-urlencoded, querystring,
  cookie, path): https://github.com/VBA-tools/VBA-Web/wiki/Url-Encoding
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from tests import reference

Predicate = Callable[[int], bool]


# --- RFC 5234 core rules and RFC 3986 ---------------------------------------------


def is_alpha(cp: int) -> bool:
    """ALPHA = %x41-5A / %x61-7A (RFC 5234 B.1)."""
    return 0x41 <= cp <= 0x5A or 0x61 <= cp <= 0x7A


def is_digit(cp: int) -> bool:
    """DIGIT = %x30-39 (RFC 5234 B.1)."""
    return 0x30 <= cp <= 0x39


def is_unreserved(cp: int) -> bool:
    """RFC 3986 §2.3: unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"."""
    return is_alpha(cp) or is_digit(cp) or cp in (0x2D, 0x2E, 0x5F, 0x7E)


def is_gen_delim(cp: int) -> bool:
    """RFC 3986 §2.2: gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"."""
    return cp in (0x3A, 0x2F, 0x3F, 0x23, 0x5B, 0x5D, 0x40)


def is_sub_delim(cp: int) -> bool:
    """RFC 3986 §2.2: sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," /
    ";" / "="."""
    return cp in (0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D)


def is_pchar_literal(cp: int) -> bool:
    """RFC 3986 §3.3: pchar = unreserved / pct-encoded / sub-delims / ":" / "@" (no "%")."""
    return is_unreserved(cp) or is_sub_delim(cp) or cp in (0x3A, 0x40)


def is_tchar(cp: int) -> bool:
    """RFC 7230 §3.2.6: tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." /
    "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA."""
    return is_alpha(cp) or is_digit(cp) or chr(cp) in "!#$%&'*+-.^_`|~"


def is_cookie_octet(cp: int) -> bool:
    """RFC 6265 §4.1.1: cookie-octet = %x21 / %x23-2B / %x2D-3A / %x3C-5B / %x5D-7E."""
    return (
        cp == 0x21
        or 0x23 <= cp <= 0x2B
        or 0x2D <= cp <= 0x3A
        or 0x3C <= cp <= 0x5B
        or 0x5D <= cp <= 0x7E
    )


def kept_by_whatwg_form(cp: int) -> bool:
    """Not in the application/x-www-form-urlencoded percent-encode set (tests/reference.py)."""
    return not reference.in_urlencoded_set(cp)


def kept_by_php_urlencode(cp: int) -> bool:
    """PHP urlencode: "all non-alphanumeric characters except -_." are encoded."""
    return is_alpha(cp) or is_digit(cp) or cp in (0x2D, 0x5F, 0x2E)


def kept_by_vba_form(cp: int) -> bool:
    """VBA-Web wiki: formurlencoded = ALPHA / DIGIT / "-" / "." / "_" / "*"."""
    return is_alpha(cp) or is_digit(cp) or chr(cp) in "-._*"


def kept_by_vba_query(cp: int) -> bool:
    """VBA-Web wiki: query = ALPHA / DIGIT / "-" / "." / "_"."""
    return is_alpha(cp) or is_digit(cp) or chr(cp) in "-._"


def kept_by_vba_cookie(cp: int) -> bool:
    """VBA-Web wiki: cookie = strict / "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "^" /
    "`" / "|"."""
    return is_unreserved(cp) or chr(cp) in "!#$%&'*+^`|"


def kept_by_vba_path(cp: int) -> bool:
    """VBA-Web wiki: path = strict / "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" /
    "=" / ":" / "@"."""
    return is_unreserved(cp) or chr(cp) in "!$&'()*+,;=:@"


def kept_by_cookie_octet(cp: int) -> bool:
    """RFC 6265 cookie-octet, except "%" (docs/conformance.rst)."""
    return is_cookie_octet(cp) and cp != 0x25


def kept_by_alpn(cp: int) -> bool:
    """RFC 7639 §2: octets that are valid token characters except "%" are not encoded."""
    return is_tchar(cp) and cp != 0x25


def kept_by_uri_template_reserved(cp: int) -> bool:
    """RFC 6570 §3.2.1: ( unreserved / reserved / pct-encoded ) pass; "%" only in a triplet."""
    return is_unreserved(cp) or is_gen_delim(cp) or is_sub_delim(cp)


def kept_by_iri_to_uri(cp: int) -> bool:
    """RFC 3987 §3.1 step 2: ucschar/iprivate converted, and the printable ASCII that a URI
    cannot hold ("<", ">", '"', space, "{", "}", "|", "\\", "^", "`"); controls and DEL too."""
    return 0x21 <= cp <= 0x7E and chr(cp) not in '<>"{}|\\^`'


def kept_by_rfc3986_query(cp: int) -> bool:
    """RFC 3986 §3.4-3.5: query = fragment = *( pchar / "/" / "?" ), without "%"."""
    return is_pchar_literal(cp) or cp in (0x2F, 0x3F)


def kept_by_cgi_script_uri(cp: int) -> bool:
    """RFC 3875 §2.3 uric (no escaped) less the §3.3 reserved ";", "=" and "?":
    unreserved = alpha | digit | mark; mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" |
    ")"; reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ","."""
    mark = "-_.!~*'()"
    reserved = ";/?:@&=+$,"
    char = chr(cp)
    return (is_alpha(cp) or is_digit(cp) or char in mark or char in reserved) and (
        char not in ";=?"
    )


# ECMA-262 §19.2.6.5 Encode step 3, and §19.2.6.2-3 uriReserved plus "#".
ASCII_WORD_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_"
ALWAYS_UNESCAPED = ASCII_WORD_CHARACTERS + "-.!~*'()"
URI_RESERVED_AND_HASH = ";/?:@&=+$,#"
# Annex B.2.1.1 escape step 4.
ESCAPE_UNESCAPED = ASCII_WORD_CHARACTERS + "@*+-./"


@dataclass(frozen=True)
class Rules:
    """One dialect as its source states it."""

    kept: Predicate
    space_as_plus: bool = False
    plus_as_space: bool = False
    keep_escapes: bool = False
    javascript: str = ""  # "component", "uri" or "escape"
    lowercase_hex: bool = False


RULES: dict[str, Rules] = {
    # URL Standard urlencoded serializer / parser.
    "WHATWG_FORM": Rules(kept_by_whatwg_form, space_as_plus=True, plus_as_space=True),
    # HTML mailto: the serializer's output with "+" replaced by "%20"; RFC 6068 "+" is "+".
    "MAILTO": Rules(kept_by_whatwg_form),
    "RFC3986": Rules(is_unreserved),
    "OAUTH1": Rules(is_unreserved),
    "AWS_SIGV4": Rules(is_unreserved),
    "PHP_RAWURLENCODE": Rules(is_unreserved),
    # urldecode decodes "+" to space.
    "PHP_URLENCODE": Rules(kept_by_php_urlencode, space_as_plus=True, plus_as_space=True),
    "VBA_STRICT": Rules(is_unreserved),
    "VBA_FORM": Rules(kept_by_vba_form, space_as_plus=True, plus_as_space=True),
    # "For UrlDecode, querystring converts + to space for backwards compatibility."
    "VBA_QUERY": Rules(kept_by_vba_query, plus_as_space=True),
    "VBA_COOKIE": Rules(kept_by_vba_cookie),
    "VBA_PATH": Rules(kept_by_vba_path),
    "COOKIE_OCTET": Rules(kept_by_cookie_octet),
    "PATH_SEGMENT": Rules(is_pchar_literal),
    "ALPN": Rules(kept_by_alpn),
    "URI_TEMPLATE_UNRESERVED": Rules(is_unreserved),
    "URI_TEMPLATE_RESERVED": Rules(kept_by_uri_template_reserved, keep_escapes=True),
    "IRI_TO_URI": Rules(kept_by_iri_to_uri),
    "RFC3986_QUERY": Rules(kept_by_rfc3986_query),
    "RFC3986_FRAGMENT": Rules(kept_by_rfc3986_query),
    "CGI_SCRIPT_URI": Rules(kept_by_cgi_script_uri),
    "JS_URI_COMPONENT": Rules(lambda cp: chr(cp) in ALWAYS_UNESCAPED, javascript="component"),
    "JS_URI": Rules(
        lambda cp: chr(cp) in ALWAYS_UNESCAPED + URI_RESERVED_AND_HASH, javascript="uri"
    ),
    "JS_ESCAPE": Rules(lambda cp: chr(cp) in ESCAPE_UNESCAPED, javascript="escape"),
}


# --- Generic encoding and decoding (URL Standard transcriptions) ------------------


def encode_bytes(rules: Rules, data: bytes) -> str:
    """Step 7.3 of https://url.spec.whatwg.org/#string-percent-encode-after-encoding."""
    output = ""
    for byte in data:
        if rules.space_as_plus and byte == 0x20:
            output += "+"
        elif byte < 0x80 and rules.kept(byte):
            output += chr(byte)
        elif rules.lowercase_hex:
            output += reference.percent_encode(byte).lower()
        else:
            output += reference.percent_encode(byte)
    return output


def is_triplet(text: str, index: int) -> bool:
    """RFC 3986 §2.1: pct-encoded = "%" HEXDIG HEXDIG, at *index*."""
    return (
        text[index] == "%"
        and index + 2 < len(text)
        and all(c in "0123456789ABCDEFabcdef" for c in text[index + 1 : index + 3])
    )


def encode_text(rules: Rules, text: str) -> str:
    """A scalar value string, UTF-8 encoded, then escaped per byte (pct-encoded kept if asked)."""
    assert not rules.javascript
    if not rules.keep_escapes:
        return encode_bytes(rules, reference.utf8_encode(text))
    output = ""
    index = 0
    while index < len(text):
        if is_triplet(text, index):
            output += text[index : index + 3]
            index += 3
        else:
            output += encode_bytes(rules, reference.utf8_encode(text[index]))
            index += 1
    return output


def encode_raw_bytes(rules: Rules, data: bytes) -> str:
    """Bytes taken as already encoded: step 7.3 per byte, pct-encoded triplets kept if asked."""
    if not rules.keep_escapes:
        return encode_bytes(rules, data)
    text = data.decode("latin-1")
    output = ""
    index = 0
    while index < len(data):
        if is_triplet(text, index):
            output += text[index : index + 3]
            index += 3
        else:
            output += encode_bytes(rules, data[index : index + 1])
            index += 1
    return output


def decode_to_bytes(rules: Rules, data: bytes) -> bytes:
    """The parser's step 3.4 ("+" to space) when the dialect asks, then percent-decode."""
    if rules.plus_as_space:
        data = bytes(0x20 if byte == 0x2B else byte for byte in data)
    return reference.percent_decode_bytes(data)


def decode(rules: Rules, data: bytes) -> str:
    """decode_to_bytes, then https://encoding.spec.whatwg.org/#utf-8-decode-without-bom."""
    return reference.utf8_decode_without_bom(decode_to_bytes(rules, data))


# --- ECMA-262: strings are lists of UTF-16 code units ------------------------------


class JSURIError(ValueError):
    """A URIError; *offset* is the code unit index of the failing escape or surrogate."""

    def __init__(self, offset: int) -> None:
        super().__init__(offset)
        self.offset = offset


def code_units(text: str) -> list[int]:
    """The UTF-16 code units of a Python str (a surrogate code point is one code unit)."""
    data = text.encode("utf-16-le", "surrogatepass")
    return [data[i] | data[i + 1] << 8 for i in range(0, len(data), 2)]


def from_code_units(units: list[int]) -> str:
    """A Python str from code units; a surrogate pair becomes one code point."""
    data = b"".join(unit.to_bytes(2, "little") for unit in units)
    return data.decode("utf-16-le", "surrogatepass")


def is_leading_surrogate(unit: int) -> bool:
    return 0xD800 <= unit <= 0xDBFF


def is_trailing_surrogate(unit: int) -> bool:
    return 0xDC00 <= unit <= 0xDFFF


def code_point_at(units: list[int], position: int) -> tuple[int, int, bool]:
    """https://tc39.es/ecma262/#sec-codepointat: (CodePoint, CodeUnitCount, IsUnpairedSurrogate)."""
    # Steps 1-3.
    size = len(units)
    assert 0 <= position < size
    first = units[position]
    cp = first
    # Step 4.
    if not is_leading_surrogate(first) and not is_trailing_surrogate(first):
        return cp, 1, False
    # Step 5.
    if is_trailing_surrogate(first) or position + 1 == size:
        return cp, 1, True
    # Step 6.
    second = units[position + 1]
    # Step 7.
    if not is_trailing_surrogate(second):
        return cp, 1, True
    # Step 8: UTF16SurrogatePairToCodePoint.
    cp = (first - 0xD800) * 0x400 + (second - 0xDC00) + 0x10000
    # Step 9.
    return cp, 2, False


def utf8_octets(cp: int) -> list[int]:
    """The UTF-8 transformation of a code point (RFC 3629 §3 table)."""
    if cp < 0x80:
        return [cp]
    if cp < 0x800:
        return [0xC0 | cp >> 6, 0x80 | cp & 0x3F]
    if cp < 0x10000:
        return [0xE0 | cp >> 12, 0x80 | cp >> 6 & 0x3F, 0x80 | cp & 0x3F]
    return [0xF0 | cp >> 18, 0x80 | cp >> 12 & 0x3F, 0x80 | cp >> 6 & 0x3F, 0x80 | cp & 0x3F]


def utf8_code_point(octets: list[int]) -> int | None:
    """The code point *octets* are a valid UTF-8 encoding of (RFC 3629 §4 syntax), or None."""
    n = len(octets)
    first = octets[0]
    if n == 1:
        return first if first < 0x80 else None
    if any(not 0x80 <= octet <= 0xBF for octet in octets[1:]):
        return None
    lead_bits = {2: 0x1F, 3: 0x0F, 4: 0x07}[n]
    cp = first & lead_bits
    for octet in octets[1:]:
        cp = cp << 6 | octet & 0x3F
    # Overlong forms, surrogates and values above U+10FFFF are not valid.
    minimum = {2: 0x80, 3: 0x800, 4: 0x10000}[n]
    if cp < minimum or 0xD800 <= cp <= 0xDFFF or cp > 0x10FFFF:
        return None
    return cp


def js_encode(string: str, extra_unescaped: str) -> str:
    """https://tc39.es/ecma262/#sec-encode"""
    units = code_units(string)
    # Step 1.
    length = len(units)
    # Step 2.
    result = ""
    # Steps 3-4.
    unescaped_set = ALWAYS_UNESCAPED + extra_unescaped
    # Step 5.
    k = 0
    # Step 6.
    while k < length:
        # Step 6.a.
        c = units[k]
        # Step 6.b.
        if c < 0x80 and chr(c) in unescaped_set:
            k += 1
            result += chr(c)
        # Step 6.c.
        else:
            cp, count, unpaired = code_point_at(units, k)
            if unpaired:
                raise JSURIError(k)
            start = k
            k += count
            for octet in utf8_octets(cp):
                hex_digits = f"{octet:X}"
                result += "%" + hex_digits.rjust(2, "0")
            assert k > start
    # Step 7.
    return result


def parse_hex_octet(units: list[int], position: int) -> int | None:
    """https://tc39.es/ecma262/#sec-parsehexoctet"""
    digits = units[position : position + 2]
    if len(digits) < 2 or any(chr(d) not in "0123456789ABCDEFabcdef" for d in digits):
        return None
    return int(chr(digits[0]) + chr(digits[1]), 16)


def js_decode(string: str, preserve_escape_set: str) -> str:
    """https://tc39.es/ecma262/#sec-decode

    Errors give the code unit index of the "%" that starts the failing escape:
    the escape itself in steps 4.c.i-iv and 4.c.viii.1, the first escape of
    the UTF-8 sequence in steps 4.c.viii.4-6.
    """
    units = code_units(string)
    # Steps 1-3.
    length = len(units)
    result: list[int] = []
    k = 0
    # Step 4.
    while k < length:
        # Steps 4.a-b.
        c = units[k]
        s = [c]
        # Step 4.c.
        if c == 0x25:
            start = k
            # Step 4.c.i.
            if k + 3 > length:
                raise JSURIError(start)
            # Step 4.c.ii.
            escape = units[k : k + 3]
            # Steps 4.c.iii-iv.
            b = parse_hex_octet(units, k + 1)
            if b is None:
                raise JSURIError(start)
            # Step 4.c.v.
            k += 2
            # Step 4.c.vi: the number of leading 1 bits in B.
            n = 0
            while n < 8 and b & (0x80 >> n):
                n += 1
            # Step 4.c.vii.
            if n == 0:
                s = escape if chr(b) in preserve_escape_set else [b]
            # Step 4.c.viii.
            else:
                if n == 1 or n > 4:
                    raise JSURIError(start)
                octets = [b]
                j = 1
                while j < n:
                    k += 1
                    if k + 3 > length:
                        raise JSURIError(start)
                    if units[k] != 0x25:
                        raise JSURIError(start)
                    continuation = parse_hex_octet(units, k + 1)
                    if continuation is None:
                        raise JSURIError(start)
                    octets.append(continuation)
                    k += 2
                    j += 1
                assert len(octets) == n
                cp = utf8_code_point(octets)
                if cp is None:
                    raise JSURIError(start)
                s = code_units(chr(cp))
        # Steps 4.d-e.
        result.extend(s)
        k += 1
    # Step 5.
    return from_code_units(result)


def js_escape(string: str) -> str:
    """https://tc39.es/ecma262/#sec-escape-string"""
    units = code_units(string)
    # Steps 2-5.
    length = len(units)
    result = ""
    k = 0
    # Step 6.
    while k < length:
        c = units[k]
        if c < 0x80 and chr(c) in ESCAPE_UNESCAPED:
            s = chr(c)
        else:
            n = c
            s = "%" + f"{n:X}".rjust(2, "0") if n < 256 else "%u" + f"{n:X}".rjust(4, "0")
        result += s
        k += 1
    # Step 7.
    return result


def js_unescape(string: str) -> str:
    """https://tc39.es/ecma262/#sec-unescape-string"""
    units = code_units(string)
    # Steps 2-4.
    length = len(units)
    result: list[int] = []
    k = 0
    hex_digit = "0123456789ABCDEFabcdef"
    # Step 5.
    while k < length:
        c = units[k]
        if c == 0x25:
            hex_digits: list[int] = []
            optional_advance = 0
            if k + 5 < length and units[k + 1] == 0x75:
                hex_digits = units[k + 2 : k + 6]
                optional_advance = 5
            elif k + 3 <= length:
                hex_digits = units[k + 1 : k + 3]
                optional_advance = 2
            # ParseText(hexDigits, HexDigits[~Sep]): one or more hex digits, no separators.
            if hex_digits and all(unit < 0x80 and chr(unit) in hex_digit for unit in hex_digits):
                c = int("".join(map(chr, hex_digits)), 16)
                k += optional_advance
        result.append(c)
        k += 1
    # Step 6.
    return from_code_units(result)
