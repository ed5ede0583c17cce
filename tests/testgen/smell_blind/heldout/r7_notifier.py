"""Overdue payment reminders."""
import datetime
import smtplib

AUDIT = []
USERS_DB = {}


def now():
    return datetime.datetime.now()


def load_user(user_id):
    return USERS_DB.get(user_id)


def render_template(template, **ctx):
    if template != "overdue":
        raise KeyError(template)
    return "Hi {name}, your payment is {days} day(s) overdue.".format(**ctx)


def send_email(to, subject, body):  # pragma: no cover - real network
    with smtplib.SMTP("mail.internal") as s:
        s.sendmail("billing@example.com", [to], f"Subject: {subject}\n\n{body}")


def send_sms(phone, body):  # pragma: no cover - real network
    raise RuntimeError("sms gateway not reachable from tests")


def audit_log(event, **fields):
    AUDIT.append((event, fields))


def notify_overdue(user_id):
    user = load_user(user_id)
    if user is None:
        raise LookupError(f"unknown user {user_id}")
    days = (now().date() - user["due"]).days
    if days <= 0:
        return "not-due"
    body = render_template("overdue", name=user["name"], days=days)
    if user.get("phone"):
        send_sms(user["phone"], body)
        channel = "sms"
    else:
        send_email(user["email"], "Payment overdue", body)
        channel = "email"
    audit_log("overdue_notice", user_id=user_id, channel=channel)
    return channel
