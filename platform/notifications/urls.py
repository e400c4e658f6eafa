from core.routes import routes
from notifications.apis import NotificationListApi
from notifications.apis import NotificationReadApi

urlpatterns = routes(
    ("notifications", NotificationListApi, "notifications"),
    ("notifications/read", NotificationReadApi, "notifications-read"),
)
