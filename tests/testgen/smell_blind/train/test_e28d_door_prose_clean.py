import pytest

from e28d_door import Door


def test_open_then_close():
    door = Door()
    door.move("open")
    assert door.move("close") == "closed"


def test_locked_door_cannot_open():
    door = Door()
    door.move("lock")
    with pytest.raises(ValueError, match="cannot open a locked door"):
        door.move("open")
    assert door.state == "locked"
    # unlocking is covered by test_unlock below


def test_unlock():
    door = Door()
    door.move("lock")
    assert door.move("unlock") == "closed"
