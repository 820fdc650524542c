import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { campaignMessages } from '@parley/contracts/campaigns';
import { fail, installFakeApi, ok } from '../../../../test/fake-api';
import { renderWithRouter } from '../../../../test/render-app';
import { CampaignRulesPage } from './CampaignRulesPage';

const NEW_ID = '5a5a0000-0000-4000-8000-0000000000b1';
const CAP = '5a5a0000-0000-4000-8000-0000000000b2';
const SALES = '5a5a0000-0000-4000-8000-0000000000d1';
const WHATSAPP = '5a5a0000-0000-4000-8000-0000000000e1';
const SMS = '5a5a0000-0000-4000-8000-0000000000e2';
const TEMPLATE = '5a5a0000-0000-4000-8000-0000000000e3';

interface Rules {
  blockTimes: object[];
  frequencyCaps: object[];
  failovers: object[];
  costPlans: object[];
  timeZone: string;
}

function rulesServer(initial: Partial<Rules> = {}, { refuseName }: { refuseName?: string } = {}) {
  const rules: Rules = {
    blockTimes: [],
    frequencyCaps: [],
    failovers: [],
    costPlans: [],
    timeZone: 'Asia/Kolkata',
    ...initial,
  };
  const api = installFakeApi({
    'GET /api/campaign-rules': () => ok(rules),
    'POST /api/campaign-rules/block-time': (request) => {
      const body = request.body as { name: string };
      if (body.name === refuseName) {
        return fail(400, 1400, 'Please check the highlighted fields', {
          fieldErrors: { name: 'Quiet hours with this name exist' },
        });
      }
      rules.blockTimes = [...rules.blockTimes, { ...body, id: NEW_ID }];
      return ok({ id: NEW_ID });
    },
    [`DELETE /api/campaign-rules/frequency/${CAP}`]: () => {
      rules.frequencyCaps = [];
      return ok({});
    },
    'POST /api/campaign-rules/failover': ok({ id: NEW_ID }),
    'GET /api/channels': ok({
      channelConfig: [
        { id: WHATSAPP, name: 'Sales', typeString: 'WhatsApp' },
        { id: SMS, name: 'Alerts', typeString: 'SMS' },
      ],
      more: false,
    }),
    'GET /api/templates': ok({ templates: [{ id: TEMPLATE, name: 'order_sms' }], more: false }),
    'GET /api/broadcasts/template-variables': ok([
      { variable: '1', type: 'body', label: 'Body {{1}}', parameters: [], isRequired: true, example: 'Asha' },
    ]),
    'GET /api/broadcasts/columns': ok([{ value: 'name', label: 'Name' }]),
  });
  return api;
}

describe('CampaignRulesPage', () => {
  it('an administrator adds quiet hours in the enterprise timezone, on chosen days', async () => {
    const api = rulesServer();
    const user = userEvent.setup();
    renderWithRouter(<CampaignRulesPage />);
    expect(await screen.findByText('No quiet hours: campaigns send at any hour')).toBeInTheDocument();
    expect(screen.getByText('Asia/Kolkata')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add quiet hours' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add quiet hours' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(campaignMessages.mandatory)).toBeInTheDocument();
    expect(api.calls('POST /api/campaign-rules/block-time')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Night');
    fireEvent.change(within(dialog).getByLabelText(/^From/), { target: { value: '22:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^To/), { target: { value: '08:30' } });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sat' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sun' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /api/campaign-rules/block-time')[0]!.body).toEqual({
      name: 'Night',
      from: '22:00',
      to: '08:30',
      weekdays: [0, 6],
      enabled: true,
    });
    const row = (await screen.findByRole('cell', { name: 'Night' })).closest('tr')!;
    expect(row).toHaveTextContent('22:00–08:30');
    expect(row).toHaveTextContent('Sun, Sat');
    expect(screen.getByRole('columnheader', { name: 'Hours (Asia/Kolkata)' })).toBeInTheDocument();
  });

  it("shows the server's refusal beside the field it names", async () => {
    rulesServer({}, { refuseName: 'Night' });
    const user = userEvent.setup();
    renderWithRouter(<CampaignRulesPage />);
    await user.click(await screen.findByRole('button', { name: 'Add quiet hours' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add quiet hours' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Night');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Quiet hours with this name exist'));
    expect(screen.getByRole('dialog', { name: 'Add quiet hours' })).toBeInTheDocument();
  });

  it('deletes a frequency cap after confirming', async () => {
    const api = rulesServer({
      frequencyCaps: [{ id: CAP, name: 'Weekly two', maxMessages: 2, period: 'week', enabled: true }],
    });
    const user = userEvent.setup();
    renderWithRouter(<CampaignRulesPage />);
    await user.click(await screen.findByRole('tab', { name: 'Frequency caps' }));
    const row = (await screen.findByRole('cell', { name: 'Weekly two' })).closest('tr')!;
    expect(row).toHaveTextContent('2 messages per week');
    await user.click(within(row).getByRole('button', { name: 'Delete Weekly two' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete rule' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No frequency caps')).toBeInTheDocument();
    expect(api.calls(`DELETE /api/campaign-rules/frequency/${CAP}`)).toHaveLength(1);
  });

  it("shows each department's spend against its budget", async () => {
    rulesServer({
      costPlans: [
        {
          id: CAP,
          departmentId: SALES,
          departmentName: 'Sales',
          monthlyBudget: 1000,
          spentThisMonth: 850,
          enabled: true,
        },
      ],
    });
    const user = userEvent.setup();
    renderWithRouter(<CampaignRulesPage />);
    await user.click(await screen.findByRole('tab', { name: 'Cost planner' }));
    const row = (await screen.findByRole('cell', { name: 'Sales' })).closest('tr')!;
    expect(row).toHaveTextContent('1,000.00');
    expect(row).toHaveTextContent('850.00 (85%)');
    expect(within(row).getByRole('progressbar', { name: 'Spent 85% of the budget of Sales' })).toBeInTheDocument();
  });

  it('adds a failover to an approved template of the other channel with its variables mapped', async () => {
    const api = rulesServer();
    const user = userEvent.setup();
    renderWithRouter(<CampaignRulesPage />);
    await user.click(await screen.findByRole('tab', { name: 'Channel failover' }));
    await user.click(await screen.findByRole('button', { name: 'Add failover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add failover' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'WhatsApp to SMS' } });
    await user.click(within(dialog).getByRole('combobox', { name: 'From channel' }));
    await user.click(await screen.findByRole('option', { name: 'Sales (WhatsApp)' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'To channel' }));
    await user.click(await screen.findByRole('option', { name: 'Alerts (SMS)' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'order_sms' }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Value for Body {{1}}' }), {
      target: { value: 'Customer' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Not delivered within (minutes)' }), {
      target: { value: '30' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('POST /api/campaign-rules/failover')).toHaveLength(1));
    expect(api.calls('POST /api/campaign-rules/failover')[0]!.body).toEqual({
      name: 'WhatsApp to SMS',
      fromChannelId: WHATSAPP,
      toChannelId: SMS,
      templateId: TEMPLATE,
      columnMapping: [{ variable: '1', type: 'static', value: 'Customer' }],
      undeliveredMinutes: 30,
      enabled: true,
    });
    expect(api.calls('GET /api/templates')[0]!.query.get('channelId')).toBe(SMS);
    expect(api.calls('GET /api/templates')[0]!.query.get('status')).toBe('APPROVED');
  }, 30_000);
});
