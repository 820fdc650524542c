import { z } from 'zod';
import { defineRoute } from './envelope';

export const storedFile = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type StoredFile = z.infer<typeof storedFile>;

/** Upload limits: default size, and the content types detected from the bytes (never the name). */
export const fileLimits = {
  maxBytes: 16 * 1024 * 1024,
  allowedTypes: [
    'image/jpeg',
    'image/png',
    'image/webp',
    'video/mp4',
    'audio/aac',
    'audio/mpeg',
    'audio/x-m4a',
    'audio/ogg',
    'audio/amr',
    'application/pdf',
    'text/csv',
    'application/zip',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/msword',
    'application/vnd.ms-excel',
    'application/vnd.ms-powerpoint',
  ],
} as const;

export const fileRoutes = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/files',
    summary: 'Upload a file (multipart, field "file")',
    data: storedFile,
  }),
  download: defineRoute({
    method: 'GET',
    path: '/api/files/:id',
    summary: 'Download a file',
    params: z.object({ id: z.uuid() }),
    data: z.unknown(),
  }),
} as const;
