/** Query keys of the signed-in user's own account. */
export const accountKeys = {
  all: ['account'] as const,
  me: () => ['account', 'me'] as const,
  sessions: () => ['account', 'sessions'] as const,
  preferences: () => ['account', 'preferences'] as const,
  picture: (url: string) => ['account', 'picture', url] as const,
};
