"""furlib.core.charts."""
