"""Run the whole suite at another moment: ``python -m pytest -p tests.shifted_clock --clock=ISO-8601``.

No test may depend on today's date, the time of day or the weekday. This
plugin proves it: it moves the process clock to the given instant (time
then flows on from there) before pytest-django sets Django up and before any
test module is imported, so whatever a test reads from the clock — fixtures,
"next Thursday", deadlines, session ages — is read at that moment. Tests'
own ``time_machine.travel`` calls nest inside it and hand the shifted clock
back when they end.

pytest-xdist workers re-read the same command line, so each worker loads
this plugin and starts its own travel at the same instant.
``make test-clock`` runs the suite at the awkward moments CI checks.
"""

import datetime as dt

import pytest
import time_machine

_traveller = None


def pytest_addoption(parser):
    parser.addoption(
        "--clock",
        metavar="ISO-8601",
        default=None,
        help="run at this instant (with its UTC offset), e.g. 2027-03-28T01:59:30+01:00",
    )


def clock_instant(value):
    """The instant ``--clock`` names; an offset is required, as a local time alone is ambiguous."""
    try:
        instant = dt.datetime.fromisoformat(value)
    except ValueError as error:
        raise pytest.UsageError(f"--clock={value}: not an ISO-8601 date and time ({error})") from None
    if instant.utcoffset() is None:
        raise pytest.UsageError(f"--clock={value}: give the UTC offset too, e.g. {value}+01:00")
    return instant


@pytest.hookimpl(wrapper=True)
def pytest_load_initial_conftests(early_config, parser, args):
    """Start travelling before any other plugin's set-up (pytest-django's included) runs."""
    global _traveller
    value = early_config.known_args_namespace.clock
    if value and _traveller is None:
        _traveller = time_machine.travel(clock_instant(value), tick=True)
        _traveller.start()
    return (yield)


def pytest_report_header(config):
    if config.getoption("clock"):
        return f"shifted clock: the run started at {config.getoption('clock')}"
    return None


def pytest_unconfigure(config):
    global _traveller
    if _traveller is not None:
        _traveller.stop()
        _traveller = None
