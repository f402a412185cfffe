"""The manche bonuses keep the names the glossary gives them (docs/glossary.md: « seul positif,
bouts sur prise, défensif »), on the English site too: the standings once showed
« +1 seul positif » next to « +0.5 defensive »."""

from django.utils import translation

from league.labels import Bonus
from league.rules import QuickResult, manche_bonuses, rank_manche, ruleset_for
from league.templatetags.sheet_tags import bonus_label
from league.wording import message_text

GLOSSARY = {"seul_positif": "seul positif", "bouts_sur_prise": "bouts sur prise", "defensif": "défensif"}
TABLE = ("ben", "fifi", "anne", "bruno", "eric")


def test_every_bonus_reads_its_glossary_name_in_both_languages():
    assert set(Bonus.values) == set(GLOSSARY)
    for language in ("fr", "en"):
        with translation.override(language):
            assert {kind: bonus_label(kind) for kind in Bonus.values} == GLOSSARY, language


def test_each_bonus_reason_in_english_opens_with_the_bonus_name():
    """ben alone positive (seul positif), fifi within 20 % of him (défensif), anne with no
    bout in her one prise, won (bouts sur prise): each reason opens with its badge's name."""
    scores = {"ben": 450, "fifi": -10, "anne": -20, "bruno": -200, "eric": -220}
    stats = {p: QuickResult(p, s, *((1, 0, 1) if p == "anne" else (0, 0, 0))) for p, s in scores.items()}
    ruleset = ruleset_for("tarot-biere", "2011-2012")
    ranking = rank_manche(ruleset, TABLE, None, scores, stats)
    found = manche_bonuses(ruleset, ranking, 1)
    with translation.override("en"):
        reasons = {a.kind: message_text(a.reason) for a in found}
    assert set(reasons) == set(GLOSSARY), reasons
    for kind, reason in reasons.items():
        assert reason.lower().startswith(GLOSSARY[kind] + ":"), reason
