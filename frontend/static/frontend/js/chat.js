// The chat panel of a table or a tournament (chat app): the messages this reader may read,
// newest at the bottom, delivered live by the page's socket ({type: "chat"}) and loaded from
// GET /api/v1/<scope>/<id>/chat. Text is always set as text, never parsed as HTML. A reader can
// report a message (it opens a dispute) or mute its author (remembered by the server: their
// messages are no longer delivered to this reader, by REST or socket). While the panel is folded
// the messages others send are counted on its toggle (read out politely), until it is opened;
// the root gets a "chat:unread" event ({detail: {count}}) at each change, for a page to show it
// elsewhere too.
import { api, errorText, currentUser } from "./api.js";
import { gettext, fmt, ngettext } from "./i18n.js";

// The canned messages, by key (games.chat_modes.QUICK_MESSAGES): the only chat of a rated table.
export const QUICK = [
  ["good_luck", () => gettext("Good luck")],
  ["have_fun", () => gettext("Have fun")],
  ["well_played", () => gettext("Well played")],
  ["thanks", () => gettext("Thanks")],
  ["sorry_have_to_go", () => gettext("Sorry, I have to go")],
];
const MAX_LENGTH = 300;

function quickText(key, fallback) {
  const found = QUICK.find(([k]) => k === key);
  return found ? found[1]() : fallback;
}

function channelText(channel) {
  if (channel === "players") return gettext("players");
  if (channel === "spectators") return gettext("spectators");
  return "";
}

export function mountChat(root, { path, mode }) {
  if (!root) return { receive() {} };
  const list = root.querySelector("[data-chat-list]");
  const form = root.querySelector("[data-chat-form]");
  const input = root.querySelector("[data-chat-input]");
  const quick = root.querySelector("[data-chat-quick]");
  const note = root.querySelector("[data-chat-note]");
  const error = root.querySelector("[data-chat-error]");
  const unreadBox = root.querySelector("[data-chat-unread]");
  const me = currentUser();
  const seen = new Set();
  const muted = new Set();
  let unread = 0;
  let loading = false; // the history being loaded is not news

  function setUnread(n) {
    if (n === unread && n) return;
    unread = n;
    if (unreadBox) unreadBox.textContent = n ? fmt(ngettext("%(n)s unread", "%(n)s unread", n), { n }) : "";
    root.dispatchEvent(new CustomEvent("chat:unread", { detail: { count: n } }));
  }
  const folded = () => root.tagName === "DETAILS" && !root.open;
  root.addEventListener("toggle", () => { if (!folded()) setUnread(0); });

  function say(text) {
    error.textContent = text || "";
    error.hidden = !text;
  }

  function render(m) {
    if (seen.has(m.id) || muted.has(m.author)) return;
    seen.add(m.id);
    const li = document.createElement("li");
    li.className = "chat-line";
    li.dataset.testid = "chat-message";
    li.dataset.id = m.id;
    li.dataset.author = m.author;
    const who = document.createElement("strong");
    who.className = "chat-author";
    who.textContent = m.author;
    const text = document.createElement("span");
    text.className = "chat-text";
    text.dataset.testid = "chat-text";
    text.textContent = m.quick ? quickText(m.quick, m.text) : m.text;
    li.append(who, document.createTextNode(" "), text);
    const where = channelText(m.channel);
    if (where && root.dataset.ended === "1") {
      const tag = document.createElement("span");
      tag.className = "chat-channel hint";
      tag.textContent = ` (${where})`;
      li.append(tag);
    }
    if (me && m.author !== me) {
      const tools = document.createElement("span");
      tools.className = "chat-tools";
      const report = document.createElement("button");
      report.type = "button";
      report.className = "link";
      report.dataset.testid = "chat-report";
      report.textContent = gettext("Report");
      report.addEventListener("click", async () => {
        try {
          await api(`chat/messages/${m.id}/report`, { method: "POST", body: {} });
          report.textContent = gettext("Reported");
          report.disabled = true;
        } catch (err) {
          say(errorText(err));
        }
      });
      const mute = document.createElement("button");
      mute.type = "button";
      mute.className = "link";
      mute.dataset.testid = "chat-mute";
      mute.textContent = fmt(gettext("Mute %(name)s"), { name: m.author });
      mute.addEventListener("click", async () => {
        try {
          await api(`me/mutes/${encodeURIComponent(m.author)}`, { method: "POST", body: {} });
          muted.add(m.author);
          for (const line of list.querySelectorAll(".chat-line")) {
            if (line.dataset.author === m.author) line.remove();
          }
          say("");
          note.textContent = fmt(gettext("You muted %(name)s."), { name: m.author });
        } catch (err) {
          say(errorText(err));
        }
      });
      tools.append(report, mute);
      li.append(tools);
    }
    // Keep the order said (ids grow with time).
    const after = [...list.children].find((c) => Number(c.dataset.id) > m.id);
    list.insertBefore(li, after || null);
    list.scrollTop = list.scrollHeight;
    if (!loading && folded() && m.author !== me) setUnread(unread + 1);
  }

  async function send(body) {
    say("");
    try {
      const m = await api(path, { method: "POST", body });
      render(m);
      return true;
    } catch (err) {
      say(errorText(err));
      return false;
    }
  }

  if (mode === "off") {
    note.textContent = gettext("The chat is off at this table.");
    form.hidden = true;
    quick.hidden = true;
  } else {
    for (const [key, label] of QUICK) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.testid = "chat-quick";
      b.dataset.key = key;
      b.textContent = label();
      b.addEventListener("click", () => send({ quick: key }));
      quick.append(b);
    }
    if (mode === "quick") {
      form.hidden = true;
      note.textContent = gettext("Only quick messages can be sent here.");
    }
    if (!me) {
      form.hidden = true;
      quick.hidden = true;
      note.textContent = gettext("Sign in to chat.");
    }
  }
  input.maxLength = MAX_LENGTH;
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = input.value;
    if (!body.trim()) return;
    if (await send({ body })) input.value = "";
  });

  async function load() {
    try {
      if (me) for (const name of (await api("me/mutes")).muted) muted.add(name);
      const page = await api(path);
      loading = true;
      for (const m of page.results.slice().reverse()) render(m);
    } catch (err) {
      /* the socket still delivers new messages */
    } finally {
      loading = false;
    }
  }
  load();

  return {
    receive(msg) {
      if (msg && msg.message) render(msg.message);
    },
    // Once the game has ended both channels are readable: load them again.
    ended() {
      if (root.dataset.ended === "1") return;
      root.dataset.ended = "1";
      load();
    },
  };
}
