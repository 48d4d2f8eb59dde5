"""The options of a run, checked once for every calculation that takes them (equity, the odds
grid, board study): exact or Monte Carlo, trials, standard error, time limit, seed, threads and
the cap on exact enumeration. Each is refused by name when it is of the wrong type or out of
range, or when it cannot apply: a Monte Carlo option (trials, stderr, seed) is refused with
``exact=True``, and a budget of deals (trials, stderr) given with ``exact=None`` asks for Monte
Carlo.

>>> run_options(trials=1000, seed=7).trials
1000
>>> run_options(time_limit=-1)
Traceback (most recent call last):
showdown.errors.EquityError: time_limit must be positive, got -1
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from showdown.errors import EquityError
from showdown.quantities import flag, random_seed, real_number, shown, whole_number

MAX_TRIALS = 1 << 62
"""Monte Carlo deals at most (the counts are 64-bit integers)."""


@dataclass(frozen=True)
class RunOptions:
    """A run's options, checked (see :func:`run_options`); ``seed`` is always set.

    >>> options = run_options(stderr=0.001)
    >>> options.exact, options.stderr
    (False, 0.001)
    """

    exact: Optional[bool]
    """True, False, or None to let the plan decide; False whenever a budget of deals was given."""
    trials: Optional[int]
    stderr: Optional[float]
    time_limit: Optional[float]
    seed: int
    n_jobs: Optional[int]
    max_evaluations: Optional[int]


def run_options(*, exact: Any = None, trials: Any = None, stderr: Any = None, time_limit: Any = None,
                seed: Any = None, n_jobs: Any = None, max_evaluations: Any = None,
                sampled_time: bool = False) -> RunOptions:
    """Check a run's options: ``exact`` True, False or None; ``trials`` a whole number from 1 to
    :data:`MAX_TRIALS`; ``stderr`` and ``time_limit`` positive finite numbers; ``seed`` a
    whole number (a random one when None); ``n_jobs`` a positive whole number, -1 or None;
    ``max_evaluations`` a whole number from 1.

    ``trials``, ``stderr`` and ``seed`` steer sampling only (and ``time_limit`` too when
    ``sampled_time``, for a calculation whose enumeration takes no time limit), and
    ``exact=True`` refuses them by name. With ``exact=None`` a budget (``trials``, ``stderr``,
    or that ``time_limit``) asks for Monte Carlo, and a ``seed`` alone is the seed of the
    sampling if the run samples.

    >>> run_options(exact="yes")
    Traceback (most recent call last):
    showdown.errors.EquityError: exact must be True, False or None, got 'yes'
    >>> run_options(trials=1000).exact
    False
    >>> run_options(exact=True, seed=7)
    Traceback (most recent call last):
    showdown.errors.EquityError: seed applies to Monte Carlo, not to exact=True; drop it or ask for exact=False

    Raises:
        EquityError: an option of the wrong type or out of range, or a Monte Carlo option with ``exact=True``.
    """
    if exact is not None and not isinstance(exact, bool):
        raise EquityError(f"exact must be True, False or None, got {shown(exact)}")
    if trials is not None:
        trials = whole_number(trials, "trials", low=1, high=MAX_TRIALS, error=EquityError)
    if stderr is not None:
        stderr = real_number(stderr, "stderr", positive=True, error=EquityError)
    if time_limit is not None:
        time_limit = real_number(time_limit, "time_limit", positive=True, error=EquityError)
    if seed is not None:
        seed = random_seed(seed, error=EquityError)
    if n_jobs is not None and n_jobs != -1:
        whole_number(n_jobs, "n_jobs", low=1, error=EquityError)
    if max_evaluations is not None:
        max_evaluations = whole_number(max_evaluations, "max_evaluations", low=1, error=EquityError)
    sampled_time = flag(sampled_time, "sampled_time", error=EquityError)
    budget = {"trials": trials, "stderr": stderr, **({"time_limit": time_limit} if sampled_time else {})}
    given = [name for name, value in {**budget, "seed": seed}.items() if value is not None]
    if given and exact:
        names = " and ".join(given)
        raise EquityError(f"{names} {'applies' if len(given) == 1 else 'apply'} to Monte Carlo, not to exact=True;"
                          f" drop {'it' if len(given) == 1 else 'them'} or ask for exact=False")
    if any(value is not None for value in budget.values()):
        exact = False  # a budget of deals asks for Monte Carlo; a seed alone only says how to sample
    seed = random_seed(seed, error=EquityError)
    return RunOptions(exact, trials, stderr, time_limit, seed, n_jobs, max_evaluations)
