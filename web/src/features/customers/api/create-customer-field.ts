import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerMasterRoutes, type CustomerFieldBody } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export function createCustomerField(body: CustomerFieldBody) {
  return apiRequest(customerMasterRoutes.createField, { body });
}

/** Adds a field; the panel shows a failure itself ('Save Failed...' and the list of errors). */
export function useCreateCustomerField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomerField,
    meta: { inlineErrors: true },
    onSuccess: (field) => {
      queryClient.setQueryData(customersKeys.field(field.id), field);
      // The customers list has one column per field.
      return queryClient.invalidateQueries({ queryKey: customersKeys.all });
    },
  });
}
