// The team pages (frontend.team_pages): on /teams the form that creates a team (then opens its
// page); on /teams/<slug> the buttons that join, ask, leave and the leaders' tools, each a POST
// to /api/v1/teams/<slug>/<action> after which the page is loaded again (the server renders the
// members, roles and ratings); and the team's chat (chat.js), asked again every 15 s while the
// page is visible (a team has no socket). Leaders edit the team (PATCH); staff close it from
// its page, with a reason.
import { api, createThenOpen, errorText } from "./api.js";
import { mountChat } from "./chat.js";

const CHAT_POLL_MS = 15000;

function mountCreateForm(form) {
  const error = form.querySelector(".form-error");
  const submit = form.querySelector("button[type=submit]");
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    error.hidden = true;
    const data = new FormData(form);
    const body = {
      name: String(data.get("name") || ""),
      description: String(data.get("description") || ""),
      open: data.get("open") !== "0",
    };
    createThenOpen(submit, error, "teams", body, (team) => `/teams/${encodeURIComponent(team.slug)}`);
  });
}

function mountTeam(root) {
  const slug = root.dataset.slug;
  const error = document.getElementById("team-error");
  function say(text) {
    error.textContent = text || "";
    error.hidden = !text;
    if (text) error.scrollIntoView({ block: "nearest" });
  }
  async function post(action, body, button, method = "POST") {
    if (button) button.disabled = true;
    say("");
    try {
      const path = `teams/${encodeURIComponent(slug)}` + (action ? `/${action}` : "");
      await api(path, { method, body: body || {} });
      window.location.reload();
    } catch (err) {
      say(errorText(err));
      if (button) button.disabled = false;
    }
  }
  for (const button of root.querySelectorAll("[data-team-action]")) {
    button.addEventListener("click", () => {
      const question = button.dataset.confirm;
      if (question && !window.confirm(question)) return;
      post(button.dataset.teamAction, {}, button);
    });
  }
  const ask = root.querySelector("[data-team-ask]");
  if (ask) {
    ask.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const message = String(new FormData(ask).get("message") || "");
      post("join", { message }, ask.querySelector("button[type=submit]"));
    });
  }

  const edit = root.querySelector("[data-team-edit]");
  if (edit) {
    edit.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const data = new FormData(edit);
      const body = {
        name: String(data.get("name") || ""),
        description: String(data.get("description") || ""),
        open: data.get("open") !== "0",
      };
      post("", body, edit.querySelector("button[type=submit]"), "PATCH");
    });
  }

  const close = root.querySelector("[data-team-close]");
  if (close) {
    close.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const button = close.querySelector("button[type=submit]");
      if (!window.confirm(button.dataset.confirm)) return;
      const reason = String(new FormData(close).get("reason") || "");
      post("close", { reason }, button);
    });
  }

  const chatRoot = document.getElementById("chat-panel");
  if (!chatRoot) return;
  const chat = mountChat(chatRoot, { path: chatRoot.dataset.chatPath, mode: chatRoot.dataset.chatMode });
  const closed = document.getElementById("team-chat-note");
  const note = chatRoot.querySelector("[data-chat-note]");
  if (closed && closed.dataset.closed && note) note.textContent = closed.dataset.closed;
  chatRoot.open = window.matchMedia("(min-width: 700px)").matches;
  setInterval(async () => {
    if (document.hidden) return;
    try {
      const page = await api(chatRoot.dataset.chatPath);
      for (const message of page.results.slice().reverse()) chat.receive({ message });
    } catch (err) {
      /* asked again at the next tick */
    }
  }, CHAT_POLL_MS);
}

const form = document.getElementById("team-form");
if (form) mountCreateForm(form);
const team = document.getElementById("team");
if (team) mountTeam(team);
