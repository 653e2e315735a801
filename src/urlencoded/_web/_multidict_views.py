"""The views that :meth:`MultiDict.values` and :meth:`MultiDict.items` return.

Unlike a dict's views, they follow the pairs, repeated names included.
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterator, ValuesView
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._multidict import MultiDict


class _Values(ValuesView[str]):
    """Every value, in pair order (repeats included)."""

    _mapping: MultiDict

    def __iter__(self) -> Iterator[str]:
        return iter([value for _, value in self._mapping._pairs])

    def __contains__(self, value: object) -> bool:
        return any(value == own for _, own in self._mapping._pairs)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"


class _Items(ItemsView[str, str]):
    """Every (name, value) pair, in order (repeats included)."""

    _mapping: MultiDict

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(list(self._mapping._pairs))

    def __contains__(self, item: object) -> bool:
        return item in self._mapping._pairs

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"
