"""URLs of the sheet area: the feuille de marque of a manche and the season's results."""

from django.urls import path

from ..views import sheet, sheet_sync, signatures

M = "<str:season_name>/manches/<int:number>/"

urlpatterns = [
    path(M + "feuille/", sheet.sheet, name="sheet"),
    path(M + "feuille/tableau/", sheet.sheet_board, name="sheet_board"),
    path(M + "feuille/donnes/", sheet.donne_add, name="sheet_donne_add"),
    path(M + "feuille/donnes/<int:index>/corriger/", sheet.donne_edit, name="sheet_donne_edit"),
    path(M + "feuille/donnes/<int:index>/supprimer/", sheet.donne_delete, name="sheet_donne_delete"),
    path(M + "feuille/envoi/", sheet_sync.donne_sync, name="sheet_donne_sync"),
    path(M + "feuille/conflit/", sheet_sync.conflict, name="sheet_conflict"),
    path(M + "feuille/table/", sheet.table, name="sheet_table"),
    path(M + "feuille/cloturer/", sheet.close, name="sheet_close"),
    path(M + "resultats-rapides/", sheet.quick_results, name="quick_results"),
    path(M + "ordre/", sheet.order, name="manche_order"),
    path(M + "historique/", sheet.audit, name="manche_audit"),
    path(M + "resultat.png", sheet.share_image, name="share_image"),
    path(M + "feuille/valider/", signatures.sign, name="sheet_sign"),
    path(M + "feuille/signee-a-la-table/", signatures.table_signed, name="sheet_table_signed"),
    path(M + "feuille/contester/", signatures.contest, name="donne_contest"),
    path(M + "feuille/contestations/<int:pk>/", signatures.rule, name="contest_rule"),
    path("<str:season_name>/resultats/", sheet.results, name="results"),
]
