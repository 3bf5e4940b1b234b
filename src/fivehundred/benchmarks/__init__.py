"""Speed benchmarks: the engine against outside baselines such as OpenSpiel."""
