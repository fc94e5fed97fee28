"""Where a sweep's blocks run: here, on local processes (joblib's loky backend), or on a dask cluster.

Each engine runs the same blocks (:mod:`furlib.core.sim.sweep_block`) and hands
their results back as they finish; the sweep puts them in block order, so
the engine changes the time taken, never the result. An interrupt (Ctrl+C,
a notebook's stop button) while the blocks run stops the work: joblib's
workers are terminated, a dask cluster's tasks cancelled, and the
``KeyboardInterrupt`` is raised again once they are.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

from .sweep_block import Block, BlockResult, run_block

__all__ = ["run_blocks", "need", "EXTRA"]

#: The optional extra that installs joblib and dask.
EXTRA = "furlib[scale]"


def need(module: str, why: str) -> Any:
    """Import ``module`` (joblib, distributed), or raise an ImportError naming the extra that installs it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise ImportError(f"{why} needs {module.split('.')[0]}, which furlib installs as an extra: "
                          f"pip install '{EXTRA}' (jobs=1 without a scheduler needs neither)") from e


def run_blocks(blocks: Sequence[Block], *, jobs: int, scheduler: Any, bar: Any) -> list[BlockResult]:
    """Run every block on the chosen engine and return the results in the order of ``blocks``."""
    stream: Generator[BlockResult, None, None]
    if scheduler is not None:
        stream = _on_dask(blocks, scheduler)
    elif jobs != 1:
        stream = _on_joblib(blocks, jobs)
    else:
        stream = (run_block(b) for b in blocks)
    where = {(b.cell, b.index): k for k, b in enumerate(blocks)}
    out: list[BlockResult | None] = [None] * len(blocks)
    try:
        for result in stream:
            out[where[result.cell, result.index]] = result
            bar.update(result.games)
    finally:
        stream.close()      # stops the engine's remaining work if the loop ended early (an error, an interrupt)
    done = [r for r in out if r is not None]
    if len(done) != len(blocks):   # pragma: no cover - an engine that lost a block
        raise RuntimeError(f"{len(blocks) - len(done)} of {len(blocks)} blocks of the sweep returned no result")
    return done


def _on_joblib(blocks: Sequence[Block], jobs: int) -> Generator[BlockResult, None, None]:
    """Blocks on ``jobs`` local processes; results as they finish. Closing the generator stops the workers."""
    joblib = need("joblib", f"jobs={jobs}")
    parallel = joblib.Parallel(n_jobs=jobs, backend="loky", return_as="generator_unordered")
    results = parallel(joblib.delayed(run_block)(b) for b in blocks)
    try:
        for result in results:  # noqa: UP028  (yield from would close joblib's generator inside our close)
            yield result
    finally:
        import warnings

        with warnings.catch_warnings():   # joblib warns that the tasks were cancelled: we cancelled them
            warnings.simplefilter("ignore", UserWarning)
            results.close()     # joblib aborts what is left and terminates its workers when closed early


def _on_dask(blocks: Sequence[Block], scheduler: Any) -> Generator[BlockResult, None, None]:
    """Blocks on a dask cluster (a ``distributed.Client``, or a scheduler's address); results as they finish."""
    distributed = need("distributed", "a dask scheduler")
    own = isinstance(scheduler, str)
    client = distributed.Client(scheduler) if own else scheduler
    futures: list[Any] = []
    try:
        futures = client.map(run_block, list(blocks), pure=False)
        for future in distributed.as_completed(futures):
            yield future.result()
    finally:
        if futures:
            client.cancel(futures)   # the tasks not yet done stop; the finished ones are released
        if own:
            client.close()
