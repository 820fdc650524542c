import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerMasterRoutes, type CustomerBody } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export function createCustomer(body: CustomerBody) {
  return apiRequest(customerMasterRoutes.createCustomer, { body });
}

/** Creates a customer; a refusal is toasted (mutation cache) and listed above the form. */
export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: (customer) => {
      queryClient.setQueryData(customersKeys.customer(customer.id), customer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: customersKeys.customers() }),
        queryClient.invalidateQueries({ queryKey: customersKeys.segments() }),
      ]);
    },
  });
}
