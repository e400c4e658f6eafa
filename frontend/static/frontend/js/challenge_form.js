// The profile's "Challenge" form (games.challenges): POST /api/v1/challenges with the table's
// settings; the challenged player is notified and answers on /challenges.
import { api, errorText } from "./api.js";
import { gettext, fmt } from "./i18n.js";
import { timeControlFrom } from "./time_control.js";

const form = document.getElementById("challenge-form");
if (form) {
  const username = document.querySelector("[data-testid=profile]").dataset.username;
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = form.elements;
    const error = form.querySelector("[data-testid=challenge-error]");
    const sent = form.querySelector("[data-testid=challenge-sent]");
    error.hidden = true;
    const body = {
      username,
      players: Number(f.players.value),
      bot_strategy: f.bot_strategy.value,
      variants: f.rounds.value ? { rounds: Number(f.rounds.value) } : {},
      time_control: timeControlFrom(f),
      rated: f.rated.checked,
    };
    const button = form.querySelector("[data-testid=challenge-submit]");
    button.disabled = true;
    try {
      await api("challenges", { method: "POST", body });
      sent.replaceChildren(fmt(gettext("Challenge sent: %(name)s is notified. "), { name: username }));
      const a = document.createElement("a");
      a.href = "/challenges";
      a.textContent = gettext("See your challenges");
      sent.append(a);
      sent.hidden = false;
    } catch (err) {
      error.textContent = errorText(err);
      error.hidden = false;
    }
    button.disabled = false;
  });
}
