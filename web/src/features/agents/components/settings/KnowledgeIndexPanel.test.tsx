import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { KnowledgeState } from '@parley/contracts/knowledge';
import { installFakeApi, ok } from '../../../../test/fake-api';
import { fakeRealtime } from '../../../../test/fake-realtime';
import { renderWithRouter } from '../../../../test/render-app';
import { subscribeAgentEvents } from '../../realtime/agent-events';
import { KnowledgeIndexPanel } from './KnowledgeIndexPanel';

const AGENT = '7e7e0000-0000-4000-8000-0000000000c1';
const DOCUMENT = '7e7e0000-0000-4000-8000-0000000000d2';

const built: KnowledgeState = {
  status: 'done',
  message: 'Indexed 14 passages from 1 document and 1 web page; 1 page failed',
  passages: 14,
  startedAt: '2026-11-27T10:00:00.000Z',
  finishedAt: '2026-11-27T10:00:09.000Z',
  sources: [
    {
      id: DOCUMENT,
      kind: 'document',
      label: 'refund-policy.pdf',
      origin: DOCUMENT,
      status: 'indexed',
      pagesDone: 3,
      pagesTotal: 3,
      passages: 11,
      failures: [{ page: 2, reason: 'Page 2 has no text (a scanned image?)' }],
      failureCount: 1,
      updatedAt: '2026-11-27T10:00:05.000Z',
    },
    {
      id: 'https://help.example.com/baggage',
      kind: 'website',
      label: 'https://help.example.com/baggage',
      origin: 'https://help.example.com/',
      status: 'indexed',
      pagesDone: 1,
      pagesTotal: 1,
      passages: 3,
      failures: [],
      failureCount: 0,
      updatedAt: '2026-11-27T10:00:08.000Z',
    },
  ],
};

describe('KnowledgeIndexPanel', () => {
  it('lists what was indexed, with the problems of each source on demand', async () => {
    installFakeApi({ [`GET /api/agents/${AGENT}/knowledge`]: ok(built) });
    const user = userEvent.setup();
    renderWithRouter(<KnowledgeIndexPanel agentId={AGENT} />);
    const table = await screen.findByRole('table', { name: 'Indexed sources' });
    expect(screen.getByText(/Indexed 14 passages from 1 document and 1 web page; 1 page failed/)).toBeInTheDocument();
    expect(screen.getByText('14 passages')).toBeInTheDocument();
    const [, pdfRow, webRow] = within(table).getAllByRole('row');
    expect(within(pdfRow!).getByRole('link', { name: 'refund-policy.pdf' })).toHaveAttribute(
      'href',
      `/api/agents/${AGENT}/documents/${DOCUMENT}/content`,
    );
    expect(within(pdfRow!).getByText('3 / 3')).toBeInTheDocument();
    expect(within(webRow!).getByRole('link', { name: 'https://help.example.com/baggage' })).toHaveAttribute(
      'href',
      'https://help.example.com/baggage',
    );
    expect(within(pdfRow!).queryByText('Page 2 has no text (a scanned image?)')).toBeNull();
    await user.click(within(pdfRow!).getByRole('button', { name: '1 problem' }));
    expect(await within(pdfRow!).findByText('Page 2 has no text (a scanned image?)')).toBeInTheDocument();
  });

  it('shows a progress bar that follows the build, then the result', async () => {
    let state: KnowledgeState = { ...built, status: 'running', message: null, finishedAt: null, sources: [] };
    installFakeApi({ [`GET /api/agents/${AGENT}/knowledge`]: () => ok(state) });
    const realtime = fakeRealtime();
    const view = renderWithRouter(<KnowledgeIndexPanel agentId={AGENT} />);
    subscribeAgentEvents(realtime, view.queryClient);
    expect(await screen.findByRole('progressbar', { name: 'Building the knowledge base' })).toBeInTheDocument();

    realtime.emit('agent.knowledge.progress', {
      agentId: AGENT,
      status: 'running',
      sources: 2,
      sourcesDone: 0,
      pagesDone: 1,
      pagesTotal: 4,
      passages: 5,
      failures: 0,
      current: 'refund-policy.pdf',
    });
    // Query notifications reach the component on the next tick.
    expect(await screen.findByText('Reading refund-policy.pdf: 1 of 4 pages, 0 of 2 sources done')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Building the knowledge base' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );

    state = built;
    realtime.emit('agent.knowledge.progress', {
      agentId: AGENT,
      status: 'done',
      sources: 2,
      sourcesDone: 2,
      pagesDone: 4,
      pagesTotal: 4,
      passages: 14,
      failures: 1,
      current: null,
    });
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(await screen.findByRole('table', { name: 'Indexed sources' })).toBeInTheDocument();
  });

  it('says how to fill an empty knowledge base', async () => {
    installFakeApi({
      [`GET /api/agents/${AGENT}/knowledge`]: ok({
        status: 'not_started',
        message: null,
        passages: 0,
        sources: [],
        startedAt: null,
        finishedAt: null,
      }),
    });
    renderWithRouter(<KnowledgeIndexPanel agentId={AGENT} />);
    expect(
      await screen.findByText(
        'Nothing is indexed yet. Add websites or PDF documents above, press Update, then Train Agent.',
      ),
    ).toBeInTheDocument();
  });
});
