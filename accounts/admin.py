"""The Django admin of accounts: members (with their history), offices, invitations, join requests, email changes."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from simple_history.admin import SimpleHistoryAdmin

from .models import EmailChange, Invitation, JoinRequest, Mandate, OutboxEmail, User


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


@admin.register(Invitation)
class InvitationAdmin(SimpleHistoryAdmin):
    list_display = ["display_name", "username", "email", "created_at", "expires_at", "used_at", "revoked_at"]
    search_fields = ["username", "display_name", "email"]
    exclude = ["token_hash"]


@admin.register(JoinRequest)
class JoinRequestAdmin(SimpleHistoryAdmin):
    list_display = ["name", "email", "created_at", "decided_at", "approved"]
    search_fields = ["name", "email"]


@admin.register(EmailChange)
class EmailChangeAdmin(SimpleHistoryAdmin):
    list_display = ["user", "new_email", "created_at", "expires_at", "confirmed_at", "cancelled_at"]
    exclude = ["token_hash"]


@admin.register(OutboxEmail)
class OutboxEmailAdmin(admin.ModelAdmin):
    """The outbox, read only: what went out, what waits and why (sent by the workers, never from here)."""

    list_display = ["subject", "created_at", "sent_at", "attempts", "last_error"]
    list_filter = [("sent_at", admin.EmptyFieldListFilter)]
    search_fields = ["subject", "key"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
