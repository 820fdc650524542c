import { clearSessionToken, getSessionToken } from './session-token';

/**
 * Ending a session is requested from low-level code (the API client on 1401/1403, the
 * realtime client) but carried out by the app, which owns the router, the query cache and the
 * websocket. The app registers the handler once at start-up.
 */
export type SessionEndReason = 'expired' | 'forbidden' | 'twoFactorRequired' | 'signedOut';

export interface SessionEnd {
  reason: SessionEndReason;
  /** Whether a token was still stored, i.e. this is the first report of the ended session. */
  hadToken: boolean;
  message?: string;
}

type SessionEndHandler = (end: SessionEnd) => void;

let handler: SessionEndHandler | null = null;
const listeners = new Set<SessionEndHandler>();

export function setSessionEndHandler(next: SessionEndHandler | null): void {
  handler = next;
}

/** Extra work when a session ends (e.g. the shell closes its websocket). Returns the unsubscribe. */
export function addSessionEndListener(listener: SessionEndHandler): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function endSession(reason: SessionEndReason, message?: string): void {
  const hadToken = getSessionToken() !== null;
  clearSessionToken();
  const end = { reason, hadToken, message };
  for (const listener of [...listeners]) listener(end);
  handler?.(end);
}
