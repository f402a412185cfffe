"""Fuzzing: mutated season files, score sheets and Markdown get a message, never a crash (a 500).

Hypothesis mutates one place of a valid document (or form) at a time with
hostile values: deep nesting, huge and tiny numbers, control and
direction characters, lone surrogates, long texts. Whatever comes in, the
answer is a refusal whose messages can be shown (encodable text), or a
success.
"""

import copy
import json

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.services.transfer import ImportRefused, import_season
from tests.league.test_quick_results import LINES, body
from tests.support.example_season import EXAMPLE, NOW

pytestmark = pytest.mark.django_db
FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

hostile_text = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.characters(codec=None, categories=("Cc", "Cf", "Cs", "Zl", "Zp")), max_size=10),
    st.sampled_from(["\x00", "\ud800", "\u202e", "ben\n", "a\r\nb"])
    | st.integers(20_001, 25_000).map(lambda n: "x" * n),
)
# What an HTTP form can carry: a lone surrogate cannot be encoded, it arrives replaced.
posted_text = hostile_text.map(lambda t: t.encode("utf-8", "replace").decode("utf-8"))
hostile_number = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([2**31, -(2**31) - 1, 10**12, 1e308, -1e308, 5e-324]),
)
leaf = st.one_of(st.none(), st.booleans(), hostile_number, hostile_text)
hostile_value = st.one_of(
    leaf,
    st.recursive(
        leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(hostile_text, inner, max_size=3)
    ),
    st.integers(min_value=17, max_value=500).map(lambda depth: _nested(depth)),
)


def _nested(depth: int) -> list:
    """Lists in lists, ``depth`` deep (built without recursion)."""
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def _places(value, path=()):
    """Every place in a document one can replace."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _places(item, (*path, i))


PLACES = [p for p in _places(EXAMPLE) if p]


@FUZZ
@given(where=st.sampled_from(PLACES), value=hostile_value, as_text=st.booleans())
def test_a_mutated_season_file_is_refused_with_messages_or_imported(where, value, as_text):
    document = copy.deepcopy(EXAMPLE)
    target = document
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    if as_text:
        document = json.dumps(document)
    try:
        import_season(document=document, replace=True, now=NOW)
    except ImportRefused as refusal:
        lines = refusal.lines()
        assert lines
        "\n".join(lines).encode("utf-8")  # each message can be shown on a page


@FUZZ
@given(
    text=st.one_of(
        posted_text,
        st.builds(
            lambda n, s: s * n,
            st.integers(1, 1_000),
            st.sampled_from(["- ", "> ", "[", "  - x\n", "*", "<b>", "![a](", "|"]),
        ),
    )
)
def test_markdown_preview_answers_with_html_or_a_message(client, player, text):
    client.force_login(player)
    response = client.post(reverse("league:cr_preview"), {"text": text}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "Aperçu" in response.content.decode()


@FUZZ
@given(
    player_name=st.sampled_from(list(LINES)),
    column=st.sampled_from(["score", "prises", "bouts", "prises_won", "sheet_version"]),
    value=st.one_of(hostile_number.map(str), posted_text),
)
def test_a_mutated_quick_results_form_answers_with_a_page_or_a_redirect(
    client, manche, capitaine, player_name, column, value
):
    client.force_login(capitaine)
    data = body(manche, LINES)
    data[column if column == "sheet_version" else f"{column}_{player_name}"] = value.replace("\x00", "")
    response = client.post(
        reverse("league:quick_results", kwargs={"season_name": manche.season.name, "number": manche.number}),
        data,
    )
    assert response.status_code < 500  # a page with messages, a redirect once published, then a refusal
