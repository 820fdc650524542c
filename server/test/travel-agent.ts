/**
 * A small travel agent built through the designer's routes (a city entity; greeting, book_flight
 * with a required city, booking_status), for tests that need a trained NLP agent.
 */
export const TRAVEL_OUT_OF_SCOPE = 'Sorry, I can only help with flights.';
export const TRAVEL_CITY_PROMPTS = ['Which city would you like to fly to?', 'Please tell me the destination city'];

type Ok = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  token?: string,
) => Promise<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

let sequence = 0;

export async function createTravelAgentShell(
  ok: Ok,
  token: string,
  config: Partial<{ modelType: string; openaiKey: string | null; confidenceThreshold: number }> = {},
) {
  sequence += 1;
  const agent = await ok(
    'POST',
    '/api/agents',
    { name: `NLU agent ${sequence}`, description: 'Travel help', type: 'nlp' },
    token,
  );
  await ok(
    'PUT',
    `/api/agents/${agent.id}/config`,
    {
      entityExtractRetries: 2,
      outOfScopeMessage: TRAVEL_OUT_OF_SCOPE,
      modelType: config.modelType ?? 'SVM',
      confidenceThreshold: config.confidenceThreshold ?? 0.4,
      language: 'en',
      openaiKey: config.openaiKey ?? null,
    },
    token,
  );
  return agent.id as string;
}

export async function buildTravelAgent(
  ok: Ok,
  token: string,
  config: Parameters<typeof createTravelAgentShell>[2] = {},
) {
  const agentId = await createTravelAgentShell(ok, token, config);
  const city = await ok(
    'POST',
    `/api/agents/${agentId}/entities`,
    {
      name: 'city',
      values: [
        { value: 'Delhi', type: 'synonyms', synonyms: ['Delhi', 'New Delhi', 'Dilli'] },
        { value: 'Mumbai', type: 'synonyms', synonyms: ['Mumbai', 'Bombay'] },
        { value: 'Chennai', type: 'synonyms', synonyms: ['Chennai', 'Madras'] },
      ],
    },
    token,
  );
  const story = await ok('POST', `/api/agents/${agentId}/stories`, { name: 'Travel' }, token);
  const intents = `/api/agents/${agentId}/stories/${story.id}/intents`;
  const phrase = (utterance: string) => ({ utterance });
  await ok(
    'POST',
    intents,
    {
      name: 'greeting',
      utterances: ['hello', 'hi there', 'good morning', 'hey, how are you', 'hello bot', 'hi'].map(phrase),
      responses: [{ response: 'Hello! How can I help you today?' }],
      entities: [],
    },
    token,
  );
  await ok(
    'POST',
    intents,
    {
      name: 'book_flight',
      utterances: [
        {
          utterance: 'book a flight to Delhi',
          entityRefs: [{ entityId: city.id, parameter: 'city', entityStartPos: 17, entityEndPos: 22 }],
        },
        {
          utterance: 'I want to fly to Mumbai',
          entityRefs: [{ entityId: city.id, parameter: 'city', entityStartPos: 17, entityEndPos: 23 }],
        },
        phrase('I want to book a flight'),
        phrase('reserve a flight for me'),
        phrase('book me a plane ticket'),
        phrase('I need a flight ticket'),
      ],
      responses: [{ response: 'Booking a flight to **$city**.' }],
      entities: [{ name: 'city', entityId: city.id, required: true, value: '$city', prompts: TRAVEL_CITY_PROMPTS }],
    },
    token,
  );
  await ok(
    'POST',
    intents,
    {
      name: 'booking_status',
      utterances: [
        'what is my booking status',
        'check my booking',
        'is my booking confirmed',
        'status of my reservation',
        'has my reservation been confirmed',
      ].map(phrase),
      responses: [{ response: 'Your booking is confirmed.' }],
      entities: [],
    },
    token,
  );
  return { agentId, cityId: city.id as string, storyId: story.id as string };
}

/** Waits until the agent's training has finished (the job runner trains in the background). */
export async function waitForTraining(ok: Ok, agentId: string, token: string) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    const state = await ok('GET', `/api/agents/${agentId}/training`, undefined, token);
    if (state.trainingStatus !== 'training') return state;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('training did not finish');
}
