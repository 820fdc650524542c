/** Query keys of the mail outbox. */
export const outboxKeys = {
  all: ['outbox'] as const,
  list: (page: { from: number; perPage: number }) => ['outbox', 'list', page] as const,
  mail: (id: string) => ['outbox', 'mail', id] as const,
};
