import { broadcastLimits, broadcastMessages } from '@parley/contracts/broadcasts';
import type { TemplateValueKey, TemplateValues } from '@parley/contracts/templates';
import type { CustomerLookup } from '../../platform/customer-lookup';
import type { Blocklist, BlockReason } from '../../platform/messaging/broadcast-ports';
import { customerPhone, phoneProblemMessage } from '../../platform/phone';
import { templateValuesOf, type CompiledMapping } from '../../platform/messaging/template-mapping';

/**
 * Recipient resolution, shared by the pre-send check and the send: every number normalised to
 * E.164, invalid ones and repeats set aside with why (the first of a repeat is kept), blocked ones
 * (blacklist, opt-out) found with one blocklist call, and each remaining recipient's variables
 * filled from the column mapping (customers looked up 5,000 numbers per query).
 */
export interface ResolvedRecipient {
  /** E.164. */
  phone: string;
  customerId: string | null;
  name: string | null;
  values: TemplateValues;
}

export interface RecipientIssue {
  /** The number as given (invalid) or in E.164 (duplicate, blocked, unfillable). */
  phone: string;
  reason: string;
}

export interface BlockedRecipient extends RecipientIssue {
  code: BlockReason;
}

export interface Resolution {
  /** Numbers given (trimmed, empties dropped). */
  total: number;
  valid: ResolvedRecipient[];
  invalid: RecipientIssue[];
  duplicate: RecipientIssue[];
  blocked: BlockedRecipient[];
}

export const blockReasonText: Record<BlockReason, string> = {
  blacklisted: broadcastMessages.blacklisted,
  opted_out: broadcastMessages.optedOut,
};

/** The numbers of a request: trimmed, empties dropped. */
export const requestNumbers = (numbers: readonly string[]) =>
  numbers.map((number) => number.trim()).filter((number) => number !== '');

/** E.164 of a number, or null (shorter than the spec's 10 characters, not a valid number, or one that cannot be messaged). */
export function recipientPhone(raw: string, defaultRegion: string): string | null {
  if (raw.replace(/[\s-]/g, '').length < broadcastLimits.mobileMinLength) return null;
  return customerPhone(raw, defaultRegion);
}

/** Why recipientPhone refused a number: too short or invalid ('please enter valid number'), or its type. */
function recipientProblem(raw: string, defaultRegion: string): string {
  if (raw.replace(/[\s-]/g, '').length < broadcastLimits.mobileMinLength) return broadcastMessages.invalidNumber;
  return phoneProblemMessage(raw, defaultRegion, broadcastMessages.invalidNumber);
}

export async function resolveRecipients(input: {
  enterpriseId: string;
  numbers: readonly string[];
  defaultRegion: string;
  keys: readonly TemplateValueKey[];
  cardCount: number;
  mapping: CompiledMapping;
  customers: CustomerLookup;
  blocklist: Blocklist;
}): Promise<Resolution> {
  const numbers = requestNumbers(input.numbers);
  const invalid: RecipientIssue[] = [];
  const duplicate: RecipientIssue[] = [];
  const unique: string[] = [];
  const seen = new Set<string>();
  for (const raw of numbers) {
    const phone = recipientPhone(raw, input.defaultRegion);
    if (!phone) invalid.push({ phone: raw, reason: recipientProblem(raw, input.defaultRegion) });
    else if (seen.has(phone)) duplicate.push({ phone, reason: broadcastMessages.duplicate });
    else {
      seen.add(phone);
      unique.push(phone);
    }
  }

  const blockedBy = unique.length > 0 ? await input.blocklist.blocked(input.enterpriseId, unique) : new Map();
  const blocked: BlockedRecipient[] = [];
  const open: string[] = [];
  for (const phone of unique) {
    const code = blockedBy.get(phone) as BlockReason | undefined;
    if (code) blocked.push({ phone, code, reason: blockReasonText[code] });
    else open.push(phone);
  }

  const customers = await input.customers.byPhones(input.enterpriseId, open);
  const valid: ResolvedRecipient[] = [];
  const fillers = [...input.mapping.fillers];
  recipients: for (const phone of open) {
    const customer = customers.get(phone);
    const filled = new Map<string, string>();
    for (const [key, fill] of fillers) {
      const result = fill({ phone, customer });
      if ('error' in result) {
        invalid.push({ phone, reason: result.error });
        continue recipients;
      }
      filled.set(key, result.value);
    }
    valid.push({
      phone,
      customerId: customer?.id ?? null,
      name: customer?.name ?? null,
      values: templateValuesOf(input.keys, input.cardCount, filled),
    });
  }
  return { total: numbers.length, valid, invalid, duplicate, blocked };
}
