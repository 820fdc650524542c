import { RealtimeClient } from '../../lib/realtime-client';
import { getSessionToken } from '../../lib/session-token';

/** The console's one websocket; started by the shell, stopped when the session ends. */
export const realtime = new RealtimeClient({ getToken: getSessionToken });
