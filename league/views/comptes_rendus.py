"""Views of the comptes-rendus area: write, read, judge, comment; deadlines; the member's notices."""

import hashlib
from datetime import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts.forms.common import add_service_errors, rendered_once
from accounts.pagers import pager
from config.typography import date_format

from .. import revision_cache
from ..forms.comptes_rendus import AMBIANCE, CommentForm, CompteRenduForm, JudgeForm
from ..markdown import check_markdown, render_markdown
from ..models import CompteRendu, SiteNotice
from ..night_facts import night_facts, record_facts
from ..notifications import mark_notices_read
from ..permissions import Action, can
from ..selectors.comptes_rendus import (
    comment_counts,
    deadline_lines,
    manche_comptes_rendus,
    manche_situation,
    posted_page,
    posted_rows,
    ranking_markdown,
    season_open_deadlines,
    season_overdue,
    write_refusal,
)
from ..selectors.seasons import current_season, manche_or_404, season_or_404
from ..selectors.sheet import sheet_state
from ..services import comptes_rendus as services

PAGE_SIZE = 10
#: Deadlines ahead listed on a page of the comptes-rendus: a season whose every manche
#: still awaits its compte-rendu (1,600 at 200 × 40) listed them all, 880 kB and 700 ms.
DEADLINES_PAGE_SIZE = 10
#: Manches whose compte-rendu is overdue listed on a page of the comptes-rendus (the President's
#: inbox lists the first few and links here for the others).
OVERDUE_PAGE_SIZE = 20
NOTICES_PAGE_SIZE = 25


def manche_section_context(request, manche, *, players: list | None = None) -> dict:
    """The manche page's compte-rendu section: the compte-rendu, its author and state, the countdown
    (``players``: the table's members, already read)."""
    known = {u.username: u for u in players or ()}
    now = timezone.now()
    situation = manche_situation(manche, now=now, known_users=known)
    if situation is None:
        return {"cr_situation": None}
    main = situation.main
    return {
        "cr_situation": situation,
        "cr_main": main,
        "cr_main_comments": comment_counts(manche, now=now).get(main.pk, 0) if main else 0,
        "cr_others": [cr for cr in reversed(situation.comptes_rendus) if cr != main],
        "cr_can_write": can(request.user, Action.WRITE_COMPTE_RENDU, situation),
        "cr_can_judge": can(request.user, Action.JUDGE_COMPTE_RENDU, manche),
    }


def _compte_rendu(season_name: str, pk: int) -> CompteRendu:
    return get_object_or_404(
        CompteRendu.objects.select_related("manche__season", "author", "judged_by"),
        pk=pk,
        manche__season__name=season_name,
    )


def cr_current(request):
    season = current_season()
    if season is None:
        raise Http404(_("Aucune saison n'existe encore."))
    return redirect("league:cr_list", season_name=season.name)


def _kept_cards(season, page, now) -> SafeString:
    """The page's comptes-rendus (``league/comptes_rendus/_cards.html``), rendered once per
    revision of the season (every write to a compte-rendu bumps it, and a renamed author),
    page and language: their rows are read only then. Rendered at each view, their titles,
    dates and excerpts took a sixth of the page."""
    name = f"cr-cards:{page.number}:{get_language()}"

    def render() -> str:
        return render_to_string(
            "league/comptes_rendus/_cards.html", {"comptes_rendus": posted_rows(page), "season": season}
        )

    return mark_safe(revision_cache.kept(season.pk, season.revision, name, now=now, read=render))  # noqa: S308 (our own template's rendering)


def _kept_deadline_lines(season, deadlines, now) -> list[tuple[SafeString, datetime]]:
    """Each of the page's deadlines (``deadlines``: :class:`SeasonDeadline`) as what it says but
    its countdown (``league/comptes_rendus/_deadline_line.html``, its manche and vainqueurs read
    only then), with its instant for the countdown rendered at each view: kept per revision
    of the season (a renamed vainqueur bumps it), language and deadlines shown. Rendered and
    read at each view, ten of them took a third of the page."""
    shown = "|".join(
        f"{d.open_deadline.manche}:{d.open_deadline.kind}:{d.open_deadline.deadline.isoformat()}:{','.join(d.vainqueurs)}"
        for d in deadlines
    )
    name = f"cr-deadline-lines:{get_language()}:{hashlib.sha256(shown.encode()).hexdigest()[:32]}"

    def render() -> list[tuple[str, datetime]]:
        return [
            (
                render_to_string("league/comptes_rendus/_deadline_line.html", {"s": line}),
                line.open_deadline.deadline,
            )
            for line in deadline_lines(season, deadlines)
        ]

    lines = revision_cache.kept(season.pk, season.revision, name, now=now, read=render)
    return [(mark_safe(line), deadline) for line, deadline in lines]  # noqa: S308 (our own template's rendering)


def cr_list(request, season_name: str):
    """The season's comptes-rendus, newest first, under the deadlines still open, soonest
    first, and the manches whose compte-rendu is overdue, in calendar order, each list a page
    at a time (``?page=``, ``?echeances=``, ``?retard=``: a page past the last shows the
    last, anything else the first)."""
    season = season_or_404(season_name)
    now = timezone.now()
    page = posted_page(season, request.GET.get("page"), PAGE_SIZE, now=now)
    deadlines = Paginator(season_open_deadlines(season, now=now), DEADLINES_PAGE_SIZE).get_page(
        request.GET.get("echeances")
    )
    overdue = Paginator(season_overdue(season, now=now), OVERDUE_PAGE_SIZE).get_page(
        request.GET.get("retard")
    )
    return render(
        request,
        "league/comptes_rendus/list.html",
        {
            "season": season,
            "cards": _kept_cards(season, page, now),
            "pager": pager(request, page, "page"),
            "open_deadlines": _kept_deadline_lines(season, list(deadlines), now),
            "deadlines_pager": pager(request, deadlines, "echeances"),
            "overdue": overdue,
            "overdue_pager": pager(request, overdue, "retard"),
        },
    )


def _detail_context(request, cr: CompteRendu, *, judge_form: JudgeForm | None = None) -> dict:
    """The compte-rendu's page; ``judge_form``: the judgement refused, shown again with its errors."""
    return {
        "cr": cr,
        "manche": cr.manche,
        "season": cr.manche.season,
        "comments": cr.comments.select_related("author"),
        "comment_form": CommentForm(),
        "judge_form": judge_form or JudgeForm(),
        "can_judge": cr.status == CompteRendu.Status.PENDING
        and cr.author_id != request.user.pk
        and can(request.user, Action.JUDGE_COMPTE_RENDU, cr.manche),
    }


def cr_detail(request, season_name: str, pk: int):
    cr = _compte_rendu(season_name, pk)
    return render(request, "league/comptes_rendus/detail.html", _detail_context(request, cr))


def _default_text(situation, manche, now) -> str:
    """The draft the writer starts from: the ranking and the night's facts, read from the sheet."""
    state = sheet_state(manche)
    facts = night_facts(state) + record_facts(state, now=now)
    return "\n".join(
        [
            f"## {AMBIANCE}",
            "",
            "",
            "",
            "## " + _("Classement"),
            "",
            ranking_markdown(situation),
            "",
            "## " + _("Moments forts"),
            "",
            *(f"- {fact}" for fact in facts or [""]),
            "",
        ]
    )


def _kept_default_text(situation, manche, now) -> str:
    """The draft (:func:`_default_text`), kept per revision of the season, manche and language:
    it is made of the manche's sheet and ranking and of the season's best nights, which change
    only with a result (every write of one bumps the revision) or a renamed player (his too).
    Made at each view, reading and scoring the sheet again was two thirds of the page."""
    season = manche.season
    name = f"cr-draft:{manche.number}:{get_language()}"
    return revision_cache.kept(
        season.pk, season.revision, name, now=now, read=lambda: _default_text(situation, manche, now)
    )


@login_required
@require_http_methods(["GET", "POST"])
def cr_write(request, season_name: str, number: int):
    """The vainqueur writes the compte-rendu (or a player writes a replacement after a rejection)."""
    manche = manche_or_404(season_name, number)
    now = timezone.now()
    situation = manche_comptes_rendus(manche, now=now)
    refusal = write_refusal(situation, request.user)
    if refusal:
        messages.error(request, refusal)
        return redirect(manche.get_absolute_url() + "#compte-rendu")
    initial = {
        "title": _("Manche %(number)s du %(date)s")
        % {"number": manche.number, "date": date_format(timezone.localtime(manche.starts_at), "j F Y")},
        "text": _kept_default_text(situation, manche, now),
    }
    form = CompteRenduForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.compte_rendu_post(
                manche=manche,
                author=request.user,
                title=form.cleaned_data["title"],
                text=form.cleaned_data["text"],
                now=now,
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("Compte-rendu posté : le Président va le lire. Merci !"))
            return redirect(manche.get_absolute_url() + "#compte-rendu")
    return render(
        request,
        "league/comptes_rendus/write.html",
        {
            "form": form,
            "fields": rendered_once("accounts/_crispy_form.html", form),
            "manche": manche,
            "season": manche.season,
            "cr_situation": situation,
            "replacement": request.user.username not in situation.vainqueurs,
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def cr_edit(request, season_name: str, pk: int):
    """The author corrects his compte-rendu while it awaits judgement."""
    cr = _compte_rendu(season_name, pk)
    if cr.author_id != request.user.pk:
        raise PermissionDenied
    form = CompteRenduForm(request.POST or None, initial={"title": cr.title, "text": cr.text})
    if request.method == "POST" and form.is_valid():
        try:
            services.compte_rendu_edit(
                compte_rendu=cr,
                user=request.user,
                title=form.cleaned_data["title"],
                text=form.cleaned_data["text"],
                now=timezone.now(),
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("Compte-rendu modifié."))
            return redirect("league:cr_detail", season_name=season_name, pk=cr.pk)
    return render(
        request,
        "league/comptes_rendus/write.html",
        {
            "form": form,
            "fields": rendered_once("accounts/_crispy_form.html", form),
            "manche": cr.manche,
            "season": cr.manche.season,
            "cr": cr,
            "editing": True,
        },
    )


@login_required
@require_POST
def cr_preview(request):
    """The rendered Markdown of the text being written (htmx), or why it cannot be posted."""
    text = request.POST.get("text", "")
    try:
        context = {"html": render_markdown(check_markdown(text))}
    except ValidationError as error:
        context = {"errors": error.message_dict["text"]}
    return render(request, "league/comptes_rendus/_preview.html", context)


@login_required
@require_POST
def cr_judge(request, season_name: str, pk: int):
    """The President (or the Vice-President acting for him) accepts or rejects a compte-rendu."""
    cr = _compte_rendu(season_name, pk)
    if not can(request.user, Action.JUDGE_COMPTE_RENDU, cr.manche):
        raise PermissionDenied
    form = JudgeForm(request.POST)
    if form.is_valid():
        try:
            if form.cleaned_data["decision"] == JudgeForm.ACCEPT:
                services.compte_rendu_accept(compte_rendu=cr, judge=request.user, now=timezone.now())
                messages.success(request, _("Compte-rendu accepté ; son auteur est prévenu."))
            else:
                services.compte_rendu_reject(
                    compte_rendu=cr,
                    judge=request.user,
                    reason=form.cleaned_data["reason"],
                    now=timezone.now(),
                )
                messages.success(
                    request, _("Compte-rendu jugé non conforme ; tous les participants sont prévenus.")
                )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            return redirect("league:cr_detail", season_name=season_name, pk=cr.pk)
    # Refused: the form again, its decision kept and each error at its field, while it can
    # still be judged; judged meanwhile, the page says why it no longer takes a judgement.
    cr = _compte_rendu(season_name, pk)
    context = _detail_context(request, cr, judge_form=form)
    if context["can_judge"]:
        return render(request, "league/comptes_rendus/detail.html", context)
    for errors in form.errors.values():
        for error in errors:
            messages.error(request, error)
    return redirect("league:cr_detail", season_name=season_name, pk=cr.pk)


@login_required
@require_POST
def cr_comment(request, season_name: str, pk: int):
    cr = _compte_rendu(season_name, pk)
    form = CommentForm(request.POST)
    if form.is_valid():
        try:
            services.comment_post(
                compte_rendu=cr, author=request.user, text=form.cleaned_data["text"], now=timezone.now()
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("Commentaire publié."))
            return redirect(reverse("league:cr_detail", args=[season_name, cr.pk]) + "#commentaires")
    for errors in form.errors.values():
        for error in errors:
            messages.error(request, error)
    return redirect(reverse("league:cr_detail", args=[season_name, cr.pk]) + "#commentaires")


@login_required
def notices(request):
    """The member's site notices, newest first."""
    page = Paginator(request.user.notices.all(), NOTICES_PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "league/comptes_rendus/notices.html", {"page": page})


@login_required
@require_POST
def notice_read(request, pk: int | None = None):
    """Mark one notice read and follow its link (or all of them, without ``pk``)."""
    try:
        notice = mark_notices_read(user=request.user, pk=pk, now=timezone.now())
    except SiteNotice.DoesNotExist:
        raise Http404 from None
    if notice is not None and request.POST.get("follow"):
        if url_has_allowed_host_and_scheme(notice.url, {request.get_host()}, request.is_secure()):
            return redirect(notice.url)
    if request.htmx:
        return HttpResponse(status=204)
    return redirect("league:notices")
