"""Speed and memory benchmarks, run on demand (`python -m benchmarks`); results in docs/benchmarks.md."""
