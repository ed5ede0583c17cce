import pytest

import e28b_tickets
from e28b_tickets import open_ticket


@pytest.fixture
def sent(monkeypatch):
    outbox = []
    monkeypatch.setattr(e28b_tickets, "new_ticket_id", lambda: "T-0001")
    monkeypatch.setattr(e28b_tickets, "short_code", lambda: "abc123")
    monkeypatch.setattr(e28b_tickets, "support_address", lambda: "desk@example.com")
    monkeypatch.setattr(e28b_tickets, "relay", outbox.append)
    return outbox


def test_opening_a_ticket_mails_the_desk(sent):
    ticket = open_ticket("  Printer on fire ", "It is on fire.", "ana")
    assert ticket == {"id": "T-0001", "code": "abc123", "subject": "Printer on fire",
                      "reporter": "ana", "status": "open"}
    assert sent[0]["To"] == "desk@example.com"
    assert sent[0]["Subject"] == "[T-0001] Printer on fire"


def test_a_blank_subject_is_refused(sent):
    with pytest.raises(ValueError, match="needs a subject"):
        open_ticket("   ", "body", "bo")
    assert sent == []
