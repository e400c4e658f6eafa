"""Every API error code's message, in the reader's language: one place, keyed by the code.

A refusal's ``detail`` is written in English where it is raised, often with more precision
than a code's message; that English stays as it is. A reader who asked for another language
(LocaleMiddleware: the ``django_language`` cookie, then Accept-Language; on a socket the same
headers of its handshake, ``scope_language``) gets instead the message of the error's stable
``code``, formatted with the body's own data (``retry_after``, ``limit``). The ``code`` and
the shape of the body never change. A validation error keeps its detail: it is built from the
field messages, which Django and DRF already translate, and carries the fields' names.

Every code of every errors enum has a message here (tests/platform/test_error_messages.py
enumerates them), so a new code cannot ship without one.
"""

from __future__ import annotations

from http.cookies import CookieError
from http.cookies import SimpleCookie
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

MESSAGES: dict[str, Promise] = {
    "invalid": _("The request is not valid."),
    "invalid_query": _("A query parameter is not valid."),
    "malformed_json": _("The request body is not valid JSON."),
    "invalid_json": _("The JSON is not valid or is nested too deeply."),
    "not_authenticated": _("Please sign in first."),
    "forbidden": _("You are not allowed to do this."),
    "not_found": _("Not found."),
    "method_not_allowed": _("This method is not allowed here."),
    "not_acceptable": _("The requested response format is not available."),
    "unsupported_media_type": _("This content type is not supported."),
    "request_too_large": ngettext_lazy(
        "The request body is larger than %(limit)s byte.",
        "The request body is larger than %(limit)s bytes.",
        "limit",
    ),
    "stale": _("Someone else acted first; reload and try again."),
    "invalid_ruleset": _("These game options cannot be dealt or played."),
    "server_error": _("Internal server error."),
    "service_unavailable": _("The service is temporarily unavailable; try again shortly."),
    "already_awarded": _("This game's result has already been awarded."),
    "already_resigned": _("You have already resigned this game."),
    "already_restarted": _("This game has already been restarted."),
    "already_seated": _("You already have a seat at this table."),
    "already_void": _("This game has already been voided."),
    "bad_message": _('Expected a JSON object with a known "command".'),
    "contributions_fixed": _("The contributions can no longer be changed."),
    "deadline_passed": _("The deadline has passed."),
    "game_not_active": _("This game is not being played right now."),
    "game_not_open": _("This table is no longer open."),
    "game_not_started": _("This game has not started yet."),
    "game_over": _("This game is over."),
    "game_void": _("This game has been voided."),
    "invalid_contribution": _("This contribution is not valid."),
    "invalid_move": _("This move is not valid."),
    "invalid_places": _("These places are not valid."),
    "invalid_seat": _("There is no such seat."),
    "invalid_seq": _("This position in the game is not valid."),
    "invalid_time_control": _("This time control is not valid."),
    "invalid_vacation": _("This vacation is not valid."),
    "invalid_time_zone": _("There is no such time zone."),
    "invalid_more_time": _("More time for this move is %(min)s to %(max)s seconds."),
    "more_time_to_self": _("You cannot give yourself more time."),
    "more_time_not_to_move": _("More time is only for the player whose move it is."),
    "more_time_no_clock": _("That seat is played by the platform: it has no clock."),
    "more_time_limit": ngettext_lazy(
        "You may give more time only %(limit)s time in a game.",
        "You may give more time only %(limit)s times in a game.",
        "limit",
    ),
    "no_contributions": _("There are no contributions."),
    "not_a_player": _("You are not a player in this game."),
    "not_a_bot": _("This account is not a bot."),
    "not_creator": _("Only the table's creator may do this."),
    "not_finished": _("This game has not finished."),
    "game_not_finished": _("This game is analysed once it has finished."),
    "no_such_seat": _("There is no such seat."),
    "not_on_vacation": _("You are not on vacation."),
    "not_rated": _("This game is not rated."),
    "not_started": _("This has not started yet."),
    "not_your_seat": _("This is not your seat."),
    "own_game": _("You cannot do this for a game you play in."),
    "staff_has_stake": _("You have a stake in this game, so you cannot see this."),
    "ratings_not_applied": _("The ratings of this game have not been applied."),
    "ready_window": _("Wait for the ready window to end."),
    "reason_required": _("Please give a reason."),
    "resigned": _("You have resigned this game."),
    "round_not_in_play": _("No round is being played right now."),
    "seed_hidden": _("The seed stays hidden until the match has ended."),
    "staff_only": _("Only staff may do this."),
    "table_full": _("This table is full."),
    "table_not_full": _("This table is not full yet."),
    "too_many_open_tables": _("You have too many open tables; start or leave one first."),
    "tournament_game": _("This is a tournament game."),
    "unfoldable": _("This game's events cannot be replayed."),
    "unknown_strategy": _("There is no such bot strategy."),
    "invite_required": _("This table is private: join it with its invite link."),
    "invite_invalid": _("This invite link is not this table's."),
    "challenge_self": _("You cannot challenge yourself."),
    "challenge_bot": _("Bots cannot be challenged: open a table and seat them."),
    "player_gone": _("This player's account is closed."),
    "too_many_challenges": _("You have too many challenges waiting; cancel one first."),
    "not_challenged": _("Only the challenged player can answer this challenge."),
    "not_challenger": _("Only the challenger can cancel this challenge."),
    "challenge_expired": _("This challenge has expired."),
    "challenge_not_pending": _("This challenge has been answered already."),
    "match_finished": _("The match is over."),
    "round_not_started": _("The round has not started."),
    "round_already_started": _("The round has already started."),
    "bad_deal": _("The deal is not valid."),
    "engine_not_placed": _("The engine has not been placed yet."),
    "engine_already_placed": _("The engine has already been placed."),
    "no_engine_double": _("Nobody holds the engine double."),
    "must_place_engine": _("You must place the engine first."),
    "unknown_seat": _("There is no such seat."),
    "not_your_turn": _("It is not your turn."),
    "tile_not_in_hand": _("That tile is not in your hand."),
    "unknown_train": _("There is no such train."),
    "tile_does_not_match": _("That tile does not match the end of the train."),
    "train_closed": _("That train is closed to you."),
    "first_turn_own_train_only": _("On your first turn you may play only on your own train."),
    "open_double_pending": _("An open double must be covered first."),
    "must_play_drawn_tile": _("You may only play the tile you just drew."),
    "double_limit": _("You cannot play another double this turn."),
    "has_legal_play": _("You have a tile you can play."),
    "already_drew": _("You have already drawn this turn."),
    "boneyard_empty": _("The boneyard is empty."),
    "no_draw_on_first_turn": _("You cannot draw on your first turn."),
    "must_draw": _("You must draw a tile first."),
    "train_started": _("Your train has already been started."),
    "stop_not_allowed": _("You cannot stop now."),
    "unknown_action": _("There is no such action."),
    "bad_command": _("This command is not valid."),
    "not_organizer": _("Only the organizer may do this."),
    "invalid_tournament": _("These tournament settings are not valid."),
    "registration_not_open": _("Registration is not open yet."),
    "registration_closed": _("Registration is closed."),
    "tournament_full": _("This tournament is full."),
    "already_registered": _("You are already registered."),
    "not_registered": _("You are not registered."),
    "already_withdrawn": _("You have already withdrawn."),
    "no_check_in": _("This tournament has no check-in."),
    "check_in_not_open": _("Check-in is not open yet."),
    "check_in_closed": _("Check-in is closed."),
    "already_checked_in": _("You have already checked in."),
    "tournament_over": _("This tournament is over."),
    "late_join_closed": _("Half of the rounds have started: late join has closed."),
    "rejoin_closed": _("A round has been seated since you withdrew: you cannot rejoin."),
    "no_show_withdrawn": _("You were withdrawn as a no-show and cannot rejoin."),
    # Teams (teams.services)
    "name_invalid": _("A team's name is 3 to 40 characters, with a letter or a digit."),
    "name_taken": _("A team has this name already."),
    "name_reserved": _("A team's name may not pass for the platform or its staff."),
    "description_too_long": _("The description is too long."),
    "team_closed": _("This team is closed."),
    "bot_not_allowed": _("Bot accounts do not join teams."),
    "too_many_teams": ngettext_lazy(
        "A player is in at most %(limit)s team: leave one first.",
        "A player is in at most %(limit)s teams: leave one first.",
        "limit",
    ),
    "team_full": _("This team is full."),
    "by_request": _("This team takes members by request: ask to join."),
    "already_member": _("You are a member of this team already."),
    "not_a_member": _("This is for the team's members."),
    "request_pending": _("You have asked already: a leader will decide."),
    "request_cooldown": _("Your request was declined: ask again tomorrow."),
    "request_not_pending": _("This request was decided already."),
    "leaders_only": _("Only the team's leaders may do this."),
    "last_leader": _("The last leader makes another member a leader first."),
    "target_is_leader": _("A leader is made a member again before being removed."),
    "founder_protected": _("Only the founder may step down as a leader."),
    "cannot_remove_self": _("Leave the team instead."),
    "already_leader": _("This member is a leader already."),
    "not_a_leader": _("This member is not a leader."),
    "team_chat_closed": _("The team's chat is closed."),
    # Arena (tournaments.arena_play) and berserk (games.services.game_berserk)
    "not_arena": _("Only an arena tournament has this."),
    "entry_not_team_member": _("Only the team's members enter this tournament."),
    "entry_not_battle_team": _("Only members of the teams in this battle enter."),
    "already_paused": _("You are paused already."),
    "not_paused": _("You are not paused."),
    "berserk_not_allowed": _("This arena has no berserk."),
    "no_table_to_berserk": _("Berserk is chosen at your table before it starts."),
    "already_berserk": _("You have already gone berserk at this table."),
    "already_started": _("This game has already started."),
    "no_ready_window": _("Berserk is chosen only while a tournament table waits to start."),
    "no_reserve": _("This seat has no reserve time to halve."),
    "invalid_series": _("These series settings are not valid."),
    "invalid_series_rule": _("This recurrence rule is not valid."),
    "series_too_frequent": _("A series repeats at most hourly."),
    "invalid_entry_conditions": _("These entry conditions are not valid."),
    "entry_min_rated_games": _("You have not played enough rated games for this tournament."),
    "entry_rating_too_low": _("Your rating is below this tournament's range."),
    "entry_rating_too_high": _("Your rating is above this tournament's range."),
    "entry_account_too_new": _("Your account is too new for this tournament."),
    "entry_email_unverified": _("This tournament needs a verified email address."),
    "entry_bots_only": _("Only bots enter this tournament."),
    "entry_not_for_bots": _("Bot accounts enter only tournaments for bots."),
    "play_ban": _(
        "You may not join new events until %(ends_at)s, after no-shows or leaving tables early."
    ),
    "invalid_category": _("This category is not valid."),
    "invalid_dispute": _("This report is not valid."),
    "invalid_transition": _("The report cannot change to that status."),
    "dispute_already_open": _("You already have an open report about this game."),
    "dispute_closed": _("This report is closed."),
    "too_long": _("This text is too long."),
    "message_required": _("Please write a message."),
    "resolution_required": _("Please describe the resolution."),
    "invalid_kind": _("This rating kind is not valid."),
    "invalid_result": _("This result is not valid."),
    "not_eligible_for_rated": _("You cannot play rated games yet."),
    "bots_not_rated": _("Bot accounts never play rated games."),
    "invalid_username": _("This username is not valid."),
    "username_taken": _("This username is already taken."),
    "invalid_email": _("This email address is not valid."),
    "invalid_password": _("This password is not acceptable."),
    "invalid_credentials": _("The username or password is wrong."),
    "invalid_bot_strategy": _("There is no such bot strategy."),
    "too_many_tokens": _("You have too many API tokens; revoke one first."),
    "bots_cannot_own_bots": _("A bot account cannot register or manage bots."),
    "too_many_bots": _("You own as many bots as allowed; deactivate one first."),
    "invalid_push_endpoint": _("This is not the address of a browser's push service."),
    "invalid_push_keys": _("The browser's push keys are not valid."),
    "too_many_push_subscriptions": _(
        "You get notifications on as many devices as allowed; remove one first."
    ),
    "push_not_configured": _("This platform does not send notifications to devices."),
    "bot_not_found": _("You own no active bot of this name."),
    "confirmation_required": _("Please confirm that you want to delete your account."),
    "account_has_active_games": _(
        "Finish or resign your games and withdraw from your tournaments before deleting "
        "your account."
    ),
    "token_expired": _("This token has expired."),
    "session_required": _("Staff must sign in with a session here, not an API token."),
    "second_factor_required": _(
        "Staff tools need a second factor verified in this browser session: set one up or "
        "enter its code."
    ),
    "second_factor_pending": _("Enter the code from your authenticator app to finish logging in."),
    "second_factor_code_required": _(
        "This account has a second factor: send its current code or a recovery code."
    ),
    "invalid_second_factor_code": _("This code is not valid or was used already."),
    # chat (chat.errors)
    "invalid_chat_mode": _("The chat must be free, quick or off."),
    "free_chat_in_rated": _("Rated games offer quick messages only, not free chat."),
    "chat_off": _("The chat is off here."),
    "quick_only": _("Only quick messages can be sent here."),
    "invalid_quick": _("There is no such quick message."),
    "message_too_long": ngettext_lazy(
        "This message is longer than %(limit)s character.",
        "This message is longer than %(limit)s characters.",
        "limit",
    ),
    "chat_muted": _("You cannot write in the chat until %(until)s."),
    "not_a_participant": _("Only the tournament's players and organizer can write here."),
    "cannot_mute_self": _("You cannot mute yourself."),
    "cannot_report_own": _("You cannot report your own message."),
    "already_reported": _("You have already reported this message."),
    "invalid_until": _("The end of the mute must be in the future."),
    "throttled": ngettext_lazy(
        "Too many requests; try again in %(retry_after)s second.",
        "Too many requests; try again in %(retry_after)s seconds.",
        "retry_after",
    ),
}


# Codes whose detail is written where they are raised in the request's language, with the
# numbers the code's message cannot hold (what a player still needs, and until when): the
# detail is kept as raised in every language.
TRANSLATED_WHERE_RAISED = frozenset({"not_eligible_for_rated"})


def localized(body: dict[str, Any], language: str | None = None) -> dict[str, Any]:
    """Return the error ``body`` with its ``detail`` in ``language`` (default: the active one).

    English, and any code without a message, keep the detail as raised; so does a validation
    error (a ``fields`` key), whose detail is made of the translated field messages, an
    entry refusal (a ``reasons`` key), translated where it is raised with its numbers, and a
    code of ``TRANSLATED_WHERE_RAISED``.
    """
    if language is not None:
        with translation.override(language):
            return localized(body)
    active = translation.get_language()
    if not active or active.split("-")[0] == "en" or "fields" in body or "reasons" in body:
        return body
    if body.get("code") in TRANSLATED_WHERE_RAISED:
        return body
    message = MESSAGES.get(str(body.get("code")))
    if message is None:
        return body
    params = {key: value for key, value in body.items() if key not in ("code", "detail")}
    try:
        detail = str(message % params)
    except (KeyError, TypeError, ValueError):  # a body without the data its message names
        return body
    return {**body, "detail": detail}


def scope_language(scope: dict[str, Any]) -> str:
    """Return the language a socket's handshake asked for, as LocaleMiddleware would choose it
    for a request: the ``django_language`` cookie, then Accept-Language, else the default."""
    headers = {
        name.decode("latin-1").lower(): value.decode("latin-1")
        for name, value in scope.get("headers") or ()
    }
    request = HttpRequest()
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except CookieError:
        pass
    request.COOKIES = {key: morsel.value for key, morsel in cookie.items()}
    if "accept-language" in headers:
        request.META["HTTP_ACCEPT_LANGUAGE"] = headers["accept-language"]
    return translation.get_language_from_request(request) or settings.LANGUAGE_CODE
