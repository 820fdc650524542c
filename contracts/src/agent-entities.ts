import { z } from 'zod';
import { defineRoute } from './envelope';

/** Entities (agents.md §2.4, §2.5, §3, §5, §7 "Entities"). Spec texts verbatim. */
export const entityMessages = {
  nameRequired: 'Entity name is required',
  nameInvalid: 'Entity name: letters, digits, _ and - only',
  nameTaken: 'An entity with this name already exists in this agent',
  nameReserved: 'This name belongs to a system entity',
  valuesRequired: 'Add at least one value',
  valueRequired: 'Value is required',
  typeRequired: 'Type is required',
  valueFirst: 'Please give the value and type first',
  synonymsRequired: 'Synonyms are required',
  patternRequired: 'Pattern is required',
  emptySynonym: 'Empty synonyms cannot be added',
  valueDuplicate: 'Each value only once',
  patternInvalid: (reason: string) => `This pattern is not a valid regular expression: ${reason}`,
  patternUnsafe:
    'This pattern could take too long to match (nested or overlapping repetition such as (a+)+). Simplify it.',
  noData: 'No data to show',
  noMore: 'No more entity to show',
  created: 'Entity created',
  updated: 'Entity updated',
  deleted: 'Entity deleted',
  inUse: (intents: string) => `This entity is used by the intents ${intents}. Remove it from them first.`,
} as const;

export const entityTypes = { custom: 0, system: 1 } as const;
export const entityValueTypes = ['synonyms', 'pattern'] as const;
export type EntityValueType = (typeof entityValueTypes)[number];

export const entityLimits = {
  pageSize: 15,
  /** Page size of the entity picker in the intent screen. */
  pickerPageSize: 100,
  nameMax: 60,
  valuesMax: 500,
  valueMax: 200,
  synonymsMax: 200,
  synonymMax: 200,
  patternMax: 500,
  /** The synonyms popup scrolls past this many items. */
  popupVisible: 3,
} as const;

/**
 * System entities: their ids (`sys.<name>`) are what intents reference. The NLU engine extracts
 * them; this table is the catalogue shown on the System Entities tab and in the entity picker.
 */
export const systemEntities = [
  { id: 'sys.number', name: 'number', description: 'Numbers written in digits or words: 42, 3.5, twenty one, 1,200' },
  { id: 'sys.ordinal', name: 'ordinal', description: 'Positions in a sequence: first, 2nd, third' },
  { id: 'sys.date', name: 'date', description: 'Calendar dates: 21 Nov 2026, tomorrow, next Monday, 21/11/2026' },
  { id: 'sys.time', name: 'time', description: 'Times of day: 10:30, 5 pm, noon' },
  { id: 'sys.email', name: 'email', description: 'Email addresses: name@example.com' },
  { id: 'sys.phone', name: 'phone', description: 'Phone numbers, stored in E.164: +91 98765 43210' },
  { id: 'sys.url', name: 'url', description: 'Web addresses: https://example.com/offers' },
  { id: 'sys.amount', name: 'amount', description: 'Money with a currency: ₹500, Rs. 1,200, $20, 15 euros' },
  { id: 'sys.percentage', name: 'percentage', description: 'Percentages: 15%, 12.5 percent' },
  { id: 'sys.person', name: 'person', description: 'Names of people: Priya Sharma, John' },
] as const;
export type SystemEntityId = (typeof systemEntities)[number]['id'];
export const systemEntityIds: ReadonlySet<string> = new Set(systemEntities.map((entity) => entity.id));

export const entityValue = z.object({
  value: z.string(),
  type: z.enum(entityValueTypes),
  synonyms: z.array(z.string()),
  pattern: z.array(z.string()),
});
export type EntityValue = z.infer<typeof entityValue>;

export const customEntity = z.object({
  id: z.uuid(),
  agentId: z.uuid(),
  name: z.string(),
  values: z.array(entityValue),
  updatedOn: z.string(),
});
export type CustomEntity = z.infer<typeof customEntity>;

export const systemEntity = z.object({ id: z.string(), name: z.string(), description: z.string() });
export type SystemEntity = z.infer<typeof systemEntity>;

/** A row of the list: a custom entity (type 0) or a system entity (type 1, with description). */
export const entityListItem = z.object({
  id: z.string(),
  name: z.string(),
  agentId: z.uuid().optional(),
  values: z.array(entityValue).optional(),
  updatedOn: z.string().optional(),
  description: z.string().optional(),
});
export type EntityListItem = z.infer<typeof entityListItem>;

const splitList = (value: string | string[]) => (Array.isArray(value) ? value : value.split(','));

/**
 * One value row. Synonyms may come as a comma-joined string (agents.md §5: split on commas; blank
 * entries dropped); a pattern as a string or a one-item list (it is wrapped as a single-item list).
 * The server additionally compiles each pattern and refuses catastrophic backtracking.
 */
export const entityValueBody = z
  .object({
    value: z
      .string({ error: entityMessages.valueRequired })
      .trim()
      .min(1, entityMessages.valueRequired)
      .max(entityLimits.valueMax, `A value can have at most ${entityLimits.valueMax} characters`),
    type: z.enum(entityValueTypes, { error: entityMessages.typeRequired }),
    synonyms: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((value) =>
        value === undefined
          ? []
          : splitList(value)
              .map((item) => item.trim())
              .filter(Boolean),
      ),
    pattern: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((value) =>
        (value === undefined ? [] : Array.isArray(value) ? value : [value]).map((item) => item.trim()).filter(Boolean),
      ),
  })
  .superRefine((row, ctx) => {
    if (row.type === 'synonyms') {
      if (row.synonyms.length === 0)
        ctx.addIssue({ code: 'custom', path: ['synonyms'], message: entityMessages.synonymsRequired });
      if (row.synonyms.length > entityLimits.synonymsMax)
        ctx.addIssue({ code: 'custom', path: ['synonyms'], message: `At most ${entityLimits.synonymsMax} synonyms` });
      if (row.synonyms.some((item) => item.length > entityLimits.synonymMax))
        ctx.addIssue({
          code: 'custom',
          path: ['synonyms'],
          message: `A synonym can have at most ${entityLimits.synonymMax} characters`,
        });
    } else {
      if (row.pattern.length !== 1)
        ctx.addIssue({ code: 'custom', path: ['pattern'], message: entityMessages.patternRequired });
      else if (row.pattern[0]!.length > entityLimits.patternMax)
        ctx.addIssue({
          code: 'custom',
          path: ['pattern'],
          message: `A pattern can have at most ${entityLimits.patternMax} characters`,
        });
    }
  })
  .transform((row) =>
    row.type === 'synonyms' ? { ...row, pattern: [] as string[] } : { ...row, synonyms: [] as string[] },
  );

export const entityBody = z
  .object({
    name: z
      .string({ error: entityMessages.nameRequired })
      .trim()
      .min(1, entityMessages.nameRequired)
      .max(entityLimits.nameMax, `Entity name can have at most ${entityLimits.nameMax} characters`)
      .regex(/^[\p{L}\p{N}_-]+$/u, entityMessages.nameInvalid),
    values: z
      .array(entityValueBody, { error: entityMessages.valuesRequired })
      .min(1, entityMessages.valuesRequired)
      .max(entityLimits.valuesMax, `At most ${entityLimits.valuesMax} values`),
  })
  .superRefine((entity, ctx) => {
    if (systemEntities.some((system) => system.name === entity.name.toLowerCase()))
      ctx.addIssue({ code: 'custom', path: ['name'], message: entityMessages.nameReserved });
    const seen = new Set<string>();
    entity.values.forEach((row, index) => {
      const key = row.value.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['values', index, 'value'], message: entityMessages.valueDuplicate });
      seen.add(key);
    });
  });
export type EntityBody = z.input<typeof entityBody>;

export const entityListQuery = z.object({
  /** 0 custom (default), 1 system. */
  type: z.coerce
    .number()
    .int()
    .refine((value) => value === 0 || value === 1, 'type is 0 (custom) or 1 (system)')
    .default(0),
  searchterm: z.string().trim().max(100).optional(),
  from: z.coerce.number().int().min(0).max(1_000_000).default(0),
  perPage: z.coerce.number().int().min(1).max(entityLimits.pickerPageSize).default(entityLimits.pageSize),
});
export type EntityListQuery = z.input<typeof entityListQuery>;

export const entityParams = z.object({ agentId: z.uuid(), entityId: z.uuid() });

export const entityRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/agents/:agentId/entities',
    summary:
      'Custom (type 0, newest update first) or system (type 1) entities, with searchterm and paging (data.entities, data.more)',
    params: z.object({ agentId: z.uuid() }),
    query: entityListQuery,
    data: z.object({
      entities: z.array(entityListItem),
      more: z.boolean(),
    }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/agents/:agentId/entities/:entityId',
    summary: 'One custom entity with its values',
    params: entityParams,
    data: customEntity,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/agents/:agentId/entities',
    summary: 'Creates a custom entity (synonyms or one regular-expression pattern per value)',
    params: z.object({ agentId: z.uuid() }),
    body: entityBody,
    data: customEntity,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/agents/:agentId/entities/:entityId',
    summary: 'Updates a custom entity',
    params: entityParams,
    body: entityBody,
    data: customEntity,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/agents/:agentId/entities/:entityId',
    summary: 'Deletes a custom entity not used by any intent',
    params: entityParams,
    data: z.object({ id: z.uuid() }),
  }),
} as const;
