"""Running a kernel over shares of its work on several threads (``showdown.parallel.threads``)."""

import threading

import pytest

from showdown.errors import ShowdownError
from showdown.parallel.threads import run_ranges, thread_count


@pytest.mark.parametrize("n_items, threads", [(10, 1), (10, 2), (10, 3), (7, 7), (2, 5), (1, 4), (0, 3)])
def test_the_ranges_cut_the_items_in_order(n_items, threads):
    parts = run_ranges(lambda first, stop: (first, stop), n_items, threads)
    assert len(parts) == max(1, min(threads, n_items))
    assert parts[0][0] == 0 and parts[-1][1] == n_items
    assert all(a[1] == b[0] for a, b in zip(parts, parts[1:], strict=False))  # consecutive, no gap, no overlap
    sizes = [stop - first for first, stop in parts]
    assert max(sizes) - min(sizes) <= 1  # as even as they can be


def test_the_arguments_come_before_the_range():
    assert run_ranges(lambda a, b, first, stop: (a, b, first, stop), 4, 2, "x", 9) == [("x", 9, 0, 2), ("x", 9, 2, 4)]


def test_each_range_runs_on_its_own_thread_at_once():
    barrier = threading.Barrier(3, timeout=10)  # passes only when three ranges run at the same time

    def share(first, stop):
        barrier.wait()
        return threading.get_ident()

    idents = run_ranges(share, 30, 3)
    assert len(set(idents)) == 3 and idents[0] == threading.get_ident()  # the first range on the caller's thread


def test_an_error_in_any_range_reaches_the_caller():
    def share(first, stop):
        if first > 0:
            raise ValueError(f"range {first}-{stop} failed")
        return first

    with pytest.raises(ValueError, match="range 5-10 failed"):
        run_ranges(share, 10, 2)


def test_a_kernel_split_over_threads_gives_the_answer_of_one_thread():
    """The exact enumeration kernel, its chunks shared out to 1, 2 and 3 threads: the same arrays."""
    import showdown
    from showdown.odds import exact

    question = showdown.odds.inputs.prepare(["QQ+,AKs", "random", "77"], board=showdown.parse_board("Ks 7h 2d"),
                                            dead=[], game=showdown.GAMES["holdem"])
    answers = [exact.by_boards(question, n_jobs, None, 0.0) for n_jobs in (1, 2, 3)]
    for other in answers[1:]:
        assert other.counts == answers[0].counts and other.total == answers[0].total
        assert other.equity == answers[0].equity  # bit for bit: each chunk is summed the same way


@pytest.mark.parametrize("bad", [0, -2, 1.5, True, "2"])
def test_a_bad_thread_count_is_refused(bad):
    with pytest.raises(ShowdownError, match="n_jobs must be a positive int"):
        thread_count(bad, 10**9)
