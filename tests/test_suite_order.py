"""The suite's own scheduling (tests/conftest.py): the modules that took longest last time start
first, so that no worker is left alone at the end with a long module the other could have shared."""

from __future__ import annotations

from conftest import slowest_modules_first


def test_the_modules_that_took_longest_go_first_each_kept_whole():
    ids = ["a.py::one", "a.py::two", "a.py::three", "b.py::only", "c.py::one", "c.py::two", "d.py::x", "d.py::y"]
    seconds = {"a.py::one": 0.1, "a.py::two": 0.2, "b.py::only": 40.0, "c.py::one": 3.0, "c.py::two": 2.5,
               "gone.py::old": 99.0}
    # b (40 s), c (5.5 s), a (0.3 s, one test never timed), then d (never timed)
    assert slowest_modules_first(ids, seconds) == [
        "b.py::only", "c.py::one", "c.py::two", "a.py::one", "a.py::two", "a.py::three", "d.py::x", "d.py::y"]


def test_with_no_times_recorded_the_modules_with_most_tests_go_first():
    ids = ["a.py::1", "b.py::1", "b.py::2", "c.py::1", "c.py::2", "c.py::3"]
    assert slowest_modules_first(ids, {}) == ["c.py::1", "c.py::2", "c.py::3", "b.py::1", "b.py::2", "a.py::1"]


def test_xdist_keeps_the_order_given(pytestconfig):
    """pytest-xdist would sort the modules by their number of tests again: pyproject turns that off."""
    assert pytestconfig.getoption("loadscopereorder") is False


def test_a_fresh_clone_orders_by_the_committed_times_of_a_recent_run():
    """No time recorded in this checkout (CI's first run): the committed module times order it."""
    ids = ["a.py::1", "b.py::1", "b.py::2", "c.py::1", "c.py::2", "c.py::3"]
    assert slowest_modules_first(ids, {}, {"a.py": 30.0, "b.py": 2.0, "gone.py": 99.0}) == [
        "a.py::1", "b.py::1", "b.py::2", "c.py::1", "c.py::2", "c.py::3"]
    # a time recorded in this checkout comes before the committed one
    assert slowest_modules_first(ids, {"c.py::1": 50.0}, {"a.py": 30.0})[:3] == ["c.py::1", "c.py::2", "c.py::3"]


def test_modules_with_a_slow_test_go_first_whatever_their_last_time():
    ids = ["a.py::1", "b.py::1", "c.py::1"]
    assert slowest_modules_first(ids, {"a.py::1": 9.0, "b.py::1": 5.0, "c.py::1": 1.0}, slow=frozenset({"c.py"})) == [
        "c.py::1", "a.py::1", "b.py::1"]
