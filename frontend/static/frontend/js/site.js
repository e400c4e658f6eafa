// Every page: the language select submits itself; the phone's menu and the account's menu; the
// logout link logs out with a POST; the notification bell; the installable app's service
// worker and what the offline page shows (pwa.js).
import { api } from "./api.js";
import { gettext, fmt, ngettext } from "./i18n.js";
import { formatDate } from "./tiles.js";
import { forgetDevice, registerServiceWorker, rememberViewer, syncPushSubscription } from "./pwa.js";
import { signOutHere } from "./socket.js";

const viewer = document.body.dataset.username || "";
registerServiceWorker();
rememberViewer(viewer, document.documentElement.lang || "en");
if (viewer) syncPushSubscription(viewer);

const lang = document.querySelector('[data-testid="language"]');
if (lang) lang.addEventListener("change", () => lang.form.submit());

// Phones: the header's links fold into a menu (CSS), only once this script runs — without it
// they stay in view.
const header = document.querySelector(".site-header");
const menu = document.getElementById("menu-button");
if (header && menu) {
  header.classList.add("js-menu");
  const setOpen = (open) => {
    header.classList.toggle("nav-open", open);
    menu.setAttribute("aria-expanded", String(open));
  };
  menu.addEventListener("click", () => setOpen(!header.classList.contains("nav-open")));
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && header.classList.contains("nav-open")) { setOpen(false); menu.focus(); }
  });
}

// The account's links fold under its name (CSS: .js-account), so the header keeps one line at
// 1280 px in every language, staff too; on a phone they stay a list in the menu. The menu
// closes on Escape (focus back on its button), on a click elsewhere and when focus leaves it.
const account = document.getElementById("account");
const accountButton = document.getElementById("account-button");
if (header && account && accountButton) {
  header.classList.add("js-account");
  const setOpen = (open) => {
    account.classList.toggle("open", open);
    accountButton.setAttribute("aria-expanded", String(open));
  };
  accountButton.addEventListener("click", () => setOpen(!account.classList.contains("open")));
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && account.classList.contains("open")) { setOpen(false); accountButton.focus(); }
  });
  document.addEventListener("click", (ev) => { if (!account.contains(ev.target)) setOpen(false); });
  account.addEventListener("focusout", (ev) => {
    if (ev.relatedTarget && !account.contains(ev.relatedTarget)) setOpen(false);
  });
}

const logout = document.getElementById("logout-link");
if (logout) {
  logout.addEventListener("click", async (ev) => {
    ev.preventDefault();
    signOutHere(); // this page goes home: its sockets' 4401 must not reload it first
    await forgetDevice(); // this device's pushes and saved games are the account's
    try { await api("auth/logout", { method: "POST" }); } catch (e) { /* already out */ }
    window.location.href = "/";
  });
}

// The notification bell: the unread count on every page, the latest notices in a panel, and a
// toast for each notice that arrives while the page is open (a tournament table seated you,
// your turn in a correspondence game, a dispute answered). Polled (data-poll-ms), and at once
// when the tab comes back into view.
const bell = document.getElementById("bell");
if (bell) {
  const count = document.getElementById("bell-count");
  const panel = document.getElementById("bell-panel");
  const list = document.getElementById("bell-list");
  const button = document.getElementById("bell-button");
  const toasts = document.getElementById("toasts");
  let newest = null; // the highest id seen: notices above it are new
  let latest = [];

  const render = () => {
    list.replaceChildren(...latest.map((n) => {
      const li = document.createElement("li");
      li.className = n.read_at ? "read" : "unread";
      li.setAttribute("data-testid", "bell-item");
      const a = document.createElement(n.url ? "a" : "span");
      if (n.url) a.href = n.url;
      a.textContent = n.text;
      const when = document.createElement("time");
      when.dateTime = n.created_at;
      when.textContent = formatDate(n.created_at);
      li.append(a, " ", when);
      return li;
    }));
    document.getElementById("bell-empty").hidden = latest.length > 0;
  };

  // At most MAX_TOASTS at once, the newest: a poll that brings many notices (back from a
  // weekend of correspondence turns) would otherwise stack them over the whole screen of a
  // phone, the bell included. Those dropped are in the bell's panel like every notice.
  const MAX_TOASTS = 3;
  const toast = (n) => {
    while (toasts.children.length >= MAX_TOASTS) toasts.firstElementChild.remove();
    const div = document.createElement("div");
    div.className = "toast";
    div.setAttribute("data-testid", "toast");
    const a = document.createElement(n.url ? "a" : "span");
    if (n.url) a.href = n.url;
    a.textContent = n.text;
    const close = document.createElement("button");
    close.type = "button";
    close.className = "toast-close";
    close.setAttribute("aria-label", gettext("Dismiss"));
    close.textContent = "×";
    close.addEventListener("click", () => div.remove());
    div.append(a, close);
    toasts.append(div);
    setTimeout(() => div.remove(), 15000);
  };

  const refresh = async () => {
    let body;
    try { body = await api("notifications"); } catch (e) { return; } // next poll tries again
    latest = body.results;
    count.textContent = String(body.unread);
    count.hidden = body.unread === 0;
    button.setAttribute("aria-label", fmt(ngettext("%(n)s unread notification", "%(n)s unread notifications", body.unread), { n: body.unread }));
    const top = latest.reduce((m, n) => Math.max(m, n.id), 0);
    if (newest !== null && toasts && panel.hidden) { // an open panel shows them already
      for (const n of latest.slice().reverse()) if (n.id > newest && !n.read_at) toast(n);
    }
    newest = Math.max(newest || 0, top);
    if (!panel.hidden) render();
  };

  button.addEventListener("click", () => {
    const open = panel.hidden;
    panel.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    if (!open) return;
    render();
    // The panel lists what the toasts said: put them away (on a phone they cover the panel).
    if (toasts) toasts.replaceChildren();
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && !panel.hidden) { panel.hidden = true; button.setAttribute("aria-expanded", "false"); button.focus(); }
  });
  document.getElementById("bell-read").addEventListener("click", async () => {
    try { await api("notifications/read", { method: "POST", body: {} }); } catch (e) { return; }
    await refresh();
  });
  refresh();
  setInterval(refresh, Number(bell.dataset.pollMs) || 60000);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
}
