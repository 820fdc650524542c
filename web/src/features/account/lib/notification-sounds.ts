import type { NotificationSound } from '@parley/contracts/account';

/** The tones of each named sound: frequencies (Hz) played one after the other, with a wave shape. */
const TONES: Record<NotificationSound, { notes: number[]; wave: OscillatorType; noteMs: number }> = {
  chime: { notes: [880, 1320], wave: 'sine', noteMs: 180 },
  bell: { notes: [660], wave: 'triangle', noteMs: 420 },
  pop: { notes: [520], wave: 'square', noteMs: 60 },
  ding: { notes: [1760], wave: 'sine', noteMs: 260 },
  alert: { notes: [740, 560, 740], wave: 'sawtooth', noteMs: 120 },
};

let context: AudioContext | null = null;

/**
 * Plays a sound synthesised with the Web Audio API (no audio file needed), `repeat` times, at
 * `volume` percent: the stored 0–100 is scaled to a gain of volume / 100. Answers false when the
 * browser has no Web Audio.
 */
export function playNotificationSound(sound: NotificationSound, repeat: number, volume: number): boolean {
  const AudioContextClass = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!AudioContextClass) return false;
  context ??= new AudioContextClass();
  const tone = TONES[sound];
  const gainValue = Math.max(0, Math.min(100, volume)) / 100;
  const noteSeconds = tone.noteMs / 1000;
  const roundSeconds = tone.notes.length * noteSeconds + 0.15;
  let start = context.currentTime + 0.02;
  for (let round = 0; round < repeat; round += 1) {
    tone.notes.forEach((frequency, index) => {
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      const at = start + index * noteSeconds;
      oscillator.type = tone.wave;
      oscillator.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(Math.max(0.0001, gainValue * 0.4), at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + noteSeconds);
      oscillator.connect(gain).connect(context!.destination);
      oscillator.start(at);
      oscillator.stop(at + noteSeconds + 0.02);
    });
    start += roundSeconds;
  }
  return true;
}
