"""Notification dispatcher: picks channel, renders template, sends."""


class Notifier:
    def __init__(self, sms, email, templates, prefs, audit):
        self.sms = sms
        self.email = email
        self.templates = templates
        self.prefs = prefs
        self.audit = audit

    def notify(self, user_id, event, **ctx):
        channel = self.prefs.channel_for(user_id)
        body = self.templates.render(event, **ctx)
        if channel == "sms":
            self.sms.send(user_id, body[:160])
        else:
            self.email.send(user_id, subject=event.title(), body=body)
        self.audit.record(user_id, event, channel)
        return channel
