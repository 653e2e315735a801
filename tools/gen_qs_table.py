"""Write tests/data/nested/qs-interop.json: what Node's qs does with our objects and output.

Usage: ``python tools/gen_qs_table.py QS_DIR`` where QS_DIR holds ``node_modules/qs``
(for example after ``npm install qs`` in a scratch directory). Needs ``node``.

For each object the table records ``qs.stringify(obj, {arrayFormat: "indices"})``,
what ``qs.parse`` gives for that string, ``serialize_nested(obj)`` and what
``qs.parse`` gives for it. ``REPEAT_OBJECTS`` get the same with repeated names
(``arrayFormat: "repeat"`` and ``list_format="repeat"``), and each input of
``REPEAT_INPUTS`` what ``qs.parse`` gives: ``parse_nested`` must agree with
both. For each input of ``PARSE_INPUTS`` it records what ``qs.parse`` gives, so
the docs can state the differences. The tests read the table and need no Node.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
from typing import Any

from urlencoded import serialize_nested

OUT = (
    pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "nested" / "qs-interop.json"
)

# (description, object, what both parsers read back); leaves are str unless the
# row checks how an int or bool is written.
OBJECTS: list[tuple[str, Any, Any]] = [
    ("flat", {"a": "b", "c": "d"}, None),
    ("Stripe metadata", {"metadata": {"order_id": "6735"}}, None),
    (
        "Stripe line items",
        {
            "line_items": [
                {"price": "price_1", "quantity": "2"},
                {"price": "price_2", "quantity": "1"},
            ],
            "mode": "payment",
        },
        None,
    ),
    (
        "Rails nested params",
        {"user": {"name": "Ada", "address": {"city": "London", "zip": "NW1"}}},
        None,
    ),
    ("PHP list", {"a": ["1", "2", "3"]}, None),
    ("Micropub categories", {"h": "entry", "category": ["indieweb", "python"]}, None),
    ("list of lists", {"m": [["a", "b"], ["c"]]}, None),
    ("list in dict in list", {"o": [{"tags": ["x", "y"]}, {"tags": ["z"]}]}, None),
    ("five levels", {"a": {"b": {"c": {"d": {"e": {"f": "deep"}}}}}}, None),
    ("twenty items", {"l": [str(i) for i in range(20)]}, None),
    ("reserved characters", {"q": "a&b=c+d%e [f] #g ?h /i"}, None),
    ("key characters", {"k y": {"a.b": "dot", "c-d_e*": "ok", "é": "accent"}}, None),
    ("non-ASCII", {"名前": {"キー": "値 ☃ 😀"}}, None),
    ("empty values", {"e": "", "l": ["", ""], "d": {"x": ""}}, None),
    ("digits as top-level keys", {"0": "zero", "1": {"a": "one"}}, None),
    (
        "int and bool leaves",
        {"n": 42, "neg": -7, "t": True, "f": False},
        {"n": "42", "neg": "-7", "t": "true", "f": "false"},
    ),
    ("unicode keys that are not indices", {"a": {"١": "arabic-indic one"}}, None),
]

# Lists written as repeated names (checkbox groups): lists of two or more
# leaves, since a name given once reads back as a str.
REPEAT_OBJECTS: list[tuple[str, Any]] = [
    ("checkbox group beside nested names", {"user": {"name": "x"}, "interest": ["a", "b"]}),
    ("three values", {"tag": ["a", "b", "c"]}),
    ("repeated bracketed name", {"a": {"b": ["1", "2"]}}),
    ("repeated deep name", {"a": {"b": {"c": ["1", "2"]}}, "d": "3"}),
    ("empty and non-ASCII values", {"f": ["", "é ☃"], "g": ["x", ""]}),
    ("two groups interleaved in order", {"p": ["1", "2"], "q": ["3", "4"]}),
]

# Repeated names as browsers and hand-written queries send them.
REPEAT_INPUTS = [
    "user[name]=x&interest=a&interest=b",
    "a=1&a=2&a=3",
    "a=&a=x",
    "a[b]=1&a[b]=2",
    "a[b][c]=1&a[b][c]=2&a[d]=3",
    "a[0]=1&a[0]=2",
    "a=1&b=2&a=3",
]

# Names where libraries disagree; the docs and tests compare them with ours.
PARSE_INPUTS = [
    "a[b]c=1",
    "a[b=1",
    "a]b[=1",
    "[a]=1",
    "a[[b]]=1",
    "a=1&a=2",
    "a=1&a[b]=2",
    "a[0]=x&a[b]=y",
    "a[1]=b&a[15]=c",
    "a[1]=b&a[0]=c",
    "a[][b]=1&a[][c]=2",
    "a[0]=1&a[0]=2",
    "a[01]=x",
    "a[21]=x",
    "d[e][f][g][h][i][j]=1",
    "a.b=1",
]

SCRIPT = r"""
const qs = require(process.argv[1] + '/node_modules/qs');
const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const rows = input.objects.map((row) => {
  const qsString = qs.stringify(row.object, { arrayFormat: 'indices' });
  return Object.assign({}, row, {
    qs_stringify: qsString,
    qs_parse_of_qs_stringify: qs.parse(qsString),
    qs_parse_of_ours: qs.parse(row.ours),
  });
});
const repeatRows = input.repeat_objects.map((row) => {
  const qsString = qs.stringify(row.object, { arrayFormat: 'repeat' });
  return Object.assign({}, row, {
    qs_stringify: qsString,
    qs_parse_of_qs_stringify: qs.parse(qsString),
    qs_parse_of_ours: qs.parse(row.ours),
  });
});
const repeatParses = input.repeat_inputs.map((s) => ({ input: s, qs_parse: qs.parse(s) }));
const parses = input.parse_inputs.map((s) => ({ input: s, qs_parse: qs.parse(s) }));
const version = require(process.argv[1] + '/node_modules/qs/package.json').version;
process.stdout.write(JSON.stringify({ qs_version: version, node_version: process.version,
  objects: rows, repeat_objects: repeatRows, repeat_inputs: repeatParses,
  parse_inputs: parses }));
"""


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    objects = [
        {
            "description": description,
            "object": obj,
            "expected": obj if expected is None else expected,
            "ours": serialize_nested(obj),
        }
        for description, obj, expected in OBJECTS
    ]
    repeat_objects = [
        {
            "description": description,
            "object": obj,
            "expected": obj,
            "ours": serialize_nested(obj, list_format="repeat"),
        }
        for description, obj in REPEAT_OBJECTS
    ]
    request = json.dumps(
        {
            "objects": objects,
            "repeat_objects": repeat_objects,
            "repeat_inputs": REPEAT_INPUTS,
            "parse_inputs": PARSE_INPUTS,
        }
    )
    result = subprocess.run(
        ["node", "-e", SCRIPT, str(pathlib.Path(argv[1]).resolve())],
        input=request,
        capture_output=True,
        text=True,
        check=True,
    )
    table = json.loads(result.stdout)
    document = {
        "generator": "tools/gen_qs_table.py",
        "source": "https://github.com/ljharb/qs (npm package qs), run under Node.js",
        **table,
    }
    OUT.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(
        f"wrote {OUT} (qs {table['qs_version']}, {len(objects)} objects, "
        f"{len(repeat_objects)} with repeated names, {len(REPEAT_INPUTS)} repeated-name inputs)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
