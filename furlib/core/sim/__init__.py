"""furlib.core.sim."""
