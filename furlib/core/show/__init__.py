"""furlib.core.show."""
