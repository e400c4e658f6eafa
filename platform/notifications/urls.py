from core.routes import routes
from notifications.apis import NotificationListApi
from notifications.apis import NotificationReadApi
from notifications.push_apis import PushConfigApi
from notifications.push_apis import PushSubscriptionDetailApi
from notifications.push_apis import PushSubscriptionListApi

urlpatterns = routes(
    ("notifications", NotificationListApi, "notifications"),
    ("notifications/read", NotificationReadApi, "notifications-read"),
    ("push", PushConfigApi, "push"),
    ("push/subscriptions", PushSubscriptionListApi, "push-subscriptions"),
    (
        "push/subscriptions/<int:subscription_id>",
        PushSubscriptionDetailApi,
        "push-subscription-detail",
    ),
)
