import './jsdom-fonts.test-setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatWebhook } from '@parley/contracts/conversations';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { WebhookPanel } from './WebhookPanel';

const empty: ChatWebhook = {
  url: '',
  events: [],
  enabled: false,
  secret: null,
  secretHint: null,
  lastDelivery: null,
  updatedAt: null,
};

describe('WebhookPanel', () => {
  it('saves the address and events, shows the new secret once, and refuses an address that is not http(s)', async () => {
    let stored: ChatWebhook = empty;
    const bodies: unknown[] = [];
    installFakeApi({
      'GET /api/chat-config/webhook': () => ok({ ...stored, secret: null }),
      'PUT /api/chat-config/webhook': (request) => {
        bodies.push(request.body);
        const body = request.body as { url: string; events: ChatWebhook['events']; enabled: boolean };
        stored = {
          ...stored,
          ...body,
          secretHint: 'whsec_ab…',
          updatedAt: new Date().toISOString(),
          secret: stored.secretHint ? null : 'whsec_abcdef123',
        };
        return ok(stored);
      },
    });
    const user = userEvent.setup();
    renderWithRouter(<WebhookPanel />);
    const address = await screen.findByRole('textbox', { name: 'Address' });
    await user.type(address, 'ftp://crm.example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter an http(s) address')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(address);
    await user.type(address, 'https://crm.example.com/parley');
    await user.click(screen.getByRole('checkbox', { name: /^Messages/ }));
    await user.click(screen.getByRole('switch', { name: 'Send Events' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { url: 'https://crm.example.com/parley', events: ['conversation.message'], enabled: true },
      ]),
    );
    expect(await screen.findByText('Copy the signing secret now')).toBeInTheDocument();
    expect(screen.getByText('whsec_abcdef123')).toBeInTheDocument();
    expect(screen.getByText('No delivery yet.')).toBeInTheDocument();
  });
});
