// The live connection to a game: WebSocket /ws/games/<id>/ with reconnect and resync from the
// last seq held; while the socket is down, poll the REST state every 2 s instead.
import { api } from "./api.js";

// Liveness: a ping every PING_INTERVAL_MS; no frame back within PONG_TIMEOUT_MS and the socket
// counts as dead (a laptop gone offline keeps an "open" socket for minutes): the page says
// "Reconnecting…", polls, and opens a new socket. The pong carries the game's seq: a page
// behind it missed a live update (lost while the server's channel layer was away) and syncs,
// so a game that went quiet is not left stale. A test may set window.MT_PING_INTERVAL_MS /
// window.MT_PONG_TIMEOUT_MS before the page loads.
// A page that signs itself out (the header's logout) navigates home; its sockets' 4401 (the
// session ended) must not reload it in the meantime, which would replace that navigation.
let signingOut = false;
export function signOutHere() { signingOut = true; }
function sessionEnded() { if (!signingOut) window.location.reload(); }

export const PING_INTERVAL_MS = 5000;
export const PONG_TIMEOUT_MS = 10000;

export function pingTimes() {
  const num = (v, d) => (Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : d);
  return {
    interval: num(window.MT_PING_INTERVAL_MS, PING_INTERVAL_MS),
    timeout: num(window.MT_PONG_TIMEOUT_MS, PONG_TIMEOUT_MS),
  };
}

// Ping `ws` until stop(); `onDead()` once if no frame arrives within the timeout of a ping.
// Call seen() on every frame received.
export function heartbeat(ws, onDead) {
  const { interval, timeout } = pingTimes();
  let deadline = null;
  let stopped = false;
  const pinger = setInterval(() => {
    if (stopped || ws.readyState !== WebSocket.OPEN) return;
    try { ws.send(JSON.stringify({ command: "ping" })); } catch (e) { /* close follows */ }
    if (deadline === null) {
      deadline = setTimeout(() => {
        if (stopped) return;
        stop();
        onDead();
      }, timeout);
    }
  }, interval);
  function stop() {
    stopped = true;
    clearInterval(pinger);
    clearTimeout(deadline);
  }
  return {
    seen() { clearTimeout(deadline); deadline = null; },
    stop,
  };
}

export class GameLive {
  // onUpdate({status, seq, events, view, legal_moves, seat?}); onStatus("live"|"polling"|"connecting")
  // onChat({type: "chat", scope, message}): a chat message this viewer may read (chat.js).
  constructor(gameId, { getSeq, onUpdate, onStatus, onChat }) {
    this.gameId = gameId;
    this.onChat = onChat || (() => {});
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
    // While the page polls, it stays "polling" ("Reconnecting…") until a new socket syncs.
    if (!this.pollTimer) this.onStatus("connecting");
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
    let dead = false; // given up on: its late close must not schedule a second reconnect
    let beat = null;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ command: "sync", after: this.getSeq() }));
      if (this.pingTimer) this.pingTimer.stop();
      this.pingTimer = beat = heartbeat(ws, () => {
        // No answer to a ping: the connection is gone even if the socket looks open.
        dead = true;
        if (this.ws === ws) this.ws = null;
        for (const [, p] of this.pending) p.reject(new Error("socket closed"));
        this.pending.clear();
        try { ws.close(); } catch (e) { /* already closing */ }
        this.scheduleReconnect();
      });
    });
    ws.addEventListener("message", (ev) => {
      if (this.ws !== ws) return;
      if (beat) beat.seen();
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      this.handle(msg);
    });
    ws.addEventListener("close", (ev) => {
      // 4401: this browser's session ended (a logout in another tab, a password change):
      // reload, to show the table as the signed-out visitor now sees it.
      if (ev.code === 4401) { sessionEnded(); return; }
      if (beat) beat.stop();
      if (dead) return;
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
    } else if (msg.type === "pong") {
      // Behind the game: an update was lost on the way. Ask for what is missing (the answer
      // is an ordinary "events" message, deduplicated by seq like any other).
      if (this.synced && Number.isInteger(msg.seq) && msg.seq > this.getSeq()) {
        this.send({ command: "sync", after: this.getSeq() });
      }
    } else if (msg.type === "chat") {
      this.onChat(msg);
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

  // Send a move over the socket; resolves with move.accepted, rejects with the server's error
  // message ({type: "error", status, code, detail, ...}) or, when no answer came (not sent, the
  // socket closed, no answer within timeoutMs), with an Error: the move may or may not have
  // reached the server, so a retry elsewhere must carry the same idempotencyKey.
  move(move, expectedSeq, { idempotencyKey, timeoutMs = 10000 } = {}) {
    const id = `c${++this.counter}`;
    const cmd = { command: "move", id, move, expected_seq: expectedSeq };
    if (idempotencyKey) cmd.idempotency_key = idempotencyKey;
    return new Promise((resolve, reject) => {
      let sent = false;
      try { sent = this.send(cmd); } catch (e) { sent = false; }
      if (!sent) {
        reject(new Error("socket closed"));
        return;
      }
      this.pending.set(id, { resolve, reject });
      setTimeout(() => {
        if (this.pending.has(id)) {
          this.pending.delete(id);
          reject(new Error("timeout"));
        }
      }, timeoutMs);
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

// A page's socket on public state (ws/tournaments/<id>/, ws/pools/): JSON frames go to
// onMessage; the first frame after (re)connecting marks root live (data-live="1") and calls
// onLive (the page stops polling); a socket lost or silent (no pong) calls onDown (the page
// polls its REST state) and is opened again after a growing, jittered wait (1 s doubling to
// 30 s). A socket closed for a signed-out session (4401) reloads the page.
export function watchPage(path, { root, onMessage, onLive = () => {}, onDown = () => {} }) {
  let backoff = 1000;
  const connect = () => {
    const proto = window.location.protocol === "https:" ? "wss:" : "ws:";
    let ws;
    try {
      ws = new WebSocket(`${proto}//${window.location.host}${path}`);
    } catch (e) {
      onDown();
      setTimeout(connect, backoff);
      return;
    }
    let beat = null;
    let dead = false; // given up on (no pong): its late close must not reconnect a second time
    const reconnect = () => {
      root.dataset.live = "0";
      onDown();
      const delay = backoff + Math.random() * 500;
      backoff = Math.min(backoff * 2, 30000);
      setTimeout(connect, delay);
    };
    ws.addEventListener("open", () => {
      // "Live" once the server has answered (its first frame is the state), not on open.
      beat = heartbeat(ws, () => {
        dead = true;
        try { ws.close(); } catch (e) { /* already closing */ }
        reconnect();
      });
    });
    ws.addEventListener("message", (ev) => {
      if (dead) return;
      if (beat) beat.seen();
      if (root.dataset.live !== "1") {
        backoff = 1000;
        root.dataset.live = "1";
        onLive();
      }
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      onMessage(msg);
    });
    ws.addEventListener("close", (ev) => {
      if (beat) beat.stop();
      if (ev.code === 4401) { sessionEnded(); return; } // signed out elsewhere
      if (dead) return;
      reconnect();
    });
  };
  connect();
}
