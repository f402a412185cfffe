"""A page of a list with the addresses of its neighbours, for pages that show two paged lists."""


def pager(request, page, param: str) -> dict:
    """``page`` (a ``Paginator`` page) with the addresses of the pages before and after it
    (the query's ``param``), the rest of the query kept: a page with two lists (the members
    and the former players, the comptes-rendus and the deadlines) keeps the other list's
    page when one turns."""

    def address(number: int) -> str:
        query = request.GET.copy()
        query[param] = number
        return f"?{query.urlencode()}"

    return {
        "page": page,
        "previous": address(page.previous_page_number()) if page.has_previous() else None,
        "next": address(page.next_page_number()) if page.has_next() else None,
    }
