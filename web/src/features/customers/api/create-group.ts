import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export function createGroup(name: string) {
  return apiRequest(customerMasterRoutes.createGroup, { body: { name } });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKeys.groups() }),
  });
}
