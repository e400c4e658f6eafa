// Human-readable text for game events (the move log) and train names.
import { gettext, fmt, ngettext } from "./i18n.js";
import { tileLabel } from "./tiles.js";

export function trainName(key, names) {
  if (key === "mexican") return gettext("Mexican Train");
  return fmt(gettext("%(name)s's train"), { name: names[key] || fmt(gettext("seat %(n)s"), { n: Number(key) + 1 }) });
}

function where(seat, train, names) {
  if (train === "mexican") return gettext("the Mexican Train");
  if (train === seat) return gettext("their own train");
  return trainName(train, names);
}

// An amount of time given: "1 day", "2 days", "5 min", "45 s".
export function duration(seconds) {
  if (seconds >= 86400 && seconds % 86400 === 0) {
    const d = seconds / 86400;
    return fmt(ngettext("%(n)s day", "%(n)s days", d), { n: d });
  }
  if (seconds >= 3600 && seconds % 3600 === 0) {
    const h = seconds / 3600;
    return fmt(ngettext("%(n)s hour", "%(n)s hours", h), { n: h });
  }
  if (seconds >= 60 && seconds % 60 === 0) return fmt(gettext("%(n)s min"), { n: seconds / 60 });
  return fmt(gettext("%(n)s s"), { n: seconds });
}

export function describeEvent(e, names) {
  const d = e.data || {};
  const who = d.seat !== undefined ? (names[d.seat] || fmt(gettext("seat %(n)s"), { n: d.seat + 1 })) : ((e.actor && e.actor.name) || "");
  const by = d.by ? " " + fmt(gettext("(%(by)s)"), { by: d.by === "timeout" ? gettext("on time-out") : d.by }) : "";
  switch (e.type) {
    case "MatchStarted":
      return fmt(ngettext("The match started with %(n)s player.", "The match started with %(n)s players.", d.seats), { n: d.seats });
    case "SeedContributionsFixed":
      return fmt(gettext("The contributions were fixed (%(n)s); the seed is derived from them and the committed server seed."), { n: (d.contributions || []).length });
    case "SeatsBerserk": {  // logged with the start: these seats play on half the reserve
      const seats = d.berserk || [];
      const berserk = seats.map((i) => names[i] || fmt(gettext("seat %(n)s"), { n: i + 1 })).join(", ");
      return fmt(ngettext("%(names)s went berserk: half the reserve time.", "%(names)s went berserk: half the reserve time each.", seats.length), { names: berserk });
    }
    case "RoundRestarted":  // staff deal the round again: the fresh deal follows
      return fmt(gettext("Staff restarted round %(round)s with a fresh deal: %(reason)s"), { round: d.round, reason: d.reason || "" });
    case "MoreTimeGiven": {  // a player gave the seat to move more time (games.more_time)
      const giver = names[d.given_by] || fmt(gettext("seat %(n)s"), { n: d.given_by + 1 });
      return fmt(gettext("%(giver)s gave %(name)s %(amount)s more for this move."), { giver, name: who, amount: duration(d.seconds) });
    }
    case "RoundStarted":
      return fmt(gettext("Round %(round)s dealt; the engine is %(tile)s."), { round: d.round, tile: tileLabel(d.engine, d.engine) });
    case "EnginePlaced":
      return fmt(gettext("%(name)s placed the engine %(tile)s."), { name: who, tile: tileLabel(d.tile[0], d.tile[1]) }) + by;
    case "TileDrawn":
      return (d.tile
        ? fmt(gettext("%(name)s drew %(tile)s."), { name: who, tile: tileLabel(d.tile[0], d.tile[1]) })
        : fmt(gettext("%(name)s drew."), { name: who })) + by;
    case "TilePlayed":
      return fmt(gettext("%(name)s played %(tile)s on %(train)s."), {
        name: who, tile: tileLabel(d.tile[0], d.tile[1]), train: where(d.seat, d.train, names),
      }) + by;
    case "TurnPassed":
      return fmt(gettext("%(name)s passed and put out their marker."), { name: who }) + by;
    case "TurnStopped":
      return fmt(gettext("%(name)s ended their turn."), { name: who }) + by;
    case "RoundEnded": {
      const scores = (d.scores || []).map((s, i) => `${names[i] || i + 1} ${s}`).join(", ");
      const how = d.blocked ? gettext("blocked") : (d.went_out !== null && d.went_out !== undefined
        ? fmt(gettext("%(name)s went out"), { name: names[d.went_out] || d.went_out + 1 }) : "");
      return fmt(gettext("Round %(round)s ended (%(how)s). Scores: %(scores)s"), { round: d.round, how, scores });
    }
    case "MatchEnded": {
      const totals = (d.totals || []).map((s, i) => `${names[i] || i + 1} ${s}`).join(", ");
      return fmt(gettext("The match is over. Totals: %(totals)s"), { totals });
    }
    default: {
      const name = (e.actor && e.actor.name) || who;
      return name ? `${e.type}: ${name}` : e.type;
    }
  }
}

// What a dispute is about, in the words of the form that opened it (disputes.html).
const DISPUTE_CATEGORIES = {
  stopped_playing: () => gettext("A player stopped playing"),
  stalling: () => gettext("A player is stalling"),
  collusion: () => gettext("Collusion or soft-play"),
  rules_or_bug: () => gettext("The rules were applied wrongly, or a bug"),
  abuse: () => gettext("Abuse"),
  other: () => gettext("Something else"),
};

export function disputeCategory(code) {
  const label = DISPUTE_CATEGORIES[code];
  return label ? label() : code;
}
