"""Render the comptes-rendus and comments stored before their HTML was kept."""

from django.db import migrations

from league.markdown import render_markdown, shown_text

BATCH = 500


def backfill(apps, schema_editor):
    for name in ("CompteRendu", "Comment"):
        model = apps.get_model("league", name)
        pending = []
        fields = ("pk", "text", "title") if name == "CompteRendu" else ("pk", "text")
        for row in model.objects.filter(html="").only(*fields).iterator(chunk_size=BATCH):
            # A compte-rendu without a title shows its opening heading as the title, not twice.
            row.html = render_markdown(shown_text(getattr(row, "title", ""), row.text))
            pending.append(row)
            if len(pending) == BATCH:
                model.objects.bulk_update(pending, ["html"])
                pending = []
        model.objects.bulk_update(pending, ["html"])


class Migration(migrations.Migration):
    dependencies = [("league", "0006_compte_rendu_html_history_reason_text")]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
