// The live connection to a game: WebSocket /ws/games/<id>/ with reconnect and resync from the
// last seq held; while the socket is down, poll the REST state every 2 s instead.
import { api } from "./api.js";

export class GameLive {
  // onUpdate({status, seq, events, view, legal_moves, seat?}); onStatus("live"|"polling"|"connecting")
  constructor(gameId, { getSeq, onUpdate, onStatus }) {
    this.gameId = gameId;
    this.getSeq = getSeq;
    this.onUpdate = onUpdate;
    this.onStatus = onStatus || (() => {});
    this.ws = null;
    this.backoff = 1000;
    this.pollTimer = null;
    this.pingTimer = null;
    this.closed = false;
    this.pending = new Map();
    this.counter = 0;
  }

  start() {
    this.connect();
  }

  get live() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN && this.synced;
  }

  connect() {
    if (this.closed) return;
    this.onStatus("connecting");
    this.synced = false;
    let ws;
    try {
      const proto = window.location.protocol === "https:" ? "wss:" : "ws:";
      ws = new WebSocket(`${proto}//${window.location.host}/ws/games/${this.gameId}/`);
    } catch (e) {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ command: "sync", after: this.getSeq() }));
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ command: "ping" }), 25000);
    });
    ws.addEventListener("message", (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      this.handle(msg);
    });
    ws.addEventListener("close", (ev) => {
      // 4401: this browser's session ended (a logout in another tab, a password change):
      // reload, to show the table as the signed-out visitor now sees it.
      if (ev.code === 4401) { window.location.reload(); return; }
      clearInterval(this.pingTimer);
      if (this.ws === ws) this.ws = null;
      for (const [, p] of this.pending) p.reject(new Error("socket closed"));
      this.pending.clear();
      this.scheduleReconnect();
    });
    ws.addEventListener("error", () => { /* close follows */ });
  }

  handle(msg) {
    if (msg.type === "hello") {
      if (!this.synced) this.send({ command: "sync", after: this.getSeq() });
    } else if (msg.type === "events") {
      if (!this.synced) {
        this.synced = true;
        this.backoff = 1000;
        this.stopPolling();
        this.onStatus("live");
      }
      this.onUpdate(msg);
    } else if (msg.type === "move.accepted" || msg.type === "error") {
      const p = this.pending.get(msg.id);
      if (p) {
        this.pending.delete(msg.id);
        if (msg.type === "error") p.reject(msg);
        else p.resolve(msg);
      }
    }
  }

  send(obj) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(obj));
      return true;
    }
    return false;
  }

  // Send a move over the socket; resolves with move.accepted, rejects with the error message.
  move(move, expectedSeq) {
    const id = `c${++this.counter}`;
    return new Promise((resolve, reject) => {
      if (!this.send({ command: "move", id, move, expected_seq: expectedSeq })) {
        reject(new Error("socket closed"));
        return;
      }
      this.pending.set(id, { resolve, reject });
      setTimeout(() => {
        if (this.pending.has(id)) {
          this.pending.delete(id);
          reject(new Error("timeout"));
        }
      }, 10000);
    });
  }

  scheduleReconnect() {
    if (this.closed) return;
    this.synced = false;
    this.startPolling();
    const delay = this.backoff + Math.random() * 500;
    this.backoff = Math.min(this.backoff * 2, 30000);
    setTimeout(() => this.connect(), delay);
  }

  startPolling() {
    if (this.pollTimer) return;
    this.onStatus("polling");
    this.poll();
    this.pollTimer = setInterval(() => this.poll(), 2000);
  }

  stopPolling() {
    clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  async poll() {
    try {
      const after = this.getSeq();
      const state = await api(`games/${this.gameId}/state`);
      let events = [];
      if (state.seq > after) events = await api(`games/${this.gameId}/events?after=${after}`);
      // Events appended between the two requests belong to a later view: keep them for the
      // next poll, or the page would hold a newer seq with an older view (and offer no move).
      events = events.filter((e) => e.seq <= state.seq);
      this.onUpdate({ ...state, events });
    } catch (e) {
      /* the next tick retries */
    }
  }

  // A one-off resync (after a stale move, say) over whichever channel is up.
  resync() {
    if (this.live) this.send({ command: "sync", after: this.getSeq() });
    else this.poll();
  }
}
