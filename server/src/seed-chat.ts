import { defaultWorkingHours } from '@parley/contracts/conversations';
import type { Tx } from './db/client';
import { chatAgents, chatConfigs, quickReplies } from './db/schema/conversations';
import { departmentUsers, departments } from './db/schema/enterprise-admin';

/**
 * First start: the Sandbox channel's chats are answered by the demo travel assistant, and a
 * request for a person goes to the Customer Care queue, where the demo admin and the demo agent
 * work with a few quick replies. So a newcomer writes 'hi' on the Sandbox phone, gets the bot's
 * answer, writes 'talk to an agent' and finds the chat waiting under Chat → Conversations.
 */
export async function seedDemoChat(
  tx: Tx,
  input: { enterpriseId: string; channelId: string; botAgentId: string | null; agentUserIds: string[] },
) {
  const [department] = await tx
    .insert(departments)
    .values({
      enterpriseId: input.enterpriseId,
      name: 'Customer Care',
      description: 'Answers the customers the bot hands over',
    })
    .returning({ id: departments.id });
  if (input.agentUserIds.length > 0)
    await tx.insert(departmentUsers).values(
      input.agentUserIds.map((userId) => ({
        departmentId: department!.id,
        userId,
        enterpriseId: input.enterpriseId,
      })),
    );
  await tx.insert(chatConfigs).values({
    channelId: input.channelId,
    enterpriseId: input.enterpriseId,
    botAgentId: input.botAgentId,
    departmentId: department!.id,
    workingHours: defaultWorkingHours,
    outOfHoursMessage: 'Thank you for writing. Our team is away now and will answer from 9 am.',
    inactivityMinutes: 30,
    missedMessage: 'Sorry, nobody could answer you this time. We will get back to you soon.',
    handoffKeywords: ['human', 'representative', 'customer care'],
    offerAgentButton: true,
    handoffAfterMisses: 2,
  });
  await tx
    .insert(chatAgents)
    .values(input.agentUserIds.map((userId) => ({ userId, enterpriseId: input.enterpriseId, capacity: 5 })));
  await tx.insert(quickReplies).values([
    { enterpriseId: input.enterpriseId, shortcut: 'hello', text: 'Hello! I am here to help. What can I do for you?' },
    { enterpriseId: input.enterpriseId, shortcut: 'wait', text: 'Thank you for waiting. Let me check that for you.' },
    {
      enterpriseId: input.enterpriseId,
      shortcut: 'bye',
      text: 'Is there anything else I can help you with? Have a good day!',
    },
  ]);
  return { departmentId: department!.id };
}
