"""Order notifications: a service class over injected channels, and two module helpers."""


def shout(text):
    return text.upper() + "!"


def subject_line(order_id, status):
    return f"Order {order_id}: {status}"


class Notifier:
    def __init__(self, mailer, sms, log):
        self.mailer, self.sms, self.log = mailer, sms, log

    def notify(self, order_id, status, urgent=False):
        title = subject_line(order_id, status)
        if urgent:
            title = shout(title)
            self.sms.send(title)
        self.mailer.send(title)
        self.log.append(title)
        return title
