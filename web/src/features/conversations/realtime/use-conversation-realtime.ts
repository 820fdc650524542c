import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { conversationTopics } from '@parley/contracts/conversations';
import {
  subscribeConversationEvents,
  type AgentEventHandlers,
  type ConversationsRealtime,
} from './conversation-events';

/**
 * Watches the caller's queues (AgentSelf.topics) and the open conversation, and keeps the cache in
 * step with their events while the console is shown.
 */
export function useConversationRealtime(
  realtime: ConversationsRealtime,
  topics: readonly string[] | undefined,
  openId: string | undefined,
  handlers: AgentEventHandlers,
): void {
  const queryClient = useQueryClient();
  // The latest handlers without re-subscribing on every render.
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  useEffect(
    () =>
      subscribeConversationEvents(realtime, queryClient, {
        onChatRemoved: (id) => handlersRef.current.onChatRemoved(id),
      }),
    [realtime, queryClient],
  );
  const topicKey = (topics ?? []).join('\n');
  useEffect(() => {
    if (!topicKey) return undefined;
    return realtime.subscribe(topicKey.split('\n'));
  }, [realtime, topicKey]);
  useEffect(() => {
    if (!openId) return undefined;
    return realtime.subscribe([conversationTopics.conversation(openId)]);
  }, [realtime, openId]);
}
