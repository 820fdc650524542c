/** Query keys of the CSV uploads. Every slice invalidates from here. */
export const customerUploadsKeys = {
  all: ['customer-uploads'] as const,
  lists: () => ['customer-uploads', 'list'] as const,
  list: (query: { segmentId?: string; from: number; perPage: number }) => ['customer-uploads', 'list', query] as const,
  detail: (uploadId: string) => ['customer-uploads', 'detail', uploadId] as const,
  errors: (uploadId: string) => ['customer-uploads', 'detail', uploadId, 'errors'] as const,
  errorPage: (uploadId: string, query: { from: number; perPage: number }) =>
    ['customer-uploads', 'detail', uploadId, 'errors', query] as const,
  /** What the upload form needs to know about the enterprise's customer master. */
  segments: () => ['customer-uploads', 'segments'] as const,
  fields: () => ['customer-uploads', 'fields'] as const,
};
