import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerMasterRoutes, type CustomerBody } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { conversationsKeys } from './conversations-keys';

export function updateCustomer(id: string, body: CustomerBody) {
  return apiRequest(customerMasterRoutes.updateCustomer, { params: { id }, body });
}

/** Saves the customer's attributes from the chat (CUSTOMER.EDIT); field errors show in the drawer. */
export function useUpdateCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerBody) => updateCustomer(id, body),
    meta: { inlineErrors: true },
    onSuccess: (customer) => queryClient.setQueryData(conversationsKeys.customer(id), customer),
  });
}
