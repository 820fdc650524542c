import { z } from 'zod';
import { defineRoute, pageQuery } from './envelope';

export const outboxMail = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

export const auditEntry = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable(),
  userName: z.string().nullable(),
  action: z.string(),
  method: z.string(),
  route: z.string(),
  target: z.string().nullable(),
  statusCode: z.number().int(),
  ip: z.string().nullable(),
  requestId: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = pageQuery.extend({
  userId: z.uuid().optional(),
  action: z.string().max(100).optional(),
  fromDate: z.iso.datetime().optional(),
  toDate: z.iso.datetime().optional(),
});

/** The audit trail as CSV, with the filters of the list (no paging; the newest rows up to the cap). */
export const auditExport = {
  path: '/api/admin/audit-trail/export.csv',
  query: auditQuery.omit({ from: true, perPage: true }),
  maxRows: 10_000,
} as const;

export const adminRoutes = {
  outbox: defineRoute({
    method: 'GET',
    path: '/api/admin/outbox',
    summary: 'Mails held in the outbox (when no SMTP server is configured)',
    query: pageQuery,
    data: z.object({ mails: z.array(outboxMail), more: z.boolean() }),
  }),
  outboxMail: defineRoute({
    method: 'GET',
    path: '/api/admin/outbox/:id',
    summary: 'One mail of the outbox',
    params: z.object({ id: z.uuid() }),
    data: outboxMail,
  }),
  auditTrail: defineRoute({
    method: 'GET',
    path: '/api/admin/audit-trail',
    summary: 'Every mutating action with who, what, when and target',
    query: auditQuery,
    data: z.object({ entries: z.array(auditEntry), more: z.boolean() }),
  }),
} as const;
