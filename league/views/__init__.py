"""League views, one module per area: they glue requests to services and selectors."""
