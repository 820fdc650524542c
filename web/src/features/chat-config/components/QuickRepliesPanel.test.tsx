import './jsdom-fonts.test-setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { conversationMessages, type QuickReply } from '@parley/contracts/conversations';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { QuickRepliesPanel } from './QuickRepliesPanel';
import { quickReply, uuid } from './chat-config-fixtures.test-data';

/** A fake server that keeps its quick replies, so the list read after each change shows it. */
function fakeQuickReplies(initial: QuickReply[]) {
  let replies = [...initial];
  let next = 100;
  const api = installFakeApi({
    'GET /api/conversations/quick-replies': () => ok({ quickReplies: replies }),
    'POST /api/chat-config/quick-replies': (request) => {
      next += 1;
      const created = { ...quickReply(), id: uuid(next), ...(request.body as object) };
      replies = [...replies, created];
      return ok(created);
    },
    ...Object.fromEntries(
      [61, 62, 101, 102].flatMap((n) => [
        [
          `PUT /api/chat-config/quick-replies/${uuid(n)}`,
          (request: { body: unknown }) => {
            replies = replies.map((reply) =>
              reply.id === uuid(n) ? { ...reply, ...(request.body as object) } : reply,
            );
            return ok(replies.find((reply) => reply.id === uuid(n)));
          },
        ],
        [
          `DELETE /api/chat-config/quick-replies/${uuid(n)}`,
          () => {
            replies = replies.filter((reply) => reply.id !== uuid(n));
            return ok({});
          },
        ],
      ]),
    ),
  });
  return api;
}

describe('QuickRepliesPanel', () => {
  it('adds, edits and deletes (after confirming) a quick reply', async () => {
    const api = fakeQuickReplies([]);
    const user = userEvent.setup();
    renderWithRouter(<QuickRepliesPanel />);
    expect(await screen.findByText('No quick replies yet')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Quick replies' });
    await user.click(within(table).getByRole('button', { name: 'Add Quick Reply' }));

    let dialog = await screen.findByRole('dialog', { name: 'Add Quick Reply' });
    // The fields say nothing before the admin types; Save shows what is missing.
    expect(within(dialog).queryByText('Please enter a shortcut')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please enter a shortcut')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter the reply')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Shortcut/ }), '/thanks');
    await user.type(within(dialog).getByRole('textbox', { name: /Reply Text/ }), 'Thank you for writing to us!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.calls('POST /api/chat-config/quick-replies')).toHaveLength(1));
    expect(api.calls('POST /api/chat-config/quick-replies')[0]!.body).toEqual({
      shortcut: 'thanks',
      text: 'Thank you for writing to us!',
    });
    expect(await screen.findByText(conversationMessages.quickReplySaved)).toBeInTheDocument();
    expect(await within(table).findByText('/thanks')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add Quick Reply' })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Edit /thanks' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit /thanks' });
    const text = within(dialog).getByRole('textbox', { name: /Reply Text/ });
    expect(text).toHaveValue('Thank you for writing to us!');
    await user.clear(text);
    await user.type(text, 'Thanks, we will get back to you soon.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(`PUT /api/chat-config/quick-replies/${uuid(101)}`)).toHaveLength(1));
    expect(api.calls(`PUT /api/chat-config/quick-replies/${uuid(101)}`)[0]!.body).toEqual({
      shortcut: 'thanks',
      text: 'Thanks, we will get back to you soon.',
    });
    expect(await within(table).findByText('Thanks, we will get back to you soon.')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Delete /thanks' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this quick reply?' });
    // Cancel keeps it.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls(`DELETE /api/chat-config/quick-replies/${uuid(101)}`)).toHaveLength(0);
    await user.click(within(table).getByRole('button', { name: 'Delete /thanks' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this quick reply?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(api.calls(`DELETE /api/chat-config/quick-replies/${uuid(101)}`)).toHaveLength(1));
    expect(await screen.findByText(conversationMessages.quickReplyDeleted)).toBeInTheDocument();
    expect(await within(table).findByText('No quick replies yet')).toBeInTheDocument();
  }, 30_000);

  it('filters by shortcut or text', async () => {
    fakeQuickReplies([
      quickReply({ id: uuid(61) }),
      quickReply({ id: uuid(62), shortcut: 'refund', text: 'Your refund is on its way.' }),
    ]);
    const user = userEvent.setup();
    renderWithRouter(<QuickRepliesPanel />);
    const table = await screen.findByRole('table', { name: 'Quick replies' });
    await within(table).findByText('/refund');
    const search = screen.getByRole('textbox', { name: 'Search quick replies' });
    await user.type(search, '/ref');
    expect(within(table).queryByText('/hello')).not.toBeInTheDocument();
    expect(within(table).getByText('/refund')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'help you');
    expect(within(table).getByText('/hello')).toBeInTheDocument();
    expect(within(table).queryByText('/refund')).not.toBeInTheDocument();
    await user.type(search, 'zzz');
    expect(within(table).getByText("No quick reply matches 'help youzzz'")).toBeInTheDocument();
  });
});
