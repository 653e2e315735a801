"""Literal, step-by-step transcriptions of the form-submission algorithms.

Slow and obviously right, like tests/reference.py: one code point or one
byte at a time, with the step numbers of the HTML Standard
(https://html.spec.whatwg.org/multipage/form-control-infrastructure.html),
of the URL Standard's serializer and of the URL Standard's parser as it was
before 2017, when it still had an encoding, a "use _charset_ flag" and an
isindex flag. Encoders and decoders come from the Encoding Standard's
transcription in tests/reference_encoding.py; nothing comes from the package
under test.
"""

from __future__ import annotations

from tests import reference_encoding as enc
from tests.reference import in_urlencoded_set, percent_decode_bytes, percent_encode

CR = "\r"
LF = "\n"

# --- HTML: entry list to name-value pairs ----------------------------------------------


def normalize_crlf(text: str) -> str:
    """Replace every CR not followed by LF, and every LF not preceded by CR, with CRLF.

    https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#convert-to-a-list-of-name-value-pairs
    (the replacement of steps 2.1 and 2.3), one code point at a time.
    """
    result = ""
    for index, char in enumerate(text):
        followed_by_lf = index + 1 < len(text) and text[index + 1] == LF
        preceded_by_cr = index > 0 and text[index - 1] == CR
        lone_cr = char == CR and not followed_by_lf
        lone_lf = char == LF and not preceded_by_cr
        if lone_cr or lone_lf:
            result += CR + LF
        else:
            result += char
    return result


def convert_to_name_value_pairs(entry_list: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#convert-to-a-list-of-name-value-pairs"""
    # Step 1.
    result: list[tuple[str, str]] = []
    # Step 2.
    for entry_name, entry_value in entry_list:
        # Step 2.1.
        name = normalize_crlf(entry_name)
        # Step 2.2: string values only here (no File objects).
        value = entry_value
        # Step 2.3.
        value = normalize_crlf(value)
        # Step 2.4.
        result.append((name, value))
    # Step 3.
    return result


def charset_entry(name: str, value: str, encoding_name: str) -> tuple[str, str]:
    """The ``_charset_`` step of "constructing the entry list".

    https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constructing-the-form-data-set:
    a hidden input whose name is an ASCII case-insensitive match for
    ``_charset_`` is submitted with the encoding's name as its value. A
    pair has no element type, so an empty value marks the hidden field here.
    """
    is_charset = name.isascii() and name.lower() == "_charset_"
    if is_charset and value == "":
        return (name, encoding_name)
    return (name, value)


def output_encoding(name: str) -> str:
    """https://encoding.spec.whatwg.org/#get-an-output-encoding"""
    if name in ("replacement", "UTF-16BE", "UTF-16LE"):
        return "UTF-8"
    return name


# --- URL Standard: the serializer, with the options --------------------------------------


def percent_encode_after_encoding(encoding_name: str, text: str, space_as_plus: bool) -> str:
    """https://url.spec.whatwg.org/#string-percent-encode-after-encoding, urlencoded set."""
    # Steps 1-6.
    output = ""
    # Step 7, over the runs and errors of "encode or fail".
    for item in enc.encode_or_fail_loop(encoding_name, text):
        if isinstance(item, int):
            # Step 7.4: the error's code point as a decimal character reference.
            output += "%26%23" + str(item) + "%3B"
            continue
        for byte in item:
            # Step 7.3.1.
            if space_as_plus and byte == 0x20:
                output += "+"
            # Step 7.3.4.
            elif not in_urlencoded_set(byte):
                output += chr(byte)
            # Step 7.3.5.
            else:
                output += percent_encode(byte)
    return output


def urlencoded_serialize(
    tuples: list[tuple[str, str]],
    encoding_name: str = "UTF-8",
    separator: str = "&",
    space_as_plus: bool = True,
    isindex: bool = False,
) -> str:
    """https://url.spec.whatwg.org/#concept-urlencoded-serializer, with two options.

    *separator* replaces the "&" of step 3.4; *space_as_plus* is the flag
    that step 3.2-3.3 pass as true. *isindex* is the step HTML had until
    2016: the first entry, named "isindex", contributes its value alone.
    """
    # Step 1.
    encoding = output_encoding(encoding_name)
    # Step 2.
    output = ""
    # Step 3.
    for index, (name_string, value_string) in enumerate(tuples):
        if isindex and index == 0 and name_string == "isindex":
            output += percent_encode_after_encoding(encoding, value_string, space_as_plus)
            continue
        # Steps 3.2-3.3.
        name = percent_encode_after_encoding(encoding, name_string, space_as_plus)
        value = percent_encode_after_encoding(encoding, value_string, space_as_plus)
        # Step 3.4: the old isindex step counts entries, not output.
        if index > 0:
            output += separator
        # Step 3.5.
        output += name + "=" + value
    # Step 4.
    return output


# --- HTML: text/plain ------------------------------------------------------------------


def text_plain_encode(pairs: list[tuple[str, str]]) -> str:
    """https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#text/plain-encoding-algorithm"""
    # Step 1.
    result = ""
    # Step 2.
    for name, value in pairs:
        # Steps 2.1-2.4.
        result += name
        result += "="
        result += value
        result += CR + LF
    # Step 3.
    return result


def text_plain_decode(text: str) -> list[tuple[str, str]]:
    """The documented reading of a text/plain body, line by line, as slowly as it reads.

    Split at CRLF (dropping the CRLF that ends the last pair); split a line at its
    first "="; a line without "=" continues the previous value after a CRLF, and a
    first line without "=" is a name with an empty value.
    """
    lines = text.split(CR + LF)
    if lines[-1] == "":
        lines = lines[:-1]
    pairs: list[tuple[str, str]] = []
    for line in lines:
        if "=" not in line and pairs:
            previous_name, previous_value = pairs[-1]
            pairs[-1] = (previous_name, previous_value + CR + LF + line)
        elif "=" not in line:
            pairs.append((line, ""))
        else:
            equals = line.index("=")
            pairs.append((line[:equals], line[equals + 1 :]))
    return pairs


def encode_html(encoding_name: str, text: str) -> bytes:
    """https://encoding.spec.whatwg.org/#encode: "html" error mode, as form submission does."""
    result = b""
    for item in enc.encode_or_fail_loop(output_encoding(encoding_name), text):
        result += b"&#" + str(item).encode("ascii") + b";" if isinstance(item, int) else item
    return result


# --- URL Standard (2016): the parser with encoding, _charset_ and isindex ----------------


def urlencoded_parse(
    data: bytes,
    encoding_name: str = "UTF-8",
    charset_field: bytes | None = None,
    isindex: bool = False,
    separator: int = 0x26,
) -> list[tuple[str, str]]:
    """The application/x-www-form-urlencoded parser as the URL Standard had it until 2017.

    Its "use _charset_ flag" is *charset_field* (a name other than
    ``_charset_`` generalizes it) and *separator* stands for 0x26 (&). The
    isindex step prepends "=" to a first sequence without one; like the
    library, it leaves an empty first sequence alone.
    """
    # Step 1: split on the separator, strictly.
    sequences: list[bytes] = []
    current = b""
    for byte in data:
        if byte == separator:
            sequences.append(current)
            current = b""
        else:
            current += bytes([byte])
    sequences.append(current)
    # Step 2 (isindex flag).
    if isindex and sequences[0] != b"" and 0x3D not in sequences[0]:
        sequences[0] = b"=" + sequences[0]
    # Step 3.
    tuples: list[tuple[bytes, bytes]] = []
    encoding = encoding_name
    use_charset = charset_field is not None
    # Step 4.
    for sequence in sequences:
        # Step 4.1.
        if sequence == b"":
            continue
        # Steps 4.2-4.3.
        if 0x3D in sequence:
            position = sequence.index(0x3D)
            name, value = sequence[:position], sequence[position + 1 :]
        else:
            name, value = sequence, b""
        # Step 4.4.
        name = bytes(0x20 if byte == 0x2B else byte for byte in name)
        value = bytes(0x20 if byte == 0x2B else byte for byte in value)
        # Step 4.5: the use _charset_ flag.
        if use_charset and name == charset_field:
            label = "".join(chr(byte) for byte in value)  # isomorphic decode
            result = get_encoding(label)
            if result is not None:
                use_charset = False
                encoding = result
        # Step 4.6.
        tuples.append((name, value))
    # Steps 5-6: percent-decode, then decode with the encoding.
    return [
        (
            enc.reference_decode(encoding, percent_decode_bytes(name)),
            enc.reference_decode(encoding, percent_decode_bytes(value)),
        )
        for name, value in tuples
    ]


def get_encoding(label: str) -> str | None:
    """https://encoding.spec.whatwg.org/#concept-encoding-get"""
    # Step 1: remove leading and trailing ASCII whitespace.
    label = label.strip("\t\n\f\r ")
    # Step 2: an ASCII case-insensitive match in the table, else failure.
    return enc.labels().get(label.lower()) if label.isascii() else None
