import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeClient } from '../../../lib/realtime-client';
import { subscribeBroadcastEvents } from './broadcast-events';

/** The part of the console's websocket the broadcast pages use (tests pass a fake). */
export type BroadcastsRealtime = Pick<RealtimeClient, 'on' | 'isConnected'>;

const CONNECTION_CHECK_MS = 1000;

/**
 * Follows 'broadcast.progress' while a broadcast page is open, and answers whether the websocket
 * is up: when it is not, the page's queries poll instead.
 */
export function useBroadcastEvents(realtime: BroadcastsRealtime): { live: boolean } {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(() => realtime.isConnected());
  useEffect(() => subscribeBroadcastEvents(realtime, queryClient), [realtime, queryClient]);
  useEffect(() => {
    const check = () => setLive(realtime.isConnected());
    check();
    const timer = setInterval(check, CONNECTION_CHECK_MS);
    return () => clearInterval(timer);
  }, [realtime]);
  return { live };
}
