"""The manche page: one page, one section per area (table, sheet and ranking, compte-rendu).

Each area contributes its context through one function of its own views
module, so the sections evolve independently.
"""

from django.shortcuts import render

from ..models import Manche
from ..selectors.manche import manche_page_or_404
from ..selectors.registrations import table_reads
from ..selectors.signatures import seats_known
from . import comptes_rendus, registrations, sheet, signatures


def manche_detail(request, season_name: str, number: int):
    manche = manche_page_or_404(season_name, number)
    # A played manche's ranking, rendered once per revision, carries the seats it was made from.
    played = sheet.played_reading(manche) if manche.status == Manche.Status.PLAYED else None
    seats = (played[1].seats or None) if played else None
    reads = table_reads(manche, seats=seats)  # what every section shows, read once
    seats_known(manche, reads.seats)  # the permission checks ask who sits there
    players = [s.player for s in reads.seats] + ([manche.absent] if manche.absent_id else [])
    context = {"manche": manche, "season": manche.season}
    context.update(registrations.manche_section_context(request, manche, reads=reads))
    context.update(sheet.manche_section_context(request, manche, reads=reads, played=played))
    context.update(
        signatures.signatures_section_context(
            request, manche, seats=reads.seats, has_donnes=played[1].donnes if played else None
        )
    )
    context.update(comptes_rendus.manche_section_context(request, manche, players=players))
    return render(request, "league/manche/detail.html", context)
