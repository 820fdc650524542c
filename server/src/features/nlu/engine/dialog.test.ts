import { describe, expect, it } from 'vitest';
import { dialogTurn, newConversation } from './dialog';
import { createEntityExtractor } from './entity-extractor';
import type { ConversationState, CustomEntityDef, IntentDialog, IntentScore } from './types';

const city: CustomEntityDef = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'city',
  values: [
    { value: 'New Delhi', type: 'synonyms', synonyms: ['delhi'], pattern: [] },
    { value: 'Mumbai', type: 'synonyms', synonyms: ['bombay'], pattern: [] },
  ],
};
const extractor = createEntityExtractor([city], { language: 'en', now: () => new Date('2026-11-21T06:00:00Z') });

const bookFlight: IntentDialog = {
  name: 'book_flight',
  responses: ['Booked $count seat(s) from $from to $to ($to.original) on $date $class. Ref $unknown'],
  parameters: [
    {
      name: 'from',
      entityId: city.id,
      required: true,
      value: '$from',
      prompts: ['Flying from where?', 'Which city do you leave from?'],
    },
    { name: 'to', entityId: city.id, required: true, value: '$to', prompts: ['Where to?'] },
    {
      name: 'date',
      entityId: 'sys.date',
      required: true,
      value: '$date',
      prompts: ['Which day?', 'On what date?', 'Give me the date, please.'],
    },
    { name: 'count', entityId: 'sys.number', required: false, value: '1', prompts: [] },
    { name: 'class', entityId: 'sys.ordinal', required: false, value: '$class', prompts: [] },
  ],
};
const greet: IntentDialog = { name: 'greet', responses: ['Hello!', 'Hi there!'], parameters: [] };
const dialogs = new Map([
  [bookFlight.name, bookFlight],
  [greet.name, greet],
]);

const rank = (intent: string, confidence: number): IntentScore[] => [
  { intent, confidence, utterance: `a ${intent} phrase` },
  { intent: intent === 'greet' ? 'book_flight' : 'greet', confidence: (1 - confidence) / 2, utterance: null },
];

const turn = (state: ConversationState, text: string, ranking: IntentScore[], retries = 3) =>
  dialogTurn({
    state,
    text,
    ranking,
    threshold: 0.5,
    dialogs,
    extractor,
    retries,
    outOfScopeMessage: "Sorry, I didn't get that.",
  });

describe('dialog', () => {
  it('fills parameters from the first message and answers with the response', () => {
    const result = turn(newConversation(), 'Book 2 seats from Delhi to bombay on 25 Nov', rank('book_flight', 0.9));
    expect(result.reply).toBe('Booked 2 seat(s) from New Delhi to Mumbai (bombay) on 2026-11-25. Ref $unknown');
    expect(result.intentIdentified).toBe(true);
    expect(result.awaitingParameter).toBeNull();
    expect(result.state).toEqual({ pending: null, turns: 1 });
    expect(result.parameters.map((row) => [row.parameter, row.value])).toEqual([
      ['from', 'New Delhi'],
      ['to', 'Mumbai'],
      ['date', '2026-11-25'],
      ['count', '2'],
    ]);
  });

  it('asks for a missing parameter, re-prompts with the next prompt, then fills it into the response', () => {
    let result = turn(newConversation(), 'I want a flight from Delhi to Mumbai', rank('book_flight', 0.8));
    expect(result.reply).toBe('Which day?');
    expect(result.awaitingParameter).toBe('date');
    expect(result.parameters.map((row) => row.parameter)).toEqual(['from', 'to']);

    result = turn(result.state, 'hmm not sure', rank('book_flight', 0.3));
    expect(result.reply).toBe('On what date?');
    expect(result.intentIdentified).toBe(true);
    expect(result.intent).toBe('book_flight');
    expect(result.state.pending?.attempts).toBe(1);

    result = turn(result.state, 'tomorrow', rank('greet', 0.2));
    expect(result.reply).toBe('Booked 1 seat(s) from New Delhi to Mumbai (Mumbai) on 2026-11-22. Ref $unknown');
    // Reported with the confidence the intent was recognised with, not the score of 'tomorrow'.
    expect(result).toMatchObject({ intent: 'book_flight', confidence: 0.8, utterance: 'a book_flight phrase' });
    expect(result.awaitingParameter).toBeNull();
    expect(result.state).toEqual({ pending: null, turns: 3 });
    expect(result.parameters.find((row) => row.parameter === 'date')).toEqual({
      parameter: 'date',
      entityId: 'sys.date',
      value: '2026-11-22',
      text: 'tomorrow',
    });
  });

  it('asks the two parameters of one entity in turn, each with its own prompt', () => {
    let result = turn(newConversation(), 'book a flight', rank('book_flight', 0.9));
    expect(result.reply).toBe('Flying from where?');
    result = turn(result.state, 'Delhi', rank('book_flight', 0.1));
    expect(result.reply).toBe('Where to?');
    expect(result.awaitingParameter).toBe('to');
    result = turn(result.state, 'to Bombay on 1 Dec', rank('book_flight', 0.4));
    expect(result.reply).toBe('Booked 1 seat(s) from New Delhi to Mumbai (Bombay) on 2026-12-01. Ref $unknown');
  });

  it('gives up after the retries with the out-of-scope message', () => {
    let result = turn(newConversation(), 'flight from delhi to mumbai', rank('book_flight', 0.9), 2);
    expect(result.reply).toBe('Which day?');
    result = turn(result.state, 'whenever', rank('book_flight', 0.2), 2);
    expect(result.reply).toBe('On what date?');
    result = turn(result.state, 'dunno', rank('book_flight', 0.2), 2);
    expect(result.reply).toBe("Sorry, I didn't get that.");
    expect(result.intentIdentified).toBe(false);
    expect(result.state).toEqual({ pending: null, turns: 3 });
    expect(result.awaitingParameter).toBeNull();
  });

  it('switches to another intent that the user confidently asks for while a parameter is pending', () => {
    let result = turn(newConversation(), 'flight from delhi to mumbai', rank('book_flight', 0.9));
    result = turn(result.state, 'hello there', rank('greet', 0.95));
    expect(result.intent).toBe('greet');
    expect(result.intentIdentified).toBe(true);
    expect(result.state.pending).toBeNull();
    expect(result.reply).toBe('Hi there!'); // responses rotate with the turn count
  });

  it('answers below the threshold with the out-of-scope message (weak understanding)', () => {
    const result = turn(newConversation(), 'what is the meaning of life', rank('greet', 0.31));
    expect(result.reply).toBe("Sorry, I didn't get that.");
    expect(result.intentIdentified).toBe(false);
    expect(result.intent).toBe('greet');
    expect(result.confidence).toBe(0.31);
    expect(result.state.turns).toBe(1);
    expect(turn(newConversation(), 'anything', []).intent).toBeNull();
  });

  /** The reply of a new conversation to `text`, recognised as the dialog's intent. */
  const firstAnswer = (dialog: IntentDialog, text: string) =>
    dialogTurn({
      state: newConversation(),
      text,
      ranking: [{ intent: dialog.name, confidence: 0.9, utterance: null }],
      threshold: 0.5,
      dialogs: new Map([[dialog.name, dialog]]),
      extractor,
      retries: 2,
      outOfScopeMessage: 'oos',
    }).reply;

  it('drops empty optional parameters tidily', () => {
    const dialog: IntentDialog = {
      name: 'refund',
      responses: ['Refund of $amount  started $when. Thanks!'],
      parameters: [
        { name: 'amount', entityId: 'sys.amount', required: true, value: '$amount', prompts: ['How much?'] },
        { name: 'when', entityId: 'sys.date', required: false, value: '$when', prompts: [] },
      ],
    };
    expect(firstAnswer(dialog, 'refund ₹500')).toBe('Refund of 500 INR started. Thanks!');
  });

  it('leaves no blank line behind when the last line held only empty optional parameters', () => {
    const dialog: IntentDialog = {
      name: 'book',
      responses: ['Your flight is booked.\n\n$date $time'],
      parameters: [
        { name: 'date', entityId: 'sys.date', required: false, value: '$date', prompts: [] },
        { name: 'time', entityId: 'sys.time', required: false, value: '$time', prompts: [] },
      ],
    };
    expect(firstAnswer(dialog, 'book it')).toBe('Your flight is booked.');
  });
});
