import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgentDetails } from '@parley/contracts/agents';
import type { PredictResult } from '@parley/contracts/nlu';
import { fail, installFakeApi, ok, sse } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { TryItPanel } from './TryItPanel';

const ID = '7e7e0000-0000-4000-8000-0000000000b1';
const agent = {
  id: ID,
  name: 'Flights',
  type: 'nlp',
  config: { language: 'en' },
} as AgentDetails;

const answer = (text: string, extra: Partial<PredictResult> = {}): PredictResult => ({
  sessionId: 'session-1',
  output: { text },
  source: [],
  intentIdentified: true,
  intent: 'book_flight',
  confidence: 0.917,
  utterance: 'book a flight',
  emotion: 'joy',
  otherIntent: [],
  parameters: [],
  awaitingParameter: null,
  ...extra,
});

describe('TryItPanel', () => {
  it('keeps the session id, renders markdown answers and the intent line, and links the source', async () => {
    const replies = [
      answer('Which city would you like to fly to?', { awaitingParameter: 'city', emotion: 'neutral' }),
      answer('Booking a flight to **Mumbai**. <b>raw</b>', { source: ['https://example.com/faq', 'https://x.y'] }),
    ];
    const api = installFakeApi({ 'POST /api/predictIntent/stream': () => ok(replies.shift()) });
    const user = userEvent.setup();
    renderWithRouter(<TryItPanel agent={agent} onClose={() => undefined} />);
    const input = screen.getByRole('textbox', { name: 'Message' });
    expect(input).toHaveFocus();

    await user.type(input, '   {Enter}');
    expect(screen.getByText('No messages available')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);

    await user.type(input, 'book a flight{Enter}');
    const log = screen.getByRole('log', { name: 'Test chat messages' });
    expect(await within(log).findByText('Which city would you like to fly to?')).toBeInTheDocument();
    expect(within(log).getByText(/book_flight · 0\.92/)).toBeInTheDocument();
    expect(within(log).getByText(/awaiting city/)).toBeInTheDocument();
    expect(within(log).getByText('😐')).toBeInTheDocument();

    await user.type(input, 'Bombay');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(log).findByText('Mumbai', { selector: 'strong' })).toBeInTheDocument();
    expect(within(log).queryByText('raw', { selector: 'b' })).not.toBeInTheDocument();
    const link = within(log).getByRole('link', { name: 'View Source' });
    expect(link).toHaveAttribute('href', 'https://example.com/faq');
    expect(link).toHaveAttribute('target', '_blank');
    await waitFor(() => expect(input).toHaveFocus());

    const bodies = api
      .calls('POST /api/predictIntent/stream')
      .map((request) => request.body as Record<string, unknown>);
    expect(bodies[0]).toMatchObject({ agentId: ID, sessionId: null, message: { type: 'text', text: 'book a flight' } });
    expect(bodies[1]).toMatchObject({ sessionId: 'session-1', message: { text: 'Bombay', lnCode: 'en' } });

    // A new conversation forgets the session.
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(screen.getByText('No messages available')).toBeInTheDocument();
    replies.push(answer('Hello!'));
    await user.type(input, 'hi{Enter}');
    await screen.findByText('Hello!');
    expect(api.calls('POST /api/predictIntent/stream')[2]?.body).toMatchObject({ sessionId: null });
  });

  it("shows a knowledge agent's answer as it is written, then its source document at its page", async () => {
    const documentUrl = `/api/agents/${ID}/documents/7e7e0000-0000-4000-8000-0000000000d1/content#page=4`;
    const final = answer('You have **30 days** to return it [1].', {
      intent: null,
      confidence: 0.61,
      utterance: null,
      source: [documentUrl],
    });
    installFakeApi({
      'POST /api/predictIntent/stream': sse(
        [
          { event: 'token', data: { text: 'You have ' } },
          { event: 'token', data: { text: '**30 days**' } },
          { event: 'token', data: { text: ' to return it [1].' } },
          { event: 'result', data: final },
        ],
        150,
      ),
    });
    const user = userEvent.setup();
    renderWithRouter(<TryItPanel agent={{ ...agent, type: 'prompt' }} onClose={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'How long can I return things?{Enter}');
    // Part of the answer shows while the rest is still being written.
    const writing = await screen.findByRole('status', { name: 'The agent is answering' });
    await waitFor(() => expect(writing).toHaveTextContent('You have'));
    expect(writing).not.toHaveTextContent('to return it');

    const log = screen.getByRole('log', { name: 'Test chat messages' });
    expect(await within(log).findByText('30 days', { selector: 'strong' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'The agent is answering' })).toBeNull());
    expect(within(log).getByRole('link', { name: 'View Source' })).toHaveAttribute('href', documentUrl);
    expect(within(log).getByText(/knowledge base · 0\.61/)).toBeInTheDocument();
  });

  it('shows a failure while streaming as an error bubble, keeping what was asked', async () => {
    installFakeApi({
      'POST /api/predictIntent/stream': sse([
        { event: 'token', data: { text: 'You have' } },
        { event: 'error', data: { code: 5043, message: 'The GenAI endpoint refused the API key (HTTP 401)' } },
      ]),
    });
    const user = userEvent.setup();
    renderWithRouter(<TryItPanel agent={agent} onClose={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'returns?{Enter}');
    expect(await screen.findByRole('alert', { name: 'Agent error' })).toHaveTextContent(
      'The GenAI endpoint refused the API key (HTTP 401)',
    );
    expect(screen.queryByRole('status', { name: 'The agent is answering' })).toBeNull();
  });

  it('shows a failure as an error bubble in the chat', async () => {
    installFakeApi({
      'POST /api/predictIntent/stream': fail(409, 5041, 'This agent is not trained yet. Press Train Agent first.'),
    });
    const user = userEvent.setup();
    renderWithRouter(<TryItPanel agent={agent} onClose={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello{Enter}');
    expect(await screen.findByRole('alert', { name: 'Agent error' })).toHaveTextContent(
      'This agent is not trained yet. Press Train Agent first.',
    );
    expect(screen.getByText('hello')).toBeInTheDocument();
  });
});
