import re

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_schema_is_served_as_openapi_3(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")

    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "Mexican Train platform API"
    assert "/api/v1/auth/register" in schema["paths"]
    assert "/api/v1/me" in schema["paths"]


def test_schema_validates_without_warnings(tmp_path):
    call_command(
        "spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml")
    )

    assert (tmp_path / "schema.yaml").read_text().startswith("openapi: 3.")


@pytest.mark.parametrize("url", ["/api/docs/", "/api/redoc/"])
def test_docs_pages_use_only_local_assets(client, url):
    response = client.get(url, follow=True)  # /api/redoc/ redirects to Swagger UI (CSP)

    assert response.status_code == 200
    html = response.content.decode()
    assets = re.findall(r"""(?:src|href)\s*=\s*["']([^"']+)["']""", html)
    assert assets
    assert all(asset.startswith("/") for asset in assets), assets
    assert "http://" not in html
    assert "https://" not in html
