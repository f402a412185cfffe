"""An email backend whose server fails a given number of times before it accepts (tests only)."""

from smtplib import SMTPServerDisconnected

from django.core.mail.backends.locmem import EmailBackend


class FlakyBackend(EmailBackend):
    failures_left = 0
    attempts = 0

    def send_messages(self, messages):
        FlakyBackend.attempts += 1
        if FlakyBackend.failures_left > 0:
            FlakyBackend.failures_left -= 1
            raise SMTPServerDisconnected("the mail server hung up")
        return super().send_messages(messages)


class SlowBackend(EmailBackend):
    """A mail server that takes a while to answer: deliveries racing for one email overlap."""

    def send_messages(self, messages):
        import time

        time.sleep(0.3)
        return super().send_messages(messages)
