"""What the reports read, one module per area; ``readings`` is the cached entry point the pages use."""
