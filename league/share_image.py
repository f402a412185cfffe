"""The night, shared: a PNG of a played manche's result for messaging apps (Open Graph image).

:func:`night_card` reads what the image says from the sheet's state (the
engine's ranking, place points and bonuses, the night's highlight donne);
:func:`render_png` draws it with Pillow. Pillow's own scalable font
(``ImageFont.load_default(size=…)``, Aileron) has no accented letters — "Émile"
would come out with a box — so the image uses Liberation Sans, shipped in
``league/fonts/`` (GPL with the font exception, see its licence file): no
system font is needed on the server. Drawing it takes some 70 ms, so
:func:`night_png` keeps it per revision of the season and language.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from PIL import Image, ImageDraw, ImageFont

from config.typography import date_format

from . import revision_cache
from .models import Manche
from .selectors.sheet import SheetState, sheet_state
from .tagged import Tagged
from .templatetags.numbers import num, signed
from .templatetags.sheet_tags import bonus_label

FONTS = Path(__file__).resolve().parent / "fonts"
WIDTH, HEIGHT = 1200, 630  # the size messaging apps expect for a large preview
GREEN, PALE_GREEN, WHITE = (25, 135, 84), (209, 231, 221), (255, 255, 255)
INK, MUTED = (33, 37, 41), (108, 117, 125)


@dataclass(frozen=True)
class CardLine:
    place: str
    name: str
    jetons: str
    place_points: str
    bonuses: tuple[str, ...]
    vainqueur: bool


@dataclass(frozen=True)
class NightCard:
    title: str
    subtitle: str
    lines: tuple[CardLine, ...]
    highlight: str  # the night's biggest donne, in words; "" without a detailed sheet


def _highlight(state: SheetState) -> str:
    """The donne that moved the most jetons to or from one player."""
    best = None
    for row in state.rows():
        if row["result"] is None:
            continue
        swing = max((abs(s) for s in row["scores"] if s is not None), default=0)
        if best is None or swing > best[0]:
            best = (swing, row)
    if best is None:
        return ""
    swing, row = best
    donne, result = row["donne"], row["result"]
    if donne.kind == donne.Kind.MISERE:
        what = str(donne.Kind.MISERE.label)
    else:
        who = str(donne.taker) + (" + " + str(donne.partner) if donne.partner_id else "")
        outcome = _("gagnée") if result.won else _("chutée")
        what = f"{donne.get_contract_display()} · {who} · {outcome}"
    return _("Donne %(n)s : %(what)s (%(swing)s jetons)") % {"n": donne.index, "what": what, "swing": swing}


def night_card(state: SheetState) -> NightCard:
    manche = state.manche
    lines = tuple(
        CardLine(
            place="5" if line.entry.absent else str(line.entry.place),
            name=str(line.user or line.entry.player),
            jetons=signed(line.entry.score),
            place_points=num(line.entry.points),
            bonuses=tuple(f"+{num(value)} {bonus_label(kind)}" for kind, value, _reason in line.bonuses),
            vainqueur=line.vainqueur,
        )
        for line in state.ranking
    )
    subtitle = date_format(manche.starts_at, "l j F Y")
    if manche.location:
        subtitle += f" · {manche.location}"
    return NightCard(
        title=_("Manche %(n)s · %(season)s") % {"n": manche.number, "season": manche.season.name},
        subtitle=subtitle,
        lines=lines,
        highlight=_highlight(state),
    )


@lru_cache(maxsize=16)
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "LiberationSans-Bold.ttf" if bold else "LiberationSans-Regular.ttf"
    return ImageFont.truetype(str(FONTS / name), size)


def render_png(card: NightCard) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), WHITE)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, 120), fill=GREEN)
    draw.text((48, 22), card.title, font=font(48, bold=True), fill=WHITE)
    draw.text((48, 80), card.subtitle, font=font(26), fill=WHITE)
    heads = ((48, "#"), (110, _("Joueur")), (470, _("Jetons")), (640, _("Points")), (780, _("Bonus")))
    for x, text in heads:
        draw.text((x, 140), text, font=font(24), fill=MUTED)
    y = 180
    for line in card.lines:
        if line.vainqueur:
            draw.rectangle((36, y - 6, WIDTH - 36, y + 46), fill=PALE_GREEN)  # the vainqueur(s)
        for x, text in ((48, line.place), (110, line.name), (470, line.jetons), (640, line.place_points)):
            draw.text((x, y), text, font=font(34, bold=line.vainqueur), fill=INK)
        draw.multiline_text((780, y - 2), "\n".join(line.bonuses), font=font(21), fill=INK, spacing=2)
        y += 62
    if card.highlight:
        draw.text((48, HEIGHT - 100), _("Le coup de la soirée"), font=font(24), fill=MUTED)
        draw.text((48, HEIGHT - 68), card.highlight, font=font(30), fill=INK)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def night_png(manche: Manche) -> Tagged | None:
    """The image of a played manche, drawn once per revision of its season and
    language (every write to a result bumps the revision); None while it has no
    ranking to show."""
    season = manche.season

    def draw() -> bytes:
        state = sheet_state(manche)
        return render_png(night_card(state)) if state.ranking else b""

    name = f"share-png:{get_language()}:{manche.number}"
    png = revision_cache.kept(season.pk, season.revision, name, now=timezone.now(), read=draw)
    if not png:
        return None
    return Tagged.of(png)
