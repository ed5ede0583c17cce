from unittest import mock

import e28d_notify


@mock.patch.object(e28d_notify, "subject_line", return_value="Order 7: shipped")
def test_subject_line(subject_line):
    assert e28d_notify.subject_line(7, "shipped") == "Order 7: shipped"


def test_shout():
    assert e28d_notify.shout("late") == "LATE!"
