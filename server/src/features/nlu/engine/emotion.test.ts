import { readFileSync } from 'node:fs';
import { emotions, type Emotion } from '@parley/contracts/nlu';
import { describe, expect, it } from 'vitest';
import { classifyEmotion, explainEmotion } from './emotion';

interface Labelled {
  text: string;
  emotion: Emotion;
  split: 'dev' | 'test';
}
const labelled = (
  JSON.parse(readFileSync(new URL('../../../../test-data/emotions.json', import.meta.url), 'utf8')) as {
    messages: Labelled[];
  }
).messages;

describe('emotion', () => {
  it('has a labelled set of at least 10 messages for each of the 28 emotions', () => {
    for (const emotion of emotions) {
      expect(labelled.filter((row) => row.emotion === emotion).length, emotion).toBeGreaterThanOrEqual(10);
      expect(labelled.filter((row) => row.emotion === emotion && row.split === 'test').length).toBeGreaterThanOrEqual(
        6,
      );
    }
    expect(labelled.every((row) => (emotions as readonly string[]).includes(row.emotion))).toBe(true);
  });

  const accuracy = (split: Labelled['split']) => {
    const rows = labelled.filter((row) => row.split === split);
    return rows.filter((row) => classifyEmotion(row.text) === row.emotion).length / rows.length;
  };

  it('reaches the documented accuracy on the held-out test split (docs/nlu-emotion.md)', () => {
    // Measured 0.821 (138 of 168); the test split was never used to change the lexicon.
    expect(accuracy('test')).toBeGreaterThanOrEqual(0.8);
  });

  it('keeps its accuracy on the development split', () => {
    // Measured 0.864 held out at first, 0.945 after the lexicon fixes it informed.
    expect(accuracy('dev')).toBeGreaterThanOrEqual(0.93);
  });

  it('defaults to neutral and always answers one of the 28 labels', () => {
    expect(classifyEmotion('')).toBe('neutral');
    expect(classifyEmotion('Where is order 4521?')).toBe('neutral');
    for (const text of ['😀', '!!!', 'a'.repeat(5000), 'मेरा ऑर्डर कहाँ है', 'NOT SURE'])
      expect(emotions).toContain(classifyEmotion(text));
  });

  it('handles negation, intensifiers and contrast', () => {
    expect(classifyEmotion('I am so happy today')).toBe('joy');
    expect(classifyEmotion('I am not happy with the service')).toBe('disappointment');
    expect(classifyEmotion('Main khush nahi hoon')).toBe('disappointment');
    expect(classifyEmotion("I don't agree with this charge")).toBe('disapproval');
    expect(classifyEmotion('I am not angry, just asking')).not.toBe('anger');
    expect(classifyEmotion('Thanks, but the app is still not working')).toBe('annoyance');
    const plain = explainEmotion('I am worried').scores.nervousness!;
    expect(explainEmotion('I am very worried').scores.nervousness).toBeGreaterThan(plain);
  });

  it('explains its choice', () => {
    const explained = explainEmotion('Thank you so much 🙏');
    expect(explained.emotion).toBe('gratitude');
    expect(explained.cues.map((cue) => cue.emotion)).toContain('gratitude');
  });
});
