import { QueryClient } from '@tanstack/react-query';
import { fakeRealtime } from '../../../test/fake-realtime';
import { customersKeys } from '../api/customers-keys';
import { subscribeCustomerEvents } from './customer-events';

describe('subscribeCustomerEvents', () => {
  function setup() {
    const realtime = fakeRealtime();
    const queryClient = new QueryClient();
    const list = customersKeys.customerList({ from: 0, perPage: 10 });
    for (const key of [customersKeys.segmentList(''), list, customersKeys.fields(), customersKeys.groupList('')])
      queryClient.setQueryData(key, { any: true });
    const unsubscribe = subscribeCustomerEvents(realtime, queryClient);
    const send = (state: string) => realtime.emit('customerUpload.progress', { id: 'upload-1', state, progress: 40 });
    const invalid = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    return { listeners: realtime.listeners, list, unsubscribe, send, invalid };
  }

  it('refreshes the segment counts and the customer lists when an import finishes', () => {
    const { list, send, invalid, unsubscribe, listeners } = setup();
    send('COMPLETED');
    expect(invalid(customersKeys.segmentList(''))).toBe(true);
    expect(invalid(list)).toBe(true);
    // Definitions and groups did not change.
    expect(invalid(customersKeys.fields())).toBe(false);
    expect(invalid(customersKeys.groupList(''))).toBe(false);
    unsubscribe();
    expect(listeners.size).toBe(0);
  });

  it('leaves the lists alone while an import runs', () => {
    const { list, send, invalid } = setup();
    send('WAITING');
    expect(invalid(customersKeys.segmentList(''))).toBe(false);
    expect(invalid(list)).toBe(false);
    send('ERROR');
    expect(invalid(list)).toBe(true);
  });
});
