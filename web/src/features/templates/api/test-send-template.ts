import { useMutation } from '@tanstack/react-query';
import { templateRoutes } from '@parley/contracts/templates';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

type TestSendBody = z.input<typeof templateRoutes.testSend.body>;

export function testSendTemplate({ id, body }: { id: string; body: TestSendBody }) {
  return apiRequest(templateRoutes.testSend, { params: { id }, body });
}

/** Sends an APPROVED template to one number; the dialog shows the failure. */
export function useTestSendTemplate() {
  return useMutation({ mutationFn: testSendTemplate, meta: { inlineErrors: true } });
}
