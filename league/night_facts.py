"""The night's facts, in words: what the vainqueur's compte-rendu draft starts from.

Read from the sheet as the engine scored it (``league.selectors.sheet``): the
biggest contract made and the biggest one lost, chelems, petits au bout,
poignées, misères, the pot's largest win, and the season record of a night
when this one beats it. The vainqueur edits the draft freely.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User

from . import revision_cache, rules
from .models import Donne, Manche
from .selectors.engine import manche_outcomes
from .selectors.sheet import SheetState, sheet_state
from .templatetags.numbers import signed

CONTRACT_ORDER = [c.value for c in Donne.Contract]  # pouce < garde < garde sans < garde contre


def _name(state: SheetState, username) -> str:
    return str(state.users.get(username, username))


def _played(state: SheetState) -> list[tuple[Donne, object, int]]:
    """(donne, engine result, pot before it), in the order played."""
    out, pot = [], 0
    results = state.sheet.donnes if state.sheet else ()
    for donne, result in zip(state.donnes, results, strict=False):
        out.append((donne, result, pot))
        pot = result.pot_after
    return out


def _contract(donne: Donne) -> str:
    """``Garde sans d'Anne avec Bruno``: French elides « de » before a vowel."""
    taker = str(donne.taker)
    words = {"contract": donne.get_contract_display(), "name": taker}
    if unicodedata.normalize("NFD", taker[:1])[:1].lower() in "aeiouyh":
        text = _("%(contract)s d'%(name)s") % words
    else:
        text = _("%(contract)s de %(name)s") % words
    if donne.partner_id:
        text += _(" avec %(name)s") % {"name": donne.partner}
    return text


def _biggest(played, *, won: bool):
    candidates = [(d, r) for d, r, _pot in played if d.kind == Donne.Kind.CONTRACT and r.won is won]
    if not candidates:
        return None
    return max(
        candidates,
        key=lambda dr: (CONTRACT_ORDER.index(dr[0].contract), abs(dr[1].scores.get(dr[0].taker.username, 0))),
    )


def night_facts(state: SheetState) -> list[str]:
    """One line per fact of a detailed sheet; none for results entered from a paper sheet."""
    played = _played(state)
    facts = []
    made = _biggest(played, won=True)
    if made:
        donne, result = made
        facts.append(
            _("Plus gros contrat réussi : %(what)s (donne %(n)s, %(score)s).")
            % {
                "what": _contract(donne),
                "n": donne.index,
                "score": signed(result.scores[donne.taker.username]),
            }
        )
    lost = _biggest(played, won=False)
    if lost:
        donne, result = lost
        facts.append(
            _("Plus gros contrat chuté : %(what)s (donne %(n)s, %(score)s).")
            % {
                "what": _contract(donne),
                "n": donne.index,
                "score": signed(result.scores[donne.taker.username]),
            }
        )
    for donne, _result, _pot in played:
        if donne.chelem:
            facts.append(
                _("Chelem (%(how)s) : %(what)s, donne %(n)s.")
                % {"how": donne.get_chelem_display().lower(), "what": _contract(donne), "n": donne.index}
            )
        if donne.petit_au_bout:
            side = donne.get_petit_au_bout_display().lower()
            facts.append(
                _("Petit au bout (%(side)s) à la donne %(n)s : %(what)s.")
                % {"side": side, "n": donne.index, "what": _contract(donne)}
            )
        for p in donne.poignees or ():
            facts.append(
                _("Poignée %(level)s : %(name)s, donne %(n)s.")
                % {"level": p["level"], "name": _name(state, p["player"]), "n": donne.index}
            )
        for m in donne.miseres or ():
            kind = _("de tête") if m["kind"] == "tete" else _("d'atout")
            validity = _("valable") if m["valid"] else _("fausse")
            facts.append(
                _("Misère %(kind)s : %(name)s (%(validity)s), donne %(n)s.")
                % {"kind": kind, "name": _name(state, m["player"]), "validity": validity, "n": donne.index}
            )
        if donne.kind == Donne.Kind.MISERE:
            facts.append(_("Jeu de la misère à la donne %(n)s.") % {"n": donne.index})
    wins = [(pot - r.pot_after, d) for d, r, pot in played if pot > r.pot_after]
    if wins:
        amount, donne = max(wins, key=lambda w: w[0])
        winner = donne.taker if donne.kind == Donne.Kind.CONTRACT else None
        facts.append(
            (
                _("Le pot : sa plus grosse prise, %(amount)s jetons, par %(name)s (donne %(n)s).")
                % {"amount": amount, "name": winner, "n": donne.index}
            )
            if winner
            else _("Le pot : sa plus grosse prise, %(amount)s jetons (donne %(n)s).")
            % {"amount": amount, "n": donne.index}
        )
    return facts


def _best_score(state: SheetState):
    """The night's best score and who made it, from the ranking (detailed or paper sheet)."""
    lines = [line for line in state.ranking if not line.entry.absent]
    if not lines:
        return None
    best = max(lines, key=lambda line: line.entry.score)
    return best.entry.score, str(best.user or best.entry.player)


def _nights_best_scores(season, *, now: datetime) -> tuple[tuple[datetime, int, str], ...]:
    """Each played manche's best score and who made it (username), in the order played: from
    the engine's outcomes, kept per revision of the season (every change to a result bumps it)."""

    def read() -> tuple[tuple[datetime, int, str], ...]:
        starts = dict(
            Manche.objects.filter(season=season, status=Manche.Status.PLAYED).values_list(
                "number", "starts_at"
            )
        )
        bests = []
        for number, outcome in manche_outcomes(season, starts, now=now).items():
            lines = [entry for entry in outcome.ranking if not entry.absent] if outcome else []
            if lines:
                best = max(lines, key=lambda entry: entry.score)
                bests.append((starts[number], best.score, best.player))
        return tuple(sorted(bests, key=lambda best: best[0]))

    return revision_cache.kept(season.pk, season.revision, "nights-best-scores", now=now, read=read)


def _record_before(manche: Manche, *, now: datetime) -> tuple[int, str] | None:
    """The best score of a night played before ``manche`` in its season, and who made it (his
    name), the earliest night of that score; None for the first night. Read from the kept best
    score of each night; while the engine refuses the season, from every earlier sheet."""
    try:
        bests = _nights_best_scores(manche.season, now=now)
    except rules.InvalidInput:
        earlier = (
            Manche.objects.filter(
                season=manche.season, status=Manche.Status.PLAYED, starts_at__lt=manche.starts_at
            )
            .select_related("season", "absent", "capitaine")
            .order_by("starts_at")
        )
        previous = [best for m in earlier if (best := _best_score(sheet_state(m))) is not None]
        return max(previous, key=lambda best: best[0]) if previous else None
    record = None
    for starts_at, score, username in bests:
        if starts_at < manche.starts_at and (record is None or score > record[0]):
            record = (score, username)
    if record is None:
        return None
    user = User.objects.filter(username=record[1]).first()
    return record[0], str(user or record[1])


def record_facts(state: SheetState, *, now: datetime | None = None) -> list[str]:
    """The season's record of a night (the best score) when this night beats every earlier one.

    The earlier nights' best scores come from the engine's outcomes, kept per revision: scoring
    every earlier sheet again at each view of the draft took 750 ms at the end of a season of
    1,600 manches (220× the sign-in page)."""
    mine = _best_score(state)
    if mine is None:
        return []
    record = _record_before(state.manche, now=now or timezone.now())
    if record is None or mine[0] <= record[0]:
        return []
    return [
        _(
            "Record de la saison : %(score)s pour %(name)s, le meilleur score d'une soirée (%(old)s pour %(old_name)s)."
        )
        % {"score": signed(mine[0]), "name": mine[1], "old": signed(record[0]), "old_name": record[1]}
    ]
