/** Addresses of the customer-master upload screens (engagement.md §2.1). */
export const uploadsPath = (segmentId?: string) =>
  segmentId ? `/customer-master/uploads/${encodeURIComponent(segmentId)}` : '/customer-master/uploads';
export const uploadFilePath = (segmentId: string) => `/customer-master/uploadfile/${encodeURIComponent(segmentId)}`;
export const uploadErrorsPath = (uploadId: string) => `/customer-master/error/${encodeURIComponent(uploadId)}`;
export const CUSTOMERS_PATH = '/customer-master/customers';
