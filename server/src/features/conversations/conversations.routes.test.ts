import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TALK_TO_AGENT, chatStates, type ChatMessage, type ConversationSummary } from '@parley/contracts/conversations';
import type { BusEvent } from '../../platform/realtime/bus';
import { rawFor } from '../../db/client';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { buildTravelAgent, waitForTraining } from '../../../test/travel-agent';

/**
 * Conversations through the real app (issue 18): a customer writes on the Sandbox phone, the
 * channel's NLP agent answers, a request for a person hands the chat to the department's queue,
 * agents pick it up (one winner), reply, transfer, invite, tag and close it; working hours and the
 * inactivity timeout; every action recorded and announced; tenants and departments kept apart.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

let context: TestContext;
let admin: Tenant;
let agentA: Tenant;
let agentB: Tenant;
let outsider: Tenant;
let stranger: Tenant;
let channelId: string;
let departmentId: string;
let otherDepartmentId: string;
let botAgentId: string;
let humanHelpUrl: string;
let humanHelpId: string;
/** An intent of the bot the operator marks (or not) as a handoff. */
const humanHelp = (handoff: boolean) => ({
  name: 'human_help',
  utterances: [
    'I need a human',
    'can I speak to someone from customer care',
    'connect me to a real person',
    'this bot is useless, get me a person',
    'I want to complain to your staff',
  ].map((utterance) => ({ utterance })),
  responses: [{ response: 'Of course. I am passing you to our **customer care** team.' }],
  entities: [],
  handoff,
});
const events: BusEvent[] = [];

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) {
  const response = await context.app.inject({ method, url, payload, headers: as(token) });
  return { statusCode: response.statusCode, body: response.json() as Loose };
}

async function ok(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) {
  const response = await call(method, url, payload, token);
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

async function until<T>(check: () => Promise<T | undefined | null | false>, what: string, seconds = 20): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let phoneCounter = 0;
/** A fresh customer number (digits without +, as the Sandbox phone's routes take it). */
function newPhone() {
  phoneCounter += 1;
  return `9198450${String(10000 + phoneCounter).slice(-5)}`;
}

/** Inbound messages of this number on the channel, and how many of them wait to be routed. */
async function inbound(phone: string) {
  const { rows } = await rawFor(context.database.db)(
    `select count(*) as total, count(*) filter (where routed_at is null) as unrouted from channel_messages
     where channel_id = $1 and customer_number = $2 and direction = 'in'`,
    [channelId, `+${phone}`],
  );
  return { total: Number(rows[0]!.total), unrouted: Number(rows[0]!.unrouted) };
}

/** The customer writes on the Sandbox phone; resolves once the runtime has routed it and sent its answers. */
async function customerWrites(phone: string, text: string, press: { buttonReplyId?: string } = {}) {
  const before = (await inbound(phone)).total;
  await ok('POST', `/api/sandbox/channels/${channelId}/conversations/${phone}/replies`, { text, ...press });
  await until(async () => {
    const now = await inbound(phone);
    return now.total > before && now.unrouted === 0;
  }, 'the message to be routed');
  await context.app.conversationRuntime.idle();
  await until(async () => {
    const { rows } = await rawFor(context.database.db)(
      `select count(*) as n from conversation_messages m join conversations c on c.id = m.conversation_id
       where c.channel_id = $1 and c.customer_number = $2 and m.status in ('queued', 'sending')`,
      [channelId, `+${phone}`],
    );
    return Number(rows[0]!.n) === 0;
  }, 'the replies to be sent');
}

async function conversationOf(phone: string, token = admin.token): Promise<ConversationSummary> {
  const list = await ok('GET', `/api/conversations?view=all&search=${phone}`, undefined, token);
  expect(list.conversations.length, `a conversation of ${phone}`).toBeGreaterThan(0);
  return list.conversations[0];
}

async function thread(conversationId: string, token = admin.token): Promise<ChatMessage[]> {
  return (await ok('GET', `/api/conversations/${conversationId}/messages`, undefined, token)).messages;
}

/** What the Sandbox phone of this number received from the business. */
async function phoneReceived(phone: string): Promise<string[]> {
  const data = await ok('GET', `/api/sandbox/channels/${channelId}/conversations/${encodeURIComponent(phone)}`);
  return (data.messages as Loose[])
    .filter((message) => message.direction === 'to_phone')
    .map((message) => message.content?.text ?? message.text ?? '');
}

async function configure(overrides: Record<string, unknown> = {}) {
  await ok('PUT', `/api/chat-config/${channelId}`, {
    botAgentId,
    departmentId,
    workingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: true, start: '00:00', end: '23:59' })),
    outOfHoursMessage: 'We are closed now. We open at 9.',
    inactivityMinutes: 30,
    missedMessage: 'Sorry we missed you. We will call you back.',
    handoffKeywords: ['human please'],
    offerAgentButton: true,
    handoffAfterMisses: 2,
    ...overrides,
  });
}

beforeAll(async () => {
  context = await createTestApp({ withJobs: true, env: { PARLEY_OUTBOUND_ALLOW: '127.0.0.1' } });
  context.bus.subscribe((event) => events.push(event));
  admin = await createTenant(context);
  agentA = await createTenant(context, { roles: [3], enterpriseId: admin.enterpriseId });
  agentB = await createTenant(context, { roles: [3], enterpriseId: admin.enterpriseId });
  outsider = await createTenant(context, { roles: [3], enterpriseId: admin.enterpriseId });
  stranger = await createTenant(context);

  departmentId = (await ok('POST', '/api/departments', { name: 'Support', desc: 'Support desk', manager: null })).id;
  otherDepartmentId = (await ok('POST', '/api/departments', { name: 'Sales', desc: 'Sales desk', manager: null })).id;
  await ok('PUT', `/api/departments/${departmentId}/add_users`, { users: [agentA.userId, agentB.userId] });
  await ok('PUT', `/api/departments/${otherDepartmentId}/add_users`, { users: [outsider.userId] });

  const created = await ok('POST', '/api/channels', {
    name: 'Sandbox WhatsApp',
    type: 4,
    vendor: 0,
    data: { contactId: '919000000001', failureRate: '0' },
  });
  channelId = created.channelConfig.id;
  const travel = await buildTravelAgent(ok, admin.token);
  botAgentId = travel.agentId;
  humanHelpUrl = `/api/agents/${botAgentId}/stories/${travel.storyId}/intents`;
  humanHelpId = (await ok('POST', humanHelpUrl, humanHelp(true))).id;
  await ok('POST', `/api/agents/${botAgentId}/train`);
  const state = await waitForTraining(ok, botAgentId, admin.token);
  expect(state.trainingStatus).toBe('trained');
  await configure();
}, 180_000);

afterAll(async () => {
  await context?.close();
});

describe('the bot answers first', () => {
  it('opens one conversation per customer, matches the customer master and answers as in Try it', async () => {
    const phone = newPhone();
    await customerWrites(phone, 'hi');
    const conversation = await conversationOf(phone);
    expect(conversation.handler).toBe('bot');
    expect(conversation.state).toBe(chatStates.CREATED);
    expect(conversation.customer.number).toBe(`+${phone}`);
    expect(conversation.customer.id).toBeTruthy();
    const messages = await thread(conversation.id);
    expect(messages.map((message) => [message.sender.kind, message.text])).toEqual([
      ['customer', 'hi'],
      ['bot', 'Hello! How can I help you today?'],
    ]);
    // The reply went out through the channel to the customer's phone, and its statuses come back.
    await until(
      async () => (await phoneReceived(`+${phone}`)).includes('Hello! How can I help you today?'),
      'the reply on the phone',
    );
    await until(
      async () => ['delivered', 'read'].includes((await thread(conversation.id))[1]!.status),
      'the reply to be delivered',
    );

    // The next message continues the same conversation: slot filling as in Try it.
    await customerWrites(phone, 'I want to book a flight');
    await customerWrites(phone, 'Mumbai');
    const again = await conversationOf(phone);
    expect(again.id).toBe(conversation.id);
    const texts = (await thread(conversation.id)).map((message) => message.text);
    expect(texts.slice(2)).toEqual([
      'I want to book a flight',
      expect.stringMatching(/^(Which city would you like to fly to\?|Please tell me the destination city)$/),
      'Mumbai',
      'Booking a flight to *Mumbai*.',
    ]);

    // The customer master now knows the number, with the channel as its source.
    const { rows } = await rawFor(context.database.db)(
      `select source_channel_id from customers where enterprise_id = $1 and phone_number = $2`,
      [admin.enterpriseId, `+${phone}`],
    );
    expect(rows[0]!.source_channel_id).toBe(channelId);
  });

  it('hands over when the customer asks for a person, with why, the intent, emotion and slots', async () => {
    const phone = newPhone();
    await customerWrites(phone, 'book a flight to Delhi');
    // The 'Talk to an agent' reply button the bot offers (an interactive message's button_reply).
    await customerWrites(phone, TALK_TO_AGENT, { buttonReplyId: 'talk_to_agent' });
    const conversation = await conversationOf(phone);
    expect(conversation.handler).toBe('queue');
    expect(conversation.waiting).toBe('new');
    expect(conversation.departmentId).toBe(departmentId);
    expect(conversation.handoff).toMatchObject({ reason: 'asked_for_agent' });
    const tail = (await thread(conversation.id)).slice(-2);
    expect(tail.map((message) => [message.direction, message.text])).toEqual([
      ['system', "Handed over to people: Pressed 'Talk to an agent'"],
      ['out', 'Thank you. A member of our team will be with you shortly.'],
    ]);
    // The list previews what people wrote, not the system note or the automatic notice.
    expect(conversation.lastMessage?.text).toBe(TALK_TO_AGENT);
    await until(
      async () =>
        (await phoneReceived(`+${phone}`)).includes('Thank you. A member of our team will be with you shortly.'),
      'the handoff message on the phone',
    );

    // The department's agents see it waiting; an agent of another department does not.
    const counts = await ok('GET', '/api/conversations/counts', undefined, agentA.token);
    expect(counts.newChatCount).toBeGreaterThanOrEqual(1);
    const unassigned = await ok('GET', '/api/conversations?view=unassigned', undefined, agentA.token);
    expect(unassigned.conversations.map((row: ConversationSummary) => row.id)).toContain(conversation.id);
    expect((await call('GET', `/api/conversations/${conversation.id}`, undefined, outsider.token)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/conversations/${conversation.id}`, undefined, stranger.token)).statusCode).toBe(
      404,
    );
  });

  it('hands over on an intent the operator marked as a handoff, once the bot has answered', async () => {
    const phone = newPhone();
    await customerWrites(phone, 'I need a human');
    const conversation = await conversationOf(phone);
    expect(conversation.handler).toBe('queue');
    expect(conversation.handoff).toMatchObject({ reason: 'handoff_intent', intent: 'human_help' });
    expect((await thread(conversation.id)).map((message) => [message.direction, message.text])).toEqual([
      ['in', 'I need a human'],
      ['out', 'Of course. I am passing you to our *customer care* team.'],
      ['system', 'Handed over to people: Asked for a person'],
      ['out', 'Thank you. A member of our team will be with you shortly.'],
    ]);

    // Unmarked, the same intent only answers (read live: no retraining needed).
    await ok('PUT', `${humanHelpUrl}/${humanHelpId}`, humanHelp(false));
    const stays = newPhone();
    await customerWrites(stays, 'I need a human');
    const answered = await conversationOf(stays);
    expect(answered.handler).toBe('bot');
    expect((await thread(answered.id)).at(-1)!.text).toBe('Of course. I am passing you to our *customer care* team.');
    await ok('PUT', `${humanHelpUrl}/${humanHelpId}`, humanHelp(true));
  });

  it('hands over on a keyword, and after the bot failed to understand twice', async () => {
    const keyword = newPhone();
    await customerWrites(keyword, 'human please');
    expect((await conversationOf(keyword)).handoff).toMatchObject({ reason: 'keyword' });
    const typed = newPhone();
    await customerWrites(typed, 'Talk to an agent');
    expect((await conversationOf(typed)).handoff).toMatchObject({ reason: 'keyword' });

    const confused = newPhone();
    await customerWrites(confused, 'what colour is the moon tonight');
    const first = await conversationOf(confused);
    expect(first.handler).toBe('bot');
    const offered = (await thread(first.id)).at(-1)!;
    expect(offered.text).toContain('Sorry, I can only help with flights.');
    expect(offered.content.quickReplies).toEqual([{ id: 'talk_to_agent', title: TALK_TO_AGENT }]);
    // On WhatsApp (the Sandbox) it is a reply button, not a line of text.
    const onPhone = await ok(
      'GET',
      `/api/sandbox/channels/${channelId}/conversations/${encodeURIComponent(`+${confused}`)}`,
    );
    expect((onPhone.messages as Loose[]).at(-1).content).toEqual({
      type: 'buttons',
      text: 'Sorry, I can only help with flights.',
      buttons: [{ id: 'talk_to_agent', title: TALK_TO_AGENT }],
    });
    await customerWrites(confused, 'purple elephants dancing');
    const second = await conversationOf(confused);
    expect(second.handler).toBe('queue');
    expect(second.handoff).toMatchObject({ reason: 'retries_exhausted' });
  });
});

describe('agents take and answer chats', () => {
  it('exactly one agent wins a pickup; the other is told', async () => {
    const phone = newPhone();
    await customerWrites(phone, TALK_TO_AGENT);
    const { id } = await conversationOf(phone);
    const [first, second] = await Promise.all([
      call('POST', `/api/conversations/${id}/pickup`, undefined, agentA.token),
      call('POST', `/api/conversations/${id}/pickup`, undefined, agentB.token),
    ]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.body.message).toBe('Another agent has already picked up this chat');
    // The loser's console is told, with its waiting counts as they now are (the chat no longer waits).
    const loserId = first.statusCode === 409 ? agentA.userId : agentB.userId;
    const told = await until(
      async () => events.find((event) => event.name === 'noChatPicked' && event.userId === loserId),
      'noChatPicked for the loser',
    );
    expect(told.payload).toMatchObject({
      conversationId: id,
      message: 'Another agent has already picked up this chat',
      unPickedCount: (await ok('GET', '/api/conversations/counts', undefined, agentA.token)).newChatCount,
    });
  });

  it('100 rounds of two agents picking up the same chat: one winner each round', async () => {
    let winners = 0;
    for (let round = 0; round < 100; round += 1) {
      const phone = newPhone();
      // Straight into the queue (no bot) keeps the rounds fast.
      const { rows } = await rawFor(context.database.db)(
        `insert into conversations (enterprise_id, channel_id, customer_number, customer_name, state, handler, department_id, waiting, queued_at)
         values ($1, $2, $3, 'Round', 0, 'queue', $4, 'new', now()) returning id`,
        [admin.enterpriseId, channelId, `+${phone}`, departmentId],
      );
      const id = rows[0]!.id as string;
      const answers = await Promise.all([
        call('POST', `/api/conversations/${id}/pickup`, undefined, agentA.token),
        call('POST', `/api/conversations/${id}/pickup`, undefined, agentB.token),
      ]);
      const won = answers.filter((answer) => answer.statusCode === 200).length;
      expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(true);
      winners += won === 1 ? 1 : 0;
      const { rows: owners } = await rawFor(context.database.db)(
        `select count(*) as n from conversation_participants where conversation_id = $1 and role = 'owner'`,
        [id],
      );
      expect(Number(owners[0]!.n)).toBe(1);
    }
    expect(winners).toBe(100);
  }, 120_000);

  it('pick up, reply, transfer, accept, invite, tag, suspend, resume, close: each recorded and announced', async () => {
    const phone = newPhone();
    await customerWrites(phone, TALK_TO_AGENT);
    const { id } = await conversationOf(phone);

    // Only a participant replies.
    expect((await call('POST', `/api/conversations/${id}/messages`, { text: 'Hello' }, agentA.token)).body.code).toBe(
      5502,
    );
    events.length = 0;
    const picked = await ok('POST', `/api/conversations/${id}/pickup`, undefined, agentA.token);
    expect(picked.conversation.state).toBe(chatStates.STARTED);
    expect(picked.conversation.participants.map((p: Loose) => [p.userId, p.role])).toEqual([[agentA.userId, 'owner']]);
    await until(
      async () => events.some((event) => event.name === 'agentPickupChat' && event.userId === agentA.userId),
      'agentPickupChat',
    );
    expect(
      events.some((event) => event.name === 'conversation.updated' && event.topic === `chat:dept:${departmentId}`),
    ).toBe(true);

    const sent = await ok(
      'POST',
      `/api/conversations/${id}/messages`,
      { text: 'Hi, I am Asha. How can I help?' },
      agentA.token,
    );
    expect(sent.message.sender).toMatchObject({ kind: 'agent', userId: agentA.userId });
    await until(
      async () => (await phoneReceived(`+${phone}`)).includes('Hi, I am Asha. How can I help?'),
      'the reply on the phone',
    );
    const afterReply = await ok('GET', `/api/conversations/${id}`, undefined, agentA.token);
    expect(afterReply.conversation.state).toBe(chatStates.ONGOING);

    // The customer's answer counts as new for the agent until read.
    await customerWrites(phone, 'My booking is wrong');
    expect((await ok('GET', `/api/conversations/${id}`, undefined, agentA.token)).conversation.newMsgCount).toBe(1);
    await ok('POST', `/api/conversations/${id}/read`, undefined, agentA.token);
    expect((await ok('GET', `/api/conversations/${id}`, undefined, agentA.token)).conversation.newMsgCount).toBe(0);

    // Tag with a note; suspend and resume.
    const tagged = await ok(
      'PUT',
      `/api/conversations/${id}/update_tag`,
      { tag: 'refund', note: 'Wants money back' },
      agentA.token,
    );
    expect(tagged.conversation.tags).toMatchObject([{ tag: 'refund', note: 'Wants money back' }]);
    expect((await ok('POST', `/api/conversations/${id}/suspend`, undefined, agentA.token)).conversation.state).toBe(
      chatStates.SUSPEND,
    );
    expect((await call('POST', `/api/conversations/${id}/suspend`, undefined, agentA.token)).statusCode).toBe(409);
    expect((await ok('POST', `/api/conversations/${id}/resume`, undefined, agentA.token)).conversation.state).toBe(
      chatStates.ONGOING,
    );

    // Invite B, who accepts and leaves.
    await ok('POST', `/api/conversations/${id}/invite`, { userId: agentB.userId }, agentA.token);
    expect((await ok('GET', '/api/conversations/counts', undefined, agentB.token)).invitedChatCount).toBe(1);
    await ok('POST', `/api/conversations/${id}/accept`, undefined, agentB.token);
    await ok('POST', `/api/conversations/${id}/messages`, { text: 'Joining to help' }, agentB.token);
    await ok('POST', `/api/conversations/${id}/leave`, undefined, agentB.token);
    expect(
      (await call('POST', `/api/conversations/${id}/messages`, { text: 'Still here?' }, agentB.token)).statusCode,
    ).toBe(409);

    // Transfer to B: A leaves the chat at once and is told; B accepts and owns it.
    events.length = 0;
    const transferred = await ok(
      'POST',
      `/api/conversations/${id}/transfer`,
      { userId: agentB.userId, note: 'Refunds are yours' },
      agentA.token,
    );
    expect(transferred.conversation.waiting).toBe('transferred');
    expect(events.some((event) => event.name === 'youTransferredToAgent' && event.userId === agentA.userId)).toBe(true);
    expect(events.some((event) => event.name === 'chatTransferred' && event.userId === agentB.userId)).toBe(true);
    expect((await ok('GET', '/api/conversations/counts', undefined, agentB.token)).transferredChatCount).toBe(1);
    expect((await call('POST', `/api/conversations/${id}/messages`, { text: 'x' }, agentA.token)).statusCode).toBe(409);
    const accepted = await ok('POST', `/api/conversations/${id}/accept`, undefined, agentB.token);
    expect(accepted.conversation.participants.map((p: Loose) => [p.userId, p.role])).toEqual([
      [agentB.userId, 'owner'],
    ]);

    // Pin is the caller's; close with feedback.
    expect((await ok('POST', `/api/conversations/${id}/pin`, undefined, agentB.token)).conversation.pinned).toBe(true);
    const closed = await ok('POST', `/api/conversations/${id}/close`, { feedback: 'Refund issued' }, agentB.token);
    expect(closed.conversation.state).toBe(chatStates.CLOSED);
    expect(closed.conversation.feedback).toBe('Refund issued');

    // Every action is in the log with who did it.
    const { rows } = await rawFor(context.database.db)(
      `select action, action_by from conversation_actions where conversation_id = $1 order by created_at, action`,
      [id],
    );
    const actions = rows.map((row) => Number(row.action));
    for (const action of [0, 1, 2, 3, 4, 5, 6, 8, 9, 14, 16, 17, 20]) expect(actions).toContain(action);
    expect(rows.find((row) => Number(row.action) === 8)!.action_by).toBe(agentB.userId);

    // A message after the close opens a new conversation; the old one is listed as previous.
    await customerWrites(phone, 'hello again');
    const next = await conversationOf(phone);
    expect(next.id).not.toBe(id);
    const detail = await ok('GET', `/api/conversations/${next.id}`);
    expect(detail.previous.map((row: Loose) => row.id)).toContain(id);
  });

  it('auto-assigns to the online agent with the fewest open chats under capacity', async () => {
    // The pickup rounds above left agent B owning about fifty open chats: B finishes them first.
    await rawFor(context.database.db)(
      `update conversations set state = ${chatStates.CLOSED}, closed_at = now()
       where id in (select conversation_id from conversation_participants where user_id = $1 and role = 'owner')`,
      [agentB.userId],
    );
    await ok('PUT', '/api/conversations/agent-status', { agentStatus: 'online' }, agentB.token);
    await ok('PUT', `/api/chat-config/agents/${agentB.userId}/capacity`, { capacity: 50 });
    const phone = newPhone();
    await customerWrites(phone, TALK_TO_AGENT);
    const conversation = await conversationOf(phone);
    expect(conversation.handler).toBe('agent');
    expect(conversation.participants.map((p) => [p.userId, p.role])).toEqual([[agentB.userId, 'owner']]);

    // Full: the next chat waits in the queue.
    await ok('PUT', `/api/chat-config/agents/${agentB.userId}/capacity`, { capacity: 0 });
    const waiting = newPhone();
    await customerWrites(waiting, TALK_TO_AGENT);
    expect((await conversationOf(waiting)).waiting).toBe('new');
    await ok('PUT', '/api/conversations/agent-status', { agentStatus: 'offline' }, agentB.token);
  });

  it('a supervisor assigns; an agent may not', async () => {
    const phone = newPhone();
    await customerWrites(phone, TALK_TO_AGENT);
    const { id } = await conversationOf(phone);
    expect(
      (await call('POST', `/api/conversations/${id}/assign`, { userId: agentB.userId }, agentA.token)).statusCode,
    ).toBe(403);
    expect((await call('POST', `/api/conversations/${id}/assign`, { userId: outsider.userId })).body.code).toBe(5505);
    await ok('POST', `/api/conversations/${id}/assign`, { userId: agentB.userId });
    expect(
      (await ok('GET', '/api/conversations/counts', undefined, agentB.token)).assginedChatCount,
    ).toBeGreaterThanOrEqual(1);
    const accepted = await ok('POST', `/api/conversations/${id}/accept`, undefined, agentB.token);
    expect(accepted.conversation.handler).toBe('agent');
  });
});

describe('working hours and timeouts', () => {
  it("tells the customer the channel's own handoff message, or nothing when it is empty", async () => {
    await configure({ handoffMessage: 'An agent joins you in a minute.' });
    try {
      const told = newPhone();
      await customerWrites(told, TALK_TO_AGENT);
      await until(
        async () => (await phoneReceived(`+${told}`)).includes('An agent joins you in a minute.'),
        'the custom handoff message',
      );
      await configure({ handoffMessage: '' });
      const silent = newPhone();
      await customerWrites(silent, TALK_TO_AGENT);
      const { id } = await conversationOf(silent);
      expect((await thread(id)).filter((message) => message.direction === 'out')).toEqual([]);
    } finally {
      await configure();
    }
  });

  it('out of hours: the customer is told and the chat is missed (reason 0)', async () => {
    await configure({
      workingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: false, start: '09:00', end: '17:00' })),
    });
    try {
      const phone = newPhone();
      await customerWrites(phone, TALK_TO_AGENT);
      const list = await ok('GET', `/api/conversations?view=missed&search=${phone}`);
      const conversation: ConversationSummary = list.conversations[0];
      expect(conversation.state).toBe(chatStates.MISSED);
      expect(conversation.missedReason).toBe(0);
      // The agents who open it later read why; the customer reads the channel's message.
      expect((await thread(conversation.id)).slice(-3).map((message) => [message.direction, message.text])).toEqual([
        ['system', 'Handed over to people: Asked for a person (keyword)'],
        ['system', 'Missed: The customer wrote outside working hours'],
        ['out', 'We are closed now. We open at 9.'],
      ]);
      await until(
        async () => (await phoneReceived(`+${phone}`)).includes('We are closed now. We open at 9.'),
        'the out-of-hours message',
      );
    } finally {
      await configure();
    }
  });

  it('a chat nobody took within the inactivity timeout is missed (reason 1) and the customer told', async () => {
    const phone = newPhone();
    await customerWrites(phone, TALK_TO_AGENT);
    const { id } = await conversationOf(phone);
    await rawFor(context.database.db)(
      `update conversations set queued_at = now() - interval '31 minutes' where id = $1`,
      [id],
    );
    await context.app.conversationRuntime.sweepInactive();
    const detail = await ok('GET', `/api/conversations/${id}`);
    expect(detail.conversation.state).toBe(chatStates.MISSED);
    expect(detail.conversation.missedReason).toBe(1);
    expect((await thread(id)).slice(-2).map((message) => [message.direction, message.text])).toEqual([
      ['system', 'Missed: Nobody picked it up in time'],
      ['out', 'Sorry we missed you. We will call you back.'],
    ]);
    await until(
      async () => (await phoneReceived(`+${phone}`)).includes('Sorry we missed you. We will call you back.'),
      'the missed message',
    );
  });
});

describe('delivery and the customer-service window', () => {
  it('a message handed to the runtime three times, shuffled, is routed once and answered once', async () => {
    const phone = newPhone();
    const number = `+${phone}`;
    await customerWrites(phone, 'hi');
    await customerWrites(phone, 'I want to book a flight');
    const { rows } = await rawFor(context.database.db)(
      `select id from channel_messages where channel_id = $1 and customer_number = $2 and direction = 'in'`,
      [channelId, number],
    );
    const runtime = context.app.conversationRuntime;
    const replays = [...rows, ...rows, ...rows].sort(() => Math.random() - 0.5);
    await Promise.all(replays.map((row) => runtime.nudge(row.id as string, channelId, number)));
    await runtime.sweepInbound(0);
    await runtime.idle();
    const messages = await thread((await conversationOf(phone)).id);
    expect(messages.filter((message) => message.direction === 'in').map((message) => message.text)).toEqual([
      'hi',
      'I want to book a flight',
    ]);
    expect(messages.filter((message) => message.sender.kind === 'bot')).toHaveLength(2);
  });

  it('outside the 24-hour window only a template may go out', async () => {
    const phone = newPhone();
    await customerWrites(phone, TALK_TO_AGENT);
    const { id } = await conversationOf(phone);
    await ok('POST', `/api/conversations/${id}/pickup`, undefined, agentA.token);
    await rawFor(context.database.db)(
      `update conversations set last_inbound_at = now() - interval '25 hours' where id = $1`,
      [id],
    );
    const detail = await ok('GET', `/api/conversations/${id}`, undefined, agentA.token);
    expect(detail.conversation.isJITRequired).toBe(true);
    const refused = await call('POST', `/api/conversations/${id}/messages`, { text: 'Are you there?' }, agentA.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.body.code).toBe(5208);
    // Just in time: an approved template sent from the chat (the embedded send dialog's broadcast,
    // resource CHAT) joins the thread with its ticks.
    const { rows: templates } = await rawFor(context.database.db)(
      `insert into message_templates (enterprise_id, channel_id, name, language, category, components, status)
       values ($1, $2, 'chat_followup', 'en_US', 'UTILITY', $3, 'APPROVED') returning id`,
      [
        admin.enterpriseId,
        channelId,
        JSON.stringify([{ type: 'BODY', text: 'Hello again! Are you still there? Reply to continue.' }]),
      ],
    );
    await ok(
      'POST',
      '/api/broadcasts',
      {
        channelId,
        phoneNumber: [`+${phone}`],
        message: { template: { templateId: 'chat_followup', templateUId: templates[0]!.id } },
        resourceType: 'CHAT',
        resourceId: id,
      },
      agentA.token,
    );
    const template = await until(
      async () => (await thread(id, agentA.token)).find((message) => message.kind === 'template'),
      'the template in the thread',
      30,
    );
    expect(template).toMatchObject({
      text: 'Template: chat_followup',
      sender: { kind: 'agent', userId: agentA.userId },
    });
    await until(
      async () =>
        ['delivered', 'read'].includes(
          (await thread(id, agentA.token)).find((message) => message.kind === 'template')?.status ?? '',
        ),
      'the template to be delivered',
      30,
    );

    // The customer writes again: the window opens and the flag clears.
    await customerWrites(phone, 'yes I am here');
    expect((await ok('GET', `/api/conversations/${id}`, undefined, agentA.token)).conversation.isJITRequired).toBe(
      false,
    );
  });
});

describe('Chat Config and quick replies', () => {
  it('refuses another tenant and bad hours; keeps quick replies per enterprise', async () => {
    expect((await call('PUT', `/api/chat-config/${channelId}`, {}, stranger.token)).statusCode).toBe(400);
    const bad = await call('PUT', `/api/chat-config/${channelId}`, {
      botAgentId: null,
      departmentId: null,
      workingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: true, start: '18:00', end: '09:00' })),
      outOfHoursMessage: '',
      inactivityMinutes: 30,
      missedMessage: '',
      handoffKeywords: [],
      offerAgentButton: true,
      handoffAfterMisses: 2,
    });
    expect(bad.statusCode).toBe(400);
    const configs = await ok('GET', '/api/chat-config');
    expect(configs.configs.find((config: Loose) => config.channelId === channelId).botAgentId).toBe(botAgentId);
    expect((await call('GET', '/api/chat-config', undefined, agentA.token)).statusCode).toBe(403);

    const reply = await ok('POST', '/api/chat-config/quick-replies', {
      shortcut: 'thanks',
      text: 'Thank you for waiting!',
    });
    expect(
      (await call('POST', '/api/chat-config/quick-replies', { shortcut: 'Thanks', text: 'Again' })).statusCode,
    ).toBe(409);
    const listed = await ok('GET', '/api/conversations/quick-replies', undefined, agentA.token);
    expect(listed.quickReplies.map((row: Loose) => row.shortcut)).toContain('thanks');
    expect((await ok('GET', '/api/conversations/quick-replies', undefined, stranger.token)).quickReplies).toEqual([]);
    await ok('DELETE', `/api/chat-config/quick-replies/${reply.id}`);
  });
});

describe('the API for integrators', () => {
  it('lists, reads, picks up, answers and closes conversations with an API key', async () => {
    const phone = newPhone();
    await customerWrites(phone, TALK_TO_AGENT);
    const { secret } = await ok('POST', '/api/api-keys', { name: 'CRM', roles: [1] });
    const withKey = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const response = await context.app.inject({ method, url, payload, headers: { 'x-api-key': secret } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as Loose;
    };
    const list = await withKey('GET', `/api/conversations?view=unassigned&search=${phone}`);
    const id = list.conversations[0].id as string;
    expect((await withKey('GET', `/api/conversations/${id}/messages`)).messages[0].text).toBe(TALK_TO_AGENT);
    await withKey('POST', `/api/conversations/${id}/pickup`);
    await withKey('POST', `/api/conversations/${id}/messages`, { text: 'Answered from the CRM' });
    await until(async () => (await phoneReceived(`+${phone}`)).includes('Answered from the CRM'), 'the CRM reply');
    expect(
      (await withKey('POST', `/api/conversations/${id}/close`, { feedback: 'Done in CRM' })).conversation.state,
    ).toBe(chatStates.CLOSED);
    // A key of another enterprise sees none of it.
    const foreign = (await ok('POST', '/api/api-keys', { name: 'Other CRM', roles: [1] }, stranger.token)).secret;
    const denied = await context.app.inject({
      method: 'GET',
      url: `/api/conversations/${id}`,
      headers: { 'x-api-key': foreign },
    });
    expect(denied.statusCode).toBe(404);
  });
});

describe('the outgoing webhook for CRMs', () => {
  it('posts conversation events signed with the secret, and tries again after a failure', async () => {
    const received: { event: string; signature: string; body: string }[] = [];
    let failuresLeft = 1;
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          response.writeHead(503).end();
          return;
        }
        received.push({
          event: String(request.headers['x-parley-event']),
          signature: String(request.headers['x-parley-signature']),
          body,
        });
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/parley`;
      const saved = await ok('PUT', '/api/chat-config/webhook', {
        url,
        events: ['conversation.message'],
        enabled: true,
      });
      expect(saved.secret).toMatch(/^whsec_/);
      expect((await ok('GET', '/api/chat-config/webhook')).secret).toBeNull();
      const secret = saved.secret as string;

      const phone = newPhone();
      await customerWrites(phone, 'hi');
      // The first try met a 503; the queue tried again.
      const delivery = await until(
        async () => received.find((entry) => JSON.parse(entry.body).message?.text === 'hi'),
        'the webhook delivery of the customer message',
        60,
      );
      expect(delivery.event).toBe('conversation.message');
      const expected = `sha256=${crypto.createHmac('sha256', secret).update(delivery.body).digest('hex')}`;
      expect(delivery.signature).toBe(expected);
      const body = JSON.parse(delivery.body);
      expect(body).toMatchObject({ event: 'conversation.message', enterpriseId: admin.enterpriseId });
      expect(received.every((entry) => entry.event === 'conversation.message')).toBe(true);
      const test = await ok('POST', '/api/chat-config/webhook/test');
      expect(test).toEqual({ status: 200, error: null });
    } finally {
      await ok('PUT', '/api/chat-config/webhook', { url: '', events: [], enabled: false });
      await new Promise((resolve) => server.close(resolve));
    }
  }, 90_000);
});
