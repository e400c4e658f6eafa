"""The calendar page and the iCal feeds of what is coming (tournaments.calendar, .ical).

The page is rendered on the server, grouped by day, in the viewer's language (Django's date
formats); the feeds are public, as the tournament list is, and cacheable for a few minutes.
"""

from django.http import Http404
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET

from core.errors import NotFound
from core.throttling import ReadRateThrottle
from core.throttling import retry_after
from tournaments import calendar
from tournaments import ical

FEED_MAX_AGE = 300  # seconds a calendar app may keep a feed


@require_GET
def calendar_page(request):
    """Render the coming weeks' tournaments and series occurrences, day by day."""
    if (refused := _throttled(request)) is not None:
        return refused
    return render(
        request,
        "frontend/calendar.html",
        {"days": calendar.calendar_days(), "weeks": calendar.CALENDAR_DAYS // 7},
    )


def _throttled(request) -> HttpResponse | None:
    """Count the request against the heavy reads' limit (each computes the series' rules);
    return the 429 to send when it is over."""
    throttle = ReadRateThrottle()
    if throttle.allow_request(request, None):
        return None
    seconds = retry_after(throttle.wait() or 1)
    response = HttpResponse(
        ngettext(  # the API's own words (core.error_messages)
            "Too many requests; try again in %(retry_after)s second.",
            "Too many requests; try again in %(retry_after)s seconds.",
            seconds,
        )
        % {"retry_after": seconds},
        status=429,
        content_type="text/plain; charset=utf-8",
    )
    response["Retry-After"] = str(seconds)
    return response


def _ics(request, events, name: str, filename: str) -> HttpResponse:
    body = ical.feed(events, name=name, base_url=request.build_absolute_uri("/"))
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    patch_cache_control(response, public=True, max_age=FEED_MAX_AGE)
    return response


@require_GET
def tournaments_ics(request):
    """Serve every upcoming tournament and every active series' next occurrences as iCal."""
    if (refused := _throttled(request)) is not None:
        return refused
    return _ics(
        request, calendar.upcoming_events(), _("Mexican Train tournaments"), "tournaments.ics"
    )


@require_GET
def series_ics(request, series_id):
    """Serve one series' upcoming tournaments and next occurrences as iCal."""
    if (refused := _throttled(request)) is not None:
        return refused
    try:
        found = calendar.series_get(series_id)
    except NotFound:
        raise Http404("no such series") from None
    events = calendar.upcoming_events(series_id=found.pk)
    return _ics(request, events, found.name, f"series-{found.pk}.ics")
