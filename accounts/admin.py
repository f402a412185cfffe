from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from simple_history.admin import SimpleHistoryAdmin

from .models import Mandate, User


@admin.register(User)
class UserAdmin(BaseUserAdmin, SimpleHistoryAdmin):
    list_display = ["username", "display_name", "email", "is_active", "first_season"]
    search_fields = ["username", "display_name", "email"]
    fieldsets = BaseUserAdmin.fieldsets + (
        (
            "Club",
            {
                "fields": (
                    "display_name",
                    "first_season",
                    "jeton_colour",
                    "avatar",
                    "notify_reminders",
                    "notify_deadlines",
                    "notify_results",
                    "notify_comptes_rendus",
                )
            },
        ),
    )


@admin.register(Mandate)
class MandateAdmin(SimpleHistoryAdmin):
    list_display = ["user", "role", "started_at", "ended_at"]
