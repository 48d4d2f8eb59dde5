"""Parallel work: numba's threads inside one process (:mod:`.threads`) and Dask clusters
(:mod:`.cluster`, injected through ``client=``, never imported by ``import showdown``).

Both sit below the friendly API: they know nothing of poker, only of partitions of work."""
