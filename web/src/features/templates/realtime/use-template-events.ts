import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeClient } from '../../../lib/realtime-client';
import { subscribeTemplateEvents } from './template-events';

/** The part of the console's websocket the templates pages use (tests pass a fake). */
export type TemplatesRealtime = Pick<RealtimeClient, 'on'>;

/** Follows 'template.status' while a templates page is open. */
export function useTemplateEvents(realtime: TemplatesRealtime | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => (realtime ? subscribeTemplateEvents(realtime, queryClient) : undefined), [realtime, queryClient]);
}
