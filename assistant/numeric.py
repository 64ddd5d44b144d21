"""Order statistics as numpy computes them, without numpy's masked-array module.

``np.median`` of floats, ``np.percentile`` and ``np.unique`` each look up ``np.ma`` (to
check for masked arrays), and numpy imports ``numpy.ma`` the first time anything does:
~7 ms, most of it building the docstrings of its ~100 functions, paid at the first read
of every process (a one-shot ``solve shot.png``, each batch worker). The functions here
take the same steps as numpy's (the same partition, the same mean of the middle values,
the same interpolation, NaN handled alike), so they give the same numbers, bit for bit
(``tests/test_numeric.py`` compares them with numpy's on random data); they accept plain
arrays (or sequences), never masked ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt


def median(values: npt.ArrayLike, axis: int | None = None) -> Any:
    """``np.median(values, axis=axis)`` for one axis or all: a numpy scalar, or an array."""
    a = np.asarray(values)
    size = a.size if axis is None else a.shape[axis]
    half = size // 2
    kth = [half - 1, half] if size % 2 == 0 else [(size - 1) // 2]
    nans = a.dtype.kind in "fc"  # inexact: may hold NaN
    if nans:
        kth.append(-1)  # the largest value last: a NaN, if there is one, sorts there
    part = np.partition(a, kth, axis=axis)
    if axis is None:
        axis = 0
    index = part.shape[axis] // 2
    middle = [slice(None)] * part.ndim
    middle[axis] = slice(index, index + 1) if part.shape[axis] % 2 else slice(index - 1, index + 1)
    out = np.mean(part[tuple(middle)], axis=axis)
    if nans and size > 0:
        last = part.take(-1, axis=axis)  # NaN where a NaN was (numpy's _median_nancheck)
        nan = np.isnan(last)
        if nan.any():
            if isinstance(out, np.generic):
                return last
            np.copyto(out, last, where=nan)
    return out


def percentile(values: Sequence[float] | npt.ArrayLike, q: float) -> float:
    """``np.percentile(values, q)`` of all values, for integers or float64 (numpy's default
    linear method: the same virtual index and the same interpolation from the nearer end)."""
    a = np.sort(np.asarray(values, dtype=np.float64).ravel())
    n = a.size
    if n == 0:
        raise ValueError("percentile of no values")
    if np.isnan(a[-1]):
        return float("nan")
    virtual = (n - 1) * (q / 100)
    below = float(np.floor(virtual))
    if virtual >= n - 1:
        return float(a[-1])
    if virtual < 0:
        return float(a[0])
    gamma = virtual - below
    lo, hi = a[int(below)], a[int(below) + 1]
    diff = hi - lo
    return float(hi - diff * (1 - gamma) if gamma >= 0.5 else lo + diff * gamma)


def distinct(values: npt.ArrayLike) -> npt.NDArray[np.generic]:
    """``np.unique(values)``: the sorted distinct values (all NaNs count as one)."""
    a = np.sort(np.asarray(values).ravel())
    if a.size == 0:
        return a
    keep = np.empty(a.shape, bool)
    keep[0] = True
    if a.dtype.kind in "cf" and np.isnan(a[-1]):
        first_nan = int(np.searchsorted(a, a[-1], side="left"))
        keep[1:first_nan] = a[1:first_nan] != a[: first_nan - 1]
        keep[first_nan] = True
        keep[first_nan + 1 :] = False
    else:
        keep[1:] = a[1:] != a[:-1]
    return a[keep]
