import { QueryClient } from '@tanstack/react-query';
import type { CustomerUpload } from '@parley/contracts/customer-master';
import type { RealtimeListener } from '../../../lib/realtime-client';
import { customerUploadsKeys } from '../api/customer-uploads-keys';
import { subscribeUploadEvents } from './upload-events';

const SEGMENT = '5e5e0000-0000-4000-8000-000000000001';
const OTHER = '5e5e0000-0000-4000-8000-000000000002';

function upload(index: number, extra: Partial<CustomerUpload> = {}): CustomerUpload {
  return {
    id: `0a0a0000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    fileName: `f${index}.csv`,
    segmentId: SEGMENT,
    segmentName: 'Newsletter',
    replace: false,
    state: 'WAITING',
    totalLines: 0,
    acceptedLines: 0,
    errorLines: 0,
    progress: 0.1,
    errorMessage: null,
    createdAt: '2026-11-21T09:00:00.000Z',
    completedAt: null,
    ...extra,
  };
}

function setup() {
  let listener: RealtimeListener | undefined;
  const realtime = {
    on: (_name: string, next: RealtimeListener) => {
      listener = next;
      return () => (listener = undefined);
    },
  };
  const queryClient = new QueryClient();
  const unsubscribe = subscribeUploadEvents(realtime, queryClient);
  const emit = (payload: unknown) =>
    listener!({ type: 'event', id: 1, name: 'customerUpload.progress', payload, at: '2026-11-21T09:00:00.000Z' });
  return { queryClient, emit, unsubscribe, listening: () => listener !== undefined };
}

describe('subscribeUploadEvents', () => {
  it('replaces the upload in the cached pages and its detail; a finished one refreshes its Error List', () => {
    const { queryClient, emit } = setup();
    const page = customerUploadsKeys.list({ from: 0, perPage: 10 });
    queryClient.setQueryData(page, { uploads: [upload(1), upload(2)], hasMore: false });
    queryClient.setQueryData(customerUploadsKeys.errorPage(upload(1).id, { from: 0, perPage: 15 }), { errors: [] });
    emit(upload(1, { progress: 0.5, totalLines: 10 }));
    expect(queryClient.getQueryData<{ uploads: CustomerUpload[] }>(page)!.uploads[0]!.totalLines).toBe(10);
    expect(queryClient.getQueryData<CustomerUpload>(customerUploadsKeys.detail(upload(1).id))!.progress).toBe(0.5);
    expect(queryClient.getQueryState(page)!.isInvalidated).toBe(false);
    const errors = customerUploadsKeys.errorPage(upload(1).id, { from: 0, perPage: 15 });
    expect(queryClient.getQueryState(errors)!.isInvalidated).toBe(false);

    emit(upload(1, { state: 'COMPLETED', progress: 1, totalLines: 12, errorLines: 2, acceptedLines: 10 }));
    expect(queryClient.getQueryData<{ uploads: CustomerUpload[] }>(page)!.uploads[0]!.state).toBe('COMPLETED');
    expect(queryClient.getQueryState(errors)!.isInvalidated).toBe(true);

    // A finished import never turns back into a running one.
    emit(upload(1, { progress: 0.9 }));
    expect(queryClient.getQueryData<{ uploads: CustomerUpload[] }>(page)!.uploads[0]!.state).toBe('COMPLETED');
  });

  it("refreshes the first pages that should list an upload they don't have yet", () => {
    const { queryClient, emit } = setup();
    const all = customerUploadsKeys.list({ from: 0, perPage: 10 });
    const same = customerUploadsKeys.list({ segmentId: SEGMENT, from: 0, perPage: 10 });
    const other = customerUploadsKeys.list({ segmentId: OTHER, from: 0, perPage: 10 });
    const later = customerUploadsKeys.list({ from: 10, perPage: 10 });
    for (const key of [all, same, other, later]) queryClient.setQueryData(key, { uploads: [], hasMore: false });
    emit(upload(3));
    const invalid = (key: readonly unknown[]) => queryClient.getQueryState(key)!.isInvalidated;
    expect([invalid(all), invalid(same), invalid(other), invalid(later)]).toEqual([true, true, false, false]);
  });

  it('ignores a payload that is not an upload, and stops listening when unsubscribed', () => {
    const { queryClient, emit, unsubscribe, listening } = setup();
    const page = customerUploadsKeys.list({ from: 0, perPage: 10 });
    queryClient.setQueryData(page, { uploads: [upload(1)], hasMore: false });
    emit({ id: upload(1).id, progress: 'lots' });
    expect(queryClient.getQueryData<{ uploads: CustomerUpload[] }>(page)!.uploads[0]!.progress).toBe(0.1);
    unsubscribe();
    expect(listening()).toBe(false);
  });
});
