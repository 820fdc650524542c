import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export function createSegment(name: string) {
  return apiRequest(customerMasterRoutes.createSegment, { body: { name } });
}

export function useCreateSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSegment,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKeys.segments() }),
  });
}
