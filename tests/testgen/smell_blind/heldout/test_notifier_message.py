from unittest.mock import Mock

from notifier import SENDER, Notifier


def test_welcome_mail_headers_and_body():
    smtp = Mock()

    msg = Notifier(smtp).send_welcome("ada@example.com", "Ada")

    smtp.send_message.assert_called_once_with(msg)
    assert msg["From"] == "no-reply@shop.example"
    assert msg["To"] == "ada@example.com"
    assert msg["Subject"] == "Welcome, Ada!"
    assert "Hi Ada," in msg.get_content()


def test_sender_constant_is_used_for_every_message():
    smtp = Mock()
    first = Notifier(smtp).send_welcome("a@example.com", "A")
    second = Notifier(smtp).send_welcome("b@example.com", "B")
    assert {first["From"], second["From"]} == {SENDER}
