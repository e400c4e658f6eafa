// Short synthesized tones for the table (Web Audio API, no audio files): your turn, a play, low
// time, round end, match end. The AudioContext is made on the first user gesture (browsers let
// audio start only then) and resumed on later ones. Muting is remembered in localStorage; sounds
// are on by default (or as the account's settings say) and nothing plays while muted.
// For tests: window.MT_SOUNDS_PLAYED counts the sounds started, MT_SOUNDS_MUTED those a mute held
// back; MT_SOUNDS_LOG lists the names of both, in order ("low", or "-low" when muted).

const KEY = "mt-sounds-muted";
let ctx = null;
window.MT_SOUNDS_PLAYED = 0;
window.MT_SOUNDS_MUTED = 0;
window.MT_SOUNDS_LOG = [];

// The account's default (/settings: body data-sounds-default="off") until this browser is told.
const accountMuted = () => document.body?.dataset.soundsDefault === "off";

export function isMuted() {
  try {
    const stored = window.localStorage.getItem(KEY);
    return stored === null ? accountMuted() : stored === "1";
  } catch (e) { return accountMuted(); }
}

export function setMuted(muted) {
  try { window.localStorage.setItem(KEY, muted ? "1" : "0"); } catch (e) { /* private mode: this page only */ }
  memory = muted;
  if (!muted) unlock();
}
let memory = isMuted(); // when localStorage cannot be written
const muted = () => { try { return window.localStorage.getItem(KEY) === null ? memory : isMuted(); } catch (e) { return memory; } };

function unlock() {
  if (muted()) return;
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return;
  try {
    if (!ctx) ctx = new AC();
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
  } catch (e) { ctx = null; }
}
for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, unlock, { capture: true, passive: true });

// [frequency Hz, start s, length s] for each note, and the wave.
const TONES = {
  turn: { wave: "sine", notes: [[660, 0, 0.12], [880, 0.13, 0.16]] },
  play: { wave: "triangle", notes: [[520, 0, 0.07]] },
  low: { wave: "square", notes: [[990, 0, 0.08], [990, 0.16, 0.08], [990, 0.32, 0.08]], gain: 0.04 },
  round: { wave: "sine", notes: [[523, 0, 0.14], [659, 0.15, 0.14], [784, 0.3, 0.22]] },
  match: { wave: "sine", notes: [[523, 0, 0.14], [659, 0.15, 0.14], [784, 0.3, 0.14], [1047, 0.45, 0.35]] },
};

// Play the named tone, unless muted or audio has not been allowed yet (no gesture so far).
export function playSound(name) {
  const tone = TONES[name];
  if (!tone) return;
  if (muted()) { window.MT_SOUNDS_MUTED++; window.MT_SOUNDS_LOG.push("-" + name); return; }
  if (!ctx) return;
  try {
    const t0 = ctx.currentTime + 0.01;
    const peak = tone.gain || 0.08;
    for (const [freq, start, len] of tone.notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = tone.wave;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + start);
      gain.gain.exponentialRampToValueAtTime(peak, t0 + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + start);
      osc.stop(t0 + start + len + 0.02);
    }
    window.MT_SOUNDS_PLAYED++;
    window.MT_SOUNDS_LOG.push(name);
  } catch (e) { /* no audio: the table works silently */ }
}

// The low-time warning for the viewer's own clock: once per turn (``turnKey``: the deadline).
let lowFor = null;
export function lowTime(turnKey) {
  if (!turnKey || lowFor === turnKey) return;
  lowFor = turnKey;
  playSound("low");
}

// The mute toggle: a button with aria-pressed (pressed = muted) and a fixed label.
export function mountSoundToggle(button) {
  if (!button) return;
  const show = () => { button.setAttribute("aria-pressed", muted() ? "true" : "false"); };
  button.addEventListener("click", () => { setMuted(!muted()); show(); });
  show();
}
