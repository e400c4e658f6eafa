// Signup (register, then log in so the session is set) and login forms.
import { api, ApiError, errorText } from "./api.js";
import { gettext } from "./i18n.js";

const form = document.getElementById("auth-form");
const error = form.querySelector('[data-testid="form-error"]');

function showError(text) {
  error.textContent = text;
  error.hidden = false;
}

// The server already kept only a same-site path (frontend.views.safe_next); check again here:
// a browser reads "/\host" as "//host" and drops tabs and newlines, both lead off-site.
function safeNext(next) {
  const onSite = next && /^\/(?![\/\\])/.test(next) && !/[\\\u0000-\u001f]/.test(next);
  return onSite ? next : "/lobby";
}

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  error.hidden = true;
  const username = form.elements.username.value.trim();
  const password = form.elements.password.value;
  if (!username || !password) {
    showError(gettext("Enter a username and a password."));
    return;
  }
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    if (form.dataset.mode === "signup") {
      const email = form.elements.email.value.trim();
      // The browser's time zone, where the player's weekend falls (changeable on /settings).
      let time_zone = "";
      try { time_zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { /* UTC */ }
      await api("auth/register", { method: "POST", body: { username, password, email, time_zone } });
    }
    const next = safeNext(form.dataset.next);
    try {
      await api("auth/login", { method: "POST", body: { username, password, next } });
    } catch (err) {
      // An account with a second factor: its code is entered on allauth's page, which then
      // finishes the login and goes on to `next`.
      if (err instanceof ApiError && err.body && err.body.code === "second_factor_pending") {
        window.location.href = safeNext(err.body.next);
        return;
      }
      throw err;
    }
    window.location.href = next;
  } catch (err) {
    showError(errorText(err));
    button.disabled = false;
  }
});
