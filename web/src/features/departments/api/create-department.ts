import { useMutation, useQueryClient } from '@tanstack/react-query';
import { departmentRoutes, type DepartmentBody } from '@parley/contracts/departments';
import { apiRequest } from '../../../lib/api-client';
import { departmentKeys } from './department-keys';

export function createDepartment(body: DepartmentBody) {
  return apiRequest(departmentRoutes.create, { body });
}

export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDepartment,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: departmentKeys.all }),
  });
}
