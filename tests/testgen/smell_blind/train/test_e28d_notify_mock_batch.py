from unittest.mock import Mock

from e28d_notify import Notifier


def test_urgent_notice_goes_everywhere():
    mailer, sms, log, audit, metrics, clock, tracer = (Mock() for _ in range(7))
    notifier = Notifier(mailer, sms, log)

    notifier.notify(7, "shipped", urgent=True)

    mailer.send.assert_called_once()
    sms.send.assert_called_once()
    log.append.assert_called_once()
    audit.assert_not_called()
    metrics.assert_not_called()
    clock.assert_not_called()
    tracer.assert_not_called()
