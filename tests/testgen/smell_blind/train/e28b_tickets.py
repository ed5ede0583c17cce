"""Support tickets: ids, timestamps, the environment and a mail relay at the edges."""
import os
import secrets
import smtplib
import time
import uuid
from email.message import EmailMessage


def new_ticket_id():
    return f"T-{uuid.uuid4().hex[:8]}"


def short_code():
    return secrets.token_hex(3)


def elapsed_ms(started):
    return int((time.monotonic() - started) * 1000)


def support_address():
    return os.environ.get("SUPPORT_ADDRESS", "support@example.com")


def relay(message):
    with smtplib.SMTP("localhost") as server:
        server.send_message(message)


def attachments_in(folder):
    return sorted(name for name in os.listdir(folder) if not name.startswith("."))


def open_ticket(subject, body, reporter):
    if not subject.strip():
        raise ValueError("a ticket needs a subject")
    ticket = {"id": new_ticket_id(), "code": short_code(), "subject": subject.strip(),
              "reporter": reporter, "status": "open"}
    message = EmailMessage()
    message["To"] = support_address()
    message["Subject"] = f"[{ticket['id']}] {ticket['subject']}"
    message.set_content(body)
    relay(message)
    return ticket
