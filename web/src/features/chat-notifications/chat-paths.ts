/** Where a chat opens (platform §2.1: /chat/conversation; the chat's id last). */
export const chatConversationPath = (conversationId: string) => `/chat/conversation/${conversationId}`;
