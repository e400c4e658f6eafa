"""Admin pieces every app shares."""

from django.contrib import admin


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows only services write: staff read them here, never add, edit or delete them."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
