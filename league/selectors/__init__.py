"""The league's reads, one module per area: they never write (cache invalidation is a service)."""
