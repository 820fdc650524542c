import { act } from '@testing-library/react';
import type { RealtimeListener } from '../lib/realtime-client';

/**
 * A stand-in for the console's websocket: features subscribe with `on` as they do on the real one,
 * and a test sends an event with `emit` (inside `act`, so components re-render). Event ids count up
 * unless a test gives one (to replay an older event).
 */
export function fakeRealtime(connected = true) {
  const listeners = new Map<string, RealtimeListener>();
  let lastId = 0;
  return {
    listeners,
    on: (name: string, listener: RealtimeListener) => {
      listeners.set(name, listener);
      return () => listeners.delete(name);
    },
    isConnected: () => connected,
    emit(name: string, payload: unknown, id = lastId + 1) {
      lastId = Math.max(lastId, id);
      act(() => listeners.get(name)?.({ type: 'event', id, name, payload, at: new Date().toISOString() }));
    },
  };
}
