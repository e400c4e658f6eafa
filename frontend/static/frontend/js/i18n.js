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

// A word told apart by its context, for the catalog's translators.
export function pgettext(context, msgid) {
  return typeof window.pgettext === "function" ? window.pgettext(context, msgid) : msgid;
}

// A place as the reader's language writes it: 1st, 2nd, 3rd, 11th, 22nd in English; 3位 in
// Japanese, 3. in Hungarian, 3º in Italian. The form follows the language's ordinal category of
// n (CLDR's, through Intl.PluralRules): one catalog entry per category, in English's words, which
// each language translates; a category a language does not have is never asked for. The server's
// words (core.i18n.ordinal) use the same entries.
const PLACES = {
  zero: () => pgettext("ordinal place, CLDR category zero", "%(n)sth"),
  one: () => pgettext("ordinal place, CLDR category one", "%(n)sst"),
  two: () => pgettext("ordinal place, CLDR category two", "%(n)snd"),
  few: () => pgettext("ordinal place, CLDR category few", "%(n)srd"),
  many: () => pgettext("ordinal place, CLDR category many", "%(n)sth"),
  other: () => pgettext("ordinal place, CLDR category other", "%(n)sth"),
};
const ordinalRules = new Map();

export function ordinal(n) {
  const lang = document.documentElement.lang || "en";
  let category = "other";
  try {
    if (!ordinalRules.has(lang)) ordinalRules.set(lang, new Intl.PluralRules(lang, { type: "ordinal" }));
    category = ordinalRules.get(lang).select(n);
  } catch {
    // A language Intl does not know: its "other" form.
  }
  return fmt((PLACES[category] || PLACES.other)(), { n });
}
