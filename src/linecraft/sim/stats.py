"""Figures with their 95% intervals, for the benchmarks' timings."""

from __future__ import annotations

import statistics


def mean_interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return f"{mean:.3f} ± {half:.3f}"


def quantile_interval(values: list[float], q: float) -> str:
    """A quantile in ms with its distribution-free 95% interval (binomial order ranks)."""
    ordered = sorted(values)
    n = len(ordered)
    spread = 1.96 * (n * q * (1 - q)) ** 0.5
    low, high = max(0, int(n * q - spread)), min(n - 1, int(n * q + spread))
    middle = ordered[min(n - 1, int(n * q))]
    return f"{middle * 1000:.1f} ms [{ordered[low] * 1000:.1f}, {ordered[high] * 1000:.1f}]"
