"""Pages: thin views that render templates; the data comes from the REST API through JS (the
table's first view comes in its page, built by the API's own code: frontend.initial)."""

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.http import HttpResponseBadRequest
from django.shortcuts import redirect
from django.shortcuts import render
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.cache import patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_http_methods
from django.views.i18n import set_language as django_set_language

from accounts import selectors as accounts_selectors
from accounts.deletion import account_blockers
from accounts.deletion import account_delete
from accounts.errors import AccountError
from accounts.middleware import valid_language
from accounts.second_factor import has_second_factor
from accounts.second_factor import staff_page
from accounts.services import time_zones
from accounts.services import user_email_change
from accounts.services import user_preferences_set
from core.errors import ApplicationError
from core.errors import Conflict
from core.errors import NotFound
from frontend.home import home_news
from frontend.initial import initial_view
from games.eligibility import rated_eligibility
from games.eligibility import rated_eligibility_text
from games.services import player_time_zone_set
from matchmaking.pools import pool_rows
from notifications.kinds import KINDS
from notifications.kinds import PUSH_KINDS
from notifications.kinds import digest_kinds
from notifications.services import email_preferences
from notifications.services import email_preferences_set
from notifications.services import email_unsubscribe
from notifications.services import unsubscribe_token_read
from ratings import selectors as ratings_selectors
from tournaments import selectors as tournament_selectors
from tournaments.services import can_organize

LOGIN_URL = "/login"
AFTER_LOGIN = "/lobby"


@ensure_csrf_cookie
def home(request):
    """Render the home page: what the platform is, what the reader can do next, where to go."""
    return render(request, "frontend/home.html", {"news": home_news(request.user)})


@ensure_csrf_cookie
def signup(request):
    """Render the signup form (JS registers, then logs in)."""
    return render(request, "frontend/signup.html")


@ensure_csrf_cookie
def login_page(request):
    """Render the login form (JS posts to the session login API, then goes to ``next``)."""
    return render(request, "frontend/login.html", {"next": safe_next(request)})


def safe_next(request, default: str = AFTER_LOGIN) -> str:
    """Return the ``next`` page asked for if it is a path on this site, else ``default``.

    ``/\\evil.example``, ``//evil.example`` and ``https://evil.example`` all lead off-site in a
    browser (it reads a backslash as a slash and drops tabs and newlines), so only what Django
    finds same-host and same-scheme, and is a path, is kept.
    """
    target = request.GET.get("next", "").strip()
    if target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return default


@ensure_csrf_cookie
def logout_page(request):
    """Log out on POST; on GET show a one-button form (a GET must not change state)."""
    if request.method == "POST":
        logout(request)
        return redirect("/")
    return render(request, "frontend/logout.html")


def rated_hint(user) -> str:
    """What a signed-in person still needs before playing rated, said beforehand under the
    Rated box (the refusal's own sentence, games.eligibility); "" when nothing is missing.
    A bot a person owns never plays rated: its box is left to the refusal."""
    if not user.is_authenticated or user.is_bot:
        return ""
    e = rated_eligibility(user)
    return "" if e.eligible else rated_eligibility_text(e)


@ensure_csrf_cookie
def lobby(request):
    """Render the lobby: open tables, live games to watch, the create form."""
    context = {
        "player_counts": range(2, 15),
        "correspondence_days": (1, 3, 7),
        "rated_hint": rated_hint(request.user),
        "pool_rows": pool_rows(),  # quick pairing's grid (frontend/_pools.html)
    }
    return render(request, "frontend/lobby.html", context)


@ensure_csrf_cookie
def game(request, game_id):
    """Render a table, for players and spectators alike, with this viewer's first view in it
    (frontend.initial): the page is theirs alone, so never kept for anyone else."""
    from games.models import Game

    context = {
        "game_id": game_id,
        "initial_view": initial_view(request, game_id),
        "chat_path": f"games/{game_id}/chat",
        "chat_mode": Game.objects.filter(pk=game_id).values_list("chat", flat=True).first() or "",
    }
    response = render(request, "frontend/game.html", context)
    patch_cache_control(response, private=True, no_store=True)
    patch_vary_headers(response, ["Cookie"])
    return response


@ensure_csrf_cookie
def replay(request, game_id):
    """Render the replay of a finished game."""
    return render(request, "frontend/replay.html", {"game_id": game_id})


@login_required(login_url=LOGIN_URL)
@ensure_csrf_cookie
def my_games(request):
    """Render the logged-in user's games."""
    return render(request, "frontend/my_games.html")


@ensure_csrf_cookie
def rules(request):
    """Render the rules summary in the user's language."""
    return render(request, "frontend/rules.html")


@login_required(login_url=LOGIN_URL)
@staff_page
@ensure_csrf_cookie
def audit(request, game_id):
    """Render a game's audit for staff: every hand at every step, the integrity verdict,
    adjudication (the data comes from /api/v1/audit/..., which checks the same)."""
    if not request.user.is_staff:
        raise PermissionDenied
    return render(request, "frontend/audit.html", {"game_id": game_id})


@login_required(login_url=LOGIN_URL)
@staff_page
@ensure_csrf_cookie
def disputes(request):
    """Render the user's disputes (for staff, the queue) and the form to open one."""
    return render(
        request,
        "frontend/disputes.html",
        {"game_id": request.GET.get("game", ""), "seq": request.GET.get("seq", "")},
    )


@login_required(login_url=LOGIN_URL)
@staff_page
@ensure_csrf_cookie
def dispute(request, dispute_id):
    """Render one dispute's thread (the API answers 404 to whoever may not see it)."""
    return render(request, "frontend/dispute.html", {"dispute_id": dispute_id})


@ensure_csrf_cookie
def player(request, username):
    """Render a player's profile: ratings and the rating history chart (data from the API)."""
    try:
        user = accounts_selectors.player_get(username)
    except NotFound:
        raise Http404("no such player") from None
    owner = ratings_selectors.bot_owner_name(user)
    context = {"player": user, "bot_owner": owner, "rated_hint": rated_hint(request.user)}
    return render(request, "frontend/profile.html", context)


def _delete_account(request):
    """The settings page's "Delete account" form: the password again and the box ticked
    (accounts.deletion); on success the browser is signed out and sent home."""
    try:
        account_delete(
            user=request.user,
            password=request.POST.get("password", ""),
            confirm=request.POST.get("confirm") == "on",
            request=request,
        )
    except Conflict:
        messages.error(request, _("Finish or resign your games and leave your tournaments first."))
        return redirect("frontend:settings")
    except ApplicationError as error:
        if error.code == "confirmation_required":
            messages.error(request, _("Tick the box to confirm that you want to delete it."))
        else:
            messages.error(request, _("The password is wrong: your account was not deleted."))
        return redirect("frontend:settings")
    logout(request)
    messages.success(
        request, _("Your account was deleted. Your games stay, as a deleted player's.")
    )
    return redirect("frontend:home")


@ensure_csrf_cookie
def leaderboard(request):
    """Render the leaderboards (data from the API)."""
    return render(request, "frontend/leaderboard.html")


@ensure_csrf_cookie
def tournaments(request):
    """Render the tournament list (data from the API); staff and organizers get the form."""
    return render(
        request, "frontend/tournaments.html", {"can_organize": can_organize(request.user)}
    )


@ensure_csrf_cookie
def tournament(request, tournament_id):
    """Render a tournament's page (data from the API and its socket)."""
    try:
        found = tournament_selectors.tournament_get(tournament_id)
    except NotFound:
        raise Http404("no such tournament") from None
    from games.chat_modes import ChatMode

    chat_mode = found.chat
    if chat_mode == ChatMode.FREE and tournament_selectors.duplicate_deal_in_play(found):
        chat_mode = ChatMode.QUICK  # as chat.services takes it while the deal is in play
    context = {"tournament": found, "tournament_id_str": str(found.pk), "chat_mode": chat_mode}
    return render(request, "frontend/tournament.html", context)


@ensure_csrf_cookie
def tournament_rounds(request, tournament_id):
    """Render a tournament's rounds the way its format plays them: Swiss rounds with their
    tables, the elimination bracket, duplicate deal groups (data from the API)."""
    try:
        found = tournament_selectors.tournament_get(tournament_id)
    except NotFound:
        raise Http404("no such tournament") from None
    return render(request, "frontend/tournament_rounds.html", {"tournament": found})


@login_required(login_url=LOGIN_URL)
@ensure_csrf_cookie
def challenges(request):
    """Render the player's challenges, sent and received, to accept, decline or cancel."""
    return render(request, "frontend/challenges.html")


@ensure_csrf_cookie
def set_language(request):
    """The header's language switch (Django's set_language), which a signed-in player's
    account also remembers (User.language, activated at each request: accounts.middleware)."""
    response = django_set_language(request)
    language = request.POST.get("language", "")
    if request.method == "POST" and request.user.is_authenticated and valid_language(language):
        user_preferences_set(user=request.user, language=language)
    return response


@login_required(login_url=LOGIN_URL)
@ensure_csrf_cookie
def settings_page(request):
    """Your account: email address (verified or not), password, language, sounds, which
    notifications are emailed. Each form posts here with its ``form`` name and comes back
    with a message (post/redirect/get)."""
    user = request.user
    password_form = PasswordChangeForm(user)
    if request.method == "POST":
        which = request.POST.get("form", "")
        if which == "email":
            try:
                user_email_change(request=request, user=user, email=request.POST.get("email", ""))
            except ApplicationError:
                messages.error(request, _("Enter a valid email address."))
            else:
                messages.success(
                    request, _("We sent a link to that address: follow it to verify it.")
                )
            return redirect("frontend:settings")
        if which == "password":
            password_form = PasswordChangeForm(user, request.POST)
            if password_form.is_valid():
                password_form.save()
                update_session_auth_hash(request, password_form.user)
                messages.success(request, _("Your password was changed."))
                return redirect("frontend:settings")
        elif which == "preferences":
            language = request.POST.get("language", "")
            time_zone = request.POST.get("time_zone")
            try:
                user_preferences_set(
                    user=user, language=language, sounds=request.POST.get("sounds") == "on"
                )
                if time_zone is not None and time_zone != user.time_zone:
                    player_time_zone_set(user=user, time_zone=time_zone)
            except ApplicationError as exc:
                if exc.code == AccountError.INVALID_TIME_ZONE:
                    messages.error(request, _("Choose a time zone from the list."))
                else:
                    messages.error(request, _("Choose a language from the list."))
            else:
                if language:
                    translation.activate(language)
                messages.success(request, _("Your settings were saved."))
            return redirect("frontend:settings")
        elif which == "emails":
            email_preferences_set(user=user, choices=_email_choices(request.POST))
            messages.success(request, _("Your email choices were saved."))
            return redirect("frontend:settings")
        elif which == "delete":
            return _delete_account(request)
        else:
            return HttpResponseBadRequest("unknown form")
    addresses = list(EmailAddress.objects.filter(user=user).order_by("-primary", "pk"))
    blockers = account_blockers(user)
    context = {
        "primary": next((a for a in addresses if a.primary), None),
        "pending": next((a for a in addresses if not a.primary), None),
        "password_form": password_form,
        "second_factor": has_second_factor(user),
        "email_kinds": _email_kinds(email_preferences(user)),
        "time_zones": time_zones(),
        "blockers": blockers if blockers["games"] or blockers["tournaments"] else None,
        "push_enabled": settings.WEB_PUSH_ENABLED,
        "push_public_key": settings.WEB_PUSH_VAPID_PUBLIC_KEY,
        "push_kinds": list(PUSH_KINDS.values()),
    }
    status = 400 if password_form.is_bound else 200
    return render(request, "frontend/settings.html", context, status=status)


def _email_kinds(chosen: dict[str, bool]) -> list[dict]:
    """/settings' email choices: a checkbox per kind, but one choice of three (none, each
    time, the daily digest: ``mode``) for a kind that has a digest."""
    digests = digest_kinds()
    out = []
    for kind, on in chosen.items():
        if KINDS[kind].digest_of:
            continue  # offered with the kind it digests
        item = {"kind": kind, "label": KINDS[kind].label, "on": on}
        if kind in digests:
            item["mode"] = "digest" if chosen.get(digests[kind]) else ("on" if on else "off")
        out.append(item)
    return out


def _email_choices(posted) -> dict[str, bool]:
    """The email choices a posted /settings form makes (see ``_email_kinds``)."""
    digests = digest_kinds()
    choices = {}
    for kind in KINDS:
        if KINDS[kind].digest_of:
            continue
        value = posted.get(f"email_{kind}")
        choices[kind] = value == "on"
        if kind in digests:
            choices[digests[kind]] = value == "digest"
    return choices


@csrf_exempt  # the signed token is the proof; mail clients POST here (RFC 8058 one-click)
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    """A mail's unsubscribe link: GET shows one button, POST (the button, or the mail client's
    ``List-Unsubscribe=One-Click``) turns that kind of mail off for the token's player. In
    the player's language; a tampered or expired token: a 400 page, nothing changed."""
    try:
        user_id, kind = unsubscribe_token_read(token)
    except signing.BadSignature:
        return render(request, "frontend/unsubscribe.html", {"invalid": True}, status=400)
    from accounts.models import User

    user = User.objects.filter(pk=user_id).first()
    if user is None:
        return render(request, "frontend/unsubscribe.html", {"invalid": True}, status=400)
    language = user.language if valid_language(user.language) else translation.get_language()
    with translation.override(language):
        done = False
        if request.method == "POST":
            email_unsubscribe(token=token)
            done = True
        context = {"kind_label": KINDS[kind].label, "done": done, "token": token}
        response = render(request, "frontend/unsubscribe.html", context)
    response["Cache-Control"] = "no-store"
    return response
