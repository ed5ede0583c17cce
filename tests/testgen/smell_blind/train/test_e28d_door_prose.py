import pytest

from e28d_door import Door


def test_open_then_close():
    door = Door()
    door.move("open")
    assert door.move("close") == "closed"


def test_locked_door_cannot_open():
    door = Door()
    door.move("lock")
    # opening a locked door should raise and leave it locked


def test_unknown_move():
    with pytest.raises(ValueError, match="cannot kick"):
        Door().move("kick")
