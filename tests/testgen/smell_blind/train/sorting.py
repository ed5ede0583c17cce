"""A stable insertion sort used for tiny, nearly-sorted lists."""


def insertion_sort(items, key=None):
    key = key or (lambda x: x)
    result = list(items)
    for i in range(1, len(result)):
        current = result[i]
        j = i - 1
        while j >= 0 and key(result[j]) > key(current):
            result[j + 1] = result[j]
            j -= 1
        result[j + 1] = current
    return result
