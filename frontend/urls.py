from django.urls import path

from frontend import calendar
from frontend import pwa
from frontend import team_pages
from frontend import views

app_name = "frontend"

urlpatterns = [
    path("", views.home, name="home"),
    # The installable app (frontend.pwa): the service worker at the root, so its scope is /.
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service-worker"),
    path("offline/<str:language>", pwa.offline, name="offline"),
    path("signup", views.signup, name="signup"),
    path("login", views.login_page, name="login"),
    path("logout", views.logout_page, name="logout"),
    path("settings", views.settings_page, name="settings"),
    path("unsubscribe/<str:token>", views.unsubscribe, name="unsubscribe"),
    path("lobby", views.lobby, name="lobby"),
    path("my-games", views.my_games, name="my-games"),
    path("rules", views.rules, name="rules"),
    path("games/<uuid:game_id>", views.game, name="game"),
    path("games/<uuid:game_id>/replay", views.replay, name="replay"),
    path("players/<str:username>", views.player, name="player"),
    path("leaderboard", views.leaderboard, name="leaderboard"),
    path("tournaments", views.tournaments, name="tournaments"),
    path("tournaments/calendar", calendar.calendar_page, name="calendar"),
    path("tournaments.ics", calendar.tournaments_ics, name="tournaments-ics"),
    path("tournaments/series/<int:series_id>.ics", calendar.series_ics, name="series-ics"),
    path("tournaments/<int:tournament_id>", views.tournament, name="tournament"),
    path(
        "tournaments/<int:tournament_id>/rounds",
        views.tournament_rounds,
        name="tournament-rounds",
    ),
    path("teams", team_pages.teams, name="teams"),
    path("teams/<slug:slug>", team_pages.team, name="team"),
    path("challenges", views.challenges, name="challenges"),
    path("audit/games/<uuid:game_id>", views.audit, name="audit"),
    path("disputes", views.disputes, name="disputes"),
    path("disputes/<int:dispute_id>", views.dispute, name="dispute"),
]
