"""furlib.core.app."""
