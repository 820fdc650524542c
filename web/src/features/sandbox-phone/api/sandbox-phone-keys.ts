/** Query keys of the Sandbox phone. Realtime events and the reply invalidate from here. */
export const sandboxPhoneKeys = {
  all: ['sandbox-phone'] as const,
  channels: () => ['sandbox-phone', 'channels'] as const,
  channel: (channelId: string) => ['sandbox-phone', 'channel', channelId] as const,
  conversations: (channelId: string) => ['sandbox-phone', 'channel', channelId, 'conversations'] as const,
  thread: (channelId: string, phone: string) => ['sandbox-phone', 'channel', channelId, 'thread', phone] as const,
};
