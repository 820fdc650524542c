import { useMutation, useQueryClient } from '@tanstack/react-query';
import { departmentRoutes } from '@parley/contracts/departments';
import { apiRequest } from '../../../lib/api-client';
import { departmentKeys } from './department-keys';

export function deleteDepartment(id: string) {
  return apiRequest(departmentRoutes.remove, { params: { id } });
}

export function useDeleteDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDepartment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: departmentKeys.all }),
  });
}
