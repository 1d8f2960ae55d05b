"""The gateway's HTTP routes, one module per area of the spec's API."""
