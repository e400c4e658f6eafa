"""{% catalog_url %}: the JavaScript catalog of the page's language, at its versioned URL."""

from django import template

from core.catalog import catalog_url as versioned_catalog_url

register = template.Library()


@register.simple_tag
def catalog_url() -> str:
    return versioned_catalog_url()
