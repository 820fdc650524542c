import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerMasterRoutes, type CustomerFieldBody } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export function updateCustomerField({ id, body }: { id: string; body: CustomerFieldBody }) {
  return apiRequest(customerMasterRoutes.updateField, { params: { id }, body });
}

export function useUpdateCustomerField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomerField,
    meta: { inlineErrors: true },
    onSuccess: (field) => {
      queryClient.setQueryData(customersKeys.field(field.id), field);
      return queryClient.invalidateQueries({ queryKey: customersKeys.all });
    },
  });
}
