/** Business constants of platform §9. */
export const realtimeTimings = {
  pingMs: 30_000,
  maxMissedPings: 2,
  reconnectInitialMs: 2000,
  reconnectIntervalMs: 3000,
} as const;

/** Close code the server uses for an invalid or revoked token (platform §4.4). */
export const WS_INVALID_TOKEN = 4001;

export const PAYMENT_AUTO_CLOSE_SECONDS = 30;

export const SIDE_NAV_WIDTH = { open: '14.4%', collapsed: '3%' } as const;
export const TOP_BAR_HEIGHT = 40;

export const userStates = { active: 1, deactivated: 2 } as const;

/** Header carrying the session token (platform §7: "authentication-token header"). */
export const AUTH_HEADER = 'authtoken';

export const PASSWORD_MIN_LENGTH = 8;
