// The engine runs entity patterns with the very flags the designer validated them with.
import { ENTITY_PATTERN_FLAGS, checkEntityPattern } from '../../../platform/entity-patterns';
import { findSystemEntities } from './system-entities';
import { tokenize, type Token } from './text';
import { TokenTrie } from './token-trie';
import type { CustomEntityDef, EntityExtractor, EntityMatch, ExtractContext, Language } from './types';

/** Longer messages are cut before extraction: patterns and number rules then run on bounded input. */
export const MAX_EXTRACT_LENGTH = 2000;

/** At equal length, the more specific entity wins (custom entities first). */
const SYSTEM_PRIORITY = [
  'sys.email',
  'sys.url',
  'sys.phone',
  'sys.date',
  'sys.time',
  'sys.amount',
  'sys.percentage',
  'sys.ordinal',
  'sys.person',
  'sys.number',
];
const priority = (entityId: string) => {
  const index = SYSTEM_PRIORITY.indexOf(entityId);
  return index === -1 ? -1 : index;
};

interface CompiledEntity {
  id: string;
  /** Synonyms → the entity value (first defined wins). */
  trie: TokenTrie<string>;
  patterns: { value: string; regex: RegExp }[];
}

function compile(entity: CustomEntityDef): CompiledEntity {
  const trie = new TokenTrie<string>();
  const patterns: CompiledEntity['patterns'] = [];
  for (const row of entity.values) {
    if (row.type === 'synonyms') {
      // The value itself counts as a synonym, as in every designer of this kind.
      for (const synonym of [row.value, ...row.synonyms]) trie.add(synonym, row.value);
    } else {
      for (const pattern of row.pattern) {
        // Saved patterns passed the full safety check; compile and star height are re-checked here
        // (cheap, cached) so that a row written around the service cannot stall the engine.
        if (!checkEntityPattern(pattern, { probe: false }).ok) continue;
        try {
          patterns.push({ value: row.value, regex: new RegExp(pattern, `${ENTITY_PATTERN_FLAGS}g`) });
        } catch {
          // Unusable pattern: ignored.
        }
      }
    }
  }
  return { id: entity.id, trie, patterns };
}

/** One entity's matches; the message is tokenised once by the caller for every entity. */
function findCustom(
  entity: CompiledEntity,
  text: string,
  tokens: readonly Token[],
  norms: readonly string[],
): EntityMatch[] {
  const found: EntityMatch[] = [];
  for (let start = 0; start < tokens.length; start += 1) {
    const best = entity.trie.longestAt(norms, start);
    if (best) {
      const from = tokens[start]!.start;
      const to = tokens[best.end]!.end;
      found.push({ entityId: entity.id, value: best.payload, text: text.slice(from, to), start: from, end: to });
    }
  }
  // A pattern's value is what it matched (a PNR, an order number): the row's value only names the pattern.
  for (const { regex } of entity.patterns) {
    regex.lastIndex = 0;
    for (const hit of text.matchAll(regex)) {
      if (hit[0].length === 0) continue;
      found.push({
        entityId: entity.id,
        value: hit[0],
        text: hit[0],
        start: hit.index,
        end: hit.index + hit[0].length,
      });
    }
  }
  return found;
}

/**
 * Keeps the longest of overlapping matches (then the earliest, then custom over system, then the
 * more specific system entity), and returns the survivors in text order.
 */
export function resolveOverlaps(matches: EntityMatch[]): EntityMatch[] {
  const ranked = [...matches].sort(
    (a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start || priority(a.entityId) - priority(b.entityId),
  );
  const kept: EntityMatch[] = [];
  for (const candidate of ranked)
    if (!kept.some((other) => candidate.start < other.end && other.start < candidate.end)) kept.push(candidate);
  return kept.sort((a, b) => a.start - b.start);
}

/**
 * Custom entities (synonyms through a token trie: case- and accent-insensitive, on word boundaries,
 * longest synonym wins; patterns compiled with ENTITY_PATTERN_FLAGS on the original text) and the
 * system entities (system-entities.ts). Messages are cut at MAX_EXTRACT_LENGTH characters.
 * Dates and times are read against the call's context (the conversation's instant, timezone and
 * region), falling back to the extractor's options, then to the clock, UTC and India.
 */
export function createEntityExtractor(
  custom: CustomEntityDef[],
  options: { language: Language; defaultRegion?: string; now?: () => Date; timeZone?: string },
): EntityExtractor {
  const compiled = custom.map(compile);
  const systemOptions = (context: ExtractContext | undefined) => ({
    language: options.language,
    region: context?.region ?? options.defaultRegion ?? 'IN',
    now: context?.now ?? options.now?.() ?? new Date(),
    timeZone: context?.timeZone ?? options.timeZone ?? 'UTC',
  });
  return {
    extract(message, only, context) {
      const text = message.length > MAX_EXTRACT_LENGTH ? message.slice(0, MAX_EXTRACT_LENGTH) : message;
      const found: EntityMatch[] = [];
      const wanted = compiled.filter((entity) => !only || only.has(entity.id));
      if (wanted.length > 0) {
        const tokens = tokenize(text);
        const norms = tokens.map((token) => token.norm);
        for (const entity of wanted) found.push(...findCustom(entity, text, tokens, norms));
      }
      const wantsSystem = !only || [...only].some((id) => id.startsWith('sys.'));
      if (wantsSystem) found.push(...findSystemEntities(text, systemOptions(context), only));
      return resolveOverlaps(found);
    },
  };
}
