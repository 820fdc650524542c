import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export function mapCustomersToGroups(body: { ids: string[]; customerIds: string[] }) {
  return apiRequest(customerMasterRoutes.mapToGroups, { body });
}

/** Move Group: adds the checked customers to the chosen groups. */
export function useMapCustomersToGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mapCustomersToGroups,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKeys.customers() }),
  });
}
