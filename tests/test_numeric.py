"""assistant.numeric gives numpy's order statistics bit for bit, without numpy.ma."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from assistant.numeric import distinct, median, percentile


def _samples(rng: np.random.Generator) -> list[np.ndarray]:
    out: list[np.ndarray] = []
    for n in (1, 2, 3, 4, 5, 8, 17, 64, 101):
        out.append(rng.normal(size=n))
        out.append(rng.normal(size=n).astype(np.float32))
        out.append(rng.integers(0, 9, size=n))  # ties
        out.append(rng.integers(0, 255, size=(n, 3)).astype(np.uint8))
        out.append(rng.normal(size=(n, 3)).astype(np.float32))
        out.append(np.round(rng.normal(size=(n, 3)), 1))  # ties in floats
    return out


def _same(a: object, b: object) -> bool:
    a_arr, b_arr = np.asarray(a), np.asarray(b)
    return (
        type(a) is type(b)
        and a_arr.dtype == b_arr.dtype
        and a_arr.shape == b_arr.shape
        and np.array_equal(a_arr, b_arr, equal_nan=True)
    )


def test_median_is_numpys() -> None:
    rng = np.random.default_rng(7)
    for sample in _samples(rng):
        for axis in (None, 0) if sample.ndim == 1 else (None, 0, 1):
            assert _same(median(sample, axis=axis), np.median(sample, axis=axis))
    assert _same(median([1.5, 2.0, 7.25]), np.median([1.5, 2.0, 7.25]))
    assert _same(median([3, 1, 2, 8]), np.median([3, 1, 2, 8]))


def test_median_with_nan_is_numpys() -> None:
    values = np.array([[1.0, np.nan, 3.0], [2.0, 5.0, 4.0], [0.5, 1.0, np.nan]])
    for axis in (None, 0, 1):
        assert _same(median(values, axis=axis), np.median(values, axis=axis))
    assert np.isnan(median(np.array([1.0, np.nan])))


def test_percentile_is_numpys() -> None:
    rng = np.random.default_rng(8)
    for n in range(1, 40):
        for values in (rng.integers(0, 100, size=n), rng.normal(size=n)):
            for q in (0, 10, 25, 50, 75, 90, 99, 100):
                assert percentile(values, q) == float(np.percentile(values, q))
                assert percentile(list(values), q) == float(np.percentile(list(values), q))


def test_distinct_is_numpys() -> None:
    rng = np.random.default_rng(9)
    for sample in _samples(rng):
        assert _same(distinct(sample), np.unique(sample))
    with_nan = np.array([3.0, np.nan, 1.0, np.nan, 3.0])
    assert _same(distinct(with_nan), np.unique(with_nan))
    assert _same(distinct(np.array([], np.int32)), np.unique(np.array([], np.int32)))


def test_nothing_here_imports_numpy_ma() -> None:
    code = (
        "import sys, numpy as np\n"
        "from assistant.numeric import distinct, median, percentile\n"
        "median(np.array([1.0, 2.0])); median(np.ones((3, 3)), axis=0)\n"
        "percentile([1, 2, 3], 90); distinct(np.array([2, 1, 2]))\n"
        "print('numpy.ma' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_read_does_not_import_numpy_ma() -> None:
    """The reading stages use these, not numpy's, so a process's first read does not pay
    for numpy.ma (a regression here costs every one-shot solve ~7 ms)."""
    shot = (
        Path(__file__).parent.parent / "fixtures/real/wordament/blackmonk13_mobile_2_letter_or.jpg"
    )
    code = (
        "import sys\n"
        "from assistant.read import read_image\n"
        f"read_image({str(shot)!r})\n"
        "print('numpy.ma' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_percentile_of_nothing_is_an_error() -> None:
    with pytest.raises(ValueError):
        percentile([], 50)
