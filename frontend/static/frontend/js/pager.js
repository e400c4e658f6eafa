// The API's lists come a page at a time: {results, next, previous} (core.pagination). A list
// on a page shows its first page and, while the server names a `next` page, a "Show more"
// button under it that loads that page. A refresh reloads as many pages as are shown.
import { api } from "./api.js";
import { gettext } from "./i18n.js";

// The path under /api/v1/ of a `next` link (an absolute URL on this site).
export function apiPath(url) {
  const u = new URL(url, window.location.origin);
  return u.pathname.replace(/^\/api\/v1\//, "") + u.search;
}

// Rows of pages that overlap (a numbered list moved between two pages) are shown once.
function once(rows) {
  const seen = new Set();
  return rows.filter((r) => {
    if (r.id === undefined) return true;
    if (seen.has(r.id)) return false;
    seen.add(r.id);
    return true;
  });
}

// pagedList(list, path, render): `list` is the <ul>/<tbody> the rows go in, `path()` the first
// page's API path, `render(rows, first)` draws every row loaded so far (`first`: the first
// page's body, for its extra fields). Returns { load, reset }: load() (re)loads the pages
// shown, reset() goes back to one page (a new filter).
export function pagedList(list, path, render, { testid = "show-more" } = {}) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "show-more";
  button.hidden = true;
  button.textContent = gettext("Show more");
  button.setAttribute("data-testid", testid);
  if (list.id) button.setAttribute("aria-controls", list.id);
  (list.closest("table") || list).after(button);

  let pages = 1;
  let rows = [];
  let next = null;
  let first = null;

  async function load() {
    let body = await api(path());
    first = body;
    let all = body.results;
    let n = 1;
    while (body.next && n < pages) {
      body = await api(apiPath(body.next));
      all = all.concat(body.results);
      n += 1;
    }
    pages = n;
    rows = once(all);
    next = body.next;
    render(rows, first);
    button.hidden = !next;
    return first;
  }

  button.addEventListener("click", async () => {
    if (!next) return;
    button.disabled = true;
    const shown = list.children.length;
    try {
      const body = await api(apiPath(next));
      pages += 1;
      rows = once(rows.concat(body.results));
      next = body.next;
      render(rows, first);
      button.hidden = !next;
      // The end of the list: focus goes to the first row it brought, not to the page's top.
      if (!next) {
        const row = list.children[shown];
        const target = row && row.querySelector("a, button");
        if (target) target.focus();
      }
    } finally {
      button.disabled = false;
    }
  });

  return {
    load,
    reset() { pages = 1; },
  };
}
