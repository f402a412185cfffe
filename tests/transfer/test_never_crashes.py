"""Whatever a file holds, the importer answers with problems (or imports it), never with a crash."""

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league import rules
from league.transfer.parse import parse_document
from tests.support.example_season import EXAMPLE

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(
        ["ben", "anne", "zed", "garde", "misere", "played", "2011-09-01T21:00:00+02:00", 4, 0, 91]
    ),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=8,
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _paths(child, (*prefix, i))


PATHS = [p for p in _paths(EXAMPLE) if p]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(PATHS), value=JSON, delete=st.booleans())
def test_any_mutation_is_answered_with_problems(path, value, delete):
    document = copy.deepcopy(EXAMPLE)
    target = document
    for step in path[:-1]:
        target = target[step]
    if delete and isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = value
    try:
        parse_document(document)
    except rules.InvalidInput as exc:
        assert exc.problems
        assert all(isinstance(p.field, str) and str(p.message) for p in exc.problems)
