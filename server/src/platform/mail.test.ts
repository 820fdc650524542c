import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/platform';
import type { Database } from '../db/client';
import { as, captcha, createTenant, createTestApp, json, TEST_CAPTCHA, type TestContext } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';

interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent, with quoted-printable soft breaks and escapes undone. */
  text: string;
}

/** A local SMTP server (plain, no auth) that keeps what it receives. */
async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          text: raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let database: Database;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let withSmtp: TestContext;
let withoutSmtp: TestContext;

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpServer();
  // Two servers on one database: one configured with SMTP_URL, one without.
  withSmtp = await createTestApp({ database, env: { SMTP_URL: smtp.url } });
  withoutSmtp = await createTestApp({ database });
});
afterAll(async () => {
  await withSmtp?.close();
  await withoutSmtp?.close();
  await smtp?.close();
  await database?.close();
});

async function forgotPassword(context: TestContext, email: string) {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/account/recover',
    payload: { emailId: email, captchaId: await captcha(context, 'forgetPassword'), captcha: TEST_CAPTCHA },
  });
  expect(json(response).status).toBe(true);
}

async function outboxRows(to: string) {
  return database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

describe('mail over SMTP when SMTP_URL is set', () => {
  it('delivers the password reset mail to the SMTP server, with a working link, and keeps nothing in the outbox', async () => {
    expect(withSmtp.mailer.transport).toBe('smtp');
    const user = await createTenant(withSmtp, { roles: [1] });
    await forgotPassword(withSmtp, user.email);

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual([user.email]);
    expect(mail.from).toBe('no-reply@parley.local');
    expect(mail.text).toMatch(/^Subject: Reset your Parley password$/m);
    const link = new URL(/(http:\/\/parley\.test\/reset-password\?\S+)/.exec(mail.text)![1]!);
    expect(link.searchParams.get('uId')).toBe(user.userId);
    expect(link.searchParams.get('eId')).toBe(user.enterpriseId);
    expect(await outboxRows(user.email)).toEqual([]);

    const reset = await withSmtp.app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: {
        uId: link.searchParams.get('uId'),
        eId: link.searchParams.get('eId'),
        resetCode: link.searchParams.get('resetCode'),
        password: 'from-the-mail-link',
        confirmPassword: 'from-the-mail-link',
      },
    });
    expect(json(reset).data).toEqual({ message: 'Thank you, Your Password has Been Reset.' });
  });
});

describe('the mail outbox when no SMTP_URL is set', () => {
  it('holds the mail, readable by an administrator of that enterprise only', async () => {
    expect(withoutSmtp.mailer.transport).toBe('outbox');
    const admin = await createTenant(withoutSmtp, { roles: [1] });
    const agent = await createTenant(withoutSmtp, { roles: [3], enterpriseId: admin.enterpriseId });
    const neighbour = await createTenant(withoutSmtp, { roles: [1] });
    const smtpBefore = smtp.received.length;
    await forgotPassword(withoutSmtp, agent.email);
    expect(smtp.received).toHaveLength(smtpBefore);

    const outbox = await withoutSmtp.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: as(admin.token) });
    expect(outbox.statusCode).toBe(200);
    const { mails, more } = json<{
      data: { mails: { id: string; to: string; subject: string; text: string }[]; more: boolean };
    }>(outbox).data;
    expect(more).toBe(false);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: agent.email, subject: 'Reset your Parley password' });
    expect(mails[0]!.text).toContain(`http://parley.test/reset-password?uId=${agent.userId}`);

    const one = await withoutSmtp.app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${mails[0]!.id}`,
      headers: as(admin.token),
    });
    expect(json(one).data).toMatchObject({ id: mails[0]!.id, to: agent.email });

    // Another enterprise's administrator sees none of it.
    const theirs = await withoutSmtp.app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: as(neighbour.token),
    });
    expect(json(theirs).data).toEqual({ mails: [], more: false });
    const theirsOne = await withoutSmtp.app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${mails[0]!.id}`,
      headers: as(neighbour.token),
    });
    expect(theirsOne.statusCode).toBe(404);

    // A Handle Chats agent may not read the outbox, not even their own reset mail.
    const forbidden = await withoutSmtp.app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: as(agent.token),
    });
    expect(forbidden.statusCode).toBe(403);
    expect(json(forbidden)).toEqual({ status: false, code: 1403, message: 'Access Denied' });

    const anonymous = await withoutSmtp.app.inject({ method: 'GET', url: '/api/admin/outbox' });
    expect(anonymous.statusCode).toBe(401);
  });
});
