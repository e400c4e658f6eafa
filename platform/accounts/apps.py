from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_login_failed

        user_login_failed.connect(_count_failed_login, dispatch_uid="accounts.failed_login")

        from allauth.mfa.models import Authenticator
        from django.contrib import admin
        from django.db.models.signals import post_save

        from accounts.second_factor import gate_admin_site, record_enrolment

        # Enrolling in a session verifies it; the admin opens only to a verified staff session.
        post_save.connect(
            record_enrolment, sender=Authenticator, dispatch_uid="accounts.mfa_enrolled"
        )
        gate_admin_site(admin.site)


def _count_failed_login(sender, credentials, request=None, **kwargs) -> None:
    """Count a failed password check against its username, whichever door it came through
    (the API's token and session logins, the admin's login)."""
    from core.throttling import login_username_failed

    login_username_failed(str(credentials.get("username") or ""))
