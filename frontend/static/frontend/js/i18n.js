// Translations come from Django's JavaScriptCatalog (/jsi18n/<lang>/<version>/, core.catalog), a
// deferred classic script ahead of the modules: it has run before any of them.
export function gettext(msgid) {
  return typeof window.gettext === "function" ? window.gettext(msgid) : msgid;
}

// The form for n of a countable thing ("1 round", "2 rounds"), by the language's plural rules.
export function ngettext(singular, plural, n) {
  if (typeof window.ngettext === "function") return window.ngettext(singular, plural, n);
  return n === 1 ? singular : plural;
}

// Fill %(name)s placeholders from an object.
export function fmt(template, values) {
  return template.replace(/%\((\w+)\)s/g, (_, key) => (key in values ? String(values[key]) : ""));
}
