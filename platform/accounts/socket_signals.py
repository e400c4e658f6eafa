"""Close a user's sockets when a credential of theirs ends (accounts.sockets): wired in apps."""

from __future__ import annotations

from accounts.sockets import recheck_sockets
from accounts.sockets import session_credential
from accounts.sockets import token_credential


def on_logged_out(sender, request=None, user=None, **kwargs) -> None:
    """A logout (the API's, the admin's): that session's sockets close."""
    session = getattr(request, "session", None)
    key = getattr(session, "session_key", None)
    if user is not None and key:
        # Django sends this signal before it flushes the session: end it first, or a page whose
        # socket is closed now reloads on the session still alive and shows itself signed in.
        session.delete(key)
        recheck_sockets(user.pk, session_credential(key))


def on_token_deleted(sender, instance, **kwargs) -> None:
    """A revoked or expired API token (one, all, or from the admin): its sockets close."""
    recheck_sockets(instance.user_id, token_credential(instance.digest))


def on_user_saved(sender, instance, created=False, update_fields=None, **kwargs) -> None:
    """A password change or a deactivation may end the user's sessions: each socket checks.
    Saves of other fields alone (``last_login`` at every login) tell nobody."""
    if created:
        return
    if update_fields is not None and not {"password", "is_active"} & set(update_fields):
        return
    recheck_sockets(instance.pk)
