"""A literal transcription of AWS Signature Version 4, for the hypothesis properties.

Source: "Create a signed AWS API request"
(https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html): the
canonical request (UriEncode, path normalization, canonical query string, canonical
and signed headers, hashed payload), the string to sign, the signing key and the
signature; RFC 3986 §5.2.4 for removing dot segments. Written one step at a time,
without the package.
"""

from __future__ import annotations

import hashlib
import hmac

UNRESERVED = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def uri_encode(data: bytes, encode_slash: bool = True) -> str:
    """UriEncode: unreserved bytes stay, "/" stays if asked, every other byte is %XY."""
    out = []
    for byte in data:
        if byte in UNRESERVED or (byte == ord("/") and not encode_slash):
            out.append(chr(byte))
        else:
            out.append(f"%{byte:02X}")
    return "".join(out)


def remove_dot_segments(path: str) -> str:
    """RFC 3986 §5.2.4, step by step, then runs of "/" made one (AWS: "remove redundant")."""
    input_buffer = path
    output = ""
    while input_buffer:
        if input_buffer.startswith("../"):
            input_buffer = input_buffer[3:]
        elif input_buffer.startswith("./"):
            input_buffer = input_buffer[2:]
        elif input_buffer.startswith("/./"):
            input_buffer = "/" + input_buffer[3:]
        elif input_buffer == "/.":
            input_buffer = "/"
        elif input_buffer.startswith("/../"):
            input_buffer = "/" + input_buffer[4:]
            output = output[: output.rfind("/")] if "/" in output else ""
        elif input_buffer == "/..":
            input_buffer = "/"
            output = output[: output.rfind("/")] if "/" in output else ""
        elif input_buffer in (".", ".."):
            input_buffer = ""
        else:
            start = 1 if input_buffer.startswith("/") else 0
            end = input_buffer.find("/", start)
            end = len(input_buffer) if end == -1 else end
            output += input_buffer[:end]
            input_buffer = input_buffer[end:]
    while "//" in output:
        output = output.replace("//", "/")
    return output


def canonical_uri(path: str, s3: bool) -> str:
    """S3: the path as sent. Others: normalized, then each segment UriEncoded (again)."""
    if path == "":
        return "/"
    if s3:
        return path
    # Empty segments (from "//") and dot segments go first, so that ".." undoes a real one.
    while "//" in path:
        path = path.replace("//", "/")
    normalized = remove_dot_segments(path)
    # Deviation, as botocore and the AWS test suite do: a final "." or ".." segment leaves
    # no "/" behind (RFC 3986 would give "/a/" for "/a/b/..").
    if path.rsplit("/", 1)[-1] in (".", "..") and normalized != "/":
        normalized = normalized.rstrip("/")
    if normalized == "":
        normalized = "/"
    return uri_encode(normalized.encode("utf-8"), encode_slash=False)


def percent_decode(data: bytes) -> bytes:
    """Each "%" and two hex digits is the byte they spell; any other byte is itself."""
    out = bytearray()
    index = 0
    while index < len(data):
        two = data[index + 1 : index + 3]
        if (
            data[index] == ord("%")
            and len(two) == 2
            and all(c in b"0123456789abcdefABCDEF" for c in two)
        ):
            out.append(int(two, 16))
            index += 3
        else:
            out.append(data[index])
            index += 1
    return bytes(out)


def canonical_query_string(query: str) -> str:
    """Names and values decoded ("+" is a space), UriEncoded, sorted by name then value."""
    pairs = []
    for piece in query.encode("utf-8").split(b"&"):
        if not piece:
            continue
        name, _, value = piece.partition(b"=")
        name = percent_decode(name.replace(b"+", b" "))
        value = percent_decode(value.replace(b"+", b" "))
        pairs.append((uri_encode(name), uri_encode(value)))
    pairs.sort()
    return "&".join(name + "=" + value for name, value in pairs)


def canonical_headers(headers: list[tuple[str, str]]) -> tuple[str, str]:
    """Lower-case names, trimmed values with spaces collapsed, joined by "," per name, sorted."""
    values: dict[str, list[str]] = {}
    for name, value in headers:
        value = value.strip(" \t")
        while "  " in value or "\t" in value:
            value = value.replace("\t", " ").replace("  ", " ")
        values.setdefault(name.lower(), []).append(value)
    names = sorted(values)
    block = "".join(name + ":" + ",".join(values[name]) + "\n" for name in names)
    return block, ";".join(names)


def canonical_request(
    method: str, path: str, query: str, headers: list[tuple[str, str]], body: bytes, s3: bool
) -> str:
    block, names = canonical_headers(headers)
    return "\n".join(
        [
            method.upper(),
            canonical_uri(path, s3),
            canonical_query_string(query),
            block,
            names,
            hashlib.sha256(body).hexdigest(),
        ]
    )


def sign(secret: str, timestamp: str, region: str, service: str, creq: str) -> tuple[str, str]:
    """The string to sign and the signature."""
    scope = timestamp[:8] + "/" + region + "/" + service + "/aws4_request"
    sts = "AWS4-HMAC-SHA256\n" + timestamp + "\n" + scope + "\n"
    sts += hashlib.sha256(creq.encode("utf-8")).hexdigest()
    key = ("AWS4" + secret).encode("utf-8")
    for part in (timestamp[:8], region, service, "aws4_request"):
        key = hmac.new(key, part.encode("utf-8"), hashlib.sha256).digest()
    return sts, hmac.new(key, sts.encode("utf-8"), hashlib.sha256).hexdigest()
