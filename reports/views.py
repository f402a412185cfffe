from django.shortcuts import render


def home(request):
    """The season at a glance: filled in by the standings and calendar once they exist."""
    return render(request, "reports/home.html", {})
