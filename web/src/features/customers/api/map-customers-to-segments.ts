import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export function mapCustomersToSegments(body: { ids: string[]; customerIds: string[] }) {
  return apiRequest(customerMasterRoutes.mapToSegments, { body });
}

/** Attach Label: adds the checked customers to the chosen segments (their counts change). */
export function useMapCustomersToSegments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mapCustomersToSegments,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customersKeys.segments() }),
        queryClient.invalidateQueries({ queryKey: customersKeys.customers() }),
      ]),
  });
}
