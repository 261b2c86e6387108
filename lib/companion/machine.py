"""What a machine computes with: the facts that move the last digits of float results.

The bytes of floating-point outputs depend on the CPU through numpy's SIMD code paths
(chosen at run time among its dispatched instruction sets, e.g. AVX2 or AVX-512) and
through the BLAS kernel OpenBLAS selects (or that ``OPENBLAS_CORETYPE`` forces). The
manifest records these for every output, so that the gate can say whether a byte
difference is expected (another machine) or a loss of determinism (the same one).
"""

from __future__ import annotations

import platform
from pathlib import Path

__all__ = ["fingerprint", "describe", "differences"]


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _numpy_simd() -> list[str]:
    try:
        from numpy._core._multiarray_umath import (
            __cpu_baseline__,
            __cpu_dispatch__,
            __cpu_features__,
        )
    except ImportError:  # pragma: no cover - numpy < 2
        return ["unknown"]
    return [f for f in (*__cpu_baseline__, *__cpu_dispatch__) if __cpu_features__.get(f)]


def _blas() -> str:
    try:
        import numpy  # noqa: F401 - loads numpy's OpenBLAS before threadpoolctl looks
        from threadpoolctl import threadpool_info
    except ImportError:
        return "unknown"
    libs = [f"{i.get('internal_api')} {i.get('version')} kernel {i.get('architecture')}"
            for i in threadpool_info() if i.get("user_api") == "blas"]
    return "; ".join(sorted(set(libs))) or "unknown"


def fingerprint() -> dict:
    """``{"cpu", "arch", "numpy_simd", "blas"}`` of this process: the CPU model, the
    instruction-set family, the SIMD targets numpy uses here (its baseline and the
    dispatched ones the CPU has and the environment allows) and the BLAS library with its
    kernel."""
    return {"cpu": _cpu_model(), "arch": platform.machine(), "numpy_simd": _numpy_simd(),
            "blas": _blas()}


def describe(fp: dict | None) -> str:
    if not fp:
        return "not recorded"
    return (f"{fp.get('cpu')} ({fp.get('arch')}); numpy SIMD {' '.join(fp.get('numpy_simd', []))}"
            f"; BLAS {fp.get('blas')}")


def differences(a: dict | None, b: dict | None) -> list[str]:
    """The fields in which two fingerprints differ (all of them when one is missing)."""
    if not a or not b:
        return ["cpu", "arch", "numpy_simd", "blas"]
    return [k for k in ("cpu", "arch", "numpy_simd", "blas") if a.get(k) != b.get(k)]
