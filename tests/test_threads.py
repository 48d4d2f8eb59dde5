"""Running a kernel over shares of its work on several threads (``showdown.parallel.threads``)."""

import os
import signal
import threading
import time

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


def test_the_threads_are_kept_between_calls():
    """A pool of threads lives on between calls (a new one each call cost about 1 ms, paid by
    every Monte Carlo batch): after twenty calls, every thread that ran a range still waits for
    work, none was shut down."""
    workers = [run_ranges(lambda first, stop: threading.current_thread(), 20, 2)[1] for _ in range(20)]
    assert threading.current_thread() not in workers
    assert all(worker.is_alive() for worker in workers)


def test_ctrl_c_waits_for_every_range():
    """Ctrl-C while the threads run is held until every range is done, then reaches the caller:
    it must not land inside a kernel's call, nor end the process while a thread is in one."""
    finished = []

    def share(first, stop):
        if first == 0:
            signal.raise_signal(signal.SIGINT)
        else:
            time.sleep(0.3)
        finished.append(first)  # not reached by a Ctrl-C raised at once

    # Python's own handler, whatever started the tests (a shell's background job ignores Ctrl-C).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            run_ranges(share, 10, 2)
        assert sorted(finished) == [0, 5]
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, previous)


def test_a_range_that_runs_ranges_itself_does_not_wait_for_ever():
    """The inner call, on a pool thread, runs its work on that thread: the pool's threads are
    never all waiting for a share that only the pool could run."""
    def outer(first, stop):
        return run_ranges(lambda a, b: (a, b), 10, 2)

    assert run_ranges(outer, 4, 2) == [[(0, 5), (5, 10)], [(0, 10)]]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork is POSIX only")
def test_a_forked_child_gets_threads_of_its_own():
    """After a fork the child has none of the parent's threads: it makes its own pool instead
    of waiting for ever on the parent's."""
    assert run_ranges(lambda first, stop: stop, 4, 2) == [2, 4]  # the parent's pool exists
    pid = os.fork()
    if pid == 0:  # the child
        try:
            code = 0 if run_ranges(lambda first, stop: stop, 4, 2) == [2, 4] else 1
        finally:
            os._exit(code if "code" in locals() else 2)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            assert os.waitstatus_to_exitcode(status) == 0
            return
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    pytest.fail("the forked child's run_ranges did not finish within 30 s")


@pytest.mark.parametrize("board, pieces", [
    ("Ks 7h 2d 3c", 8),  # on the turn, in eight pieces
    pytest.param("Ks 7h 2d", None, marks=pytest.mark.slow),  # on the flop, 48 million deals, paced
])
def test_a_kernel_split_over_threads_gives_the_answer_of_one_thread(monkeypatch, board, pieces):
    """The exact enumeration kernel, its chunks shared out to 1, 2 and 3 threads: the same arrays."""
    import showdown
    from showdown.odds import exact

    if pieces is not None:
        monkeypatch.setattr(exact, "paced", lambda n_items, first_size, unit=1: [
            slice(n_items * k // pieces, n_items * (k + 1) // pieces) for k in range(pieces)])
    question = showdown.odds.inputs.prepare(["QQ+,AKs", "random", "77"], board=showdown.parse_board(board),
                                            dead=[], game=showdown.GAMES["holdem"])
    answers = [exact.by_boards(question, n_jobs, None, 0.0) for n_jobs in (1, 2, 3)]
    for other in answers[1:]:
        assert other.counts == answers[0].counts and other.total == answers[0].total
        assert other.equity == answers[0].equity  # bit for bit: each chunk is summed the same way


@pytest.mark.parametrize("bad", [0, -2, 1.5, True, "2"])
def test_a_bad_thread_count_is_refused(bad):
    with pytest.raises(ShowdownError, match="n_jobs must be a positive int"):
        thread_count(bad, 10**9)
