"""Each dialect against vectors from its own specification or implementation.

Sources of the expected strings (vendored as literals, nothing else):

- RFC 5849 §3.4.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1): the
  signature base string example, byte for byte.
- AWS Signature Version 4 test suite, as published in awslabs/aws-c-auth
  tests/aws-signing-test-suite/v4 (commit 495329c2433034bd8fd53fc6ba9e0202d3fac876,
  Apache License 2.0): the canonical query lines of the header-canonical-request.txt
  files and the signatures of header-signed-request.txt. get-vanilla-query-order-key
  and -order-value are no longer in that tree (their canonical requests were never
  published); their signatures, from the original AWS suite (credentials AKIDEXAMPLE,
  20150830T123600Z, us-east-1, service), are checked by signing the request here.
- php-src ext/standard/tests/http/http_build_query/http_build_query_variation1.phpt
  and _variation2.phpt (PHP License 3.01): http_build_query output, which is
  urlencode per name and value; the rawurlencode example of the PHP manual.
- ECMA-262 §19.2.6 and Annex B.2.1: vectors worked out from the algorithms'
  steps (the unescaped sets, UTF-8 octets, the reserved set that decodeURI
  preserves, every URIError step); they agree with Node.js 20.
- RFC 7639 §2 (ALPN: "h2, http%2F1.1"), RFC 6570 §1.2 and §3.2 examples.
- VBA-Web wiki, "Url Encoding" (https://github.com/VBA-tools/VBA-Web/wiki/Url-Encoding):
  vectors from each mode's character set.
"""

from __future__ import annotations

import hashlib
import hmac

import pytest

from urlencoded import dialects
from urlencoded.dialects import (
    ALPN,
    AWS_SIGV4,
    COOKIE_OCTET,
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
    URI_TEMPLATE_RESERVED,
    URI_TEMPLATE_UNRESERVED,
    VBA_COOKIE,
    VBA_FORM,
    VBA_PATH,
    VBA_QUERY,
    VBA_STRICT,
    WHATWG_FORM,
    URIError,
)

# --- RFC 5849 §3.4.1: OAuth 1.0 signature base string -----------------------------

RFC5849_BASE_STRING = (
    "POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q"
    "%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_"
    "key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_m"
    "ethod%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk"
    "9d7dh3k39sjv7"
)


def test_rfc5849_signature_base_string() -> None:
    """The RFC 5849 §3.4.1.1 example request gives its base string byte for byte."""
    # §3.4.1.3.1: parameters from the query, the Authorization header (without
    # realm and oauth_signature) and the form body, each decoded.
    query = "b5=%3D%253D&a3=a&c%40=&a2=r%20b"
    body = "c2&a3=2+q"
    header = [
        ("oauth_consumer_key", "9djdj82h48djs9d2"),
        ("oauth_token", "kkk9d7dh3k39sjv7"),
        ("oauth_signature_method", "HMAC-SHA1"),
        ("oauth_timestamp", "137131201"),
        ("oauth_nonce", "7d8f3e4a"),
    ]
    parameters = WHATWG_FORM.parse(query) + header + WHATWG_FORM.parse(body)
    assert ("b5", "=%3D") in parameters
    assert ("a3", "2 q") in parameters
    # §3.4.1.3.2: normalized parameters; §3.4.1: method, base URI, parameters, each encoded.
    normalized = OAUTH1.canonical_query(parameters)
    assert normalized == (
        "a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2=&oauth_consumer_key=9djdj82h48djs9d2"
        "&oauth_nonce=7d8f3e4a&oauth_signature_method=HMAC-SHA1&oauth_timestamp=137131201"
        "&oauth_token=kkk9d7dh3k39sjv7"
    )
    base_string = "&".join(
        [
            OAUTH1.encode("POST"),
            OAUTH1.encode("http://example.com/request"),
            OAUTH1.encode(normalized),
        ]
    )
    assert base_string == RFC5849_BASE_STRING


def test_rfc5849_percent_encoding_rules() -> None:
    """RFC 5849 §3.6: unreserved kept, everything else escaped, upper-case hex, UTF-8."""
    assert OAUTH1.encode("-._~AZaz09") == "-._~AZaz09"
    assert OAUTH1.encode(" !*'()+/=&") == "%20%21%2A%27%28%29%2B%2F%3D%26"
    assert OAUTH1.encode("é") == "%C3%A9"
    # §3.6 applies to binary values as they are.
    assert OAUTH1.encode(b"\xe9\x00") == "%E9%00"


# --- AWS Signature Version 4 test suite ---------------------------------------------

AWS_CANONICAL_QUERIES = {
    # name: (query parameters as sent, canonical query string of the suite)
    "get-vanilla-query-order-key-case": (
        [("Param2", "value2"), ("Param1", "value1")],
        "Param1=value1&Param2=value2",
    ),
    "get-vanilla-query-unreserved": (
        [
            (
                "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
                "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
            )
        ],
        "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        "=-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    ),
    "get-vanilla-utf8-query": ([("\u1234", "bar")], "%E1%88%B4=bar"),
    "get-vanilla-query-order-encoded": (
        [("Param-3", "Value3"), ("Param", "Value2"), ("\u1234", "Value1")],
        "%E1%88%B4=Value1&Param=Value2&Param-3=Value3",
    ),
    "get-vanilla-empty-query-key": ([("Param1", "value1")], "Param1=value1"),
}

AWS_SIGNATURES = {
    "get-vanilla-query-order-key-case": (
        [("Param2", "value2"), ("Param1", "value1")],
        "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500",
    ),
    "get-vanilla-query-order-key": (
        [("Param1", "value2"), ("Param1", "Value1")],
        "eedbc4e291e521cf13422ffca22be7d2eb8146eecf653089df300a15b2382bd1",
    ),
    "get-vanilla-query-order-value": (
        [("Param1", "value2"), ("Param1", "value1")],
        "5772eed61e12b33fae39ee5e7012498b51d56abc0abb7c60486157bd471c4694",
    ),
    "get-vanilla-query-unreserved": (
        AWS_CANONICAL_QUERIES["get-vanilla-query-unreserved"][0],
        "9c3e54bfcdf0b19771a7f523ee5669cdf59bc7cc0884027167c21bb143a40197",
    ),
    "get-vanilla-utf8-query": (
        [("\u1234", "bar")],
        "2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04",
    ),
    "get-vanilla-query-order-encoded": (
        AWS_CANONICAL_QUERIES["get-vanilla-query-order-encoded"][0],
        "371d3713e185cc334048618a97f809c9ffe339c62934c032af5a0e595648fcac",
    ),
    "get-vanilla-empty-query-key": (
        [("Param1", "value1")],
        "a67d582fa61cc504c4bae71f336f98b97f1ea3c7a6bfe1b6e45aec72011b9aeb",
    ),
}


@pytest.mark.parametrize("name", sorted(AWS_CANONICAL_QUERIES))
def test_aws_sigv4_canonical_query(name: str) -> None:
    """AWS_SIGV4.canonical_query gives the test suite's canonical query string."""
    pairs, expected = AWS_CANONICAL_QUERIES[name]
    assert AWS_SIGV4.canonical_query(pairs) == expected


def _sigv4_signature(canonical_query: str) -> str:
    """The suite's GET / request signed as SigV4 specifies, given its canonical query."""
    empty_payload = hashlib.sha256(b"").hexdigest()
    canonical_request = "\n".join(
        [
            "GET",
            "/",
            canonical_query,
            "host:example.amazonaws.com",
            "x-amz-date:20150830T123600Z",
            "",
            "host;x-amz-date",
            empty_payload,
        ]
    )
    string_to_sign = "\n".join(
        [
            "AWS4-HMAC-SHA256",
            "20150830T123600Z",
            "20150830/us-east-1/service/aws4_request",
            hashlib.sha256(canonical_request.encode()).hexdigest(),
        ]
    )
    key = b"AWS4" + b"wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
    for part in ("20150830", "us-east-1", "service", "aws4_request"):
        key = hmac.new(key, part.encode(), hashlib.sha256).digest()
    return hmac.new(key, string_to_sign.encode(), hashlib.sha256).hexdigest()


@pytest.mark.parametrize("name", sorted(AWS_SIGNATURES))
def test_aws_sigv4_signature(name: str) -> None:
    """Signing with AWS_SIGV4.canonical_query reproduces the suite's signature."""
    pairs, signature = AWS_SIGNATURES[name]
    assert _sigv4_signature(AWS_SIGV4.canonical_query(pairs)) == signature


def test_aws_sigv4_order_key_sorts_by_byte() -> None:
    """get-vanilla-query-order-key: equal names sort by value, upper case first."""
    assert AWS_SIGV4.canonical_query([("Param1", "value2"), ("Param1", "Value1")]) == (
        "Param1=Value1&Param1=value2"
    )


# --- PHP ----------------------------------------------------------------------------


def test_php_http_build_query_variation2() -> None:
    """http_build_query_variation2.phpt: bracketed names, urlencode per name and value."""
    pairs = [
        ("0", "20"),
        ("5", "13"),
        ("9[1]", "val1"),
        ("9[3]", "val2"),
        ("9[string]", "string"),
        ("name", "homepage"),
        ("page", "10"),
        ("sort[0]", "desc"),
        ("sort[admin][0]", "admin1"),
        ("sort[admin][admin2][who]", "admin2"),
        ("sort[admin][admin2][2]", "test"),
    ]
    assert PHP_URLENCODE.serialize(pairs) == (
        "0=20&5=13&9%5B1%5D=val1&9%5B3%5D=val2&9%5Bstring%5D=string&name=homepage&page=10"
        "&sort%5B0%5D=desc&sort%5Badmin%5D%5B0%5D=admin1"
        "&sort%5Badmin%5D%5Badmin2%5D%5Bwho%5D=admin2&sort%5Badmin%5D%5Badmin2%5D%5B2%5D=test"
    )


def test_php_http_build_query_variation1() -> None:
    """http_build_query_variation1.phpt: "," is escaped."""
    pairs = [("name", "homepage"), ("page", "1"), ("sort", "desc,name")]
    assert PHP_URLENCODE.serialize(pairs) == "name=homepage&page=1&sort=desc%2Cname"


def test_php_rawurlencode_manual_example() -> None:
    """The PHP manual's rawurlencode example: space %20, "/" escaped."""
    assert PHP_RAWURLENCODE.encode("sales and marketing/Miami") == "sales%20and%20marketing%2FMiami"


def test_php_urlencode_differs_from_rawurlencode() -> None:
    """urlencode writes "+" and escapes "~"; rawurlencode writes %20 and keeps "~" (PHP ≥ 5.3)."""
    assert PHP_URLENCODE.encode("a b~*-_.") == "a+b%7E%2A-_."
    assert PHP_RAWURLENCODE.encode("a b~*-_.") == "a%20b~%2A-_."
    assert PHP_URLENCODE.decode("a+b%7e%2") == "a b~%2"
    assert PHP_RAWURLENCODE.decode("a+b%7e") == "a+b~"


# --- JavaScript ---------------------------------------------------------------------

JS_ENCODE_VECTORS = [
    # input, encodeURIComponent, encodeURI, escape
    (
        "a b&c=d/?#~!*()'é€😀",
        "a%20b%26c%3Dd%2F%3F%23~!*()'%C3%A9%E2%82%AC%F0%9F%98%80",
        "a%20b&c=d/?#~!*()'%C3%A9%E2%82%AC%F0%9F%98%80",
        "a%20b%26c%3Dd/%3F%23%7E%21*%28%29%27%E9%u20AC%uD83D%uDE00",
    ),
    (
        ";/?:@&=+$,#-_.!~*'()",
        "%3B%2F%3F%3A%40%26%3D%2B%24%2C%23-_.!~*'()",
        ";/?:@&=+$,#-_.!~*'()",
        "%3B/%3F%3A@%26%3D+%24%2C%23-_.%21%7E*%27%28%29",
    ),
    ("%", "%25", "%25", "%25"),
    ("\x00\x7f", "%00%7F", "%00%7F", "%00%7F"),
    ("\U0010ffff", "%F4%8F%BF%BF", "%F4%8F%BF%BF", "%uDBFF%uDFFF"),
]


@pytest.mark.parametrize(("text", "component", "uri", "escaped"), JS_ENCODE_VECTORS)
def test_js_encode_vectors(text: str, component: str, uri: str, escaped: str) -> None:
    """encodeURIComponent, encodeURI and escape give ECMA-262's output."""
    assert dialects.encode_uri_component(text) == component
    assert dialects.encode_uri(text) == uri
    assert dialects.escape(text) == escaped
    assert JS_URI_COMPONENT.encode(text) == component
    assert JS_URI.encode(text) == uri
    assert JS_ESCAPE.encode(text) == escaped


def test_js_decode_vectors() -> None:
    """decodeURIComponent decodes every escape; decodeURI keeps those of ;/?:@&=+$,#."""
    text = "%3B%2f%3F%3a%40%26%3D%2B%24%2C%23%25%41%C3%A9"
    assert dialects.decode_uri_component(text) == ";/?:@&=+$,#%Aé"
    assert dialects.decode_uri(text) == "%3B%2f%3F%3a%40%26%3D%2B%24%2C%23%Aé"
    assert dialects.decode_uri_component("%F0%9F%98%80%e2%82%ac+") == "😀€+"
    # A lone surrogate in the input is not an escape: it passes through.
    assert dialects.decode_uri_component("\ud800") == "\ud800"


@pytest.mark.parametrize(
    ("text", "offset"),
    [
        ("%", 0),  # Decode step 4.c.i: fewer than three code units left
        ("a%4", 1),
        ("ab%zz", 2),  # step 4.c.iv: not two hex digits
        ("%80", 0),  # step 4.c.viii.1: n = 1
        ("%FF", 0),  # n > 4
        ("x%C3", 1),  # step 4.c.viii.4.b: truncated
        ("%C3%28", 0),  # step 4.c.viii.6: not a continuation byte
        ("%E2%82", 0),
        ("%ED%A0%80", 0),  # a surrogate is not a valid UTF-8 encoding of a code point
        ("%C0%AF", 0),  # overlong
        ("%F4%90%80%80", 0),  # above U+10FFFF
        ("%C3%A9%C3", 6),
    ],
)
def test_js_decode_errors(text: str, offset: int) -> None:
    """Each step where Decode throws URIError raises it, at the failing escape."""
    for function in (dialects.decode_uri_component, dialects.decode_uri):
        with pytest.raises(URIError) as caught:
            function(text)
        assert caught.value.offset == offset


@pytest.mark.parametrize(("text", "offset"), [("\ud800", 0), ("a\udc00", 1), ("😀\udbff", 1)])
def test_js_encode_lone_surrogate(text: str, offset: int) -> None:
    """Encode step 6.c.ii: a lone surrogate throws URIError."""
    for function in (dialects.encode_uri_component, dialects.encode_uri):
        with pytest.raises(URIError) as caught:
            function(text)
        assert caught.value.offset == offset


def test_js_unescape_vectors() -> None:
    """unescape: %uXXXX (any hex case, lower-case u only) and %XX; anything else stays."""
    assert dialects.unescape("%u20AC%u20ac%E9%zz%u12%U0041%uD83D%uDE00%ud800") == (
        "€€é%zz%u12%U0041😀\ud800"
    )
    assert dialects.unescape("%41%4") == "A%4"
    assert dialects.unescape("%u004") == "%u004"
    assert dialects.escape("\ud800x\udc00 @*_+-./") == "%uD800x%uDC00%20@*_+-./"


# --- Other dialects -----------------------------------------------------------------


def test_whatwg_form_and_mailto() -> None:
    """WHATWG_FORM writes space as "+"; MAILTO is the same serializer with "+" as %20."""
    pairs = [("subject", "1 2+3"), ("body", "a~b*")]
    assert WHATWG_FORM.serialize(pairs) == "subject=1+2%2B3&body=a%7Eb*"
    assert MAILTO.serialize(pairs) == "subject=1%202%2B3&body=a%7Eb*"
    assert MAILTO.decode("1+2%20") == "1+2 "


def test_rfc7639_alpn() -> None:
    """RFC 7639 §2: "http/1.1" is written http%2F1.1; tchar other than "%" stays."""
    assert ALPN.encode("h2") == "h2"
    assert ALPN.encode("http/1.1") == "http%2F1.1"
    assert ALPN.encode("x%y !#$&'*+-.^_`|~") == "x%25y%20!#$&'*+-.^_`|~"
    assert ALPN.encode(b"\x16\x03") == "%16%03"


def test_cookie_octet() -> None:
    """RFC 6265 cookie-octet stays, except "%"; space, DQUOTE, comma, semicolon, backslash go."""
    assert COOKIE_OCTET.encode('a b"c,d;e\\f%') == "a%20b%22c%2Cd%3Be%5Cf%25"
    assert COOKIE_OCTET.encode("!#$&'()*+-./:<=>?@[]^_`{|}~") == "!#$&'()*+-./:<=>?@[]^_`{|}~"


def test_path_segment() -> None:
    """RFC 3986 pchar stays; "/", "?", "#" and "%" are escaped."""
    assert PATH_SEGMENT.encode("a/b?c#d%e f") == "a%2Fb%3Fc%23d%25e%20f"
    assert PATH_SEGMENT.encode("!$&'()*+,;=:@-._~") == "!$&'()*+,;=:@-._~"


def test_uri_templates() -> None:
    """RFC 6570 §1.2 level 1 and 2 examples: {var}, {hello}, {+var}, {+hello}, {+path}."""
    # var := "value", hello := "Hello World!", path := "/foo/bar"
    assert URI_TEMPLATE_UNRESERVED.encode("value") == "value"
    assert URI_TEMPLATE_UNRESERVED.encode("Hello World!") == "Hello%20World%21"
    assert URI_TEMPLATE_RESERVED.encode("Hello World!") == "Hello%20World!"
    assert URI_TEMPLATE_RESERVED.encode("/foo/bar") == "/foo/bar"
    # §3.2.1: pct-encoded triplets pass through reserved expansion; a bare "%" does not.
    assert URI_TEMPLATE_RESERVED.encode("50%25 off 100%") == "50%25%20off%20100%25"
    assert URI_TEMPLATE_UNRESERVED.encode("50%25") == "50%2525"


def test_iri_to_uri() -> None:
    """RFC 3987 §3.1: non-ASCII to UTF-8 escapes; existing escapes and URI syntax stay."""
    iri = "http://r\u00e9sum\u00e9.example.org/\u4e2d?q=a b&x=%41#\u00e9"
    assert IRI_TO_URI.encode(iri) == (
        "http://r%C3%A9sum%C3%A9.example.org/%E4%B8%AD?q=a%20b&x=%41#%C3%A9"
    )
    assert IRI_TO_URI.encode('<>"{}|\\^`\x00\x7f') == "%3C%3E%22%7B%7D%7C%5C%5E%60%00%7F"


def test_vba_modes() -> None:
    """VBA-Web wiki: each mode's kept characters, space and decoding of "+"."""
    text = "a b~*!'()$&+,;=:@#%^`|/"
    assert VBA_STRICT.encode(text) == RFC3986.encode(text)
    assert VBA_FORM.encode(text) == "a+b%7E*%21%27%28%29%24%26%2B%2C%3B%3D%3A%40%23%25%5E%60%7C%2F"
    assert VBA_QUERY.encode(text) == (
        "a%20b%7E%2A%21%27%28%29%24%26%2B%2C%3B%3D%3A%40%23%25%5E%60%7C%2F"
    )
    assert VBA_COOKIE.encode(text) == "a%20b~*!'%28%29$&+%2C%3B%3D%3A%40#%^`|%2F"
    assert VBA_PATH.encode(text) == "a%20b~*!'()$&+,;=:@%23%25%5E%60%7C%2F"
    # UrlDecode: querystring and form-urlencoded turn "+" into space; cookies do not.
    assert VBA_QUERY.decode("a+b") == "a b"
    assert VBA_FORM.decode("a+b") == "a b"
    assert VBA_COOKIE.decode("a+b") == "a+b"
    assert VBA_STRICT.decode("a+b") == "a+b"
