import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export function deleteCustomer(id: string) {
  return apiRequest(customerMasterRoutes.removeCustomer, { params: { id } });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: customersKeys.customer(id) }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customersKeys.customers() }),
        queryClient.invalidateQueries({ queryKey: customersKeys.segments() }),
      ]),
  });
}
