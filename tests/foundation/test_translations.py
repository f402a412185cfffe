"""The committed catalogues translate both kinds of strings.

The site's own strings are written in French and translated in
``locale/en``; the rules engine's messages are written in English (marked with
``gettext_noop``) and translated in ``locale/fr``. The compiled ``.mo`` files
are committed, so these tests read the compiled catalogues through Django.
"""

import ast
import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import translation

ROOT = Path(settings.BASE_DIR)
RULES = ROOT / "league" / "rules"
LOCALE = ROOT / "locale"
PLACEHOLDER = re.compile(r"%\(\w+\)[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]|%[-#0 +]*\d*(?:\.\d+)?[sdrfi]")
MARKERS = {"_", "gettext_noop"}


def _engine_msgids() -> list[str]:
    """Every string literal passed to ``_``/``gettext_noop`` in league/rules."""
    found = set()
    for path in sorted(RULES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in MARKERS
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return sorted(found)


ENGINE_MSGIDS = _engine_msgids()


def _engine_plurals() -> list[tuple[str, str]]:
    """Every ``ngettext(singular, plural, n)`` counted phrase of league/rules."""
    found = set()
    for path in sorted(RULES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "ngettext"
                and len(node.args) == 3
                and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args[:2])
            ):
                found.add((node.args[0].value, node.args[1].value))
    return sorted(found)


ENGINE_PLURALS = _engine_plurals()


def _po(lang: str) -> polib.POFile:
    return polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "django.po"))


def test_engine_messages_are_found():
    assert len(ENGINE_MSGIDS) > 50
    assert "%(player)s is not at the table" in ENGINE_MSGIDS


@pytest.mark.parametrize("msgid", ENGINE_MSGIDS)
def test_engine_message_has_a_french_translation(msgid):
    with translation.override("fr"):
        french = translation.gettext(msgid)
    assert french != msgid, f"no French translation for {msgid!r}"
    assert sorted(PLACEHOLDER.findall(french)) == sorted(PLACEHOLDER.findall(msgid))


@pytest.mark.parametrize(
    ("french", "english"),
    [
        ("Classement", "Standings"),
        ("Calendrier", "Calendar"),
        ("Comptes-rendus", "Reports"),
        ("Palmarès", "Honours"),
        ("Connexion", "Log in"),
    ],
)
def test_navigation_is_translated_to_english(french, english):
    with translation.override("en"):
        assert translation.gettext(french) == english
    with translation.override("fr"):
        assert translation.gettext(french) == french


def test_engine_counted_phrases_are_found():
    assert ("%(n)s bout", "%(n)s bouts") in ENGINE_PLURALS


@pytest.mark.parametrize(("singular", "plural"), ENGINE_PLURALS)
def test_engine_counted_phrase_has_both_french_forms(singular, plural):
    """French counts 0 and 1 in the singular (0 bout, 1 prise gagnée), English only 1."""
    entry = next((e for e in _po("fr") if e.msgid == singular and e.msgid_plural == plural), None)
    assert entry is not None, f"{singular!r} is not in the French catalogue"
    assert all(entry.msgstr_plural.get(i) for i in (0, 1)), f"no French forms for {singular!r}"
    with translation.override("fr"):
        assert translation.ngettext(singular, plural, 0) == entry.msgstr_plural[0]
        assert translation.ngettext(singular, plural, 2) == entry.msgstr_plural[1]


def test_engine_message_renders_in_french():
    from league.rules import Message

    message = Message("%(player)s is not at the table", {"player": "Anne"})
    with translation.override("fr"):
        assert message.render(translation.gettext) == "Anne n'est pas à la table"
    with translation.override("en"):
        assert message.render(translation.gettext) == "Anne is not at the table"


def _translated_forms(entry: polib.POEntry):
    """(source, translation) pairs of a translated entry, plural forms included."""
    if entry.msgid_plural:
        for index, text in sorted(entry.msgstr_plural.items()):
            if text:
                yield (entry.msgid if int(index) == 0 else entry.msgid_plural), text
    elif entry.msgstr:
        yield entry.msgid, entry.msgstr


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_placeholders_are_preserved(lang):
    problems = []
    for entry in _po(lang).translated_entries():
        for source, text in _translated_forms(entry):
            if set(PLACEHOLDER.findall(source)) != set(PLACEHOLDER.findall(text)):
                problems.append(f"{entry.msgid!r} -> {text!r}")
            if "python-format" in entry.flags:
                names = dict.fromkeys(re.findall(r"%\((\w+)\)", source), 1)
                try:
                    text % names if names else text.replace("%%", "%")
                except (KeyError, ValueError, TypeError) as exc:
                    problems.append(f"{entry.msgid!r} -> {text!r}: {exc}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_catalogue_has_no_fuzzy_entry(lang):
    assert [e.msgid for e in _po(lang).fuzzy_entries()] == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_compiled_catalogue_matches_the_po_file(lang):
    """The committed .mo was compiled from the committed .po (run compilemessages)."""
    mo = {
        (e.msgid, e.msgid_plural): e for e in polib.mofile(str(LOCALE / lang / "LC_MESSAGES" / "django.mo"))
    }
    stale = []
    for entry in _po(lang).translated_entries():
        compiled = mo.get((entry.msgid, entry.msgid_plural))
        if compiled is None:
            stale.append(entry.msgid)
        elif entry.msgid_plural:
            if {int(k): v for k, v in compiled.msgstr_plural.items()} != {
                int(k): v for k, v in entry.msgstr_plural.items()
            }:
                stale.append(entry.msgid)
        elif compiled.msgstr != entry.msgstr:
            stale.append(entry.msgid)
    assert not stale, f"{len(stale)} entries not in the compiled catalogue, e.g. {stale[:3]}"


def test_the_english_site_says_jetons_as_the_glossary_does():
    """docs/glossary.md keeps « jetons » in English: the manche page said « Who took jetons
    from whom » while the player page said « Tokens at each manche »."""
    with translation.override("en"):
        assert translation.gettext("Jetons à chaque manche — %(season)s").startswith("Jetons at each manche")
    for entry in _po("en"):
        if not entry.obsolete and "jeton" in entry.msgid.lower() and entry.msgstr:
            assert "token" not in entry.msgstr.lower(), entry.msgid
            assert "jeton" in entry.msgstr.lower(), entry.msgid
