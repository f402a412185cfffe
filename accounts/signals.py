"""What accounts tells the apps built on it, which it cannot import.

The apps above (the league) cache pages that show members' names; a name
changed here must reach them without accounts knowing who they are. A member
who leaves must leave their manches too: accounts asks them what that changes
(for the confirmation page) and tells them when it is done.
"""

from django.dispatch import Signal

#: Sent with ``user`` inside the transaction that changed his shown name.
display_name_changed = Signal()

#: Asked with ``user`` and ``now`` before he is deactivated: each receiver returns the lines (translated
#: text) saying what it would undo, listed on the confirmation page.
deactivation_effects = Signal()

#: Sent with ``user``, ``by`` and ``now`` inside the transaction that deactivates him: the apps
#: above undo what an inactive member cannot keep (his sign-ups to manches still to play).
member_deactivated = Signal()
