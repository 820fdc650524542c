import '../../features/broadcast-send/components/jsdom-fonts.test-setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { Audience, Campaign, CampaignBody } from '@parley/contracts/campaigns';
import type { Channel } from '@parley/contracts/channels';
import { standardFields, type CustomerField } from '@parley/contracts/customer-master';
import type { TemplateVariable } from '@parley/contracts/broadcasts';
import type { Template } from '@parley/contracts/templates';
import { fail, installFakeApi, ok, type FakeRequest } from '../../test/fake-api';
import { renderWithRouter } from '../../test/render-app';
import { sessionUserWithRoles } from '../../test/session-users';
import { toastStore } from '../../lib/toast';
import { SessionUserContext } from '../shell/session-user';
import CampaignsRoute from './campaigns-route';

const SANDBOX = '0c0c0000-0000-4000-8000-000000000001';
const OFFER = '0b0b0000-0000-4000-8000-000000000001';
const VIP = '05e90000-0000-4000-8000-000000000001';
const NEW_ID = '0ca00000-0000-4000-8000-000000000001';
const CITY = '0f1e0000-0000-4000-8000-000000000001';
const MAKER = 4;

const sandbox: Channel = {
  id: SANDBOX,
  name: 'Sandbox WhatsApp',
  type: 4,
  typeString: 'WHATSAPP',
  vendor: 0,
  vendorString: 'Sandbox',
  deptId: null,
  departmentName: null,
  contactId: '919800000000',
  data: {},
  messagesPerSecond: 80,
  canSend: true,
  webhookUrl: 'http://127.0.0.1/api/webhooks/channels/x',
  webhookVerifyToken: 'token',
  createdAt: '2026-11-21T09:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
};

const offer: Template = {
  id: OFFER,
  templateId: 'diwali_offer',
  name: 'diwali_offer',
  channelId: SANDBOX,
  channelName: 'Sandbox WhatsApp',
  language: 'en_US',
  category: 'MARKETING',
  parameter_format: 'POSITIONAL',
  type: 'STANDARD',
  components: [{ type: 'BODY', text: 'Hi {{1}}, 20% off this Diwali!', example: { body_text: [['Asha']] } }],
  status: 'APPROVED',
  reason: null,
  vendorTemplateId: null,
  vendorManaged: true,
  submittedAt: '2026-11-21T09:00:00.000Z',
  statusAt: '2026-11-21T09:00:00.000Z',
  createdAt: '2026-11-21T09:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
};

const offerVariables: TemplateVariable[] = [
  {
    variable: 'body.1',
    type: 'body',
    label: 'Body {{1}}',
    parameters: [{ name: '1', type: 'TEXT' }],
    isRequired: true,
    example: 'Asha',
  },
];

const city: CustomerField = {
  ...standardFields[0]!,
  id: CITY,
  fieldName: 'city',
  fieldLabel: 'City',
  fieldHelptext: 'Where the customer lives',
  mandatory: false,
  fieldType: 'selectbox-singlevalue',
  inputType: null,
  minLength: null,
  maxLength: null,
  defaultValues: ['Mumbai', 'Pune'],
  index: 0,
  standard: false,
};

function savedCampaign(body: CampaignBody, overrides: Partial<Campaign> = {}): Campaign {
  return {
    name: body.name,
    channelId: body.channelId,
    departmentId: body.departmentId ?? null,
    variants: body.variants.map((variant) => ({
      label: variant.label,
      templateId: variant.templateId,
      columnMapping: variant.columnMapping ?? [],
      share: variant.share ?? 100,
    })),
    audience: {
      segmentIds: body.audience.segmentIds ?? [],
      groupIds: body.audience.groupIds ?? [],
      listIds: body.audience.listIds ?? [],
      filters: (body.audience.filters ?? []).map((filter) => ({
        field: filter.field,
        op: filter.op,
        value: filter.value ?? '',
        valueTo: filter.valueTo ?? '',
        values: filter.values ?? [],
      })),
    },
    schedule: { kind: 'now', at: '', weekdays: [], until: '', spreadMinutes: 0, ...body.schedule },
    trackClicks: body.trackClicks ?? true,
    id: NEW_ID,
    status: 'DRAFT',
    version: 1,
    createdBy: { id: 'u1', name: 'Ada Lovelace' },
    createdOn: '2026-11-21T09:00:00.000Z',
    updatedOn: '2026-11-21T09:00:00.000Z',
    activityId: null,
    rejectReason: null,
    ...overrides,
  };
}

const draftBody: CampaignBody = {
  name: 'Diwali offer',
  channelId: SANDBOX,
  departmentId: null,
  variants: [{ label: 'A', templateId: OFFER, columnMapping: [{ variable: 'body.1', type: 'column', value: 'name' }] }],
  audience: { segmentIds: [VIP] },
  schedule: { kind: 'now' },
};

/** The reach the fake server counts: the VIP segment has 120 customers, 45 of them in Pune. */
function countOf(audience: Audience) {
  const inPune = audience.filters.some((filter) => filter.field === CITY && filter.values.includes('Pune'));
  const targeted = inPune ? 45 : audience.segmentIds.includes(VIP) ? 120 : 0;
  const excluded = { blacklisted: 2, optedOut: 1, invalidNumber: 0, capped: inPune ? 2 : 5, duplicate: 0 };
  return { targeted, excluded, sendable: targeted - excluded.blacklisted - excluded.optedOut - excluded.capped };
}

function api(extra: Record<string, Parameters<typeof installFakeApi>[0][string]> = {}) {
  return installFakeApi({
    'GET /api/channels': (request: FakeRequest) =>
      ok({ channelConfig: request.query.get('type') === '4' ? [sandbox] : [], more: false }),
    'GET /api/templates': ok({ templates: [offer], more: false }),
    [`GET /api/templates/${OFFER}`]: ok(offer),
    'GET /api/broadcasts/template-variables': ok(offerVariables),
    'GET /api/broadcasts/columns': ok([
      { value: 'name', label: 'Name' },
      { value: 'phoneNumber', label: 'Phone Number' },
    ]),
    'GET /api/customer-segments': ok({ segments: [{ id: VIP, name: 'VIP', count: 120 }] }),
    'GET /api/customer-groups': ok({ groups: [] }),
    'GET /api/campaigns/lists': ok({ lists: [] }),
    'GET /api/customer-fields': ok({ fields: [...standardFields, city] }),
    'GET /api/campaigns/departments': ok({
      departments: [{ id: '0d000000-0000-4000-8000-000000000001', name: 'Growth' }],
    }),
    'GET /api/campaign-rules': ok({
      blockTimes: [
        {
          id: '0b100000-0000-4000-8000-000000000001',
          name: 'Night',
          from: '21:00',
          to: '09:00',
          weekdays: [],
          enabled: true,
        },
      ],
      frequencyCaps: [
        { id: '0b100000-0000-4000-8000-000000000002', name: 'Gentle', maxMessages: 2, period: 'day', enabled: true },
      ],
      failovers: [],
      costPlans: [],
      timeZone: 'Asia/Kolkata',
    }),
    'POST /api/campaigns/audience/count': (request: FakeRequest) =>
      ok(countOf((request.body as { audience: Audience }).audience)),
    ...extra,
  });
}

function renderEditor(path: string, roles = [MAKER], flags = {}) {
  const base = sessionUserWithRoles(roles);
  const user = { ...base, flags: { ...base.flags, ...flags } };
  return renderWithRouter(
    <SessionUserContext.Provider value={user}>
      <Routes>
        <Route path="/campaigns/campaigns-list/*" element={<CampaignsRoute />} />
      </Routes>
    </SessionUserContext.Provider>,
    { initialPath: path },
  );
}

const toastMessages = () => toastStore.getState().notifications.map((toast) => String(toast.message));

async function choose(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, option: string) {
  await user.click(box);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Campaign editor', () => {
  it('builds a campaign on a segment with a filter, shows the reach as it changes, and saves it', async () => {
    let created: CampaignBody | undefined;
    const server = api({
      'POST /api/campaigns': (request: FakeRequest) => {
        created = request.body as CampaignBody;
        return ok({ campaign: savedCampaign(created) });
      },
      [`GET /api/campaigns/${NEW_ID}`]: () => ok({ campaign: savedCampaign(created!) }),
    });
    const user = userEvent.setup();
    const view = renderEditor('/campaigns/campaigns-list/new');

    await user.click(await screen.findByRole('textbox', { name: /^Name/ }));
    await user.paste('Diwali offer');
    // The enterprise has only WhatsApp channels: the type is chosen for the maker.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Channel type/ })).toHaveValue('WhatsApp'));
    await choose(user, screen.getByRole('combobox', { name: /^Channel\s*\*?$/ }), 'Sandbox WhatsApp');
    // The maker picks the department whose budget the campaign counts against (names only).
    await choose(user, screen.getByRole('combobox', { name: /^Department/ }), 'Growth');
    await user.click(screen.getByRole('button', { name: /^Choose Template/ }));
    await user.click(await screen.findByRole('option', { name: /^diwali_offer/ }));
    const mapping = await screen.findByRole('region', { name: 'Variable Mapping' });
    await user.click(within(mapping).getByRole('textbox', { name: 'Body {{1}} value' }));
    await user.paste('friend');

    const reach = screen.getByRole('region', { name: 'Reach' });
    expect(reach).toHaveTextContent('Choose at least one segment, group, uploaded list or filter');
    await choose(user, screen.getByLabelText('Segments', { selector: 'input' }), 'VIP (120)');
    expect(await within(reach).findByText('Reaches 120 customers')).toBeInTheDocument();
    expect(reach).toHaveTextContent('Frequency cap reached−5');
    expect(reach).toHaveTextContent('Will be sent to 112');

    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    const filter = screen.getByRole('group', { name: 'Filter 1' });
    await choose(user, within(filter).getByRole('combobox', { name: 'Filter 1 attribute' }), 'City');
    // A dropdown attribute offers its own operators and its options as the value.
    expect(within(filter).getByRole('combobox', { name: 'Filter 1 operator' })).toHaveValue('is any of');
    await choose(user, within(filter).getByLabelText('Filter 1 values', { selector: 'input' }), 'Pune');
    expect(await within(reach).findByText('Reaches 45 customers')).toBeInTheDocument();
    expect(reach).toHaveTextContent('Will be sent to 40');
    const counts = server.calls('POST /api/campaigns/audience/count');
    expect(counts.at(-1)?.body).toEqual({
      channelId: SANDBOX,
      audience: {
        segmentIds: [VIP],
        groupIds: [],
        listIds: [],
        filters: [{ field: CITY, op: 'in', value: '', valueTo: '', values: ['Pune'] }],
      },
    });
    // Debounced: not one count per keystroke or click.
    expect(counts.length).toBeLessThanOrEqual(3);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.pathname()).toBe(`/campaigns/campaigns-list/${NEW_ID}`));
    expect(created).toMatchObject({
      name: 'Diwali offer',
      channelId: SANDBOX,
      departmentId: '0d000000-0000-4000-8000-000000000001',
      variants: [
        {
          label: 'A',
          templateId: OFFER,
          share: 100,
          columnMapping: [{ variable: 'body.1', type: 'static', value: 'friend' }],
        },
      ],
      audience: { segmentIds: [VIP], filters: [{ field: CITY, op: 'in', values: ['Pune'] }] },
      schedule: { kind: 'now' },
    });
    expect(toastMessages()).toContain('Campaign saved');
    expect(await screen.findByRole('heading', { name: 'Diwali offer', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
  }, 60_000);

  it("shows the server's refusal of a field under that field", async () => {
    api({
      [`GET /api/campaigns/${NEW_ID}`]: ok({ campaign: savedCampaign(draftBody) }),
      [`PUT /api/campaigns/${NEW_ID}`]: fail(400, 1400, 'Choose a time in the future', {
        fieldErrors: { 'schedule.at': 'Choose a time in the future' },
      }),
    });
    const user = userEvent.setup();
    renderEditor(`/campaigns/campaigns-list/${NEW_ID}`);
    await screen.findByRole('heading', { name: 'Diwali offer', level: 1 });
    const schedule = screen.getByRole('region', { name: 'Schedule' });
    expect(
      await within(schedule).findByText("Times are in the enterprise's timezone, Asia/Kolkata."),
    ).toBeInTheDocument();
    expect(schedule).toHaveTextContent('Quiet hours 21:00–09:00 (Night)');
    expect(schedule).toHaveTextContent('At most 2 campaign messages per customer a day (Gentle)');
    await user.click(screen.getByRole('radio', { name: 'Once at a date and time' }));
    const at = screen.getByLabelText(/^Send at/);
    await user.click(at);
    await user.paste('2020-01-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(at).toHaveAccessibleDescription(expect.stringContaining('Choose a time in the future')));
    expect(at).toHaveAttribute('aria-invalid', 'true');
    expect(toastMessages()).not.toContain('Campaign saved');
  });

  it('says why the checker rejected the campaign and submits it again after a confirmation', async () => {
    const server = api({
      [`GET /api/campaigns/${NEW_ID}`]: ok({
        campaign: savedCampaign(draftBody, { status: 'REJECTED', rejectReason: 'Use the festive banner' }),
      }),
      [`POST /api/campaigns/${NEW_ID}/submit`]: ok({ activity: {} }),
    });
    const user = userEvent.setup();
    renderEditor(`/campaigns/campaigns-list/${NEW_ID}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Rejected by the checker');
    expect(alert).toHaveTextContent('Use the festive banner');
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit for approval' });
    expect(server.calls(`POST /api/campaigns/${NEW_ID}/submit`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.calls(`POST /api/campaigns/${NEW_ID}/submit`)).toHaveLength(1));
    expect(toastMessages()).toContain('Campaign submitted for approval');
  });

  it('opens a running campaign read-only', async () => {
    api({ [`GET /api/campaigns/${NEW_ID}`]: ok({ campaign: savedCampaign(draftBody, { status: 'RUNNING' }) }) });
    renderEditor(`/campaigns/campaigns-list/${NEW_ID}`, [MAKER], { CAMPAIGN_TEST: true });
    expect(
      await screen.findByText('A running campaign cannot be changed: pause or stop it first.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send test' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add filter' })).not.toBeInTheDocument();
  });

  it('sends a test to a few numbers when the enterprise allows test sends', async () => {
    const server = api({
      [`GET /api/campaigns/${NEW_ID}`]: ok({ campaign: savedCampaign(draftBody) }),
      [`POST /api/campaigns/${NEW_ID}/test`]: ok({ broadcastId: '0bc00000-0000-4000-8000-000000000001' }),
    });
    const user = userEvent.setup();
    renderEditor(`/campaigns/campaigns-list/${NEW_ID}`, [MAKER], { CAMPAIGN_TEST: true });
    await user.click(await screen.findByRole('button', { name: 'Send test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send test' });
    await user.type(within(dialog).getByLabelText(/Phone numbers/, { selector: 'input' }), '+919876500100,');
    await user.click(within(dialog).getByRole('button', { name: 'Send test' }));
    await waitFor(() =>
      expect(server.calls(`POST /api/campaigns/${NEW_ID}/test`)[0]?.body).toEqual({ phoneNumbers: ['+919876500100'] }),
    );
    expect(toastMessages()).toContain('Test message sent');
  });

  it('offers no test send while the flag is off', async () => {
    api({ [`GET /api/campaigns/${NEW_ID}`]: ok({ campaign: savedCampaign(draftBody) }) });
    renderEditor(`/campaigns/campaigns-list/${NEW_ID}`);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send test' })).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    api();
    const user = userEvent.setup();
    const view = renderEditor('/campaigns/campaigns-list/new');
    await user.click(await screen.findByRole('textbox', { name: /^Name/ }));
    await user.paste('Half done');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(view.pathname()).toBe('/campaigns/campaigns-list/new');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Half done');
  });
});
