"""The signed-in player's interface language (User.language) over the cookie's and the
browser's: logging in on a new device brings it along, and the cookie is set to match."""

from django.conf import settings
from django.utils import translation


def valid_language(code: str) -> bool:
    return code in {language for language, _ in settings.LANGUAGES}


class UserLanguageMiddleware:
    """After LocaleMiddleware and AuthenticationMiddleware: activate ``user.language``."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        language = ""
        if user is not None and user.is_authenticated and valid_language(user.language):
            language = user.language
            translation.activate(language)
            request.LANGUAGE_CODE = language
        response = self.get_response(request)
        if language and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != language:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return response
