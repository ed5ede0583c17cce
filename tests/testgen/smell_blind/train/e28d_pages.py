"""Pages of a list: which slice a page shows and how many pages there are."""
import math


def paginate(items, page, size):
    start = (page - 1) * size
    pages = max(1, math.ceil(len(items) / size))
    return {"start": start, "pages": pages, "items": items[start:start + size],
            "last": page >= pages}
