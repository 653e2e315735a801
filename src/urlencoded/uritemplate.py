"""URI Template expansion, levels 1 to 4 (RFC 6570).

https://www.rfc-editor.org/rfc/rfc6570

A template such as ``/repos/{owner}/{repo}/issues{?state,labels*}`` is
expanded with variables into a URI reference. The two value encodings are
the dialects :data:`~urlencoded.dialects.URI_TEMPLATE_UNRESERVED` (simple
expansion, and every operator but ``+`` and ``#``) and
:data:`~urlencoded.dialects.URI_TEMPLATE_RESERVED` (``+`` and ``#``, and
the template's literals); this module parses the template and runs the
expansion of RFC 6570 Appendix A with them.

>>> from urlencoded.uritemplate import expand
>>> expand("/search{?q,lang}", {"q": "café au lait", "lang": None})
'/search?q=caf%C3%A9%20au%20lait'
>>> expand("{/path*}{#frag}", {"path": ["a b", "c/d"], "frag": "x/y"})
'/a%20b/c%2Fd#x/y'

.. versionadded:: 1.1
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import NamedTuple, Union

from ._core import check_value
from ._errors import URLEncodedError
from .dialects import URI_TEMPLATE_RESERVED, URI_TEMPLATE_UNRESERVED

__all__ = ["TemplateError", "Value", "expand", "variables"]

Scalar = Union[str, int, float]
#: What a variable may hold: ``None`` (undefined), a string (or a number,
#: written with :func:`str`), a list of strings, or an associative array as a
#: mapping or a list of ``(name, value)`` tuples, in that order. For
#: annotations: :func:`expand` takes any mapping of objects, as a dict of
#: mixed values is one, and checks each value it uses.
Value = Union[
    None,
    Scalar,
    Sequence[Scalar],
    Mapping[str, Union[Scalar, None]],
    Sequence[tuple[str, Union[Scalar, None]]],
]


class TemplateError(URLEncodedError, ValueError):
    """A URI Template that is malformed, or a value its expression cannot take.

    RFC 6570 §3: a template processor that meets an error "SHOULD" say where.
    :attr:`template` is the template, :attr:`offset` the index in it (in code
    points) of the character at fault, and :attr:`detail` what is wrong. A
    prefix modifier on a list or associative array (§2.4.1) is reported at
    expansion, at the offset of its variable.

    .. versionadded:: 1.1
    """

    def __init__(self, template: str, offset: int, detail: str) -> None:
        self.template = template
        self.offset = offset
        self.detail = detail
        shown = template if len(template) <= 80 else f"{template[:60]}...{template[-16:]}"
        super().__init__(f"URI Template {shown!r} at offset {offset}: {detail}")

    def __reduce__(self) -> tuple[type[TemplateError], tuple[str, int, str]]:
        return (type(self), (self.template, self.offset, self.detail))


class _Operator(NamedTuple):
    """One column of the table in RFC 6570 Appendix A."""

    first: str
    sep: str
    named: bool
    ifemp: str
    reserved: bool  # allow: U+R when true, U otherwise


# https://www.rfc-editor.org/rfc/rfc6570#appendix-A
_OPERATORS = {
    "": _Operator("", ",", False, "", False),
    "+": _Operator("", ",", False, "", True),
    ".": _Operator(".", ".", False, "", False),
    "/": _Operator("/", "/", False, "", False),
    ";": _Operator(";", ";", True, "", False),
    "?": _Operator("?", "&", True, "=", False),
    "&": _Operator("&", "&", True, "=", False),
    "#": _Operator("#", ",", False, "", True),
}
# §2.2: op-reserve, kept for future extensions.
_RESERVED_OPERATORS = "=,!@|"

# §2.1 literals: ASCII except CTL, SP, DQUOTE, "%" (outside pct-encoded),
# "<", ">", "\", "^", "`", "{", "|", "}"; and ucschar / iprivate (RFC 3987).
# "'" is a literal by erratum 6937 (verified): the ABNF left out one of RFC
# 3986's sub-delims. Runs are matched by one character class, "%" included,
# and each "%" is checked after: a class repeats in constant memory, where an
# alternation inside a repeat keeps state for every character it takes.
_LITERAL_RUN = re.compile(
    "[!#$&-;=?-\\[\\]_a-z~%"
    "\u00a0-\ud7ff\ue000-\ufdcf\ufdf0-\uffef"
    + "".join(f"\\U{plane:04X}0000-\\U{plane:04X}FFFD" for plane in range(1, 14))
    + "\\U000E1000-\\U000EFFFD\\U000F0000-\\U000FFFFD\\U00100000-\\U0010FFFD"
    "]+"
)
# A "%" that starts no pct-encoded triplet (searched within a run, whose end it
# does not look past).
_LONE_PERCENT = re.compile("%(?![0-9A-Fa-f]{2})")
# §2.3 varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" /
# pct-encoded: the run of those characters, checked as the literals are.
_VARNAME_RUN = re.compile("[A-Za-z0-9_.%]*")
_DIGITS = re.compile("[0-9]*")


class _VarSpec(NamedTuple):
    name: str
    prefix: int | None
    explode: bool
    offset: int
    end: int


class _Expression(NamedTuple):
    operator: _Operator
    varspecs: tuple[_VarSpec, ...]


_Part = Union[str, _Expression]


def _literal_error(template: str, offset: int) -> TemplateError:
    char = template[offset]
    if char == "}":
        return TemplateError(template, offset, "'}' without an expression to close")
    if char == "%":
        return TemplateError(template, offset, "'%' not followed by two hex digits")
    return TemplateError(
        template, offset, f"{char!r} is not allowed in a template literal (RFC 6570 §2.1)"
    )


@lru_cache(maxsize=256)
def _compile(template: str) -> tuple[_Part, ...]:
    """The template as encoded literals and parsed expressions (RFC 6570 §2)."""
    parts: list[_Part] = []
    position = 0
    end = len(template)
    while position < end:
        if template[position] == "{":
            close = template.find("}", position + 1)
            if close == -1:
                raise TemplateError(template, position, "'{' without a closing '}'")
            parts.append(_expression(template, position + 1, close))
            position = close + 1
            continue
        run = _LITERAL_RUN.match(template, position)
        run_end = position if run is None else run.end()
        lone_percent = _LONE_PERCENT.search(template, position, run_end)
        if lone_percent is not None:
            run_end = lone_percent.start()
        if run_end == position:
            raise _literal_error(template, position)
        # §3.1: literals pass reserved, unreserved and pct-encoded as they
        # are, and pct-encode ucschar and iprivate as UTF-8.
        parts.append(URI_TEMPLATE_RESERVED.encode(template[position:run_end]))
        position = run_end
    return tuple(parts)


def _expression(template: str, start: int, end: int) -> _Expression:
    """Parse ``template[start:end]``, the inside of one expression (§2.2-2.4)."""
    if start == end:
        raise TemplateError(template, start - 1, "empty expression '{}'")
    operator = template[start]
    if operator in _OPERATORS:
        start += 1
    elif operator in _RESERVED_OPERATORS:
        raise TemplateError(
            template, start, f"operator {operator!r} is reserved for future extensions"
        )
    else:
        operator = ""
    varspecs = []
    position = start
    while True:
        varspec = _varspec(template, position, end)
        varspecs.append(varspec)
        position = varspec.end
        if position == end:
            return _Expression(_OPERATORS[operator], tuple(varspecs))
        if template[position] != ",":
            raise TemplateError(template, position, _varspec_detail(template, varspec))
        position += 1


def _varname_end(template: str, start: int, end: int) -> int:
    """The end of the varname at *start* (§2.3): *start* itself when there is none.

    The longest prefix of the run of name characters with no ".." and no "%"
    outside a triplet, that does not end with ".".
    """
    run_end = _VARNAME_RUN.match(template, start, end).end()  # type: ignore[union-attr]
    if run_end == start or template[start] == ".":
        return start
    name_end = run_end
    double_dot = template.find("..", start, run_end)
    if double_dot != -1:
        name_end = double_dot
    lone_percent = _LONE_PERCENT.search(template, start, name_end)
    if lone_percent is not None:
        name_end = lone_percent.start()
    if name_end > start and template[name_end - 1] == ".":
        name_end -= 1
    return name_end


def _varspec(template: str, start: int, end: int) -> _VarSpec:
    """The varspec at ``template[start:]``, up to *end* at most (§2.3, §2.4)."""
    name_end = _varname_end(template, start, end)
    if name_end == start:
        raise TemplateError(template, start, "expected a variable name")
    name = template[start:name_end]
    # modifier-level4 = prefix / explode; prefix = ":" max-length, max-length = %x31-39 0*3DIGIT
    if name_end < end and template[name_end] == ":":
        digits_end = _DIGITS.match(template, name_end + 1, end).end()  # type: ignore[union-attr]
        digits = template[name_end + 1 : digits_end]
        if 1 <= len(digits) <= 4 and digits[0] != "0":
            return _VarSpec(name, int(digits), False, start, digits_end)
    elif name_end < end and template[name_end] == "*":
        return _VarSpec(name, None, True, start, name_end + 1)
    return _VarSpec(name, None, False, start, name_end)


def _varspec_detail(template: str, varspec: _VarSpec) -> str:
    char = template[varspec.end]
    if char == ":" and not varspec.explode and varspec.prefix is None:
        return "':' must be followed by a prefix length from 1 to 9999"
    if varspec.prefix is not None and char == "*":
        return "a variable takes a prefix or an explode modifier, not both"
    return f"{char!r} cannot follow a variable name"


def variables(template: str) -> list[str]:
    """The names of the variables *template* uses, in order, each once.

    https://www.rfc-editor.org/rfc/rfc6570#section-2.3

    :param template: a URI Template.
    :returns: the variable names, as written (``"last.name"``, ``"Stra%C3%9Fe"``).
    :raises TypeError: if *template* is not a str.
    :raises TemplateError: if *template* is malformed.

    >>> variables("/users/{user}/repos{?page,per_page}{&page}")
    ['user', 'page', 'per_page']

    .. versionadded:: 1.1
    """
    names: dict[str, None] = {}
    for part in _compile(_check_template(template)):
        if isinstance(part, _Expression):
            names.update(dict.fromkeys(varspec.name for varspec in part.varspecs))
    return list(names)


def _check_template(template: object) -> str:
    if not isinstance(template, str):
        raise TypeError(f"a URI Template is a str, not {type(template).__name__}")
    return template


def expand(template: str, variables: Mapping[str, object]) -> str:
    """Expand a URI Template with *variables* (RFC 6570, levels 1 to 4).

    https://www.rfc-editor.org/rfc/rfc6570#section-3 (the algorithm of
    Appendix A)

    Every operator (``+ # . / ; ? &``) and both modifiers (``:n`` and ``*``)
    work. A value follows the library's rule for values: a str, an int or a
    float (written as Python writes them, ``2`` and ``0.5``), never a bool
    (its text differs between Python and JavaScript); a list or tuple of
    those; or an associative array: a mapping, or a list of ``(name,
    value)`` tuples, expanded in its order. ``None``, a missing name, an
    empty list, and an associative array with no defined value are
    undefined (§2.3) and expand to nothing, not even the operator's prefix;
    an empty string is defined (``{?x}`` gives ``?x=``). An exploded pair's
    name is encoded with the operator's allowed set, as its value is
    (``{?keys*}`` of ``{"!a": ";"}`` gives ``?%21a=%3B``). Literals are
    copied, except non-ASCII characters, which are percent-encoded as UTF-8
    (§3.1). Lone surrogates in values become U+FFFD.

    :param template: a URI Template.
    :param variables: the values, by variable name.
    :returns: the URI reference.
    :raises TypeError: if *template* is not a str, *variables* is not a
        mapping, or a value has a type listed nowhere above, a bool among
        them, or a list holds ``None`` (the message names the variable).
    :raises TemplateError: if *template* is malformed, a prefix modifier
        meets a list or associative array (§2.4.1), or a number has no text
        (``nan``, ``inf``, or an int of more digits than
        :func:`sys.get_int_max_str_digits` lets Python write), at the
        offset of its variable.

    >>> expand("{/list*}{?keys*}", {"list": ["red", "green"], "keys": {"a": "1", "b": ""}})
    '/red/green?a=1&b='
    >>> expand("{var:3}{+path}", {"var": "value", "path": "/a b"})
    'val/a%20b'

    .. versionadded:: 1.1
    """
    parts = _compile(_check_template(template))
    if not isinstance(variables, Mapping):
        raise TypeError(f"variables must be a mapping, not {type(variables).__name__}")
    result = []
    for part in parts:
        if isinstance(part, str):
            result.append(part)
        else:
            result.append(_expand_expression(template, part, variables))
    return "".join(result)


def _expand_expression(template: str, expression: _Expression, values: Mapping[str, object]) -> str:
    """RFC 6570 Appendix A, for one expression."""
    operator = expression.operator
    encode = URI_TEMPLATE_RESERVED.encode if operator.reserved else URI_TEMPLATE_UNRESERVED.encode
    literal = URI_TEMPLATE_RESERVED.encode
    pieces: list[str] = []
    for varspec in expression.varspecs:
        name = varspec.name
        try:
            value = _defined(name, values.get(name))
        except ValueError as error:
            # check_value's refusal of a number that has no text (nan, or an
            # int of more digits than Python writes) is the value's error here.
            raise TemplateError(template, varspec.offset, str(error)) from None
        # An undefined variable is skipped.
        if value is None:
            continue
        # The first defined variable gets "first", the others "sep".
        pieces.append(operator.sep if pieces else operator.first)
        if isinstance(value, str):
            if operator.named:
                pieces.append(literal(name))
                if not value:
                    pieces.append(operator.ifemp)
                    continue
                pieces.append("=")
            if varspec.prefix is not None:
                value = value[: varspec.prefix]
            pieces.append(encode(value))
            continue
        if varspec.prefix is not None:
            raise TemplateError(
                template,
                varspec.offset,
                f"a prefix modifier does not apply to {name!r}, which holds a "
                f"{'list' if isinstance(value, tuple) else 'associative array'} (§2.4.1)",
            )
        if not varspec.explode:
            if operator.named:
                pieces.append(literal(name) + "=")
            if isinstance(value, tuple):
                pieces.append(",".join(map(encode, value)))
            else:
                pieces.append(",".join(f"{encode(key)},{encode(item)}" for key, item in value))
        elif operator.named:
            # A list member is named by the varname, written as literals are;
            # a pair by its name, encoded with the allowed set as its value
            # (§3.2.1: "name=value" pairs; RFC 6570 Appendix A writes the name
            # as a literal, which would leave "!" or ";" of a name as they are).
            if isinstance(value, tuple):
                members = [(literal(name), encode(item)) for item in value]
            else:
                members = [(encode(key), encode(item)) for key, item in value]
            pieces.append(
                operator.sep.join(
                    f"{key}={item}" if item else f"{key}{operator.ifemp}" for key, item in members
                )
            )
        elif isinstance(value, tuple):
            pieces.append(operator.sep.join(map(encode, value)))
        else:
            pieces.append(operator.sep.join(f"{encode(key)}={encode(item)}" for key, item in value))
    return "".join(pieces)


def _scalar(name: str, value: object, what: str) -> str | None:
    """A string value, or None for a value that is not a string or a number.

    :raises TypeError: for a bool, by the library's rule for values (the text
        of ``True`` differs between Python and JavaScript).
    :raises ValueError: for a number that has no text (``nan``, an int too long).
    """
    if isinstance(value, (str, int, float)):
        return check_value(value, f"variable {name!r}{what}", str_only=True)
    return None


# A defined value: a string, a list (a tuple of its members) or an associative
# array (a list of its pairs with a defined value).
_Defined = Union[str, tuple[str, ...], list[tuple[str, str]]]


def _defined(name: str, value: object) -> _Defined | None:
    """The value as a str, list members or defined pairs; None when undefined (RFC 6570 §2.3)."""
    if value is None:
        return None
    scalar = _scalar(name, value, "")
    if scalar is not None:
        return scalar
    if isinstance(value, Mapping):
        pairs = list(value.items())
    elif isinstance(value, (list, tuple)):
        if not value:
            return None
        if not all(isinstance(item, tuple) for item in value):
            members = []
            for index, item in enumerate(value):
                if item is None:
                    raise _value_error(
                        name, value, f"member {index} is None: a list holds no undefined members"
                    )
                member = _scalar(name, item, f" member {index}")
                if member is None:
                    raise _value_error(name, value, "a list holds strings and numbers only")
                members.append(member)
            return tuple(members)
        pairs = list(value)
        if not all(len(pair) == 2 for pair in pairs):
            raise _value_error(name, value, "pairs are (name, value) tuples")
    else:
        raise _value_error(name, value, "expected a str, a number, a list or a mapping")
    defined = []
    for key, item in pairs:
        if not isinstance(key, str):
            raise _value_error(name, value, "its names must be str")
        if item is None:
            continue  # a name with an undefined value
        scalar = _scalar(name, item, f" at {key!r}")
        if scalar is None:
            raise _value_error(name, value, "its values must be str, numbers or None")
        defined.append((key, scalar))
    return defined or None


def _value_error(name: str, value: object, detail: str) -> TypeError:
    return TypeError(
        f"variable {name!r} holds a {type(value).__name__} that URI Templates cannot expand: "
        f"{detail}"
    )
