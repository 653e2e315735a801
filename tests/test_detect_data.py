"""The plausibility data: generated from the CLDR extract, and what it holds."""

from __future__ import annotations

import importlib.util
import math
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from urlencoded._html import _plausibility_data as data

ROOT = Path(__file__).resolve().parent.parent


def generator() -> ModuleType:
    """tools/gen_plausibility.py, imported as a module."""
    path = ROOT / "tools" / "gen_plausibility.py"
    spec = importlib.util.spec_from_file_location("gen_plausibility", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_data_module_is_current() -> None:
    """_plausibility_data.py is what tools/gen_plausibility.py generates from the extract."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gen_plausibility.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_parse_unicode_set() -> None:
    """CLDR sets: characters, ranges and escapes are kept, sequences in braces left out."""
    parse = generator().parse_unicode_set
    assert parse(r"[a ą b {ch} d-f \u0041 \-]") == ["a", "ą", "b", "d", "e", "f", "A", "-"]
    assert parse("[々 ゝヽ]") == ["々", "ゝ", "ヽ"]


def test_letter_costs_are_frequencies() -> None:
    """A letter counted more often costs less, and the smoothed frequencies sum to one."""
    costs = generator().letter_costs({"a": 9, "b": 3, "c": 0})
    assert costs["a"] < costs["b"] < costs["c"]
    assert math.isclose(sum(math.exp(-cost / 10) for cost in costs.values()), 1, rel_tol=0.05)


def test_everyday_characters() -> None:
    """The everyday sets hold the kana and the commonest ideographs of each language."""
    assert {"あ", "ア", "日", "本"} <= set(data.EVERYDAY["Japanese"])
    assert {"们", "国"} <= set(data.EVERYDAY["simplified Chinese"])
    assert {"們", "國"} <= set(data.EVERYDAY["traditional Chinese"])
    assert "国" not in data.EVERYDAY["traditional Chinese"]


def test_letters_of_each_language() -> None:
    """Each language's letters are its own: ą is Polish, š is not, ё is Russian."""
    assert "ą" in data.LETTER_COSTS["pl"]
    assert "š" not in data.LETTER_COSTS["pl"]
    assert "š" in data.LETTER_COSTS["cs"]
    assert data.LETTER_COSTS["ru"]["о"] < data.LETTER_COSTS["ru"]["ё"]
    assert data.LETTER_COSTS["de"]["e"] < data.LETTER_COSTS["de"]["ß"]


def test_letter_pairs_line_up_with_their_counts() -> None:
    """Every language has as many pair counts as pairs, each at least two."""
    assert set(data.LETTER_PAIRS) == set(data.LETTER_COSTS) == set(data.LETTER_TOTALS)
    for pairs, counts in data.LETTER_PAIRS.values():
        numbers = [int(count) for count in counts.split()]
        assert len(pairs) == 2 * len(numbers)
        assert min(numbers, default=2) >= 2
    polish = data.LETTER_PAIRS["pl"][0]
    assert "cz" in [polish[index : index + 2] for index in range(0, len(polish), 2)]
