import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export function deleteCustomerField(id: string) {
  return apiRequest(customerMasterRoutes.removeField, { params: { id } });
}

/** Deletes a field and every customer's value for it. */
export function useDeleteCustomerField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomerField,
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: customersKeys.field(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customersKeys.all }),
  });
}
