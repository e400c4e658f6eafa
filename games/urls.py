"""Game endpoints under /api/v1/ (the games issue fills them in)."""

urlpatterns: list = []
