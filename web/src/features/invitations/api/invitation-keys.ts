/** Query keys of invitations. */
export const invitationKeys = {
  all: ['invitations'] as const,
  list: (page: { from: number; perPage: number }) => ['invitations', 'list', page] as const,
  preview: (token: string) => ['invitations', 'preview', token] as const,
};
