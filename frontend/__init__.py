"""Pages (Django templates) and static ES modules and CSS; no build step."""
