from sorting import insertion_sort


def by_priority(task):
    return task[1]


def test_sorts_tasks_by_priority():
    tasks = [("deploy", 2), ("write docs", 3), ("fix bug", 1), ("review", 2)]
    expected = insertion_sort(list(tasks), key=by_priority)

    assert insertion_sort(tasks, key=by_priority) == expected


def test_sorting_does_not_mutate_input():
    names = ["mallory", "alice", "bob"]
    insertion_sort(names)
    assert names == ["mallory", "alice", "bob"]
