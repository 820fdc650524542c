import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customerMessages, type CustomerUpload } from '@parley/contracts/customer-master';
import { phoneMessages } from '@parley/contracts/phone';
import { createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { customers, customerSegmentMembers, customerSegments } from '../../db/schema/customers';
import {
  customersOf,
  errorRows,
  importJob,
  mixedCsv,
  seedFields,
  seedSegment,
  segmentState,
  sendAndSubmit,
  uploadRow,
} from './upload-test-kit';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context?.close();
});

/** An enterprise with the three test fields, a segment and one existing customer (+919876543213). */
async function enterprise() {
  const tenant = await createTenant(context, { roles: [4] });
  const fields = await seedFields(context, tenant.enterpriseId);
  const segmentId = await seedSegment(context, tenant.enterpriseId, 'Imported');
  const [existing] = await context.database.db
    .insert(customers)
    .values({
      enterpriseId: tenant.enterpriseId,
      name: 'Old Name',
      phoneNumber: '+919876543213',
      data: { [fields.email]: 'old@example.com' },
    })
    .returning();
  return { tenant, fields, segmentId, existingId: existing!.id };
}

describe('the import job', () => {
  it('stores the good rows, rejects the bad and duplicate ones, and counts exactly (Replace off)', async () => {
    const { tenant, fields, segmentId } = await enterprise();
    const uploadId = await sendAndSubmit(context, tenant.token, mixedCsv, { segmentId });
    await importJob(context, { batchSize: 4 })({ enterpriseId: tenant.enterpriseId, uploadId });

    const upload = await uploadRow(context, uploadId);
    expect(upload).toMatchObject({
      state: 'COMPLETED',
      totalLines: 10,
      acceptedLines: 3,
      errorLines: 7,
      errorMessage: null,
    });
    expect(upload.completedAt).toBeInstanceOf(Date);
    expect(upload.committedBytes).toBe(Buffer.byteLength(mixedCsv));

    expect(await customersOf(context, tenant.enterpriseId)).toEqual([
      { name: 'Zara Khan', phone: '+447911123456', data: { [fields.tier]: 'Silver', [fields.tags]: ['b', 'c'] } },
      {
        name: 'Asha Rao',
        phone: '+919876543210',
        data: { [fields.email]: 'asha@example.com', [fields.tier]: 'Gold', [fields.tags]: ['a', 'b'] },
      },
      { name: 'Old Name', phone: '+919876543213', data: { [fields.email]: 'old@example.com' } },
      { name: 'Quoted "Q" Name', phone: '+919876543214', data: { [fields.tier]: 'Bronze', [fields.tags]: ['a'] } },
    ]);
    expect(await segmentState(context, segmentId)).toEqual({ memberCount: 3, members: 3 });
    const errors = await errorRows(context, uploadId);
    expect(errors.map((row) => [row.line, row.errors])).toEqual([
      [3, [customerMessages.email('E Mail')]],
      [4, [customerMessages.minLength(2)]],
      [5, [customerMessages.duplicateInFile(2)]],
      [6, [customerMessages.duplicateExisting]],
      [8, [customerMessages.formulaCell('Name'), customerMessages.phoneInvalid]],
      [
        9,
        [
          customerMessages.notAnOption('Tier', ['Gold', 'Silver', 'Bronze']),
          customerMessages.notAnOption('Tags', ['a', 'b', 'c']),
        ],
      ],
      [11, [customerMessages.rowColumns(5, 4)]],
    ]);
    expect(errors[3]!.lineStr).toBe('Old Customer,+919876543213,,Bronze,c');
  });

  it('with Replace Existing Records updates the existing customer and adds it to the segment', async () => {
    const { tenant, fields, segmentId, existingId } = await enterprise();
    const uploadId = await sendAndSubmit(context, tenant.token, mixedCsv, { segmentId, replace: true });
    await importJob(context)({ enterpriseId: tenant.enterpriseId, uploadId });
    expect(await uploadRow(context, uploadId)).toMatchObject({
      state: 'COMPLETED',
      totalLines: 10,
      acceptedLines: 4,
      errorLines: 6,
    });
    const [updated] = await context.database.db.select().from(customers).where(eq(customers.id, existingId));
    // Name and the mapped values replaced; a value the file does not give stays.
    expect(updated).toMatchObject({
      name: 'Old Customer',
      data: { [fields.email]: 'old@example.com', [fields.tier]: 'Bronze', [fields.tags]: ['c'] },
    });
    expect(await segmentState(context, segmentId)).toEqual({ memberCount: 4, members: 4 });
    expect((await errorRows(context, uploadId)).map((row) => row.line)).toEqual([3, 4, 5, 8, 9, 11]);
  });

  it('keeps the segment count right when customers are already members or import again', async () => {
    const { tenant, segmentId, existingId } = await enterprise();
    await context.database.db.insert(customerSegmentMembers).values({ segmentId, customerId: existingId });
    await context.database.db
      .update(customerSegments)
      .set({ memberCount: 1 })
      .where(eq(customerSegments.id, segmentId));
    const first = await sendAndSubmit(context, tenant.token, mixedCsv, { segmentId, replace: true });
    await importJob(context)({ enterpriseId: tenant.enterpriseId, uploadId: first });
    expect(await segmentState(context, segmentId)).toEqual({ memberCount: 4, members: 4 });
    // The same file again: every number is now a customer and a member.
    const again = await sendAndSubmit(context, tenant.token, mixedCsv, { segmentId, replace: true });
    await importJob(context)({ enterpriseId: tenant.enterpriseId, uploadId: again });
    expect(await uploadRow(context, again)).toMatchObject({ acceptedLines: 4, errorLines: 6 });
    expect(await segmentState(context, segmentId)).toEqual({ memberCount: 4, members: 4 });
    const off = await sendAndSubmit(context, tenant.token, mixedCsv, { segmentId, replace: false });
    await importJob(context)({ enterpriseId: tenant.enterpriseId, uploadId: off });
    expect(await uploadRow(context, off)).toMatchObject({ acceptedLines: 0, errorLines: 10 });
    expect(await segmentState(context, segmentId)).toEqual({ memberCount: 4, members: 4 });
  });

  it('rejects a landline or toll-free number with why, and keeps the mobiles', async () => {
    const { tenant, segmentId } = await enterprise();
    const content = [
      'Name,Phone Number,Email,Tier,Tags',
      'Land Line,1234567890,,Gold,',
      'Toll Free,1800 123 456,,Gold,',
      'Mobile One,9811111117,,Gold,',
    ].join('\n');
    const uploadId = await sendAndSubmit(context, tenant.token, content, { segmentId });
    await importJob(context, { batchSize: 2 })({ enterpriseId: tenant.enterpriseId, uploadId });
    expect(await uploadRow(context, uploadId)).toMatchObject({ state: 'COMPLETED', acceptedLines: 1, errorLines: 2 });
    expect((await errorRows(context, uploadId)).map((row) => [row.line, row.errors])).toEqual([
      [2, [phoneMessages.landline]],
      [3, [phoneMessages.serviceNumber]],
    ]);
    expect((await customersOf(context, tenant.enterpriseId)).map((row) => row.phone)).toEqual([
      '+919811111117',
      '+919876543213',
    ]);
  });

  it('reports malformed rows (too long, malformed quoting, not UTF-8) with why and keeps the good ones', async () => {
    const { tenant, segmentId } = await enterprise();
    const content = Buffer.concat([
      Buffer.from('Name,Phone Number,Email,Tier,Tags\n'),
      Buffer.from(`Long Row,+919811111111,,Gold,${'x'.repeat(70 * 1024)}\n`),
      Buffer.from('Good One,+919811111112,,Gold,\n'),
      Buffer.from('Bad '),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(',+919811111113,,Gold,\n'),
      Buffer.from('Good Two,+919811111114,,Gold,\n'),
      Buffer.from('Stray "Quote",+919811111117,,Gold,\n'),
      Buffer.from('"Shifted,"+919811111118,,Gold,\n'),
      Buffer.from('"Open quote,+919811111115,,Gold,\nGood Three,+919811111116,,Gold,\n'),
    ]);
    const uploadId = await sendAndSubmit(context, tenant.token, content, { segmentId });
    await importJob(context, { batchSize: 2 })({ enterpriseId: tenant.enterpriseId, uploadId });
    expect(await uploadRow(context, uploadId)).toMatchObject({
      state: 'COMPLETED',
      totalLines: 8,
      acceptedLines: 3,
      errorLines: 5,
    });
    const errors = await errorRows(context, uploadId);
    expect(errors.map((row) => [row.line, row.errors])).toEqual([
      [2, [customerMessages.rowTooLong]],
      [4, ['This row is not UTF-8 text (save the file as CSV UTF-8)']],
      [6, [customerMessages.rowStrayQuote(1)]],
      [7, [customerMessages.rowTextAfterQuote(1)]],
      [8, [customerMessages.rowQuoting]],
    ]);
    expect(errors.slice(2).map((row) => row.lineStr)).toEqual([
      'Stray "Quote",+919811111117,,Gold,',
      '"Shifted,"+919811111118,,Gold,',
      '"Open quote,+919811111115,,Gold,',
    ]);
    // The line after the unclosed quote is read again, not swallowed.
    expect((await customersOf(context, tenant.enterpriseId)).map((row) => row.name).sort()).toEqual([
      'Good One',
      'Good Three',
      'Good Two',
      'Old Name',
    ]);
    expect(errors[0]!.lineStr.length).toBeLessThan(8 * 1024);
  });
});

describe('resuming after a crash', () => {
  /** 60 rows: valid ones, invalid ones, numbers repeated far apart, and existing customers. */
  function bigCsv() {
    const lines = ['Name,Phone Number,Email,Tier,Tags'];
    for (let index = 0; index < 60; index += 1) {
      // Every tenth row repeats the number of the row five before it (once of an invalid row: 29 → 24).
      const number = 9_811_100_000 + (index % 10 === 9 ? index - 5 : index);
      const tier = index % 7 === 3 ? 'Wood' : 'Gold'; // invalid
      lines.push(`Person ${index},+91${number},,${tier},`);
    }
    lines.push('Old Customer,+919876543213,,Gold,');
    return lines.join('\n');
  }

  /** What an import left behind, comparable between enterprises (values keyed by field name). */
  async function outcome(enterpriseId: string, uploadId: string, segmentId: string, fields: Record<string, string>) {
    const upload = await uploadRow(context, uploadId);
    const nameOf = Object.fromEntries(Object.entries(fields).map(([name, id]) => [id, name]));
    return {
      counts: [upload.state, upload.totalLines, upload.acceptedLines, upload.errorLines],
      customers: (await customersOf(context, enterpriseId)).map((row) => ({
        ...row,
        data: Object.fromEntries(Object.entries(row.data).map(([id, value]) => [nameOf[id], value])),
      })),
      errors: (await errorRows(context, uploadId)).map((row) => [row.line, row.lineStr, row.errors]),
      segment: await segmentState(context, segmentId),
    };
  }

  it('finishes after a crash between any two batches with every row stored and counted once', async () => {
    const content = bigCsv();
    const reference = await enterprise();
    const referenceId = await sendAndSubmit(context, reference.tenant.token, content, {
      segmentId: reference.segmentId,
    });
    await importJob(context, { batchSize: 7 })({ enterpriseId: reference.tenant.enterpriseId, uploadId: referenceId });
    const expected = await outcome(reference.tenant.enterpriseId, referenceId, reference.segmentId, reference.fields);
    expect(expected.counts).toEqual(['COMPLETED', 61, expect.any(Number), expect.any(Number)]);
    expect(expected.errors.some(([, , errors]) => String(errors).startsWith('Duplicate phone number'))).toBe(true);

    for (const crashAfter of [1, 3, 6, 8]) {
      const { tenant, segmentId, fields } = await enterprise();
      const uploadId = await sendAndSubmit(context, tenant.token, content, { segmentId });
      const seen: CustomerUpload[] = [];
      await expect(
        importJob(context, {
          batchSize: 7,
          afterBatch: (batch, upload) => {
            seen.push(upload);
            if (batch === crashAfter) throw new Error('simulated crash');
          },
        })({ enterpriseId: tenant.enterpriseId, uploadId }),
      ).rejects.toThrow('simulated crash');
      const halfway = await uploadRow(context, uploadId);
      expect(halfway.state).toBe('WAITING');
      expect(halfway.committedLines).toBe(7 * crashAfter);
      expect(seen.at(-1)!.progress).toBeGreaterThan(0);
      expect(seen.at(-1)!.progress).toBeLessThan(1);
      // Restarted with another batch size: the outcome is the same as without the crash.
      await importJob(context, { batchSize: 5 })({ enterpriseId: tenant.enterpriseId, uploadId });
      const after = await outcome(tenant.enterpriseId, uploadId, segmentId, fields);
      expect(after, `crash after batch ${crashAfter}`).toEqual(expected);
    }
  });

  it('a second run of the same import beside the first cannot store a row twice', async () => {
    const { tenant, segmentId } = await enterprise();
    const content = bigCsv();
    const uploadId = await sendAndSubmit(context, tenant.token, content, { segmentId });
    const run = importJob(context, { batchSize: 7 });
    await Promise.all([
      run({ enterpriseId: tenant.enterpriseId, uploadId }),
      run({ enterpriseId: tenant.enterpriseId, uploadId }),
    ]);
    // Whichever run lost a checkpoint stopped; if both stopped, a restart finishes the work.
    await run({ enterpriseId: tenant.enterpriseId, uploadId });
    const upload = await uploadRow(context, uploadId);
    expect(upload.state).toBe('COMPLETED');
    expect(upload.totalLines).toBe(61);
    expect(upload.acceptedLines + upload.errorLines).toBe(61);
    expect(await segmentState(context, segmentId)).toEqual({
      memberCount: upload.acceptedLines,
      members: upload.acceptedLines,
    });
    expect((await errorRows(context, uploadId)).length).toBe(upload.errorLines);
  });

  it('an upload whose segment was deleted ends in ERROR with a message', async () => {
    const { tenant, segmentId } = await enterprise();
    const uploadId = await sendAndSubmit(context, tenant.token, mixedCsv, { segmentId });
    await context.database.db.delete(customerSegments).where(eq(customerSegments.id, segmentId));
    await importJob(context)({ enterpriseId: tenant.enterpriseId, uploadId });
    expect(await uploadRow(context, uploadId)).toMatchObject({
      state: 'ERROR',
      errorMessage: 'The segment of this upload was deleted',
    });
  });
});

describe('through the job queue', () => {
  let queued: TestContext;
  let tenant: Tenant;
  beforeAll(async () => {
    queued = await createTestApp({ withJobs: true });
    tenant = await createTenant(queued, { roles: [1] });
  });
  afterAll(async () => {
    await queued?.close();
  });

  it('runs the import after submit and sends progress to the enterprise', async () => {
    await seedFields(queued, tenant.enterpriseId);
    const segmentId = await seedSegment(queued, tenant.enterpriseId, 'Queue');
    const events: { name: string; payload: CustomerUpload }[] = [];
    const unsubscribe = queued.bus.subscribe((event) => {
      if (event.enterpriseId === tenant.enterpriseId) events.push(event as never);
    });
    const uploadId = await sendAndSubmit(queued, tenant.token, mixedCsv, { segmentId });
    const deadline = Date.now() + 30_000;
    while ((await uploadRow(queued, uploadId)).state === 'WAITING' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    // With Redis the bus delivers after the row is written: wait for the last progress event.
    await expect
      .poll(
        () => events.some((event) => event.name === 'customerUpload.progress' && event.payload.state === 'COMPLETED'),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    unsubscribe();
    // No customer existed in this enterprise: line 6 is taken too.
    expect(await uploadRow(queued, uploadId)).toMatchObject({
      state: 'COMPLETED',
      totalLines: 10,
      acceptedLines: 4,
      errorLines: 6,
    });
    const progress = events.filter((event) => event.name === 'customerUpload.progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)!.payload).toMatchObject({ id: uploadId, state: 'COMPLETED', progress: 1, acceptedLines: 4 });
  });
});
