import { useMutation } from '@tanstack/react-query';
import { integrationRoutes } from '@parley/contracts/integrations';
import { apiRequest } from '../../../lib/api-client';

export function testIntegration(id: string) {
  return apiRequest(integrationRoutes.test, { params: { id } });
}

/** 'Test connection': the result is shown beside the button, failures included. */
export function useTestIntegration() {
  return useMutation({ mutationFn: testIntegration, meta: { inlineErrors: true } });
}
