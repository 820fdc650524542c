import { describe, expect, it } from 'vitest';
import { EntityTagger } from './entity-tagger';
import { tagged } from '../../../../test/tagged-phrases';

const movies = ['Heat Wave', 'The Panic in Needle Park', 'Red Sky', 'Northern Lights', 'A Quiet Storm'];
const cities = ['Paris', 'New Delhi', 'Lagos', 'Oslo'];
const examples = movies.flatMap((movie, m) =>
  cities.flatMap((city, c) => [
    tagged(`I'd like to watch [${movie}](movie) in [${city}](city)`),
    tagged(`when is [${movie}](movie) showing ${m % 2 ? 'tonight' : 'today'}`),
    tagged(`book two tickets for [${movie}](movie) near [${cities[(c + 1) % cities.length]}](city)`),
  ]),
);

describe('entity tagger', () => {
  const tagger = EntityTagger.train(examples, { epochs: 5, seed: 1 });

  it('finds a title and a city it never saw by the words around them', () => {
    const { text, spans } = tagged("I'd like to watch [Wish You Were Dead](movie) in [Kyoto](city)");
    expect(tagger.tag(text)).toEqual(spans);
    expect(tagger.labels).toEqual(['city', 'movie']);
  });

  it('turns a message into its template, with one word per entity', () => {
    expect(tagger.template('when is Apocalypse Now showing tonight')).toEqual([
      'when',
      'is',
      '<movie>',
      'showing',
      'tonight',
    ]);
  });

  it('tags nothing in a message without entities, and nothing in an empty one', () => {
    expect(tagger.tag('thank you so much')).toEqual([]);
    expect(tagger.tag('')).toEqual([]);
  });

  it('is deterministic for the same phrases and seed', () => {
    const again = EntityTagger.train(examples, { epochs: 5, seed: 1 });
    expect(Array.from(again.parts.weights)).toEqual(Array.from(tagger.parts.weights));
  });
});
