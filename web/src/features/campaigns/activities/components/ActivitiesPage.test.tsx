import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { campaignMessages, type Activity } from '@parley/contracts/campaigns';
import { errorCatalog } from '@parley/contracts/errors';
import { toastStore } from '../../../../lib/toast';
import { fail, installFakeApi, ok } from '../../../../test/fake-api';
import { renderWithRouter } from '../../../../test/render-app';
import { ActivitiesPage, type ActivitiesView } from './ActivitiesPage';

const SPRING = '5a5a0000-0000-4000-8000-0000000000a1';
const DIWALI = '5a5a0000-0000-4000-8000-0000000000a2';

function activity(overrides: Partial<Activity> = {}): Activity {
  return {
    id: SPRING,
    campaignId: '5a5a0000-0000-4000-8000-0000000000c1',
    name: 'Spring sale',
    state: 'PENDING',
    channelName: 'WhatsApp Sales',
    departmentName: 'Marketing',
    campaignVersion: 1,
    submittedBy: { id: 'u-maker', name: 'Mona Maker' },
    submittedOn: '2026-11-20T10:00:00.000Z',
    decidedBy: null,
    decidedOn: null,
    rejectReason: null,
    startedOn: null,
    nextRunAt: null,
    targeted: 12_345,
    ...overrides,
  };
}

/** A fake server holding activities; approve / reject / start move them to their next state. */
function activitiesServer(initial: Activity[]) {
  let activities = initial;
  const move = (id: string, change: Partial<Activity>) => {
    activities = activities.map((item) => (item.id === id ? { ...item, ...change } : item));
    return ok({ activity: activities.find((item) => item.id === id) });
  };
  const api = installFakeApi({
    'GET /api/campaigns/activities': (request) =>
      ok({ activities: activities.filter((item) => item.state === request.query.get('state')), more: false }),
    [`POST /api/campaigns/activities/${SPRING}/approve`]: () => move(SPRING, { state: 'APPROVED' }),
    [`POST /api/campaigns/activities/${DIWALI}/approve`]: fail(
      403,
      errorCatalog.CAMPAIGN_OWN_ACTIVITY.code,
      campaignMessages.ownActivity,
    ),
    [`POST /api/campaigns/activities/${SPRING}/reject`]: (request) =>
      move(SPRING, { state: 'REJECTED', rejectReason: (request.body as { reason: string }).reason }),
    [`POST /api/campaigns/activities/${SPRING}/start`]: () => move(SPRING, { state: 'RUNNING' }),
    [`POST /api/campaigns/activities/${SPRING}/pause`]: () => move(SPRING, { state: 'PAUSED' }),
    [`POST /api/campaigns/activities/${SPRING}/resume`]: () => move(SPRING, { state: 'RUNNING' }),
    [`POST /api/campaigns/activities/${SPRING}/stop`]: () => move(SPRING, { state: 'STOPPED' }),
    [`GET /api/campaigns/activities/${SPRING}/estimate`]: ok({
      currencySymbol: '₹',
      estimatedRate: 9876.5,
      recipients: 12_000,
      unpriced: 345,
      budgetLeft: 50_000,
    }),
  });
  return api;
}

const toastMessages = () => toastStore.getState().notifications.map((toast) => String(toast.message));

function renderPage(view: ActivitiesView, { showEstimate = true } = {}) {
  return renderWithRouter(<ActivitiesPage view={view} canApprove canStart canViewReport showEstimate={showEstimate} />);
}

describe('ActivitiesPage', () => {
  it('lists pending activities with who submitted them and the audience, and links to the campaign and its report', async () => {
    const api = activitiesServer([activity()]);
    renderPage('pending');
    const table = await screen.findByRole('table', { name: 'Activities campaigns' });
    const row = (await within(table).findByText('Spring sale')).closest('tr')!;
    expect(row).toHaveTextContent('WhatsApp Sales');
    expect(row).toHaveTextContent('Marketing');
    expect(row).toHaveTextContent('Mona Maker');
    expect(row).toHaveTextContent('12.35K');
    expect(row).toHaveTextContent('Pending');
    expect(within(row).getByRole('button', { name: 'Approve Spring sale' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Start Spring sale' })).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View campaign Spring sale' })).toHaveAttribute(
      'href',
      '/campaigns/campaigns-list/5a5a0000-0000-4000-8000-0000000000c1',
    );
    expect(within(row).getByRole('link', { name: 'Report of Spring sale' })).toHaveAttribute(
      'href',
      '/campaigns/report/5a5a0000-0000-4000-8000-0000000000c1',
    );
    const query = api.calls('GET /api/campaigns/activities')[0]!.query;
    expect(query.get('state')).toBe('PENDING');
    expect(query.get('perPage')).toBe('20');
  });

  it("a checker who rejects with no reason reads 'Please enter reject reason'; with one, the activity is rejected and leaves the list", async () => {
    const api = activitiesServer([activity()]);
    const user = userEvent.setup();
    renderPage('pending');
    await user.click(await screen.findByRole('button', { name: 'Reject Spring sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Activity' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Please enter reject reason')).toBeInTheDocument();
    expect(api.calls(`POST /api/campaigns/activities/${SPRING}/reject`)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Please enter reject reason')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Wrong discount');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(`POST /api/campaigns/activities/${SPRING}/reject`)[0]!.body).toEqual({ reason: 'Wrong discount' });
    expect(await screen.findByText('No Record')).toBeInTheDocument();
    expect(toastMessages()).toContain(campaignMessages.rejected);
  });

  it('a checker approves in the approve dialog and the activity leaves the pending list', async () => {
    activitiesServer([activity()]);
    const user = userEvent.setup();
    renderPage('pending');
    await user.click(await screen.findByRole('button', { name: 'Approve Spring sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Activity' });
    expect(dialog).toHaveTextContent("Approve the campaign 'Spring sale'?");
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No Record')).toBeInTheDocument();
    expect(screen.queryByText('Spring sale')).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog when the maker tries to approve their own campaign", async () => {
    activitiesServer([activity({ id: DIWALI, name: 'Diwali offers' })]);
    const user = userEvent.setup();
    renderPage('pending');
    await user.click(await screen.findByRole('button', { name: 'Approve Diwali offers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Activity' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(campaignMessages.ownActivity);
    expect(screen.getByRole('table')).toHaveTextContent('Diwali offers');
  });

  it('the start dialog shows the cost estimate from the rate card, then starts the campaign', async () => {
    const api = activitiesServer([activity({ state: 'APPROVED' })]);
    const user = userEvent.setup();
    renderPage('approved');
    await user.click(await screen.findByRole('button', { name: 'Start Spring sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Campaign' });
    const estimate = await within(dialog).findByRole('group', { name: 'Cost estimate' });
    expect(estimate).toHaveTextContent('₹9,876.50');
    expect(estimate).toHaveTextContent('12,000');
    expect(estimate).toHaveTextContent('345 (not in the estimate)');
    expect(estimate).toHaveTextContent('₹50,000.00');
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(`POST /api/campaigns/activities/${SPRING}/start`)).toHaveLength(1);

    // A running campaign is found under Running, to pause or stop.
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Running' }));
    const row = (await screen.findByText('Spring sale')).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Pause Spring sale' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Stop Spring sale' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Start Spring sale' })).not.toBeInTheDocument();
  });

  it('pauses, resumes and stops a running campaign, each after its own confirmation', async () => {
    const api = activitiesServer([activity({ state: 'RUNNING' })]);
    const user = userEvent.setup();
    renderPage('approved');
    const showState = async (name: string) => {
      await user.click(screen.getByRole('combobox', { name: 'State' }));
      await user.click(await screen.findByRole('option', { name }));
    };
    await showState('Running');

    // Pause: the dialog says nothing is lost; cancelling sends nothing.
    await user.click(await screen.findByRole('button', { name: 'Pause Spring sale' }));
    let dialog = await screen.findByRole('dialog', { name: 'Pause Campaign' });
    expect(dialog).toHaveTextContent("Pause the campaign 'Spring sale'? Nothing is lost: it can be resumed.");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(`POST /api/campaigns/activities/${SPRING}/pause`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Pause Spring sale' }));
    dialog = await screen.findByRole('dialog', { name: 'Pause Campaign' });
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(`POST /api/campaigns/activities/${SPRING}/pause`)).toHaveLength(1);
    expect(toastMessages()).toContain(campaignMessages.paused);
    expect(await screen.findByText('No Record')).toBeInTheDocument();

    // Resume it from the paused ones.
    await showState('Paused');
    const paused = (await screen.findByText('Spring sale')).closest('tr')!;
    expect(within(paused).queryByRole('button', { name: 'Pause Spring sale' })).not.toBeInTheDocument();
    await user.click(within(paused).getByRole('button', { name: 'Resume Spring sale' }));
    dialog = await screen.findByRole('dialog', { name: 'Resume Campaign' });
    expect(dialog).toHaveTextContent("Resume the campaign 'Spring sale'?");
    await user.click(within(dialog).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(`POST /api/campaigns/activities/${SPRING}/resume`)).toHaveLength(1);
    expect(toastMessages()).toContain(campaignMessages.resumed);

    // Stop it for good: it is found under Stopped, with nothing left to do.
    await showState('Running');
    await user.click(await screen.findByRole('button', { name: 'Stop Spring sale' }));
    dialog = await screen.findByRole('dialog', { name: 'Stop Campaign' });
    expect(dialog).toHaveTextContent("Stop the campaign 'Spring sale' for good? What was not sent is not sent.");
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(`POST /api/campaigns/activities/${SPRING}/stop`)).toHaveLength(1);
    expect(toastMessages()).toContain(campaignMessages.stopped);
    await showState('Stopped');
    const stopped = (await screen.findByText('Spring sale')).closest('tr')!;
    expect(stopped).toHaveTextContent('Stopped');
    for (const action of ['Start', 'Pause', 'Resume', 'Stop'])
      expect(within(stopped).queryByRole('button', { name: `${action} Spring sale` })).not.toBeInTheDocument();
  });

  it('asks for no estimate when the campaign-estimate flag is off', async () => {
    const api = activitiesServer([activity({ state: 'APPROVED' })]);
    const user = userEvent.setup();
    renderPage('approved', { showEstimate: false });
    await user.click(await screen.findByRole('button', { name: 'Start Spring sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Campaign' });
    expect(within(dialog).queryByRole('group', { name: 'Cost estimate' })).not.toBeInTheDocument();
    expect(api.calls(`GET /api/campaigns/activities/${SPRING}/estimate`)).toHaveLength(0);
  });

  it('shows the reason and who rejected on the rejected list', async () => {
    activitiesServer([
      activity({ state: 'REJECTED', rejectReason: 'Wrong discount', decidedBy: { id: 'u-c', name: 'Carl Checker' } }),
    ]);
    renderPage('rejected');
    const table = await screen.findByRole('table', { name: 'Rejected campaigns' });
    expect(within(table).getByRole('columnheader', { name: 'Reason' })).toBeInTheDocument();
    const row = (await within(table).findByText('Spring sale')).closest('tr')!;
    expect(row).toHaveTextContent('Wrong discount');
    expect(row).toHaveTextContent('Carl Checker');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });
});
