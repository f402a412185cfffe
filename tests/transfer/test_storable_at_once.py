"""The import's guard against texts the database refuses and documents nested too deep
first searches the whole document at once; only a document with a problem is walked
again to name where. Both must always agree."""

from hypothesis import given, settings
from hypothesis import strategies as st

from league.transfer.parse import MAX_DEPTH, _storable, _where_unstorable

#: Texts mostly fine, sometimes with a NUL, a lone surrogate or a text-direction override.
texts = st.one_of(
    st.text(max_size=8),
    st.sampled_from(["Benoît", "\x00", "\ud800", "a\u202eb", "\u2066", "é\udfff", "ok"]),
)
leaves = st.one_of(texts, st.integers(), st.booleans(), st.none())


def nested(depth: int, inner):
    """``inner`` wrapped in ``depth`` one-item lists and objects."""
    value = inner
    for level in range(depth):
        value = [value] if level % 2 else {"k": value}
    return value


documents = st.recursive(
    leaves,
    lambda children: st.one_of(st.lists(children, max_size=4), st.dictionaries(texts, children, max_size=4)),
    max_leaves=30,
)


@settings(max_examples=400, deadline=None)
@given(documents)
def test_the_whole_document_at_once_agrees_with_the_walk(document):
    assert _storable(document) == (_where_unstorable(document) == [])


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=MAX_DEPTH - 2, max_value=MAX_DEPTH + 2), st.sampled_from([1, [], {}, "x"]))
def test_depth_is_judged_alike(depth, inner):
    document = nested(depth, inner)
    assert _storable(document) == (_where_unstorable(document) == [])


def test_a_nul_in_a_key_deep_down_is_found():
    document = {"manches": [{"donnes": [{"x\x00": 1}]}]}
    assert not _storable(document)
    assert _where_unstorable(document)


def test_a_document_handed_over_as_other_mappings_and_lists_is_searched_all_the_same():
    class Mapping(dict):
        pass

    class Items(list):
        pass

    document = Mapping(manches=Items([Mapping(lieu="Chez\x00Ben")]))
    assert not _storable(document)
    assert _where_unstorable(document)
