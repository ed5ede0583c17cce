"""Transactional e-mail; the SMTP connection is injected."""
from email.message import EmailMessage

SENDER = "no-reply@shop.example"


class Notifier:
    def __init__(self, smtp):
        self.smtp = smtp

    def send_welcome(self, email: str, name: str) -> EmailMessage:
        msg = EmailMessage()
        msg["From"] = SENDER
        msg["To"] = email
        msg["Subject"] = f"Welcome, {name}!"
        msg.set_content(f"Hi {name},\n\nThanks for signing up.\n")
        self.smtp.send_message(msg)
        return msg
