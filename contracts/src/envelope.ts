import { z } from 'zod';

/** Success envelope: `{ status: true, message, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), message: z.string(), data });
}

/** Failure envelope: `{ status: false, code, message, fieldErrors? }`. */
export const errorEnvelope = z.object({
  status: z.literal(false),
  code: z.number().int(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  login_required: z.boolean().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const emptyData = z.object({});

/** Paging query shared by list calls (`from` is the zero-based offset). */
export const pageQuery = z.object({
  from: z.coerce.number().int().min(0).max(1_000_000).default(0),
  perPage: z.coerce.number().int().min(1).max(200).default(20),
});

export const idParam = z.object({ id: z.uuid() });

/** A route descriptor: one place for method, path and schemas, used by server and web. */
export interface RouteContract {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  data: z.ZodType;
}

export function defineRoute<const T extends RouteContract>(route: T): T {
  return route;
}
