import { useMutation, useQueryClient } from '@tanstack/react-query';
import { departmentRoutes } from '@parley/contracts/departments';
import { apiRequest } from '../../../lib/api-client';
import { departmentKeys } from './department-keys';

export function addDepartmentUsers({ id, users }: { id: string; users: string[] }) {
  return apiRequest(departmentRoutes.addUsers, { params: { id }, body: { users } });
}

export function useAddDepartmentUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDepartmentUsers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: departmentKeys.all }),
  });
}
