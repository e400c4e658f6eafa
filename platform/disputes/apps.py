from django.apps import AppConfig


class DisputesConfig(AppConfig):
    name = "disputes"
    verbose_name = "Disputes and audits"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from disputes.services import staff_action_record
        from games.extensions import register_staff_trail

        register_staff_trail(staff_action_record)  # every staff read of hidden tiles (games.staff)

        from chat.services import register_report_dispute
        from disputes.services import dispute_open_for_chat_report

        register_report_dispute(dispute_open_for_chat_report)  # a reported table message
        from disputes import notices

        notices.register()  # the notifications it sends (notifications.kinds)
        from disputes import account_data

        account_data.register()  # its part of an account's export and deletion
