// Short, quiet sounds made with WebAudio (no audio files): a card played, a trick won, your
// turn. The audio context is created only after a user gesture, as browsers require.

const KEY = "fivehundred.sound";
let enabled = readEnabled();
let ctx = null;
let master = null;
let noiseBuffer = null;

function readEnabled() {
  try {
    return localStorage.getItem(KEY) !== "off";
  } catch {
    return true;
  }
}

export function isEnabled() {
  return enabled;
}

export function setEnabled(on) {
  enabled = !!on;
  try { localStorage.setItem(KEY, enabled ? "on" : "off"); } catch { /* private mode */ }
  if (enabled) unlock();
}

/** Creates (or resumes) the audio context; call from a user gesture. */
export function unlock() {
  if (!enabled) return;
  try {
    if (!ctx) {
      const AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) return;
      ctx = new AC();
      master = ctx.createGain();
      master.gain.value = 0.5;
      const comp = ctx.createDynamicsCompressor();
      master.connect(comp).connect(ctx.destination);
    }
    if (ctx.state === "suspended") ctx.resume();
  } catch {
    ctx = null;
  }
}

function ready() {
  return enabled && ctx && ctx.state === "running";
}

function noise() {
  if (!noiseBuffer) {
    const len = Math.floor(ctx.sampleRate * 0.25);
    noiseBuffer = ctx.createBuffer(1, len, ctx.sampleRate);
    const data = noiseBuffer.getChannelData(0);
    for (let i = 0; i < len; i++) data[i] = Math.random() * 2 - 1;
  }
  const src = ctx.createBufferSource();
  src.buffer = noiseBuffer;
  return src;
}

function tone(freq, start, dur, { type = "sine", gain = 0.12, attack = 0.006 } = {}) {
  const osc = ctx.createOscillator();
  const g = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  g.gain.setValueAtTime(0.0001, start);
  g.gain.exponentialRampToValueAtTime(gain, start + attack);
  g.gain.exponentialRampToValueAtTime(0.0001, start + dur);
  osc.connect(g).connect(master);
  osc.start(start);
  osc.stop(start + dur + 0.05);
}

/** A soft card snap: filtered noise with a fast decay and a little low thump. */
export function cardPlayed() {
  if (!ready()) return;
  const t = ctx.currentTime + 0.005;
  const src = noise();
  const bp = ctx.createBiquadFilter();
  bp.type = "bandpass";
  bp.frequency.setValueAtTime(2600 + Math.random() * 600, t);
  bp.Q.value = 0.9;
  const g = ctx.createGain();
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(0.22, t + 0.004);
  g.gain.exponentialRampToValueAtTime(0.0001, t + 0.09);
  src.connect(bp).connect(g).connect(master);
  src.start(t, Math.random() * 0.1);
  src.stop(t + 0.12);
  tone(150, t, 0.07, { type: "sine", gain: 0.08, attack: 0.003 });
}

/** The trick is gathered: a brush of noise and two soft rising notes. */
export function trickWon(ours = true) {
  if (!ready()) return;
  const t = ctx.currentTime + 0.01;
  const src = noise();
  const lp = ctx.createBiquadFilter();
  lp.type = "lowpass";
  lp.frequency.setValueAtTime(1800, t);
  lp.frequency.exponentialRampToValueAtTime(500, t + 0.2);
  const g = ctx.createGain();
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(0.09, t + 0.03);
  g.gain.exponentialRampToValueAtTime(0.0001, t + 0.22);
  src.connect(lp).connect(g).connect(master);
  src.start(t);
  src.stop(t + 0.25);
  if (ours) {
    tone(659.25, t + 0.05, 0.28, { type: "triangle", gain: 0.07 });
    tone(987.77, t + 0.13, 0.36, { type: "triangle", gain: 0.06 });
  } else {
    tone(392, t + 0.05, 0.25, { type: "triangle", gain: 0.05 });
  }
}

/** Your turn: a gentle two-partial bell. */
export function yourTurn() {
  if (!ready()) return;
  const t = ctx.currentTime + 0.01;
  tone(880, t, 0.55, { type: "sine", gain: 0.07, attack: 0.01 });
  tone(1760, t, 0.3, { type: "sine", gain: 0.02, attack: 0.01 });
  tone(1318.5, t + 0.09, 0.5, { type: "sine", gain: 0.045, attack: 0.01 });
}

/** A low, short buzz for a refused card. */
export function refused() {
  if (!ready()) return;
  const t = ctx.currentTime + 0.005;
  tone(180, t, 0.14, { type: "square", gain: 0.025, attack: 0.004 });
  tone(140, t + 0.06, 0.16, { type: "square", gain: 0.02, attack: 0.004 });
}

/** The end of a game: a short arpeggio (rising when you won). */
export function gameOver(won) {
  if (!ready()) return;
  const t = ctx.currentTime + 0.02;
  const notes = won ? [523.25, 659.25, 783.99, 1046.5] : [392, 349.23, 311.13];
  notes.forEach((f, i) => tone(f, t + i * 0.12, 0.5, { type: "triangle", gain: 0.06 }));
}

function firstGesture() {
  unlock();
  if (ctx) {
    window.removeEventListener("pointerdown", firstGesture, true);
    window.removeEventListener("keydown", firstGesture, true);
  }
}
window.addEventListener("pointerdown", firstGesture, true);
window.addEventListener("keydown", firstGesture, true);
