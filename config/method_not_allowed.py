"""A page, in the site's layout, for an address that answers only a button (405).

Django answers a ``GET`` on a view that only takes a form's ``POST`` with an
empty 405: a reader who opened such an address (an old link, the sign-out
address typed by hand) saw a blank page. The answer keeps its status and its
``Allow`` header; only its empty body is replaced.
"""

from django.template.loader import render_to_string


class MethodNotAllowedPageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code == 405 and request.method == "GET" and not response.content:
            response.content = render_to_string("405.html", request=request)
            response["Content-Type"] = "text/html; charset=utf-8"
        return response
