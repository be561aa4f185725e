"""Developer tools: benchmarks and model conversion. Not imported by the app."""
