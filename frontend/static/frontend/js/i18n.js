// Translations come from Django's JavaScriptCatalog (/jsi18n/), loaded as a classic script.
export function gettext(msgid) {
  return typeof window.gettext === "function" ? window.gettext(msgid) : msgid;
}

// Fill %(name)s placeholders from an object.
export function fmt(template, values) {
  return template.replace(/%\((\w+)\)s/g, (_, key) => (key in values ? String(values[key]) : ""));
}
