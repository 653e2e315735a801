"""Tests for urlencoded.uritemplate: RFC 6570 expansion, levels 1 to 4.

https://www.rfc-editor.org/rfc/rfc6570

The uri-templates test suite (vendored in tests/uritemplate-test/, see its
README) runs in full; a hypothesis property holds :func:`expand` to the
transcription of Appendix A in tests/reference_uritemplate.py.
"""

from __future__ import annotations

import json
import pathlib
import pickle
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urlencoded
from tests import reference_uritemplate as reference
from tests.peak_rss import peak_growth
from urlencoded.dialects import URI_TEMPLATE_RESERVED, URI_TEMPLATE_UNRESERVED
from urlencoded.uritemplate import TemplateError, expand, variables

SUITE = pathlib.Path(__file__).parent / "uritemplate-test"
SUITE_FILES = [
    "spec-examples.json",
    "spec-examples-by-section.json",
    "extended-tests.json",
    "negative-tests.json",
]


def _suite_cases() -> Iterator[Any]:
    for name in SUITE_FILES:
        groups = json.loads((SUITE / name).read_text(encoding="utf-8"))
        for group, body in groups.items():
            for number, (template, expected) in enumerate(body["testcases"]):
                yield pytest.param(
                    template, body["variables"], expected, id=f"{name}:{group}:{number}"
                )


SUITE_CASES = list(_suite_cases())


def test_suite_is_complete() -> None:
    """The four vendored files hold the suite's cases: 64, 117, 53 and 36 of them."""
    assert len(SUITE_CASES) == 64 + 117 + 53 + 36


@pytest.mark.parametrize(("template", "values", "expected"), SUITE_CASES)
def test_uritemplate_suite(template: str, values: dict[str, Any], expected: Any) -> None:
    """Each case of the uri-templates suite: the expansion, or a TemplateError for false.

    A list of expected strings accepts any of them (the suite lists every
    order of an associative array's members); expand() keeps the order of
    the JSON object as the file writes it.
    """
    if expected is False:
        with pytest.raises(TemplateError):
            expand(template, values)
        return
    assert expand(template, values) in (expected if isinstance(expected, list) else [expected])


@pytest.mark.parametrize(("template", "values", "expected"), SUITE_CASES)
def test_transcription_passes_the_suite(
    template: str, values: dict[str, Any], expected: Any
) -> None:
    """The Appendix A transcription the properties compare with passes the suite too."""
    outcome = reference.expand(template, values)
    if expected is False:
        assert outcome.error_kind is not None
    else:
        assert outcome.error_kind is None
        assert outcome.result in (expected if isinstance(expected, list) else [expected])


# --- the RFC's own examples, read from its text ------------------------------------------

RFC_VARIABLES: dict[str, Any] = {
    "count": ["one", "two", "three"],
    "dom": ["example", "com"],
    "dub": "me/too",
    "hello": "Hello World!",
    "half": "50%",
    "var": "value",
    "who": "fred",
    "base": "http://example.com/home/",
    "path": "/foo/bar",
    "list": ["red", "green", "blue"],
    "keys": [("semi", ";"), ("dot", "."), ("comma", ",")],
    "v": "6",
    "x": "1024",
    "y": "768",
    "empty": "",
    "empty_keys": [],
    "undef": None,
}


@pytest.mark.parametrize(
    ("template", "expansion"),
    [
        ("{keys}", "semi,%3B,dot,.,comma,%2C"),
        ("{keys*}", "semi=%3B,dot=.,comma=%2C"),
        ("X{.keys*}", "X.semi=%3B.dot=..comma=%2C"),
        ("{;keys*}", ";semi=%3B;dot=.;comma=%2C"),
        ("{?keys*}", "?semi=%3B&dot=.&comma=%2C"),
        ("{+keys*}", "semi=;,dot=.,comma=,"),
        ("X{.empty_keys}", "X"),
        ("{/list*,path:4}", "/red/green/blue/%2Ffoo"),
        ("{;v,bar,who}", ";v=6;who=fred"),
    ],
)
def test_rfc_examples_with_ordered_pairs(template: str, expansion: str) -> None:
    """§3.2's examples with "keys" as the RFC orders it, given as a list of pairs."""
    assert expand(template, RFC_VARIABLES) == expansion


# --- values ----------------------------------------------------------------------------


def test_undefined_values_expand_to_nothing() -> None:
    """None, a missing name, [] and a mapping of only None are undefined: no prefix either."""
    values: dict[str, Any] = {"none": None, "list": [], "pairs": {"a": None}, "map": {}}
    for name in ["none", "missing", "list", "pairs", "map"]:
        assert expand(f"x{{?{name}}}{{/{name}*}}{{#{name}}}", values) == "x"


def test_empty_string_is_defined() -> None:
    """An empty string still gets the operator's prefix and ifemp (§3.2.1)."""
    assert expand("{?e}{;e}{.e}{#e}", {"e": ""}) == "?e=;e.#"


def test_pairs_with_undefined_values_are_skipped() -> None:
    """A pair whose value is None is left out of every form of the array."""
    values = {"keys": {"a": "1", "b": None, "c": ""}}
    assert expand("{keys}/{keys*}/{?keys*}/{;keys*}", values) == "a,1,c,/a=1,c=/?a=1&c=/;a=1;c"


def test_numbers_are_written_with_str() -> None:
    """An int or a float is its str(); a bool is refused."""
    assert expand("{?n,f}", {"n": 6, "f": -122.427}) == "?n=6&f=-122.427"
    assert expand("{list}", {"list": [1, 2.5]}) == "1,2.5"
    with pytest.raises(TypeError, match="'flag'"):
        expand("{flag}", {"flag": True})


@pytest.mark.parametrize(
    "values",
    [{"v": True}, {"v": ["a", False]}, {"v": {"k": True}}, {"v": [("k", False)]}],
    ids=["scalar", "list member", "mapping value", "pair value"],
)
def test_bool_is_refused_with_the_reason(values: dict[str, Any]) -> None:
    """A bool anywhere in a value is a TypeError saying its text is ambiguous (the values rule)."""
    with pytest.raises(TypeError, match=r"'v'.*text differs between Python"):
        expand("{?v}", values)


def test_none_in_a_list_is_a_type_error() -> None:
    """None is undefined as a value or a pair's value, but a list member cannot be undefined."""
    with pytest.raises(TypeError, match=r"'v'.*member 1"):
        expand("{v}", {"v": ["a", None]})
    assert expand("{v}", {"v": None}) == ""


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (10**5000, "digits"),
        ([1, 10**5000], "digits"),
        ({"k": 10**5000}, "digits"),
        (float("nan"), "finite"),
        (float("inf"), "finite"),
    ],
    ids=["long int", "long int member", "long int pair value", "nan", "inf"],
)
def test_numbers_without_text_are_template_errors(value: object, words: str) -> None:
    """An int too long for Python to write, or nan/inf, is a TemplateError at its variable."""
    with pytest.raises(TemplateError, match=words) as info:
        expand("/{a}{?x}", {"a": "1", "x": value})
    assert info.value.offset == 6


def test_int_subclass_is_its_number() -> None:
    """An IntEnum member is written as its number, as the values rule writes ints."""
    import enum

    class Size(enum.IntEnum):
        LARGE = 3

    assert expand("{s}{?s}", {"s": Size.LARGE}) == "3?s=3"


@pytest.mark.parametrize(
    ("template", "expansion"),
    [
        ("{?keys*}", "?%21a=%3B&b%2Cc=%26"),
        ("{&keys*}", "&%21a=%3B&b%2Cc=%26"),
        ("{;keys*}", ";%21a=%3B;b%2Cc=%26"),
        ("{keys*}", "%21a=%3B,b%2Cc=%26"),
        ("{+keys*}", "!a=;,b,c=&"),
        ("{?keys}", "?keys=%21a,%3B,b%2Cc,%26"),
    ],
)
def test_pair_names_are_encoded_with_the_allowed_set(template: str, expansion: str) -> None:
    """An exploded pair's name is encoded as its value is (§3.2.1), not as a literal."""
    values = {"keys": {"!a": ";", "b,c": "&"}}
    assert expand(template, values) == expansion
    assert reference.expand(template, values).result == expansion


def test_apostrophe_is_a_literal() -> None:
    """ "'" is a literal character (RFC 6570 erratum 6937: a sub-delim the ABNF left out)."""
    assert expand("'{x}'", {"x": "a'b"}) == "'a%27b'"
    assert expand("{+x}", {"x": "a'b"}) == "a'b"


def test_list_of_pairs_keeps_order() -> None:
    """A list of (name, value) tuples is an associative array in that order."""
    values = {"q": [("z", "1"), ("a", "2")]}
    assert expand("{?q*}", values) == "?z=1&a=2"
    assert expand("{?q}", values) == "?q=z,1,a,2"


@pytest.mark.parametrize(
    "value",
    [b"bytes", object(), ["a", ["nested"]], ["a", ("x", "y")], [("a",)], {1: "x"}, {"a": []}],
)
def test_values_of_other_types_raise_type_error(value: object) -> None:
    """A value that is no string, number, list or associative array raises TypeError."""
    with pytest.raises(TypeError, match="'v'"):
        expand("{v}", {"v": value})


def test_wrong_argument_types() -> None:
    """A template that is not a str, or variables that are not a mapping, raise TypeError."""
    with pytest.raises(TypeError):
        expand(b"{x}", {})  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        expand("{x}", [("x", "1")])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        variables(None)  # type: ignore[arg-type]


def test_prefix_counts_code_points() -> None:
    """A prefix takes Unicode characters, never half of a character's UTF-8 octets."""
    assert expand("{w:2}", {"w": "日本語"}) == "%E6%97%A5%E6%9C%AC"
    assert expand("{w:9999}", {"w": "ab"}) == "ab"


def test_reserved_expansion_keeps_only_whole_escapes() -> None:
    """{+x} keeps "%2F" but escapes a "%" that starts no triplet (§3.2.3)."""
    assert expand("{+x}", {"x": "%2F%zz%4"}) == "%2F%25zz%254"


def test_lone_surrogates_become_replacement_characters() -> None:
    """A lone surrogate in a value is expanded as U+FFFD."""
    assert expand("{x}", {"x": "a\ud800"}) == "a%EF%BF%BD"


def test_literals_are_encoded() -> None:
    """Reserved characters and triplets in literals stay; non-ASCII is UTF-8 pct-encoded (§3.1)."""
    assert expand("/caf\u00e9/%7e;a=b?c#d", {}) == "/caf%C3%A9/%7e;a=b?c#d"


# --- errors ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("template", "offset", "words"),
    [
        ("/a/{b", 3, "closing"),
        ("/a}", 2, "'}'"),
        ("a b", 1, "not allowed"),
        ('it"s', 2, "not allowed"),
        ("100%", 3, "'%'"),
        ("x{}", 1, "empty"),
        ("{!x}", 1, "reserved"),
        ("{x,}", 3, "variable name"),
        ("{x:0}", 2, "prefix length"),
        ("{x:10000}", 2, "prefix length"),
        ("{x:2*}", 4, "not both"),
        ("{x..y}", 2, "cannot follow"),
        ("{%4x}", 1, "variable name"),
    ],
)
def test_template_error_names_the_offset(template: str, offset: int, words: str) -> None:
    """A malformed template raises TemplateError at the character at fault (§3)."""
    with pytest.raises(TemplateError) as info:
        expand(template, {"x": "1"})
    error = info.value
    assert (error.offset, error.template) == (offset, template)
    assert words in error.detail
    assert f"offset {offset}" in str(error)
    assert reference.expand(template, {"x": "1"}).error_offset == offset


def test_prefix_on_composite_value() -> None:
    """A prefix modifier on a list or associative array is an error at its variable (§2.4.1)."""
    with pytest.raises(TemplateError) as info:
        expand("{a}{+keys:1}", {"a": "x", "keys": {"k": "v"}})
    assert info.value.offset == 5
    with pytest.raises(TemplateError, match="list"):
        expand("{list:1}", {"list": ["a"]})
    assert expand("{list:1}", {"list": []}) == ""


def test_template_error_is_a_library_value_error() -> None:
    """TemplateError is a ValueError and a URLEncodedError, and pickles."""
    error = TemplateError("{", 0, "'{' without a closing '}'")
    assert isinstance(error, ValueError)
    assert isinstance(error, urlencoded.URLEncodedError)
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.template, copy.offset, copy.detail, str(copy)) == (
        error.template,
        error.offset,
        error.detail,
        str(error),
    )


def test_variables_lists_names_in_order_once() -> None:
    """variables() gives each name once, in order of first use, as written."""
    template = "{/id*}{?fields,first_name,last.name,token}{&id}/{Stra%C3%9Fe}"
    assert variables(template) == [
        "id",
        "fields",
        "first_name",
        "last.name",
        "token",
        "Stra%C3%9Fe",
    ]
    assert variables("/no/expressions") == []
    with pytest.raises(TemplateError):
        variables("{a")


def test_encodings_are_the_template_dialects() -> None:
    """{x} and {+x} expand a string exactly as the two URI Template dialects encode it."""
    text = "a b/c%2F?é~"
    assert expand("{x}", {"x": text}) == URI_TEMPLATE_UNRESERVED.encode(text)
    assert expand("{+x}", {"x": text}) == URI_TEMPLATE_RESERVED.encode(text)


# --- agreement with the Appendix A transcription ---------------------------------------

names = st.sampled_from(["a", "b", "c.d", "%41", "x_1"])
scalars = st.one_of(
    st.text(
        st.sampled_from(list("aZ09-._~ /?#[]@!$&'()*+,;=%\"<>{}é日\U0001f600\x00")), max_size=6
    ),
    st.integers(min_value=-5, max_value=500),
)
values = st.one_of(
    st.none(),
    scalars,
    st.lists(scalars, max_size=3),
    st.dictionaries(
        st.text(st.sampled_from(list("ab /%é")), max_size=3),
        st.one_of(st.none(), scalars),
        max_size=3,
    ),
    st.lists(st.tuples(st.text(st.sampled_from(list("xy;")), max_size=2), scalars), max_size=3),
)
# Mostly well-formed pieces, with a few malformed ones among them.
literal_pieces = st.sampled_from(["/", "x", "?", "&", "=", ",", "%2f", "é", "\U000e1000"])
malformed_pieces = st.sampled_from([" ", "'", "}", "{", "{}", "%", "%4", "\ufffe", "\U000e0001"])
operators = st.sampled_from(["", "+", "#", ".", "/", ";", "?", "&"] * 3 + ["!", "="])
# sampled_from picks each entry alike: the repeats weight the well-formed ones.
modifiers = st.sampled_from(["", "", "*", ":1", ":3", ":9999"] * 4 + [":0", ":10000", ":2*"])
expressions = st.builds(
    lambda op, specs: "{" + op + ",".join(specs) + "}",
    operators,
    # A lambda, not str.__add__: Hypothesis reads the code of the functions it describes,
    # and PyPy's built-in functions have no co_code.
    st.lists(
        st.builds(lambda name, modifier: name + modifier, names, modifiers), min_size=1, max_size=3
    ),
)
template_pieces = st.sampled_from(range(10)).flatmap(
    lambda pick: literal_pieces if pick < 3 else expressions if pick < 9 else malformed_pieces
)
templates = st.lists(template_pieces, max_size=6).map("".join)


@given(
    template=templates,
    values=st.fixed_dictionaries(dict.fromkeys(["a", "b", "c.d", "%41", "x_1"], values)),
)
def test_expand_agrees_with_appendix_a(template: str, values: dict[str, Any]) -> None:
    """expand() gives the transcription's result, and raises where it reports an error."""
    outcome = reference.expand(template, values)
    if outcome.error_kind is None:
        assert expand(template, values) == outcome.result
        return
    with pytest.raises(TemplateError) as info:
        expand(template, values)
    if outcome.error_kind == "syntax" or "§2.4.1" in info.value.detail:
        assert info.value.offset == outcome.error_offset
    else:
        # expand() checks the whole template before it expands anything, so a
        # malformed part after a prefix on a composite value is reported.
        assert outcome.error_offset is not None
        assert info.value.offset > outcome.error_offset


@given(template=templates)
def test_variables_agree_with_appendix_a(template: str) -> None:
    """variables() raises exactly for templates the transcription finds malformed."""
    outcome = reference.expand(template, {})
    if outcome.error_kind is None:
        names_used = variables(template)
        assert len(names_used) == len(set(names_used))
        assert all(f"{name}" in template for name in names_used)
    else:
        with pytest.raises(TemplateError):
            variables(template)


def test_typical_calls_type_check() -> None:
    """Mixed values in one literal type-check (mypy --strict runs over this file) and expand."""
    values = {"a": "x", "b": ["y", 1], "c": {"k": None, "n": 2.5}, "d": [("p", "q")]}
    assert expand("{a}{/b*}{?c*}{;d*}", values) == "x/y/1?n=2.5;p=q"
    assert expand("{a}", {"a": 7}) == "7"


# --- keys that hold reserved characters ------------------------------------------------

reserved_keys = st.lists(
    st.sampled_from([*":/?#[]@!$&'()*+,;=%", "%41", "a", "é", " "]), max_size=4
).map("".join)
keyed_values = st.one_of(
    st.dictionaries(reserved_keys, st.one_of(st.none(), scalars), min_size=1, max_size=3),
    st.lists(st.tuples(reserved_keys, scalars), min_size=1, max_size=3),
)


@given(
    operator=st.sampled_from(["", "+", "#", ".", "/", ";", "?", "&"]),
    modifier=st.sampled_from(["", "*"]),
    value=keyed_values,
)
def test_reserved_keys_agree_with_appendix_a(operator: str, modifier: str, value: Any) -> None:
    """An associative array whose names hold reserved characters expands as the transcription."""
    template = f"{{{operator}keys{modifier}}}"
    outcome = reference.expand(template, {"keys": value})
    assert outcome.error_kind is None
    assert expand(template, {"keys": value}) == outcome.result


# --- memory on long input ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("template", "statement"),
    [
        ('"a" * 4194304', "expand(template, {})"),
        ('"a" * 4194304', "variables(template)"),
        ('"a" * 4194303 + " "', "expand(template, {})"),
        ('"{" + "a" * 4194304 + "}"', "expand(template, {})"),
        ('"{" + "a." * 2097152 + "}"', "variables(template)"),
        ('"{" + "%41" * 1398101 + "}"', "variables(template)"),
        ('"{x:" + "1" * 4194304 + "}"', "variables(template)"),
        ('"/" * 4194304', "expand(template, {})"),
    ],
    ids=[
        "letters",
        "letters, variables",
        "letters then a space",
        "a long name",
        "a name of dots",
        "a name of escapes",
        "a long prefix",
        "slashes",
    ],
)
def test_memory_on_4_mb_stays_bounded(template: str, statement: str) -> None:
    """A 4 MiB template is parsed in linear passes: its peak memory grows by under 200 MiB.

    Literals and names were matched by regexes whose repeated alternation kept
    state for every character (484 MiB on 4 MiB of letters).
    """
    growth = peak_growth(
        f"from urlencoded.uritemplate import TemplateError, expand, variables\n"
        f"template = {template}",
        f"try:\n    {statement}\nexcept TemplateError:\n    pass",
    )
    assert growth < 200 * 1024 * 1024
