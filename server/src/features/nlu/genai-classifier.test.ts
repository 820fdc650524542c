import { describe, expect, it } from 'vitest';
import type { ModelIntentRow } from '../../db/schema/nlu';
import { classificationPrompt, nearestPhrase, parseJsonAnswer } from './genai-classifier';

describe('GenAI classifier helpers', () => {
  it('reads JSON from fenced or chatty answers', () => {
    expect(parseJsonAnswer('{"intent":"greet","confidence":0.9}')).toEqual({ intent: 'greet', confidence: 0.9 });
    expect(parseJsonAnswer('```json\n{"intent": "greet"}\n```')).toEqual({ intent: 'greet' });
    expect(parseJsonAnswer('Sure! Here it is: {"intent": "bye", "confidence": 1} Hope it helps.')).toEqual({
      intent: 'bye',
      confidence: 1,
    });
    expect(parseJsonAnswer('["a", "b"]')).toEqual(['a', 'b']);
    expect(parseJsonAnswer('no json here')).toBeUndefined();
  });

  it('picks the phrase sharing the most words', () => {
    expect(nearestPhrase('book a flight please', ['hello', 'book a flight', 'cancel my flight'])).toBe('book a flight');
    expect(nearestPhrase('anything', [])).toBeNull();
  });

  it('lists every intent, with fewer examples when the agent is big', () => {
    const small: ModelIntentRow[] = [{ name: 'greet', responses: [], parameters: [], phrases: ['hi', 'hello'] }];
    const prompt = classificationPrompt(small, 'hey');
    expect(prompt[1]!.content).toContain('"greet": "hi", "hello"');
    expect(prompt[1]!.content).toContain('Message: "hey"');
    const big: ModelIntentRow[] = Array.from({ length: 300 }, (_, i) => ({
      name: `intent_${i}`,
      responses: [],
      parameters: [],
      phrases: Array.from({ length: 10 }, (_, j) => `a fairly long example phrase number ${j} of intent ${i}`),
    }));
    const shortened = classificationPrompt(big, 'hey')[1]!.content;
    expect(shortened.length).toBeLessThan(13_000);
    expect(shortened).toContain('intent_0');
  });
});
