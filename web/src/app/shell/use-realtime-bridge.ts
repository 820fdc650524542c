import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { subscribeAccountEvents } from '../../features/account/realtime/account-events';
import { subscribeAgentEvents } from '../../features/agents/realtime/agent-events';
import { subscribeCampaignEvents } from '../../features/campaigns/realtime/campaign-events';
import { subscribeCustomerEvents } from '../../features/customers/realtime/customer-events';
import { subscribeOutboxEvents } from '../../features/outbox/realtime/outbox-events';
import { showToast } from '../../lib/toast';
import { addSessionEndListener } from '../../lib/session-end';
import { realtime } from './realtime-connection';

function noticeText(payload: unknown): string | null {
  if (payload && typeof payload === 'object' && 'message' in payload && typeof payload.message === 'string') {
    return payload.message;
  }
  return null;
}

/** Opens the websocket while the console is shown and routes its events into the query cache. */
export function useRealtimeBridge(signedIn: boolean, queryClient: QueryClient): void {
  useEffect(() => {
    if (!signedIn) return;
    const unsubscribers = [
      subscribeAccountEvents(realtime, queryClient),
      subscribeOutboxEvents(realtime, queryClient),
      subscribeAgentEvents(realtime, queryClient),
      subscribeCustomerEvents(realtime, queryClient),
      subscribeCampaignEvents(realtime, queryClient),
      addSessionEndListener(() => realtime.stop()),
      realtime.on('system.notice', (event) => {
        const text = noticeText(event.payload);
        if (text) showToast(text, { tone: 'info' });
      }),
    ];
    realtime.start();
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
      realtime.stop();
    };
  }, [signedIn, queryClient]);
}
