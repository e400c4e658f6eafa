// Staff only: the fair-play signals of a game's players (GET audit/players/<name>/fair-play),
// drawn on the dispute page and the audit page. Accuracy against the strong bot's under the same
// analysis (the assistance signal), and per opponent the points given away to them per game with
// its z-score (the collusion signal). Signals for a person to look into, never a sanction.
import { api, errorText } from "./api.js";
import { gettext, fmt, ngettext } from "./i18n.js";
import { el, scrollBox, percent, signed } from "./analysis.js";

function truthy(signal) {
  if (signal && typeof signal === "object") return Boolean(signal.signal ?? signal.flag ?? signal.value);
  return Boolean(signal);
}

function playerBlock(name, f) {
  const div = el("div", { cls: "fair-play-player", testid: "fair-play-player", attrs: { "data-username": name } });
  div.append(el("h3", { text: name }));
  if (!f.games) {
    div.append(el("p", { cls: "empty", text: gettext("No analysed games yet.") }));
    return div;
  }
  const assisted = truthy(f.assistance);
  div.dataset.assistance = String(assisted);
  div.append(el("p", {
    testid: "fair-play-accuracy",
    text: f.bot_accuracy === null || f.bot_accuracy === undefined
      ? fmt(ngettext("Accuracy %(accuracy)s over %(n)s analysed game; no reference yet: too few of the strong bot's games are analysed.", "Accuracy %(accuracy)s over %(n)s analysed games; no reference yet: too few of the strong bot's games are analysed.", f.games), {
        accuracy: percent(f.accuracy), n: f.games,
      })
      : fmt(ngettext("Accuracy %(accuracy)s over %(n)s analysed game; the strong bot's under the same analysis: %(bot)s.", "Accuracy %(accuracy)s over %(n)s analysed games; the strong bot's under the same analysis: %(bot)s.", f.games), {
        accuracy: percent(f.accuracy), n: f.games, bot: percent(f.bot_accuracy),
      }),
  }));
  const sig = el("p", {
    cls: assisted ? "signal-on" : "",
    testid: "fair-play-assistance",
    text: assisted
      ? gettext("Assistance signal: the accuracy is as high as the strong bot's, or close to it.")
      : f.thresholds && f.games < f.thresholds.assistance_min_games
        ? fmt(gettext("Too few analysed games for an assistance signal (%(n)s of %(min)s)."), { n: f.games, min: f.thresholds.assistance_min_games })
        : gettext("No assistance signal: the accuracy stays well below the strong bot's."),
  });
  div.append(sig);
  const opponents = f.opponents || [];
  if (!opponents.length) {
    div.append(el("p", { cls: "empty", text: gettext("No opponents in analysed games yet.") }));
    return div;
  }
  const table = el("table", { cls: "rating-table analysis-table", testid: "fair-play-opponents" });
  table.append(el("caption", { text: gettext("Points given to each opponent (collusion signal)") }));
  const thead = el("thead");
  const head = el("tr");
  for (const h of [gettext("Opponent"), gettext("Games"), gettext("Gift per game"), gettext("z"), gettext("Signal")]) head.append(el("th", { text: h, attrs: { scope: "col" } }));
  thead.append(head);
  const tbody = el("tbody");
  for (const o of opponents) {
    const on = truthy(o.signal);
    const tr = el("tr", { cls: on ? "signal-on" : "", testid: "fair-play-opponent", attrs: { "data-signal": String(on) } });
    tr.append(
      el("th", { text: o.username, attrs: { scope: "row" } }),
      el("td", { text: String(o.games) }),
      el("td", { text: signed(o.gift_per_game, 2) }),
      el("td", { text: signed(o.z, 2) }),
      el("td", { text: on ? gettext("signal") : "—" }),
    );
    tbody.append(tr);
  }
  table.append(thead, tbody);
  div.append(scrollBox(table, fmt(gettext("Opponents of %(name)s"), { name })));
  return div;
}

// Fill ``box`` (a staff-only panel) with the fair-play signals of ``players`` (usernames).
export async function showFairPlay(box, players) {
  const list = box.querySelector(".fair-play-list");
  box.hidden = false;
  const blocks = await Promise.all(players.map(async (name) => {
    try {
      return playerBlock(name, await api(`audit/players/${encodeURIComponent(name)}/fair-play`));
    } catch (err) {
      const div = el("div", { cls: "fair-play-player", testid: "fair-play-player", attrs: { "data-username": name } });
      div.append(el("h3", { text: name }), el("p", { cls: "move-error", text: errorText(err) }));
      return div;
    }
  }));
  list.replaceChildren(...blocks);
}
