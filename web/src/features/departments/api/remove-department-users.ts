import { useMutation, useQueryClient } from '@tanstack/react-query';
import { departmentRoutes } from '@parley/contracts/departments';
import { apiRequest } from '../../../lib/api-client';
import { departmentKeys } from './department-keys';

export function removeDepartmentUsers({ id, users }: { id: string; users: string[] }) {
  return apiRequest(departmentRoutes.removeUsers, { params: { id }, body: { users } });
}

export function useRemoveDepartmentUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDepartmentUsers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: departmentKeys.all }),
  });
}
