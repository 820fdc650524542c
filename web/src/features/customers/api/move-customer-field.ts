import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerMasterRoutes, type CustomerField } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export interface FieldMove {
  /** 0-based positions among the user-defined fields. */
  from: number;
  to: number;
}

export function moveCustomerField(move: FieldMove) {
  return apiRequest(customerMasterRoutes.moveField, { body: move });
}

/** The fields list with one user-defined field moved (standard rows stay first). */
export function applyFieldMove(fields: readonly CustomerField[], { from, to }: FieldMove): CustomerField[] {
  const standard = fields.filter((field) => field.standard);
  const user = fields.filter((field) => !field.standard);
  if (from < 0 || from >= user.length || to < 0 || to >= user.length || from === to) return [...fields];
  const [moved] = user.splice(from, 1);
  user.splice(to, 0, moved!);
  return [...standard, ...user.map((field, index) => ({ ...field, index }))];
}

type FieldsData = { fields: CustomerField[] };

/**
 * Reorders a field: the list shows the new order at once and goes back to the old one when the
 * server refuses (the refusal is toasted by the mutation cache).
 */
export function useMoveCustomerField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveCustomerField,
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: customersKeys.fields() });
      const previous = queryClient.getQueryData<FieldsData>(customersKeys.fields());
      if (previous)
        queryClient.setQueryData<FieldsData>(customersKeys.fields(), { fields: applyFieldMove(previous.fields, move) });
      return { previous };
    },
    onError: (_error, _move, context) => {
      if (context?.previous) queryClient.setQueryData(customersKeys.fields(), context.previous);
    },
    onSuccess: (data) => {
      queryClient.setQueryData(customersKeys.fields(), data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: customersKeys.customers() }),
  });
}
