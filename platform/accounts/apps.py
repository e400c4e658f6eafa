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

        from accounts.second_factor import gate_admin_site
        from accounts.second_factor import record_enrolment

        # Enrolling in a session verifies it; the admin opens only to a verified staff session.
        post_save.connect(
            record_enrolment, sender=Authenticator, dispatch_uid="accounts.mfa_enrolled"
        )
        gate_admin_site(admin.site)

        # A credential that ends (a logout, a revoked token, a password change, a deactivated
        # account) closes its sockets (accounts.sockets).
        from django.contrib.auth import get_user_model
        from django.contrib.auth.signals import user_logged_out
        from django.db.models.signals import post_delete

        from accounts import socket_signals

        user_logged_out.connect(socket_signals.on_logged_out, dispatch_uid="accounts.logged_out")
        post_delete.connect(
            socket_signals.on_token_deleted,
            sender="accounts.ApiToken",
            dispatch_uid="accounts.token_deleted",
        )
        post_save.connect(
            socket_signals.on_user_saved,
            sender=get_user_model(),
            dispatch_uid="accounts.user_saved",
        )


def _count_failed_login(sender, credentials, request=None, **kwargs) -> None:
    """Count a failed password check against its username and the address it came from,
    whichever door it came through (the API's token and session logins, the admin's login)."""
    from core.throttling import login_address
    from core.throttling import login_username_failed

    login_username_failed(str(credentials.get("username") or ""), login_address(request))
