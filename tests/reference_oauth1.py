"""A literal transcription of RFC 5849 §3.4.1 and §3.4.2, for the hypothesis properties.

Source: RFC 5849, The OAuth 1.0 Protocol, https://www.rfc-editor.org/rfc/rfc5849
(§3.4.1.1 string construction, §3.4.1.2 base string URI, §3.4.1.3 request
parameters, §3.4.2 HMAC-SHA1, §3.4.4 PLAINTEXT, §3.6 percent encoding), and
HTML 4.01 §17.13.4 for reading a form body. Written one step at a time,
slowly, without the package, on byte lists.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

HEX = "0123456789ABCDEF"
# RFC 3986 §2.3 unreserved, which RFC 5849 §3.6 leaves as they are.
UNRESERVED = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
DEFAULT_PORTS = {"http": "80", "https": "443"}


def encode(value: bytes) -> str:
    """§3.6: every byte but the unreserved ones as "%" and two upper-case hex digits."""
    out = ""
    for byte in value:
        if byte in UNRESERVED:
            out += chr(byte)
        else:
            out += "%" + HEX[byte // 16] + HEX[byte % 16]
    return out


def percent_decode(data: bytes) -> bytes:
    """Each "%" and two hex digits is the byte they spell; any other byte is itself."""
    out = []
    index = 0
    while index < len(data):
        if data[index] == ord("%") and _is_hex(data[index + 1 : index + 3]):
            out.append(int(data[index + 1 : index + 3], 16))
            index += 3
        else:
            out.append(data[index])
            index += 1
    return bytes(out)


def _is_hex(two: bytes) -> bool:
    return len(two) == 2 and all(chr(c) in "0123456789abcdefABCDEF" for c in two)


# RFC 3986 §3.4: query = *( pchar / "/" / "?" ); pchar = unreserved / pct-encoded /
# sub-delims / ":" / "@". A form body written as HTML 4.01 says keeps within it.
QUERY_CHARACTERS = UNRESERVED | set(b"!$&'()*+,;=" + b":@" + b"/?")


def is_form_body(data: bytes) -> bool:
    """Whether every byte is a query character, and every "%" starts two hex digits."""
    index = 0
    while index < len(data):
        if data[index] == ord("%"):
            if not _is_hex(data[index + 1 : index + 3]):
                return False
            index += 3
        elif data[index] in QUERY_CHARACTERS:
            index += 1
        else:
            return False
    return True


def form_pairs(data: bytes) -> list[tuple[bytes, bytes]]:
    """HTML 4.01 §17.13.4 read back: split on "&", then on the first "=", "+" is a space."""
    pairs = []
    for piece in data.split(b"&"):
        if piece == b"":
            continue
        if b"=" in piece:
            name, value = piece.split(b"=", 1)
        else:
            name, value = piece, b""
        pairs.append(
            (percent_decode(name.replace(b"+", b" ")), percent_decode(value.replace(b"+", b" ")))
        )
    return pairs


def base_string_uri(scheme: str, host: str, port: str | None, path: str) -> str:
    """§3.4.1.2 from the URL's parts, as the URL gives them (path already as sent)."""
    # 1. The scheme and host MUST be in lowercase.
    uri = scheme.lower() + "://" + host.lower()
    # 3. The port MUST be included if it is not the default port for the scheme.
    if port is not None and DEFAULT_PORTS.get(scheme.lower()) != port:
        uri += ":" + port
    # The path of the request resource URI; an empty path is "/".
    if path == "":
        path = "/"
    return uri + path


def normalized_parameters(pairs: list[tuple[bytes, bytes]]) -> str:
    """§3.4.1.3.2: encode each name and value, sort by name then value, join."""
    # 1. First, the name and value of each parameter are encoded (Section 3.6).
    encoded = [(encode(name), encode(value)) for name, value in pairs]
    # 2. The parameters are sorted by name, using ascending byte value ordering.
    #    If two or more parameters share the same name, they are sorted by their value.
    for i in range(len(encoded)):
        for j in range(len(encoded) - 1 - i):
            if encoded[j] > encoded[j + 1]:
                encoded[j], encoded[j + 1] = encoded[j + 1], encoded[j]
    # 3. The name of each parameter is concatenated to its corresponding value
    #    using an "=" character (ASCII code 61) as a separator, even if the value is empty.
    joined = [name + "=" + value for name, value in encoded]
    # 4. The sorted name/value pairs are concatenated together into a single
    #    string by using an "&" character (ASCII code 38) as separator.
    return "&".join(joined)


def signature_base_string(
    method: str,
    uri: str,
    query: bytes,
    body: bytes | None,
    protocol: list[tuple[str, str]],
) -> str:
    """§3.4.1.1, with the parameters of §3.4.1.3.1 (query, protocol parameters, body)."""
    pairs = form_pairs(query)
    pairs += [(name.encode("utf-8"), value.encode("utf-8")) for name, value in protocol]
    if body is not None:
        pairs += form_pairs(body)
    # The "oauth_signature" parameter MUST be excluded.
    pairs = [pair for pair in pairs if pair[0] != b"oauth_signature"]
    # 1. The HTTP request method in uppercase, encoded (custom methods included).
    text = encode(method.upper().encode("utf-8"))
    # 2. An "&" character (ASCII code 38).
    text += "&"
    # 3. The base string URI from Section 3.4.1.2, after being encoded (Section 3.6).
    text += encode(uri.encode("utf-8"))
    # 4. An "&" character (ASCII code 38).
    text += "&"
    # 5. The request parameters as normalized in Section 3.4.1.3.2, after being encoded.
    text += encode(normalized_parameters(pairs).encode("ascii"))
    return text


def sign(method_name: str, base_string: str, client_secret: str, token_secret: str) -> str:
    """§3.4.2 HMAC-SHA1 (HMAC-SHA256 alike) and §3.4.4 PLAINTEXT."""
    # The key is the client secret and the token secret, each encoded, joined by "&".
    key = encode(client_secret.encode("utf-8")) + "&" + encode(token_secret.encode("utf-8"))
    if method_name == "PLAINTEXT":
        return key
    hash_function = {"HMAC-SHA1": hashlib.sha1, "HMAC-SHA256": hashlib.sha256}[method_name]
    digest = hmac.new(key.encode("ascii"), base_string.encode("ascii"), hash_function).digest()
    # The result octet string is base64-encoded per RFC 2045 §6.8.
    return base64.b64encode(digest).decode("ascii")
