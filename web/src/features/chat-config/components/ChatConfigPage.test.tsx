import './jsdom-fonts.test-setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { conversationMessages, defaultWorkingHours, type ChatConfig } from '@parley/contracts/conversations';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { ChatConfigPage } from './ChatConfigPage';
import { BOT, CHANNEL, DEPT, botsAnswer, chatConfig, departmentsAnswer } from './chat-config-fixtures.test-data';

type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, drawer: HTMLElement, label: string, option: string) {
  await user.click(within(drawer).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function retype(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.type(input, text);
}

/** A fake server that keeps what was saved (the list is fetched again after a save). */
function renderPage(initial: ChatConfig = chatConfig()) {
  let stored = initial;
  const api = installFakeApi({
    'GET /api/chat-config': () => ok({ configs: [stored] }),
    'GET /api/agents': ok(botsAnswer),
    'GET /api/departments': ok(departmentsAnswer),
    [`PUT /api/chat-config/${CHANNEL}`]: (request) => {
      const body = request.body as ChatConfig;
      stored = {
        ...stored,
        ...body,
        botAgentName: body.botAgentId === BOT ? 'Helpdesk bot' : null,
        departmentName: body.departmentId === DEPT ? 'Sales' : null,
        updatedAt: '2026-11-27T08:00:00Z',
      };
      return ok(stored);
    },
  });
  renderWithRouter(<ChatConfigPage canListBots canListDepartments />, { initialPath: '/admin/chatConfig/chat-config' });
  return api;
}

async function openDrawer(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Configure Support WhatsApp' }));
  return screen.findByRole('dialog', { name: /Chat settings: Support WhatsApp/ });
}

describe('ChatConfigPage: channels', () => {
  it("shows each channel's bot, department, hours and timeout on its card", async () => {
    renderPage(
      chatConfig({
        workingHours: defaultWorkingHours.map((day) =>
          day.day === 0
            ? { ...day, open: false }
            : day.day === 6
              ? { ...day, start: '10:00', end: '14:00' }
              : { ...day, start: '09:00', end: '18:00' },
        ),
        inactivityMinutes: 90,
      }),
    );
    const card = (await screen.findByRole('heading', { name: 'Support WhatsApp' })).closest('li')!;
    expect(card).toHaveTextContent('WhatsApp');
    expect(card).toHaveTextContent('No bot: straight to people');
    expect(card).toHaveTextContent('No department');
    expect(card).toHaveTextContent('Mon–Fri 09:00–18:00 · Sat 10:00–14:00 · Sun closed');
    expect(card).toHaveTextContent('Asia/Kolkata');
    expect(card).toHaveTextContent('1 h 30 min');
  });

  it("edits a channel's bot, department and hours and saves them", async () => {
    const api = renderPage();
    const user = userEvent.setup();
    const drawer = await openDrawer(user);
    expect(within(drawer).getByText('24-hour times in Asia/Kolkata')).toBeInTheDocument();

    await choose(user, drawer, 'Bot Agent', 'Helpdesk bot');
    await choose(user, drawer, 'Department', 'Sales');
    // Monday 9 to 6, copied to the other weekdays; Sunday closed.
    await retype(user, within(drawer).getByRole('textbox', { name: 'Monday opens at' }), '9');
    await retype(user, within(drawer).getByRole('textbox', { name: 'Monday closes at' }), '1800');
    await user.tab();
    // What was typed is tidied into the 24-hour form.
    expect(within(drawer).getByRole('textbox', { name: 'Monday opens at' })).toHaveValue('09:00');
    expect(within(drawer).getByRole('textbox', { name: 'Monday closes at' })).toHaveValue('18:00');
    await user.click(within(drawer).getByRole('button', { name: 'Copy Monday to All Weekdays' }));
    expect(within(drawer).getByRole('textbox', { name: 'Friday closes at' })).toHaveValue('18:00');
    await user.click(within(drawer).getByRole('switch', { name: 'Sunday' }));
    expect(within(drawer).getByRole('textbox', { name: 'Sunday opens at' })).toBeDisabled();
    await user.type(within(drawer).getByRole('combobox', { name: 'Handoff Keywords' }), 'agent{Enter}human{Enter}');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.calls(`PUT /api/chat-config/${CHANNEL}`)).toHaveLength(1));
    const nine = { start: '09:00', end: '18:00' };
    const allDay = { start: '00:00', end: '23:59' };
    expect(api.calls(`PUT /api/chat-config/${CHANNEL}`)[0]!.body).toEqual({
      botAgentId: BOT,
      departmentId: DEPT,
      workingHours: [
        { day: 0, open: false, ...allDay },
        { day: 1, open: true, ...nine },
        { day: 2, open: true, ...nine },
        { day: 3, open: true, ...nine },
        { day: 4, open: true, ...nine },
        { day: 5, open: true, ...nine },
        { day: 6, open: true, ...allDay },
      ],
      outOfHoursMessage: '',
      inactivityMinutes: 30,
      missedMessage: '',
      handoffMessage: 'Thank you. A member of our team will be with you shortly.',
      handoffKeywords: ['agent', 'human'],
      offerAgentButton: true,
      handoffAfterMisses: 2,
    });
    expect(await screen.findByText(conversationMessages.configSaved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Chat settings/ })).not.toBeInTheDocument());
    const card = screen.getByRole('heading', { name: 'Support WhatsApp' }).closest('li')!;
    expect(card).toHaveTextContent('Helpdesk bot');
    expect(card).toHaveTextContent('Sales');
    expect(card).toHaveTextContent('Mon–Fri 09:00–18:00 · Sat all day · Sun closed');
  }, 30_000);

  it('shows the message for an end before the start and does not save', async () => {
    const api = renderPage();
    const user = userEvent.setup();
    const drawer = await openDrawer(user);
    const start = within(drawer).getByRole('textbox', { name: 'Tuesday opens at' });
    const end = within(drawer).getByRole('textbox', { name: 'Tuesday closes at' });
    await retype(user, start, '17:00');
    // Not before the admin is done with the day.
    expect(within(drawer).queryByText('The end must be after the start')).not.toBeInTheDocument();
    await retype(user, end, '08:30');
    await user.tab();
    expect(within(drawer).getByText('The end must be after the start')).toBeInTheDocument();
    expect(end).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(end).toHaveFocus();
    expect(api.calls(`PUT /api/chat-config/${CHANNEL}`)).toHaveLength(0);
  }, 20_000);

  it('asks before closing a drawer with unsaved changes', async () => {
    renderPage();
    const user = userEvent.setup();
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('switch', { name: 'Saturday' }));
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(screen.getByRole('dialog', { name: /Chat settings/ })).toBeInTheDocument();
    // Escape asks too.
    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved Changes' })).getByRole('button', { name: 'Discard' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Chat settings/ })).not.toBeInTheDocument());
  });

  it("shows the server's refusals beside the fields, and the others above Save", async () => {
    installFakeApi({
      'GET /api/chat-config': ok({ configs: [chatConfig()] }),
      'GET /api/agents': ok(botsAnswer),
      'GET /api/departments': ok(departmentsAnswer),
      [`PUT /api/chat-config/${CHANNEL}`]: fail(400, 1400, 'Please check the highlighted fields', {
        fieldErrors: {
          botAgentId: 'This agent does not exist (any more)',
          workingHours: 'Give the hours of each weekday once',
        },
      }),
    });
    const user = userEvent.setup();
    renderWithRouter(<ChatConfigPage canListBots canListDepartments />);
    const drawer = await openDrawer(user);
    await choose(user, drawer, 'Bot Agent', 'Helpdesk bot');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('This agent does not exist (any more)')).toBeInTheDocument();
    expect(within(drawer).getByRole('alert')).toHaveTextContent('Give the hours of each weekday once');
    expect(within(drawer).getByRole('combobox', { name: 'Bot Agent' })).toHaveFocus();
    // The drawer stays open with what was chosen.
    expect(within(drawer).getByRole('combobox', { name: 'Bot Agent' })).toHaveValue('Helpdesk bot');
    expect(screen.queryByText(conversationMessages.configSaved)).not.toBeInTheDocument();
  });

  it('says when the channels could not be loaded and tries again', async () => {
    let calls = 0;
    installFakeApi({
      'GET /api/chat-config': () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { status: false, code: 1500, message: 'Something Went Wrong !!' } }
          : ok({ configs: [] });
      },
    });
    const user = userEvent.setup();
    renderWithRouter(<ChatConfigPage canListBots={false} canListDepartments={false} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The channels could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No channel receives chats yet')).toBeInTheDocument();
  });
});
