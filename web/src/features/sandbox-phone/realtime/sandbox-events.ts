import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { RealtimeClient } from '../../../lib/realtime-client';
import { sandboxPhoneKeys } from '../api/sandbox-phone-keys';

export const SANDBOX_UPDATED_EVENT = 'sandbox.updated';

const payload = z.object({ channelId: z.string(), phone: z.string().optional() });

/**
 * 'sandbox.updated' says a number of a Sandbox channel received something, changed a status or
 * replied: the channel's number list and that number's thread are asked again. Without a number
 * (a broadcast's batch moved many), every list and thread of the channel is.
 */
export function subscribeSandboxEvents(realtime: Pick<RealtimeClient, 'on'>, queryClient: QueryClient): () => void {
  return realtime.on(SANDBOX_UPDATED_EVENT, (event) => {
    const parsed = payload.safeParse(event.payload);
    if (!parsed.success) return;
    const { channelId, phone } = parsed.data;
    if (phone === undefined) {
      void queryClient.invalidateQueries({ queryKey: sandboxPhoneKeys.channel(channelId) });
      return;
    }
    void queryClient.invalidateQueries({ queryKey: sandboxPhoneKeys.conversations(channelId) });
    void queryClient.invalidateQueries({ queryKey: sandboxPhoneKeys.thread(channelId, phone) });
  });
}
