"""When a count of live objects is exact, on any interpreter.

The memory tests count the objects of a class alive at once (``weakref.finalize``
counts a death). CPython frees an object when its last reference goes, so the
count is exact after every birth; PyPy frees garbage only at a collection, so
there the count is taken right after a collection, forced at a few births.
And PyPy's JIT, once it has compiled a loop, may keep the object of the last
iteration alive one iteration longer (in the state it saves to leave the
compiled code), so a bound on the objects alive at once is exact on CPython
and ``JIT_HOLDS`` more on PyPy: still far from a list of them all.
"""

from __future__ import annotations

import gc
import sys

REFCOUNTED = sys.implementation.name == "cpython"
JIT_HOLDS = 0 if REFCOUNTED else 1
# Where a count is taken without reference counting: early (a class made a hundred
# times) and then every 10,000 births (a class made for each of 10**5 lines).
_EARLY = (50, 100)
_EVERY = 10_000


def count_is_exact(made: int) -> bool:
    """Whether the live count is exact now, the ``made``-th object having just been born."""
    if REFCOUNTED:
        return True
    if made in _EARLY or made % _EVERY == 0:
        gc.collect()
        return True
    return False
