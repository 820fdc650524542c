import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeClient } from '../../../lib/realtime-client';
import { customersKeys } from '../api/customers-keys';

/** The state of a 'customerUpload.progress' payload (an upload record), read without its schema. */
function uploadState(payload: unknown): unknown {
  return payload && typeof payload === 'object' && 'state' in payload ? payload.state : undefined;
}

/**
 * A finished CSV import (COMPLETED or ERROR, from any tab or operator) changed customers and the
 * segment counts: the segments panel and the customer lists ask again. Progress events of a running
 * import do not, so an open Customers page does not reload every batch. Loaded with the shell, so it
 * reads the payload by hand instead of importing the customer-master contracts.
 */
export function subscribeCustomerEvents(realtime: Pick<RealtimeClient, 'on'>, queryClient: QueryClient): () => void {
  return realtime.on('customerUpload.progress', (event) => {
    const state = uploadState(event.payload);
    if (state !== 'COMPLETED' && state !== 'ERROR') return;
    void queryClient.invalidateQueries({ queryKey: customersKeys.segments() });
    void queryClient.invalidateQueries({ queryKey: customersKeys.customers() });
  });
}
