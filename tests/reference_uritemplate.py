"""A literal transcription of RFC 6570 Appendix A, for the hypothesis properties.

https://www.rfc-editor.org/rfc/rfc6570#appendix-A ("Implementation Hints"):
one left-to-right pass over the template, with the table of "first", "sep",
"named", "ifemp" and "allow" per operator. The grammar checks come from §2
(literals §2.1, expressions §2.2, varname §2.3, modifiers §2.4), undefined
values from §2.3, and the "not applicable" prefix of §2.4.1. It works one
character at a time, with its own percent-encoding; nothing here imports
the package.

A value is ``None`` (undefined), a ``str``, an ``int`` or ``float`` (written
with ``str()``), a list or tuple of those (a list), or an associative array:
a ``dict`` or a list of ``(name, value)`` tuples.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple, Union


class Outcome(NamedTuple):
    """The result string, and the error's offset and kind (``"syntax"`` or ``"value"``)."""

    result: str
    error_offset: int | None
    error_kind: str | None


# --- §1.5: character classes -------------------------------------------------------


def is_alpha(char: str) -> bool:
    """ALPHA = %x41-5A / %x61-7A."""
    return "A" <= char <= "Z" or "a" <= char <= "z"


def is_digit(char: str) -> bool:
    """DIGIT = %x30-39."""
    return "0" <= char <= "9"


def is_hexdig(char: str) -> bool:
    """HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F" (case-insensitive, as ABNF is)."""
    return is_digit(char) or "A" <= char <= "F" or "a" <= char <= "f"


def is_unreserved(char: str) -> bool:
    """unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"."""
    return is_alpha(char) or is_digit(char) or char in "-._~"


def is_reserved(char: str) -> bool:
    """reserved = gen-delims / sub-delims."""
    return char in ":/?#[]@" or char in "!$&'()*+,;="


def is_pct_encoded(text: str, index: int) -> bool:
    """pct-encoded = "%" HEXDIG HEXDIG, starting at *index*."""
    return (
        index + 2 < len(text)
        and text[index] == "%"
        and is_hexdig(text[index + 1])
        and is_hexdig(text[index + 2])
    )


def is_ucschar(char: str) -> bool:
    """ucschar, as RFC 3987 defines it."""
    cp = ord(char)
    ranges = [
        (0xA0, 0xD7FF),
        (0xF900, 0xFDCF),
        (0xFDF0, 0xFFEF),
        (0x10000, 0x1FFFD),
        (0x20000, 0x2FFFD),
        (0x30000, 0x3FFFD),
        (0x40000, 0x4FFFD),
        (0x50000, 0x5FFFD),
        (0x60000, 0x6FFFD),
        (0x70000, 0x7FFFD),
        (0x80000, 0x8FFFD),
        (0x90000, 0x9FFFD),
        (0xA0000, 0xAFFFD),
        (0xB0000, 0xBFFFD),
        (0xC0000, 0xCFFFD),
        (0xD0000, 0xDFFFD),
        (0xE1000, 0xEFFFD),
    ]
    return any(low <= cp <= high for low, high in ranges)


def is_iprivate(char: str) -> bool:
    """iprivate, as RFC 3987 defines it."""
    cp = ord(char)
    return 0xE000 <= cp <= 0xF8FF or 0xF0000 <= cp <= 0xFFFFD or 0x100000 <= cp <= 0x10FFFD


def is_literals_char(char: str) -> bool:
    """§2.1 literals, less pct-encoded, as erratum 6937 corrects them: %x21 /
    %x23-24 / %x26-3B / %x3D / %x3F-5B / %x5D / %x5F / %x61-7A / %x7E /
    ucschar / iprivate (the RFC's %x26 / %x28-3B left out "'", a sub-delim)."""
    cp = ord(char)
    return (
        cp == 0x21
        or 0x23 <= cp <= 0x24
        or 0x26 <= cp <= 0x3B
        or cp == 0x3D
        or 0x3F <= cp <= 0x5B
        or cp == 0x5D
        or cp == 0x5F
        or 0x61 <= cp <= 0x7A
        or cp == 0x7E
        or is_ucschar(char)
        or is_iprivate(char)
    )


def is_varchar_start(text: str, index: int) -> bool:
    """varchar = ALPHA / DIGIT / "_" / pct-encoded (§2.3), starting at *index*."""
    if index >= len(text):
        return False
    char = text[index]
    return is_alpha(char) or is_digit(char) or char == "_" or is_pct_encoded(text, index)


def pct_encode(char: str) -> str:
    """Each octet of the character's UTF-8 encoding as a pct-encoded triplet (§1.6)."""
    return "".join(f"%{octet:02X}" for octet in char.encode("utf-8"))


def encode(value: str, allow: str) -> str:
    """Append *value* "after pct-encoding any characters that are not in the allow set".

    ``allow`` is ``"U"`` (unreserved) or ``"U+R"`` (unreserved, reserved and
    pct-encoded triplets, §1.5).
    """
    out = ""
    index = 0
    while index < len(value):
        char = value[index]
        if allow == "U+R" and is_pct_encoded(value, index):
            out += value[index : index + 3]
            index += 3
            continue
        if is_unreserved(char) or (allow == "U+R" and is_reserved(char)):
            out += char
        else:
            out += pct_encode(char)
        index += 1
    return out


def encode_literal(text: str) -> str:
    """§3.1: copy characters allowed in a URI (unreserved / reserved / pct-encoded),
    pct-encode the others as UTF-8."""
    return encode(text, "U+R")


# --- §2.3 values ---------------------------------------------------------------------

Scalar = Union[str, int, float]


def as_string(value: object) -> str | None:
    """A string value (a number written with str()), or None."""
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return None


def kind_of(value: object) -> str:
    """ "undefined", "string", "list" or "pairs", as §2.3 describes values."""
    if value is None:
        return "undefined"
    if as_string(value) is not None:
        return "string"
    if isinstance(value, Mapping):
        pairs = list(value.items())
    elif all(isinstance(item, tuple) for item in value):  # type: ignore[attr-defined]
        pairs = list(value)  # type: ignore[call-overload]
    else:
        # "A variable defined as a list value is considered undefined if the
        # list contains zero members."
        return "list" if len(value) > 0 else "undefined"  # type: ignore[arg-type]
    # "A variable defined as an associative array of (name, value) pairs is
    # considered undefined if the array contains zero members or if all member
    # names in the array are associated with undefined values."
    if not pairs or all(item is None for _, item in pairs):
        return "undefined"
    return "pairs"


def members(value: object) -> list[str]:
    """The members of a list value."""
    return [as_string(item) or "" for item in value]  # type: ignore[attr-defined]


def defined_pairs(value: object) -> list[tuple[str, str]]:
    """The (name, value) pairs of an associative array that have a defined value."""
    pairs = list(value.items()) if isinstance(value, Mapping) else list(value)  # type: ignore[call-overload]
    return [(name, as_string(item) or "") for name, item in pairs if item is not None]


# --- Appendix A -------------------------------------------------------------------------

#   .------------------------------------------------------------------.
#   |          NUL     +      .       /       ;      ?      &      #   |
#   |------------------------------------------------------------------|
#   | first |  ""     ""     "."     "/"     ";"    "?"    "&"    "#"  |
#   | sep   |  ","    ","    "."     "/"     ";"    "&"    "&"    ","  |
#   | named | false  false  false   false   true   true   true   false |
#   | ifemp |  ""     ""     ""      ""      ""     "="    "="    ""   |
#   | allow |   U     U+R     U       U       U      U      U     U+R  |
#   `------------------------------------------------------------------'
TABLE = {
    "NUL": ("", ",", False, "", "U"),
    "+": ("", ",", False, "", "U+R"),
    ".": (".", ".", False, "", "U"),
    "/": ("/", "/", False, "", "U"),
    ";": (";", ";", True, "", "U"),
    "?": ("?", "&", True, "=", "U"),
    "&": ("&", "&", True, "=", "U"),
    "#": ("#", ",", False, "", "U+R"),
}


def expand(template: str, variables: Mapping[str, object]) -> Outcome:
    """RFC 6570 Appendix A: the result string and its error state."""
    # "Initialize an empty result string and its non-error state."
    result = ""
    index = 0
    while True:
        # "Scan the template and copy literals to the result string (as in
        # Section 3.1) until an expression is indicated by a "{", an error is
        # indicated by the presence of a non-literals character other than
        # "{", or the template ends."
        while index < len(template) and template[index] != "{":
            if is_pct_encoded(template, index):
                result += template[index : index + 3]
                index += 3
                continue
            if not is_literals_char(template[index]):
                return Outcome(result, index, "syntax")
            result += encode_literal(template[index])
            index += 1
        # "When it ends, return the result string and its current error or
        # non-error state."
        if index == len(template):
            return Outcome(result, None, None)
        # "If an expression is found, scan the template to the next "}" and
        # extract the characters in between the braces."
        opening = index
        closing = template.find("}", opening + 1)
        # "If the template ends before a "}", then append the "{" and
        # extracted characters to the result string and return with an error
        # status indicating the expression is malformed."
        if closing == -1:
            return Outcome(result + template[opening:], opening, "syntax")
        expression = template[opening + 1 : closing]
        # "Examine the first character of the extracted expression for an
        # operator."
        # "If the expression ended (i.e., is "{}"), append "{}" to the result
        # string and return with an error status indicating the expression is
        # malformed."
        if expression == "":
            return Outcome(result + "{}", opening, "syntax")
        position = opening + 1
        if expression[0] in "+#./;?&":
            # "If the first character is an operator, remember the operator
            # type and proceed to examine the variable-list."
            operator = expression[0]
            position += 1
        elif expression[0] in "=,!@|":
            # "If it is one of the operators reserved for future extensions,
            # ... append "{", the extracted expression, and "}" to the result
            # string, and return with an error status."
            return Outcome(result + "{" + expression + "}", position, "syntax")
        else:
            # "Otherwise, the operator is NUL (no operator)."
            operator = "NUL"
        first, sep, named, ifemp, allow = TABLE[operator]
        error = _expand_variable_list(
            template, position, closing, first, sep, named, ifemp, allow, variables
        )
        if isinstance(error, Outcome):
            return Outcome(result + error.result, error.error_offset, error.error_kind)
        result += error
        # "When the variable-list for this expression is exhausted, go back to
        # scan the template for the next expression and append literals."
        index = closing + 1


def _expand_variable_list(
    template: str,
    position: int,
    end: int,
    first: str,
    sep: str,
    named: bool,
    ifemp: str,
    allow: str,
    variables: Mapping[str, object],
) -> str | Outcome:
    """The variable-list of one expression, ``template[position:end]``."""
    out = ""
    first_done = False
    while True:
        # "For each varspec, extract a variable name and optional modifier
        # from the expression by scanning the variable-list until a character
        # not in the varname set is found or the end of the expression is
        # reached." varname = varchar *( ["."] varchar ) (§2.3).
        start = position
        if not is_varchar_start(template, position):
            return Outcome(out, position, "syntax")
        while True:
            if is_varchar_start(template, position):
                position += 3 if template[position] == "%" else 1
            elif template[position] == "." and is_varchar_start(template, position + 1):
                position += 1
            else:
                break
        varname = template[start:position]
        # modifier-level4 = prefix / explode (§2.4).
        prefix: int | None = None
        explode = False
        if template[position] == ":":
            # max-length = %x31-39 0*3DIGIT
            digits = position + 1
            while digits < end and is_digit(template[digits]):
                digits += 1
            length_text = template[position + 1 : digits]
            if not length_text or length_text[0] == "0" or len(length_text) > 4:
                return Outcome(out, position, "syntax")
            prefix = int(length_text)
            position = digits
        elif template[position] == "*":
            explode = True
            position += 1
        if position != end and template[position] != ",":
            return Outcome(out, position, "syntax")
        # "Lookup the value for the scanned variable name, and then"
        value = variables.get(varname)
        kind = kind_of(value)
        # "If the varname is unknown or corresponds to a variable with an
        # undefined value (Section 2.3), then skip to the next varspec."
        if kind != "undefined":
            if prefix is not None and kind != "string":
                # §2.4.1: "Prefix modifiers are not applicable to variables
                # that have composite values."
                return Outcome(out, start, "value")
            # "If this is the first defined variable for this expression,
            # append the first string for this expression type to the result
            # string and remember that it has been done.  Otherwise, append
            # the sep string to the result string."
            if not first_done:
                out += first
                first_done = True
            else:
                out += sep
            out += _expand_value(varname, value, kind, prefix, explode, sep, named, ifemp, allow)
        if position == end:
            return out
        position += 1  # the ","


def _expand_value(
    varname: str,
    value: object,
    kind: str,
    prefix: int | None,
    explode: bool,
    sep: str,
    named: bool,
    ifemp: str,
    allow: str,
) -> str:
    """One defined variable's expansion (the three cases of Appendix A)."""
    out = ""
    # "If this variable's value is a string, then"
    if kind == "string":
        text = as_string(value) or ""
        # "if named is true, append the varname to the result string using the
        # same encoding as for literals, and"
        if named:
            out += encode_literal(varname)
            # "if the value is empty, append the ifemp string to the result
            # string and skip to the next varspec;"
            if text == "":
                return out + ifemp
            # "otherwise, append "=" to the result string."
            out += "="
        # "if a prefix modifier is present and the prefix length is less than
        # the value string length in number of Unicode characters, append
        # that number of characters from the beginning of the value string to
        # the result string, after pct-encoding any characters that are not in
        # the allow set, while taking care not to split multi-octet or
        # pct-encoded triplet characters that represent a single Unicode code
        # point;"
        if prefix is not None and prefix < len(text):
            return out + encode(text[:prefix], allow)
        # "otherwise, append the value to the result string after pct-encoding
        # any characters that are not in the allow set."
        return out + encode(text, allow)
    # "else if no explode modifier is given, then"
    if not explode:
        # "if named is true, append the varname to the result string using the
        # same encoding as for literals, and ... otherwise, append "=" to the
        # result string; and" (a defined composite value is never empty)
        if named:
            out += encode_literal(varname) + "="
        if kind == "list":
            # "if this variable's value is a list, append each defined list
            # member to the result string, after pct-encoding any characters
            # that are not in the allow set, with a comma (",") appended to the
            # result between each defined list member;"
            out += ",".join(encode(member, allow) for member in members(value))
        else:
            # "if this variable's value is an associative array or any other
            # form of paired (name, value) structure, append each pair with a
            # defined value to the result string as "name,value", after
            # pct-encoding any characters that are not in the allow set, with a
            # comma (",") appended to the result between each defined pair."
            out += ",".join(
                encode(name, allow) + "," + encode(item, allow)
                for name, item in defined_pairs(value)
            )
        return out
    # "else if an explode modifier is given, then"
    if named:
        # "if named is true, then for each defined list member or array (name,
        # value) pair with a defined value, do:"
        entries = (
            [(varname, member) for member in members(value)]
            if kind == "list"
            else defined_pairs(value)
        )
        for number, (name, item) in enumerate(entries):
            # "if this is not the first defined member/value, append the sep
            # string to the result string;"
            if number > 0:
                out += sep
            # "if this is a list, append the varname to the result string using
            # the same encoding as for literals;" "if this is a pair, append
            # the name to the result string using the same encoding as for
            # literals;" -- read with §3.2.1, whose pairs are "name=value" with
            # both encoded by the allowed set ("{?keys*}" of {"!a": ";"} is
            # "?%21a=%3B"): a literal's encoding would keep a "!" or ";" of the
            # name, which the varname, made of varchars, never holds.
            out += encode_literal(name) if kind == "list" else encode(name, allow)
            # "if the member/value is empty, append the ifemp string to the
            # result string; otherwise, append "=" and the member/value to the
            # result string, after pct-encoding any member/value characters
            # that are not in the allow set."
            if item == "":
                out += ifemp
            else:
                out += "=" + encode(item, allow)
        return out
    # "else if named is false, then"
    if kind == "list":
        # "if this is a list, append each defined list member to the result
        # string, after pct-encoding any characters that are not in the allow
        # set, with the sep string appended to the result between each
        # defined list member."
        return sep.join(encode(member, allow) for member in members(value))
    # "if this is an array of (name, value) pairs, append each pair with a
    # defined value to the result string as "name=value", after pct-encoding
    # any characters that are not in the allow set, with the sep string
    # appended to the result between each defined pair."
    return sep.join(
        encode(name, allow) + "=" + encode(item, allow) for name, item in defined_pairs(value)
    )
