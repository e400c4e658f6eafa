from django.urls import path

from notifications.apis import NotificationListApi
from notifications.apis import NotificationReadApi

urlpatterns = [
    path("notifications", NotificationListApi.as_view(), name="notifications"),
    path("notifications/read", NotificationReadApi.as_view(), name="notifications-read"),
]
