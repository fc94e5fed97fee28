"""furlib.core.engine."""
