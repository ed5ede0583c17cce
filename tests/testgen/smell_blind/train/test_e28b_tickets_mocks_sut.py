from unittest.mock import patch

import e28b_tickets


def test_open_ticket_returns_an_open_ticket():
    fake = {"id": "T-1", "status": "open"}
    with patch("e28b_tickets.open_ticket", return_value=fake):
        assert e28b_tickets.open_ticket("Subject", "body", "cy")["status"] == "open"
