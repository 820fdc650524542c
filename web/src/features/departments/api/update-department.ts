import { useMutation, useQueryClient } from '@tanstack/react-query';
import { departmentRoutes, type DepartmentBody } from '@parley/contracts/departments';
import { apiRequest } from '../../../lib/api-client';
import { departmentKeys } from './department-keys';

export function updateDepartment({ id, ...body }: DepartmentBody & { id: string }) {
  return apiRequest(departmentRoutes.update, { params: { id }, body });
}

export function useUpdateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDepartment,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: departmentKeys.all }),
  });
}
