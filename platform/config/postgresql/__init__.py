"""Django's PostgreSQL backend with the platform's check of pooled connections (``base``)."""
