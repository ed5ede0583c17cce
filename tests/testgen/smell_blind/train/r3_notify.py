"""Fan-out notifications according to user preferences."""


class Notifier:
    def __init__(self, prefs, templates, email, sms, push, audit):
        self.prefs = prefs
        self.templates = templates
        self.email = email
        self.sms = sms
        self.push = push
        self.audit = audit

    def notify(self, user_id: str, event: str, **ctx) -> list:
        channels = self.prefs.channels_for(user_id, event)
        body = self.templates.render(event, **ctx)
        sent = []
        for channel in channels:
            sender = {"email": self.email, "sms": self.sms, "push": self.push}.get(channel)
            if sender is None:
                continue
            if sender.send(user_id, body):
                sent.append(channel)
        self.audit.record(user_id, event, sent)
        return sent
