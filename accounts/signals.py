"""What accounts tells the apps built on it, which it cannot import.

The apps above (the league) cache pages that show members' names; a name
changed here must reach them without accounts knowing who they are.
"""

from django.dispatch import Signal

#: Sent with ``user`` inside the transaction that changed his shown name.
display_name_changed = Signal()
