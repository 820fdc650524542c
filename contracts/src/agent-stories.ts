import { z } from 'zod';
import { defineRoute } from './envelope';
import { collapseName } from './agents';

/** Stories and intents (agents.md §2.3, §3, §4, §5, §7 "Intents and stories"). Spec texts verbatim. */
export const intentMessages = {
  storyNameInvalid: 'Please give valid name',
  storyNameTaken: 'Duplication of story name',
  storyParentInvalid: 'A story cannot be moved under itself or one of its sub-stories',
  storyCreated: 'Story created',
  storyUpdated: 'Story updated',
  storyDeleted: 'Story deleted',
  createStoryFirst: 'Please create story before an Intent',
  nameEmpty: 'Intent name should not be empty',
  nameRequiredOnSave: 'Intent name required',
  twoPhrases: 'Please give atleast two training phrases save the intent',
  promptEmpty: 'prompt cannot be empty',
  responseEmpty: 'Responce should not be empty',
  nameTaken: 'Duplicate intent name, intent not created',
  phraseDuplicate: 'Duplication of utterance name',
  saveOrDiscard: 'Please Save or Discard the changes',
  selectPhrase: 'Select at least one training phrase',
  intentCreated: 'Intent created',
  intentSaved: 'Intent saved',
  intentDeleted: 'Intent deleted',
  phraseDeleted: 'Training phrase deleted',
  responseDeleted: 'Response deleted',
  entityDeleted: 'Entity removed from the intent',
  promptDeleted: 'Prompt deleted',
  phraseTooLong: (max: number) => `A training phrase can have at most ${max} characters`,
  annotationInvalid: 'The tagged text does not match the training phrase; select it again',
  entityUnknown: 'This entity does not exist in the agent',
  parameterMissing: 'Every tagged entity needs a parameter in the Entities table',
  parameterNameInvalid: 'Parameter name: letters, digits and _ only, starting with a letter',
  parameterNameTaken: 'Each parameter name only once',
} as const;

export const intentLimits = {
  pageSize: 200,
  nameMax: 100,
  storyNameMax: 100,
  storyDepthMax: 5,
  phraseMax: 1000,
  phrasesMax: 2000,
  responseMax: 10_000,
  responsesMax: 20,
  parametersMax: 30,
  promptsMax: 20,
  promptMax: 500,
  searchDebounceMs: 300,
} as const;

/** Story names: trimmed, inner whitespace collapsed, non-empty ('Please give valid name'). */
export const storyBody = z.object({
  name: z
    .string({ error: intentMessages.storyNameInvalid })
    .transform(collapseName)
    .pipe(
      z
        .string()
        .min(1, intentMessages.storyNameInvalid)
        .max(intentLimits.storyNameMax, `At most ${intentLimits.storyNameMax} characters`),
    ),
  /** null = a root story; left out on update = keep the current parent. */
  parentId: z.uuid().nullable().optional(),
});
export type StoryBody = z.input<typeof storyBody>;

export interface Story {
  id: string;
  name: string;
  agentId: string;
  parentId: string | null;
  intentCount: number;
  childStories: Story[];
}
/**
 * The tree, spelled out level by level down to the deepest allowed nesting (no z.lazy: it would
 * add zod's lazy type to the login page's shared chunk, and the depth is bounded anyway).
 */
function storyAtDepth(levels: number): z.ZodType<Story> {
  return z.object({
    id: z.uuid(),
    name: z.string(),
    agentId: z.uuid(),
    parentId: z.uuid().nullable(),
    intentCount: z.number().int(),
    childStories: levels > 1 ? z.array(storyAtDepth(levels - 1)) : z.array(z.never()).max(0),
  }) as z.ZodType<Story>;
}
export const story = storyAtDepth(intentLimits.storyDepthMax);

/** Collapses whitespace the way duplicate phrases are compared ('Duplication of utterance name'). */
export const phraseKey = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

/** An entity tagged inside a training phrase: [entityStartPos, entityEndPos) in UTF-16 units. */
export const entityRef = z.object({
  entityId: z.string().min(1).max(100),
  parameter: z.string().min(1).max(100),
  entityStartPos: z.number().int().min(0),
  entityEndPos: z.number().int().min(1),
});
export type EntityRef = z.infer<typeof entityRef>;

export const utterance = z.object({
  utterance: z.string(),
  /** True when the phrase has at least one tagged entity. */
  entityDefined: z.boolean(),
  entityRefs: z.array(entityRef),
});
export type Utterance = z.infer<typeof utterance>;

export const intentParameter = z.object({
  /** Parameter name, referenced in responses as `$name`. */
  name: z.string(),
  /** A custom entity id or a system entity id (`sys.number`, ...). */
  entityId: z.string(),
  /** The entity's name at read time (for the table). */
  entityName: z.string().optional(),
  required: z.boolean(),
  /** Usually `$name`. */
  value: z.string(),
  prompts: z.array(z.string()),
});
export type IntentParameter = z.infer<typeof intentParameter>;

export const intentSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  storyId: z.uuid(),
  phraseCount: z.number().int(),
  /** Hands the customer to people when recognised on a channel. */
  handoff: z.boolean(),
  updatedAt: z.string(),
});
export type IntentSummary = z.infer<typeof intentSummary>;

export const intentDetails = z.object({
  id: z.uuid(),
  name: z.string(),
  agentId: z.uuid(),
  storyId: z.uuid(),
  utterances: z.array(utterance),
  /** Markdown; the editor has one response, the list allows more. */
  responses: z.array(z.object({ response: z.string() })),
  entities: z.array(intentParameter),
  /** On a channel, the bot answers with the response, then hands the customer to people. */
  handoff: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IntentDetails = z.infer<typeof intentDetails>;

const parameterName = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * Saving an intent (create or update). The server also checks that every entityRef names a known
 * entity of the agent and that the tagged text lies inside its phrase.
 */
export const intentBody = z
  .object({
    name: z
      .string({ error: intentMessages.nameEmpty })
      .transform(collapseName)
      .pipe(
        z
          .string()
          .min(1, intentMessages.nameEmpty)
          .max(intentLimits.nameMax, `Intent name can have at most ${intentLimits.nameMax} characters`),
      ),
    utterances: z
      .array(
        z.object({
          utterance: z
            .string()
            .max(intentLimits.phraseMax, intentMessages.phraseTooLong(intentLimits.phraseMax))
            .transform((value) => value.trim())
            .pipe(z.string().min(1, 'A training phrase cannot be empty')),
          entityDefined: z.boolean().optional(),
          entityRefs: z.array(entityRef).max(intentLimits.parametersMax).default([]),
        }),
        { error: intentMessages.twoPhrases },
      )
      .min(2, intentMessages.twoPhrases)
      .max(intentLimits.phrasesMax, `At most ${intentLimits.phrasesMax} training phrases per intent`),
    responses: z
      .array(
        z.object({
          response: z
            .string()
            .max(intentLimits.responseMax, `A response can have at most ${intentLimits.responseMax} characters`)
            .transform((value) => value.trim())
            .pipe(z.string().min(1, intentMessages.responseEmpty)),
        }),
        { error: intentMessages.responseEmpty },
      )
      .min(1, intentMessages.responseEmpty)
      .max(intentLimits.responsesMax, `At most ${intentLimits.responsesMax} responses`),
    entities: z
      .array(
        z.object({
          name: z.string().trim().regex(parameterName, intentMessages.parameterNameInvalid).max(100),
          entityId: z.string().min(1).max(100),
          required: z.boolean().default(false),
          value: z.string().trim().max(200).default(''),
          prompts: z
            .union([z.string().transform((value) => value.split(',')), z.array(z.string().max(intentLimits.promptMax))])
            .transform((list) => list.map((prompt) => prompt.trim()).filter(Boolean))
            .pipe(
              z
                .array(z.string().max(intentLimits.promptMax))
                .min(1, intentMessages.promptEmpty)
                .max(intentLimits.promptsMax, `At most ${intentLimits.promptsMax} prompts`),
            ),
        }),
      )
      .max(intentLimits.parametersMax, `At most ${intentLimits.parametersMax} parameters`)
      .default([]),
    handoff: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.utterances.forEach((row, index) => {
      const key = phraseKey(row.utterance);
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['utterances', index, 'utterance'],
          message: intentMessages.phraseDuplicate,
        });
      seen.add(key);
      for (const ref of row.entityRefs) {
        if (ref.entityEndPos <= ref.entityStartPos || ref.entityEndPos > row.utterance.length)
          ctx.addIssue({
            code: 'custom',
            path: ['utterances', index, 'entityRefs'],
            message: intentMessages.annotationInvalid,
          });
      }
    });
    const names = value.entities.map((parameter) => parameter.name.toLowerCase());
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', path: ['entities'], message: intentMessages.parameterNameTaken });
    const declared = new Set(names);
    value.utterances.forEach((row, index) => {
      if (row.entityRefs.some((ref) => !declared.has(ref.parameter.toLowerCase())))
        ctx.addIssue({
          code: 'custom',
          path: ['utterances', index, 'entityRefs'],
          message: intentMessages.parameterMissing,
        });
    });
  });
export type IntentBody = z.input<typeof intentBody>;

export const storyParams = z.object({ agentId: z.uuid(), storyId: z.uuid() });
export const intentParams = storyParams.extend({ intentId: z.uuid() });

export const intentListQuery = z.object({
  name: z.string().trim().max(100).optional(),
  from: z.coerce.number().int().min(0).max(1_000_000).default(0),
  perPage: z.coerce.number().int().min(1).max(intentLimits.pageSize).default(intentLimits.pageSize),
});

export const storyRoutes = {
  tree: defineRoute({
    method: 'GET',
    path: '/api/agents/:agentId/stories',
    summary: 'The story tree of an agent (root stories with childStories), each with its intent count',
    params: z.object({ agentId: z.uuid() }),
    data: z.array(story),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/agents/:agentId/stories',
    summary: "Creates a story, optionally under a parent ('Duplication of story name')",
    params: z.object({ agentId: z.uuid() }),
    body: storyBody,
    data: story,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/agents/:agentId/stories/:storyId',
    summary: 'Renames or moves a story',
    params: storyParams,
    body: storyBody,
    data: story,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/agents/:agentId/stories/:storyId',
    summary: 'Deletes a story with its sub-stories and their intents',
    params: storyParams,
    data: z.object({ id: z.uuid(), deletedIntents: z.number().int() }),
  }),
} as const;

export const intentRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/agents/:agentId/stories/:storyId/intents',
    summary: 'Intents of a story by name (search with name), page 200 (data.intents, data.more)',
    params: storyParams,
    query: intentListQuery,
    data: z.object({ intents: z.array(intentSummary), more: z.boolean() }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/agents/:agentId/stories/:storyId/intents/:intentId',
    summary: 'One intent with utterances, responses and entity parameters',
    params: intentParams,
    data: intentDetails,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/agents/:agentId/stories/:storyId/intents',
    summary: "Creates an intent ('Duplicate intent name, intent not created')",
    params: storyParams,
    body: intentBody,
    data: intentDetails,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/agents/:agentId/stories/:storyId/intents/:intentId',
    summary: 'Saves an intent',
    params: intentParams,
    body: intentBody,
    data: intentDetails,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/agents/:agentId/stories/:storyId/intents/:intentId',
    summary: 'Deletes an intent',
    params: intentParams,
    data: z.object({ id: z.uuid() }),
  }),
} as const;
