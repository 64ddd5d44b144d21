"""Developer tools, not shipped in the wheel: the synthetic board generator (``tools.synth``,
``python -m tools.synth``) and the calibration data collection (``tools.calibrate``, used by
``benchmarks/calibrate.py`` and the tests). Run from the repository root."""
