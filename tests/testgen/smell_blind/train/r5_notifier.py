"""Sends welcome notifications to newly registered users."""
import re


def normalize_phone(raw):
    digits = re.sub(r"\D", "", raw or "")
    if len(digits) == 10:
        digits = "1" + digits
    return "+" + digits if digits else None


def render_subject(user):
    return f"Welcome aboard, {user['first_name']}!"


class UserNotFound(LookupError):
    pass


class NotificationService:
    def __init__(self, users, templates, mailer, sms, audit, clock):
        self.users = users
        self.templates = templates
        self.mailer = mailer
        self.sms = sms
        self.audit = audit
        self.clock = clock

    def send_welcome(self, user_id):
        user = self.users.get(user_id)
        if user is None:
            raise UserNotFound(user_id)
        body = self.templates.render("welcome", user=user)
        self.mailer.send(to=user["email"], subject=render_subject(user), body=body)
        channels = ["email"]
        phone = normalize_phone(user.get("phone"))
        if phone and user.get("sms_opt_in"):
            self.sms.send(phone, f"Hi {user['first_name']}, your account is ready.")
            channels.append("sms")
        self.audit.record("welcome_sent", user_id=user_id, channels=channels, at=self.clock.now())
        return channels
