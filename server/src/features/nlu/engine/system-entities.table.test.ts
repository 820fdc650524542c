import { describe, expect, it } from 'vitest';
import { createEntityExtractor } from './entity-extractor';
import { CASES_NOW, CASES_REGION, CASES_TIME_ZONE, systemEntityCases, type EntityCase } from './system-entities.cases';

const extractor = createEntityExtractor([], { language: 'en' });

function read(entityId: string, entry: EntityCase) {
  return extractor
    .extract(entry.text, new Set([entityId]), {
      now: new Date(entry.now ?? CASES_NOW),
      timeZone: entry.timeZone ?? CASES_TIME_ZONE,
      region: entry.region ?? CASES_REGION,
    })
    .filter((match) => match.entityId === entityId)
    .map((match) => ({ value: match.value, span: match.text }));
}

describe.each(Object.entries(systemEntityCases))('%s, as people write it', (entityId, cases) => {
  it.each(cases.map((entry) => [entry.text + (entry.region ? ` (${entry.region})` : ''), entry] as const))(
    '%s',
    (_, entry) => {
      const found = read(entityId, entry);
      if (entry.value === null) expect(found).toEqual([]);
      else expect(found).toEqual([{ value: entry.value, span: entry.span ?? expect.any(String) }]);
    },
  );
});

it('has at least 300 phrases', () => {
  expect(Object.values(systemEntityCases).flat().length).toBeGreaterThanOrEqual(300);
});
