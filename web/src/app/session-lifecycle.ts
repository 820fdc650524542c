import type { QueryClient } from '@tanstack/react-query';
import { messages } from '@parley/contracts/messages';
import { setSessionEndHandler } from '../lib/session-end';
import { showToast } from '../lib/toast';

interface SessionLifecycleDeps {
  queryClient: QueryClient;
  navigate: (to: string) => void;
}

/**
 * What "logged out" means for the console (platform §4.5): the token is gone (cleared by
 * `endSession`), the user goes to /login and server data is dropped; the shell closes the
 * websocket (see `use-realtime-bridge.ts`).
 * Only the first report of an ended session shows a toast.
 */
export function installSessionLifecycle({ queryClient, navigate }: SessionLifecycleDeps): void {
  setSessionEndHandler(({ reason, hadToken, message }) => {
    if (!hadToken && reason !== 'signedOut') return;
    if (reason === 'expired') {
      showToast(messages.sessionExpired, { tone: 'error', id: 'session-expired' });
    } else if (reason === 'forbidden') {
      showToast(message ?? messages.accessDenied, { tone: 'error', id: 'access-denied' });
    } else if (reason === 'twoFactorRequired') {
      showToast(message ?? messages.sessionExpired, { tone: 'error', id: 'two-factor-required' });
    } else {
      showToast(messages.loggedOut, { tone: 'info', id: 'signed-out' });
    }
    navigate('/login');
    // The shell re-renders without a token and unmounts its pages, so nothing refetches.
    queryClient.clear();
  });
}
