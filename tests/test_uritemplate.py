"""Tests for urlencoded.uritemplate: RFC 6570 expansion, levels 1 to 4.

https://www.rfc-editor.org/rfc/rfc6570

The uri-templates test suite (vendored in tests/uritemplate-test/, see its
README) runs in full; a hypothesis property holds :func:`expand` to the
transcription of Appendix A in tests/reference_uritemplate.py.
"""

from __future__ import annotations

import itertools
import json
import pathlib
import pickle
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urlencoded
from tests import reference_uritemplate as reference
from urlencoded.dialects import URI_TEMPLATE_RESERVED, URI_TEMPLATE_UNRESERVED
from urlencoded.uritemplate import TemplateError, expand, variables

SUITE = pathlib.Path(__file__).parent / "uritemplate-test"
SUITE_FILES = [
    "spec-examples.json",
    "spec-examples-by-section.json",
    "extended-tests.json",
    "negative-tests.json",
]
# Valid RFC 6570 templates that the vendored negative-tests.json lists as
# failures; the suite's later versions dropped them (see its README).
NOT_NEGATIVE = {"/vars/:var": "/vars/:var"}


def _suite_cases() -> Iterator[Any]:
    for name in SUITE_FILES:
        groups = json.loads((SUITE / name).read_text(encoding="utf-8"))
        for group, body in groups.items():
            for number, (template, expected) in enumerate(body["testcases"]):
                yield pytest.param(
                    template, body["variables"], expected, id=f"{name}:{group}:{number}"
                )


SUITE_CASES = list(_suite_cases())


def _orderings(values: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """*values* with the members of each JSON object in every order.

    JSON objects are unordered (RFC 8259 §4), so the suite's expected strings
    may list an associative array's pairs in any order; expand() keeps the
    order it is given.
    """
    objects = [name for name, value in values.items() if isinstance(value, dict) and value]
    choices = [list(itertools.permutations(values[name].items())) for name in objects]
    for picked in itertools.product(*choices):
        ordered = dict(values)
        for name, items in zip(objects, picked):
            ordered[name] = dict(items)
        yield ordered


def test_suite_is_complete() -> None:
    """The four vendored files hold the suite's cases, a few hundred of them."""
    assert len(SUITE_CASES) == 241


@pytest.mark.parametrize(("template", "values", "expected"), SUITE_CASES)
def test_uritemplate_suite(template: str, values: dict[str, Any], expected: Any) -> None:
    """Each case of the uri-templates suite: the expansion, or a TemplateError for false."""
    if expected is False and template not in NOT_NEGATIVE:
        with pytest.raises(TemplateError):
            expand(template, values)
        return
    accepted = (
        [NOT_NEGATIVE[template]]
        if expected is False
        else expected
        if isinstance(expected, list)
        else [expected]
    )
    expansions = {expand(template, ordered) for ordered in _orderings(values)}
    assert expansions & set(accepted), (expansions, accepted)


def test_not_negative_cases_are_valid_templates() -> None:
    """The excepted cases are valid by RFC 6570's grammar: the transcription expands them."""
    for template, expansion in NOT_NEGATIVE.items():
        assert reference.expand(template, {}) == (expansion, None, None)


@pytest.mark.parametrize(
    "template",
    [
        "{with space}",
        "{ leading_space}",
        "{trailing_space }",
        "/people/{~thing}",
        "/{default-graph-uri}",
        "/sparql{?query,default-graph-uri}",
        "/sparql{?query){&default-graph-uri*}",
        "/resolution{?x, y}",
    ],
)
def test_later_suite_negative_cases(template: str) -> None:
    """The failure cases that later versions of negative-tests.json add are errors too."""
    with pytest.raises(TemplateError):
        expand(template, {"query": "q", "x": "1", "y": "2", "thing": "t"})


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
        ("it's", 2, "not allowed"),
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
