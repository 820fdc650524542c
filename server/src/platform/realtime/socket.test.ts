import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_INVALID_TOKEN } from '@parley/contracts/constants';
import { as, createTenant, createTestApp, login, type Tenant, type TestContext } from '../../../test/test-app';
import WebSocket from 'ws';
import { REALTIME_PROTOCOL } from '@parley/contracts/realtime';
import { connectRealtime, listeningUrl, settle } from '../../../test/realtime-client';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
  await context.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await context?.close();
});

/** Two users of one enterprise and one user of another. */
async function twoTenants() {
  const first = await createTenant(context);
  const colleague = await createTenant(context, { enterpriseId: first.enterpriseId, roles: [3] });
  const other = await createTenant(context);
  return { first, colleague, other };
}

const publish = (tenant: Tenant, name: string, payload: object, userId?: string) =>
  context.bus.publish({ enterpriseId: tenant.enterpriseId, userId, name, payload });

/** Connected and caught up, as the web app is after its first `ready`. */
const connectReady = async (token: string) =>
  connectRealtime(context.app, token, { since: await context.bus.lastId() });

describe('the realtime socket', () => {
  it("delivers an enterprise's events to its users' sockets and never to another tenant", async () => {
    const { first, colleague, other } = await twoTenants();
    const [mine, theirs, outsider] = await Promise.all([
      connectReady(first.token),
      connectReady(colleague.token),
      connectReady(other.token),
    ]);

    const secret = await publish(first, 'system.notice', { text: 'for enterprise one' });
    const marker = await publish(other, 'system.notice', { text: 'for enterprise two' });

    expect(await mine.next((frame) => frame.type === 'event')).toEqual({
      type: 'event',
      id: secret.id,
      name: 'system.notice',
      payload: { text: 'for enterprise one' },
      at: secret.at,
    });
    await theirs.next((frame) => frame.type === 'event' && frame.id === secret.id);
    // Events arrive in order: once the outsider has its own later event, the other tenant's never came.
    await outsider.next((frame) => frame.type === 'event' && frame.id === marker.id);
    expect(outsider.events().map((event) => event.id)).toEqual([marker.id]);
    await settle(100);
    expect(mine.events().map((event) => event.id)).toEqual([secret.id]);
    for (const client of [mine, theirs, outsider]) client.close();
  });

  it('delivers a user-targeted event only to that user', async () => {
    const { first, colleague } = await twoTenants();
    const mine = await connectReady(first.token);
    const theirs = await connectReady(colleague.token);

    const personal = await publish(first, 'mail.queued', { to: 'me' }, first.userId);
    const everyone = await publish(first, 'system.notice', { text: 'all hands' });

    await mine.next((frame) => frame.type === 'event' && frame.id === everyone.id);
    await theirs.next((frame) => frame.type === 'event' && frame.id === everyone.id);
    expect(mine.events().map((event) => event.id)).toEqual([personal.id, everyone.id]);
    expect(theirs.events().map((event) => event.id)).toEqual([everyone.id]);
    mine.close();
    theirs.close();
  });

  it("delivers a topic's events to the sockets subscribed to it, of its enterprise, as each subscription changes", async () => {
    const { first, other } = await twoTenants();
    const [queueA, queueB] = [
      'chat:dept:00000000-0000-4000-8000-00000000000a',
      'chat:dept:00000000-0000-4000-8000-00000000000b',
    ];
    const watcher = await connectRealtime(context.app, first.token);
    watcher.send({ type: 'resume', topics: [queueA] });
    await watcher.next((frame) => frame.type === 'ready');
    // Another tenant's supervisor may watch a topic of the same name: it never gets this tenant's.
    const stranger = await connectRealtime(context.app, other.token);
    stranger.send({ type: 'resume', topics: [queueA, queueB] });
    await stranger.next((frame) => frame.type === 'ready');
    const onTopic = (tenant: Tenant, topic: string, n: number) =>
      context.bus.publish({ enterpriseId: tenant.enterpriseId, topic, name: 'conversation.updated', payload: { n } });

    const a1 = await onTopic(first, queueA, 1);
    await onTopic(first, queueB, 2);
    watcher.send({ type: 'subscribe', topics: [queueB] });
    await settle(200);
    await onTopic(first, queueA, 3);
    const b4 = await onTopic(first, queueB, 4);
    const marker = await onTopic(other, queueA, 5);
    await watcher.next((frame) => frame.type === 'event' && frame.id === b4.id);
    await stranger.next((frame) => frame.type === 'event' && frame.id === marker.id);
    await settle(100);
    expect(watcher.events().map((event) => event.id)).toEqual([a1.id, b4.id]);
    expect(stranger.events().map((event) => event.id)).toEqual([marker.id]);
    watcher.close();
    stranger.close();
  });

  it('replays what a reconnecting client missed, in order, then says ready', async () => {
    const { first, colleague, other } = await twoTenants();
    const before = await publish(first, 'system.notice', { n: 0 });
    // Raised while the user was away: some are theirs, some are not.
    const missed = [await publish(first, 'system.notice', { n: 1 })];
    await publish(other, 'system.notice', { n: 'other tenant' });
    missed.push(await publish(first, 'mail.queued', { n: 2 }, first.userId));
    await publish(first, 'mail.queued', { n: 'colleague only' }, colleague.userId);
    missed.push(await publish(first, 'system.notice', { n: 3 }));

    // The client asks the moment the socket opens, as the web app does.
    const client = await connectRealtime(context.app, first.token, { since: before.id });
    const ready = client.frames.find((frame) => frame.type === 'ready')!;
    expect(client.events()).toEqual(missed.map(({ id, name, payload }) => ({ id, name, payload })));
    expect(client.frames.at(-1)).toBe(ready);
    expect(ready).toMatchObject({ type: 'ready' });
    expect((ready as { lastEventId: number }).lastEventId).toBeGreaterThanOrEqual(missed.at(-1)!.id);

    // Live events keep coming after the replay, each once.
    const live = await publish(first, 'system.notice', { n: 4 });
    await client.next((frame) => frame.type === 'event' && frame.id === live.id);
    client.send({ type: 'resume', since: before.id });
    await settle(300);
    expect(client.events().map((event) => event.id)).toEqual([...missed.map((event) => event.id), live.id]);
    client.close();
  });

  it('answers ping with pong, even one sent the moment the socket opens, and ignores unknown frames', async () => {
    const tenant = await createTenant(context);
    // No waiting for anything: the frames leave while the server is still checking the token.
    const client = await connectRealtime(context.app, tenant.token);
    client.send({ type: 'shout' });
    client.send({ type: 'ping' });
    expect(await client.next((frame) => frame.type === 'pong')).toEqual({ type: 'pong' });
    expect(client.frames).toEqual([{ type: 'pong' }]);
    client.close();
  });

  it('delivers every one of many events raised at the same time, each once', async () => {
    const tenant = await createTenant(context);
    const client = await connectReady(tenant.token);
    const raised = await Promise.all(Array.from({ length: 40 }, (_, n) => publish(tenant, 'system.notice', { n })));
    const ids = raised.map((event) => event.id).sort((a, b) => a - b);
    const last = ids.at(-1)!;
    await client.next((frame) => frame.type === 'event' && frame.id === last).catch(() => undefined);
    await settle(200);
    expect(
      client
        .events()
        .map((event) => event.id)
        .sort((a, b) => a - b),
    ).toEqual(ids);
    client.close();
  });

  it('closes with 4001 for a missing, unknown or ended session token', async () => {
    const tenant = await createTenant(context);
    const ended = await login(context, tenant.email);
    await context.app.inject({ method: 'POST', url: '/api/account/logout', headers: as(ended), payload: {} });
    for (const token of ['', 'not-a-real-token-but-long-enough-to-check', ended]) {
      const client = await connectRealtime(context.app, token);
      expect(await client.closeCode()).toBe(WS_INVALID_TOKEN);
      expect(client.frames).toEqual([]);
    }
  });

  it('takes the token from the Sec-WebSocket-Protocol header, answers only `parley`, and refuses a wrong token', async () => {
    const tenant = await createTenant(context);
    const url = `${listeningUrl(context.app)}/api/ws`;
    const socket = new WebSocket(url, [REALTIME_PROTOCOL, tenant.token]);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    // The token is never echoed back in the handshake answer.
    expect(socket.protocol).toBe(REALTIME_PROTOCOL);
    const ready = new Promise((resolve) => socket.on('message', (raw) => resolve(JSON.parse(raw.toString()))));
    socket.send(JSON.stringify({ type: 'resume', since: await context.bus.lastId() }));
    expect(await ready).toMatchObject({ type: 'ready' });
    socket.close();

    const wrong = await connectRealtime(context.app, `${tenant.token.slice(0, -4)}AAAA`);
    expect(await wrong.closeCode()).toBe(WS_INVALID_TOKEN);
    expect(wrong.frames).toEqual([]);
    // A token offered without the `parley` protocol before it is not taken.
    const bare = new WebSocket(url, [tenant.token]);
    const closed = new Promise<number>((resolve) => bare.once('close', resolve));
    bare.once('error', () => undefined);
    expect(await closed).not.toBe(1000);
  });

  it('still accepts the ?token= of clients older than the subprotocol', async () => {
    const tenant = await createTenant(context);
    const old = await connectRealtime(context.app, tenant.token, {
      transport: 'query',
      since: await context.bus.lastId(),
    });
    await old.next((frame) => frame.type === 'ready');
    const event = await publish(tenant, 'system.notice', { text: 'still here' });
    await old.next((frame) => frame.type === 'event' && frame.id === event.id);
    old.close();
    const wrong = await connectRealtime(context.app, 'not-a-real-token-but-long-enough-to-check', {
      transport: 'query',
    });
    expect(await wrong.closeCode()).toBe(WS_INVALID_TOKEN);
  });

  it('closes the socket with 4001 when its user signs out, and keeps their other sessions open', async () => {
    const tenant = await createTenant(context);
    const otherDevice = await login(context, tenant.email);
    const leaving = await connectReady(tenant.token);
    const staying = await connectReady(otherDevice);

    const logout = await context.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: as(tenant.token),
      payload: {},
    });
    expect(logout.statusCode).toBe(200);
    expect(await leaving.closeCode()).toBe(WS_INVALID_TOKEN);

    staying.send({ type: 'ping' });
    await staying.next((frame) => frame.type === 'pong');
    staying.close();
  });

  it('closes the socket with 4001 when another of my sessions signs it out', async () => {
    const tenant = await createTenant(context);
    const laptop = await login(context, tenant.email);
    const phone = await connectReady(tenant.token);

    const list = await context.app.inject({ method: 'GET', url: '/api/account/sessions', headers: as(laptop) });
    const { sessions } = list.json().data as { sessions: { id: string; current: boolean }[] };
    const target = sessions.find((session) => !session.current)!;
    const revoke = await context.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${target.id}`,
      headers: as(laptop),
    });
    expect(revoke.statusCode).toBe(200);
    expect(await phone.closeCode()).toBe(WS_INVALID_TOKEN);
  });
});
