import { broadcastRoutes } from '@parley/contracts/broadcasts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

type MediaValidateBody = z.input<typeof broadcastRoutes.validateMedia.body>;

/** Checks an uploaded file against the channel type's media rules (POST /api/broadcasts/media/validate). */
export function validateBroadcastMedia(body: MediaValidateBody, signal?: AbortSignal) {
  return apiRequest(broadcastRoutes.validateMedia, { body, signal });
}
