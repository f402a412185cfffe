"""What tests and benchmarks share: model builders and season generators."""
