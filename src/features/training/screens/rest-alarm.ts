// The end of a rest on screen: a buzz where the device can (not iOS Safari), and three short
// beeps made with Web Audio, so no sound file is downloaded or cached. Browsers let audio start
// only after a tap: the context is created on the tap that ticks a set done and reused.
type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextClass | undefined {
  const w = globalThis as typeof globalThis & { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext;
}

/** Call from a tap: makes (or wakes) the audio context the end beeps need. */
export function unlockRestAlarm(): void {
  try {
    const Context = audioContextClass();
    if (!Context) return;
    context ??= new Context();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
  } catch {
    // No audio on this device: the buzz and the on-screen end remain.
  }
}

const BEEPS = 3;
const BEEP_S = 0.15;
const GAP_S = 0.12;

function beep(audio: AudioContext): void {
  const start = audio.currentTime + 0.02;
  for (let i = 0; i < BEEPS; i += 1) {
    const at = start + i * (BEEP_S + GAP_S);
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = i === BEEPS - 1 ? 1320 : 880;
    // A short ramp in and out: no click at either end.
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + BEEP_S);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + BEEP_S + 0.02);
  }
}

export function playRestAlarm(): void {
  try {
    globalThis.navigator?.vibrate?.([200, 100, 200, 100, 400]);
  } catch {
    // Vibration refused (no user activation yet, or not supported).
  }
  try {
    if (context) beep(context);
  } catch {
    // Audio failed: the buzz and the on-screen end remain.
  }
}
