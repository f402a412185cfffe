"""Members, the club's officers over time, invitations, join requests, and the one permission registry."""
