import { defaultWorkingHours, type ChatAgent, type ChatConfig, type QuickReply } from '@parley/contracts/conversations';

export const uuid = (n: number) => `7c7c0000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const CHANNEL = uuid(1);
export const BOT = uuid(20);
export const DEPT = uuid(90);

export function chatConfig(overrides: Partial<ChatConfig> = {}): ChatConfig {
  return {
    channelId: CHANNEL,
    channelName: 'Support WhatsApp',
    channelType: 4,
    botAgentId: null,
    botAgentName: null,
    departmentId: null,
    departmentName: null,
    timezone: 'Asia/Kolkata',
    workingHours: defaultWorkingHours,
    outOfHoursMessage: '',
    inactivityMinutes: 30,
    missedMessage: '',
    handoffMessage: 'Thank you. A member of our team will be with you shortly.',
    handoffKeywords: [],
    offerAgentButton: true,
    handoffAfterMisses: 2,
    updatedAt: null,
    ...overrides,
  };
}

export const botsAnswer = {
  agents: [
    {
      id: BOT,
      name: 'Helpdesk bot',
      description: '',
      type: 'nlp',
      trainingStatus: 'trained',
      trainingMessage: null,
      trainedAt: null,
      createdAt: '2026-11-01T00:00:00Z',
      updatedAt: '2026-11-01T00:00:00Z',
    },
  ],
  more: false,
};

export const departmentsAnswer = {
  departments: [
    {
      id: DEPT,
      name: 'Sales',
      desc: '',
      manager: null,
      managerName: null,
      userCount: 2,
      createdAt: '2026-11-01T00:00:00Z',
    },
  ],
  more: false,
};

export function chatAgent(overrides: Partial<ChatAgent> = {}): ChatAgent {
  return {
    userId: uuid(40),
    name: 'Asha Rao',
    email: 'asha@example.com',
    status: 'online',
    capacity: 3,
    openChats: 1,
    departmentIds: [DEPT],
    ...overrides,
  };
}

export function quickReply(overrides: Partial<QuickReply> = {}): QuickReply {
  return {
    id: uuid(60),
    shortcut: 'hello',
    text: 'Hello! How can I help you today?',
    updatedAt: '2026-11-20T09:00:00Z',
    ...overrides,
  };
}
