import type { NotificationSound, Preferences } from '@parley/contracts/account';

export type ChatSoundType = Preferences['audioSettings']['sounds'][number]['type'];

/**
 * Plays one of the five named sounds `repeat` times at `volume` percent. The console's player (the
 * one the Profile page previews with) is handed in by the shell: features do not import each other.
 */
export type SoundPlayer = (sound: NotificationSound, repeat: number, volume: number) => unknown;

/** The sound the user chose for this kind of alert, or null when chat sounds are off. */
export function chosenSound(preferences: Preferences | undefined, type: ChatSoundType) {
  if (!preferences?.enableChatNotification || !preferences.audioSettings.enable) return null;
  return preferences.audioSettings.sounds.find((entry) => entry.type === type) ?? null;
}

/** A burst of events (a count rise and its chatAssigned) rings once. */
const QUIET_MS = 2000;

export function createChatSoundPlayer(play: SoundPlayer, now: () => number = Date.now) {
  const lastPlayed = new Map<ChatSoundType, number>();
  return (preferences: Preferences | undefined, type: ChatSoundType): boolean => {
    const chosen = chosenSound(preferences, type);
    if (!chosen) return false;
    const at = now();
    const last = lastPlayed.get(type);
    if (last !== undefined && at - last < QUIET_MS) return false;
    lastPlayed.set(type, at);
    play(chosen.sound, chosen.repeat, chosen.volume);
    return true;
  };
}
