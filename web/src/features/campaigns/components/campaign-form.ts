import type { z } from 'zod';
import type { broadcastMedia, VariableMapping } from '@parley/contracts/broadcasts';
import {
  campaignLimits,
  campaignMessages,
  filterOperators,
  type Audience,
  type Campaign,
  type CampaignBody,
  type CampaignStatus,
  type FilterKind,
  type FilterOperator,
  type Schedule,
} from '@parley/contracts/campaigns';
import { isDropdownField, type CustomerField } from '@parley/contracts/customer-master';

/**
 * The campaign editor's form as plain data (issue 21 item 1): what the maker chose, the client
 * rules, the body it becomes, and where the server's field errors go.
 */

export type CampaignMedia = z.infer<typeof broadcastMedia>;

/** One A/B variant as the editor holds it: no template chosen yet is null. */
export interface VariantDraft {
  label: string;
  templateId: string | null;
  columnMapping: VariableMapping[];
  media?: CampaignMedia;
  cards?: { media?: CampaignMedia }[];
  share: number;
}

/** One attribute filter row; `key` keeps React's rows apart while rows are added and removed. */
export interface FilterDraft {
  key: string;
  field: string;
  op: FilterOperator | null;
  value: string;
  valueTo: string;
  values: string[];
}

export interface CampaignDraft {
  name: string;
  /** The channel type chosen first (4 WhatsApp, 10 RCS, 0 SMS); then one of its channels. */
  channelType: number | null;
  channelId: string | null;
  departmentId: string | null;
  variants: VariantDraft[];
  segmentIds: string[];
  groupIds: string[];
  listIds: string[];
  filters: FilterDraft[];
  schedule: Schedule;
  trackClicks: boolean;
}

export const emptyVariant = (label: string, share = 100): VariantDraft => ({
  label,
  templateId: null,
  columnMapping: [],
  share,
});

export const emptyCampaignDraft = (): CampaignDraft => ({
  name: '',
  channelType: null,
  channelId: null,
  departmentId: null,
  variants: [emptyVariant('A')],
  segmentIds: [],
  groupIds: [],
  listIds: [],
  filters: [],
  schedule: { kind: 'now', at: '', weekdays: [], until: '', spreadMinutes: 0 },
  trackClicks: true,
});

let filterKeys = 0;
export const newFilterKey = () => `filter-${++filterKeys}`;

export function draftFromCampaign(campaign: Campaign): CampaignDraft {
  return {
    name: campaign.name,
    channelType: null,
    channelId: campaign.channelId,
    departmentId: campaign.departmentId,
    variants: campaign.variants.map((variant) => ({
      label: variant.label,
      templateId: variant.templateId,
      columnMapping: variant.columnMapping,
      media: variant.media,
      cards: variant.cards,
      share: variant.share,
    })),
    segmentIds: campaign.audience.segmentIds,
    groupIds: campaign.audience.groupIds,
    listIds: campaign.audience.listIds,
    filters: campaign.audience.filters.map((filter) => ({ ...filter, key: newFilterKey() })),
    schedule: campaign.schedule,
    trackClicks: campaign.trackClicks,
  };
}

/** Adds variant B with an even split, or removes it (A takes the whole audience again). */
export function withVariantB(variants: VariantDraft[], on: boolean): VariantDraft[] {
  if (!on) return [{ ...variants[0]!, share: 100 }];
  if (variants.length >= campaignLimits.maxVariants) return variants;
  return [{ ...variants[0]!, share: 50 }, emptyVariant('B', 50)];
}

// ---- filters --------------------------------------------------------------------------------------

/** What a filter can test: the standard fields, the date the customer was added, each attribute. */
export interface FilterAttribute {
  field: string;
  label: string;
  kind: FilterKind;
  /** A decimal attribute takes fractions; a number attribute whole numbers. */
  decimal?: boolean;
  /** The options of a dropdown attribute. */
  options?: string[];
}

export function filterAttributes(fields: readonly CustomerField[]): FilterAttribute[] {
  const attributes: FilterAttribute[] = [
    { field: 'name', label: 'Name', kind: 'text' },
    { field: 'phoneNumber', label: 'Phone Number', kind: 'text' },
    { field: 'createdAt', label: 'Date added', kind: 'date' },
  ];
  for (const field of fields) {
    if (field.standard) continue;
    if (isDropdownField(field.fieldType))
      attributes.push({ field: field.id, label: field.fieldLabel, kind: 'dropdown', options: field.defaultValues });
    else if (field.inputType === 'number' || field.inputType === 'decimal')
      attributes.push({
        field: field.id,
        label: field.fieldLabel,
        kind: 'number',
        decimal: field.inputType === 'decimal',
      });
    else attributes.push({ field: field.id, label: field.fieldLabel, kind: 'text' });
  }
  return attributes;
}

/** The operators offered for an attribute's kind (contracts' filterOperators). */
export const operatorsFor = (kind: FilterKind): readonly FilterOperator[] => filterOperators[kind];

/** What value input an operator needs. */
export function valueShape(op: FilterOperator | null): 'none' | 'one' | 'two' | 'many' {
  if (op === null || op === 'empty' || op === 'notEmpty') return 'none';
  if (op === 'between') return 'two';
  if (op === 'in' || op === 'notIn') return 'many';
  return 'one';
}

/** The problem of a filter row, or null when it is complete. */
export function filterError(filter: FilterDraft): string | null {
  if (filter.field === '' || filter.op === null) return campaignMessages.mandatory;
  const shape = valueShape(filter.op);
  if (shape === 'one' && filter.value.trim() === '') return campaignMessages.mandatory;
  if (shape === 'two' && (filter.value.trim() === '' || filter.valueTo.trim() === ''))
    return campaignMessages.mandatory;
  if (shape === 'many' && filter.values.length === 0) return campaignMessages.mandatory;
  return null;
}

/** The audience as the server takes it; incomplete filter rows are left out (the live count ignores them). */
export function audienceOf(draft: CampaignDraft): Audience {
  return {
    segmentIds: draft.segmentIds,
    groupIds: draft.groupIds,
    listIds: draft.listIds,
    filters: draft.filters
      .filter((filter) => filterError(filter) === null)
      .map((filter) => {
        const shape = valueShape(filter.op);
        return {
          field: filter.field,
          op: filter.op!,
          value: shape === 'one' || shape === 'two' ? filter.value.trim() : '',
          valueTo: shape === 'two' ? filter.valueTo.trim() : '',
          values: shape === 'many' ? filter.values : [],
        };
      }),
  };
}

// ---- validation, body, server errors -----------------------------------------------------------

/**
 * Keys of the form's errors: 'name', 'channelId', 'departmentId', 'shares', 'audience',
 * 'filters.N', 'schedule.<field>', and per variant 'variants.N.template', 'variants.N.media',
 * 'variants.N.card.M', 'variants.N.mapping.<variable>', 'variants.N.cards'.
 */
export type FormErrors = Record<string, string>;

const mandatory = campaignMessages.mandatory;

/** The client rules: what must be there before the draft is saved. */
export function validateCampaignDraft(draft: CampaignDraft): FormErrors {
  const errors: FormErrors = {};
  if (draft.name.trim() === '') errors.name = mandatory;
  if (!draft.channelId) errors.channelId = mandatory;
  draft.variants.forEach((variant, index) => {
    if (!variant.templateId) errors[`variants.${index}.template`] = mandatory;
  });
  if (draft.variants.length > 1) {
    const total = draft.variants.reduce(
      (sum, variant) => sum + (Number.isFinite(variant.share) ? variant.share : 0),
      0,
    );
    if (total !== 100 || draft.variants.some((variant) => !(variant.share >= 1)))
      errors.shares = campaignMessages.sharesMustTotal100;
  }
  draft.filters.forEach((filter, index) => {
    const problem = filterError(filter);
    if (problem) errors[`filters.${index}`] = problem;
  });
  const { schedule } = draft;
  if (schedule.kind !== 'now' && schedule.at.trim() === '') errors['schedule.at'] = mandatory;
  if (schedule.kind === 'daily' || schedule.kind === 'weekly') {
    if (schedule.until.trim() === '') errors['schedule.until'] = mandatory;
    else if (schedule.at && schedule.until < schedule.at.slice(0, 10))
      errors['schedule.until'] = campaignMessages.endBeforeStart;
  }
  if (schedule.kind === 'weekly' && schedule.weekdays.length === 0) errors['schedule.weekdays'] = mandatory;
  return errors;
}

/** The body of POST / PUT /api/campaigns from a valid draft. */
export function buildCampaignBody(draft: CampaignDraft): CampaignBody {
  const { schedule } = draft;
  const recurring = schedule.kind === 'daily' || schedule.kind === 'weekly';
  return {
    name: draft.name.trim(),
    channelId: draft.channelId ?? '',
    departmentId: draft.departmentId,
    variants: draft.variants.map((variant) => ({
      label: variant.label,
      templateId: variant.templateId ?? '',
      columnMapping: variant.columnMapping
        .filter((mapping) => mapping.value.trim() !== '')
        .map((mapping) => ({ ...mapping, value: mapping.value.trim() })),
      ...(variant.media ? { media: variant.media } : {}),
      ...(variant.cards ? { cards: variant.cards } : {}),
      share: draft.variants.length === 1 ? 100 : variant.share,
    })),
    audience: audienceOf(draft),
    schedule: {
      kind: schedule.kind,
      at: schedule.kind === 'now' ? '' : schedule.at,
      weekdays: schedule.kind === 'weekly' ? [...schedule.weekdays].sort((a, b) => a - b) : [],
      until: recurring ? schedule.until : '',
      spreadMinutes: schedule.spreadMinutes,
    },
    trackClicks: draft.trackClicks,
  };
}

/**
 * Places the server's field errors (zod paths of the body) beside the editor's fields; what has no
 * field here is returned in `others` so that nothing is lost.
 */
export function placeCampaignErrors(
  fieldErrors: Record<string, string> | undefined,
  sent: CampaignBody | undefined,
): { fields: FormErrors; others: string[] } {
  const fields: FormErrors = {};
  const others: string[] = [];
  for (const [key, message] of Object.entries(fieldErrors ?? {})) {
    let match: RegExpExecArray | null;
    let target: string | undefined;
    if (key === 'name' || key === 'channelId' || key === 'departmentId') target = key;
    else if ((match = /^variants\.(\d+)\.templateId$/.exec(key))) target = `variants.${match[1]}.template`;
    else if ((match = /^variants\.(\d+)\.columnMapping\.(.+)$/.exec(key))) {
      // The server names the variable ('variants.0.columnMapping.body.1'); a bare number is a place in the list.
      const mapping = sent?.variants[Number(match[1])]?.columnMapping ?? [];
      const rest = match[2]!;
      const byPlace = /^(\d+)(\.|$)/.exec(rest);
      const variable = mapping.some((entry) => entry.variable === rest)
        ? rest
        : byPlace
          ? mapping[Number(byPlace[1])]?.variable
          : rest;
      if (variable) target = `variants.${match[1]}.mapping.${variable}`;
    } else if ((match = /^variants\.(\d+)\.media(\.|$)/.exec(key))) target = `variants.${match[1]}.media`;
    else if ((match = /^variants\.(\d+)\.cards\.(\d+)/.exec(key)))
      target = `variants.${match[1]}.card.${Number(match[2]) + 1}`;
    else if ((match = /^variants\.(\d+)\.cards$/.exec(key))) target = `variants.${match[1]}.cards`;
    else if (/^variants(\.\d+\.share)?$/.test(key)) target = 'shares';
    else if ((match = /^audience\.filters\.(\d+)(\.|$)/.exec(key))) target = `filters.${match[1]}`;
    else if (/^audience(\.|$)/.test(key)) target = 'audience';
    else if ((match = /^schedule\.(kind|at|weekdays|until|spreadMinutes)(\.|$)/.exec(key)))
      target = `schedule.${match[1]}`;
    else if (key === 'schedule') target = 'schedule.at';
    if (target && !(target in fields)) fields[target] = message;
    else others.push(message);
  }
  return { fields, others };
}

/** The errors of one variant, keyed as the message slot knows them ('template', 'mapping.body.1', …). */
export function variantErrors(errors: FormErrors, index: number): Record<string, string> {
  const prefix = `variants.${index}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, message]) => [key.slice(prefix.length), message]),
  );
}

/** A campaign in these states is sending or about to: it opens read-only. */
export const lockedStatuses: readonly CampaignStatus[] = ['RUNNING', 'SCHEDULED', 'PAUSED'];

/** A maker may submit a saved draft, a rejected campaign, or one edited after approval (back to draft). */
export const submittableStatuses: readonly CampaignStatus[] = ['DRAFT', 'REJECTED'];
