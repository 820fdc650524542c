import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerMasterRoutes, type CustomerBody } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export function updateCustomer({ id, body }: { id: string; body: CustomerBody }) {
  return apiRequest(customerMasterRoutes.updateCustomer, { params: { id }, body });
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: (customer) => {
      queryClient.setQueryData(customersKeys.customer(customer.id), customer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: customersKeys.customers() }),
        queryClient.invalidateQueries({ queryKey: customersKeys.segments() }),
      ]);
    },
  });
}
