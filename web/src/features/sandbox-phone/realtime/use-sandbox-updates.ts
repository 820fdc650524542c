import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeClient } from '../../../lib/realtime-client';
import { subscribeSandboxEvents } from './sandbox-events';

/** The part of the console's websocket the Sandbox phone uses (tests pass a fake). */
export type SandboxRealtime = Pick<RealtimeClient, 'on' | 'isConnected'>;

const CONNECTION_CHECK_MS = 1000;

/**
 * Follows 'sandbox.updated' while the phone is open, and answers whether the websocket is up:
 * when it is not, the phone's queries poll instead.
 */
export function useSandboxUpdates(realtime: SandboxRealtime): { live: boolean } {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(() => realtime.isConnected());
  useEffect(() => subscribeSandboxEvents(realtime, queryClient), [realtime, queryClient]);
  useEffect(() => {
    const check = () => setLive(realtime.isConnected());
    check();
    const timer = setInterval(check, CONNECTION_CHECK_MS);
    return () => clearInterval(timer);
  }, [realtime]);
  return { live };
}
