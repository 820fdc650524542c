import { OutboundError, type OutboundHttp, type OutboundRequest } from '../outbound-http';
import { VendorError } from './vendor-adapter';

/**
 * The "call, parse, map errors" part every HTTP adapter shares: one call through the guarded
 * outbound client, the answer parsed as JSON where it is JSON, and transport failures turned into
 * VendorErrors an operator can act on. What a vendor's error body means is the adapter's business.
 */

export interface VendorAnswer {
  status: number;
  /** The parsed JSON body, or undefined when the body is empty or not JSON. */
  json: unknown;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** Calls the vendor; only a failure to get any answer at all throws here. */
export async function callVendor(
  http: OutboundHttp,
  vendorName: string,
  request: OutboundRequest,
): Promise<VendorAnswer> {
  let response;
  try {
    response = await http.request(request);
  } catch (error) {
    throw transportError(vendorName, error);
  }
  let json: unknown;
  if (response.body.trim() !== '') {
    try {
      json = JSON.parse(response.body);
    } catch {
      json = undefined;
    }
  }
  return { status: response.status, json, text: response.body, headers: response.headers };
}

/** Timeouts and broken connections may pass; a blocked or malformed address will not. */
export function transportError(vendorName: string, error: unknown): VendorError {
  if (error instanceof VendorError) return error;
  if (error instanceof OutboundError) {
    if (error.reason === 'timeout')
      return new VendorError('retryable', 'timeout', `${vendorName} did not answer in time (${error.message})`);
    if (error.reason === 'network' || error.reason === 'dns' || error.reason === 'too_large')
      return new VendorError('retryable', error.reason, `${vendorName} could not be reached: ${error.message}`);
    return new VendorError('permanent', error.reason, `${vendorName} cannot be called: ${error.message}`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new VendorError('retryable', 'network', `${vendorName} could not be reached: ${message}`);
}

/** The kind of a failed answer from its HTTP status alone (vendors without codes of their own). */
export function kindOfStatus(status: number): VendorError['kind'] {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429 || status === 408 || status >= 500) return 'retryable';
  return 'permanent';
}

/** "Kaleyra refused the API key (E401): Invalid API key" and the like, by kind. */
export function describeFailure(
  vendorName: string,
  kind: VendorError['kind'],
  code: string,
  detail: string,
  what: { credential: string; action?: string },
): string {
  const suffix = detail ? `: ${detail}` : '';
  switch (kind) {
    case 'auth':
      return `${vendorName} refused the ${what.credential} (${code})${suffix}`;
    case 'outside_window':
      return `${vendorName} refused the message (${code}): the customer has not written in the last 24 hours, so only an approved template can be sent`;
    case 'retryable':
      return `${vendorName} could not take the ${what.action ?? 'message'} right now (${code})${suffix}. Try again later.`;
    default:
      return `${vendorName} refused the ${what.action ?? 'message'} (${code})${suffix}`;
  }
}

/** A short, single-line excerpt of an unexpected body for an error message. */
export function excerpt(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** Digits only: the form most vendors take a phone number in (country code, no plus). */
export const digitsOf = (phone: string) => phone.replace(/[^\d]/g, '');

/** A URL with its query, leaving out undefined values. */
export function withQuery(url: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

export const trimSlash = (url: string) => url.replace(/\/+$/, '');
