import { intentBody, type IntentBody } from '@parley/contracts/agent-stories';
import { entityBody, type EntityBody } from '@parley/contracts/agent-entities';
import { defaultAgentConfig } from '@parley/contracts/agents';
import type { Db } from './db/client';
import { agentEntities, agentIntents, agentStories, agents } from './db/schema/agents';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const cityEntity: EntityBody = {
  name: 'city',
  values: [
    { value: 'Delhi', type: 'synonyms', synonyms: ['Delhi', 'New Delhi', 'Dilli'] },
    { value: 'Mumbai', type: 'synonyms', synonyms: ['Mumbai', 'Bombay'] },
    { value: 'Bengaluru', type: 'synonyms', synonyms: ['Bengaluru', 'Bangalore'] },
    { value: 'Chennai', type: 'synonyms', synonyms: ['Chennai', 'Madras'] },
  ],
};
const bookingRefEntity: EntityBody = {
  name: 'booking_ref',
  values: [{ value: 'PNR', type: 'pattern', pattern: '\\b[A-Z0-9]{6}\\b' }],
};

function tagged(utterance: string, text: string, entityId: string, parameter: string) {
  const start = utterance.indexOf(text);
  return {
    utterance,
    entityRefs: [{ entityId, parameter, entityStartPos: start, entityEndPos: start + text.length }],
  };
}

/**
 * Demo data of the agent designer: an NLP travel assistant with stories, intents, tagged entities
 * and prompts, and a prompt-based support agent. Every row passes the same schemas as the API.
 */
export async function seedDemoAgents(
  tx: Tx,
  enterpriseId: string,
  createdBy: string,
): Promise<{ nlpAgentIds: string[]; promptAgentId: string }> {
  const [travel] = await tx
    .insert(agents)
    .values({
      enterpriseId,
      createdBy,
      name: 'Demo Travel Assistant',
      description: 'Answers greetings, books flights and checks booking status for Demo Airways customers.',
      type: 'nlp',
      outOfScopeMessage: 'Sorry, I can help with flights and bookings only. Could you say it another way?',
      modelType: 'SVM',
      confidenceThreshold: defaultAgentConfig.confidenceThreshold,
      entityExtractRetries: 2,
      language: 'en',
    })
    .returning({ id: agents.id });
  const agentId = travel!.id;

  const [city, bookingRef] = await tx
    .insert(agentEntities)
    .values(
      [cityEntity, bookingRefEntity].map((entity) => {
        const parsed = entityBody.parse(entity);
        return { enterpriseId, agentId, name: parsed.name, values: parsed.values };
      }),
    )
    .returning({ id: agentEntities.id });

  const [greetings, flights] = await tx
    .insert(agentStories)
    .values([
      { enterpriseId, agentId, name: 'Greetings' },
      { enterpriseId, agentId, name: 'Flights' },
    ])
    .returning({ id: agentStories.id });
  const [booking] = await tx
    .insert(agentStories)
    .values({ enterpriseId, agentId, name: 'Booking', parentId: flights!.id })
    .returning({ id: agentStories.id });

  const intents: { storyId: string; body: IntentBody }[] = [
    {
      storyId: greetings!.id,
      body: {
        name: 'greet',
        utterances: ['hi', 'hello there', 'good morning', 'hey, anyone around?', 'namaste'].map((utterance) => ({
          utterance,
        })),
        responses: [{ response: 'Hello! I am the **Demo Airways** assistant. I can book flights and check bookings.' }],
      },
    },
    {
      storyId: greetings!.id,
      body: {
        name: 'goodbye',
        utterances: ['bye', 'thanks, that is all', 'see you later', 'goodbye'].map((utterance) => ({ utterance })),
        responses: [{ response: 'Thank you for flying with Demo Airways. Have a great day!' }],
      },
    },
    {
      storyId: greetings!.id,
      body: {
        name: 'human_help',
        utterances: [
          'I need a human',
          'can I speak to someone from customer care',
          'connect me to a real person',
          'this bot is not helping, I want a person',
          'call me back please',
        ].map((utterance) => ({ utterance })),
        responses: [{ response: 'Of course. I am passing you to our customer care team.' }],
        // On a channel the bot answers, then hands the customer to the channel's department.
        handoff: true,
      },
    },
    {
      storyId: booking!.id,
      body: {
        name: 'book_flight',
        utterances: [
          tagged('book a flight to Delhi', 'Delhi', city!.id, 'city'),
          tagged('I want to fly to Mumbai tomorrow', 'Mumbai', city!.id, 'city'),
          tagged('need a ticket for Bangalore', 'Bangalore', city!.id, 'city'),
          { utterance: 'book me a flight' },
        ],
        // The date and time, when given, on a line of their own (empty when not given).
        responses: [{ response: 'Great, I will look for flights to **$city**.\n\n$date $time' }],
        entities: [
          {
            name: 'city',
            entityId: city!.id,
            required: true,
            value: '$city',
            prompts: ['Which city would you like to fly to?', 'Where are you flying to?'],
          },
          // Optional system-entity parameters: "book a flight to Mumbai on 15/2 at 3 o'clock pm".
          { name: 'date', entityId: 'sys.date', required: false, value: '$date', prompts: ['Which day?'] },
          { name: 'time', entityId: 'sys.time', required: false, value: '$time', prompts: ['At what time?'] },
        ],
      },
    },
    {
      storyId: booking!.id,
      body: {
        name: 'booking_status',
        utterances: [
          tagged('what is the status of booking AB12CD', 'AB12CD', bookingRef!.id, 'pnr'),
          { utterance: 'check my booking status' },
          tagged('is PNR XY34ZT confirmed?', 'XY34ZT', bookingRef!.id, 'pnr'),
        ],
        responses: [{ response: 'Booking **$pnr** is confirmed. You will get your boarding pass by SMS.' }],
        entities: [
          {
            name: 'pnr',
            entityId: bookingRef!.id,
            required: true,
            value: '$pnr',
            prompts: ['Please share your 6-character booking reference (PNR).'],
          },
        ],
      },
    },
  ];
  for (const { storyId, body } of intents) {
    const parsed = intentBody.parse(body);
    await tx.insert(agentIntents).values({
      enterpriseId,
      agentId,
      storyId,
      name: parsed.name,
      utterances: parsed.utterances.map((row) => ({ ...row, entityDefined: row.entityRefs.length > 0 })),
      responses: parsed.responses,
      parameters: parsed.entities,
      entityIds: [...new Set(parsed.entities.map((parameter) => parameter.entityId))],
      handoff: parsed.handoff,
    });
  }

  const [concierge] = await tx
    .insert(agents)
    .values({
      enterpriseId,
      createdBy,
      name: 'Support Concierge',
      description: 'A prompt-based agent that answers questions about orders and returns from its knowledge base.',
      type: 'prompt',
      outOfScopeMessage: defaultAgentConfig.outOfScopeMessage,
      promptConfig: {
        openaiKey: null,
        prompt:
          'You are the polite support concierge of Demo Enterprise. Answer questions about orders, deliveries and returns in two or three sentences. If you do not know, offer to connect the customer with a person.',
        extractData: true,
        userData: [
          { name: 'order_id', description: 'The order number the customer asks about' },
          { name: 'email', description: 'Email address to send the answer to' },
        ],
      },
    })
    .returning({ id: agents.id });
  return { nlpAgentIds: [agentId], promptAgentId: concierge!.id };
}
