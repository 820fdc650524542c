/** Query keys of the enterprise's API keys. */
export const apiKeysKeys = {
  all: ['api-keys'] as const,
  list: () => ['api-keys', 'list'] as const,
};
