import { describe, expect, it } from 'vitest';
import { createApiKeyBody } from './api-keys';
import { channelMessages } from './channels';
import { updateEnterpriseProfileBody } from './enterprise-profile';
import { messages } from './messages';

/** Issue 17 item 16: one phrasing of 'required' — the spec's '{label} is required' and 'This field is required'. */
describe('required messages', () => {
  const firstMessage = (
    result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
    field: string,
  ) => result.error?.issues.find((issue) => issue.path[0] === field)?.message;

  it('name a blank field the same way everywhere', () => {
    expect(firstMessage(createApiKeyBody.safeParse({ name: ' ', roles: [] }), 'name')).toBe('Name is required');
    const profile = updateEnterpriseProfileBody.safeParse({ name: '', title: '' });
    expect(firstMessage(profile, 'name')).toBe('Name is required');
    expect(firstMessage(profile, 'title')).toBe('Title is required');
    expect(channelMessages.nameRequired).toBe('Channel name is required');
  });

  it('say a field without a label is required in the spec words, capitalised', () => {
    expect(channelMessages.fieldRequired).toBe(messages.fieldRequired);
    expect(messages.fieldRequired).toBe('This field is required');
  });
});
