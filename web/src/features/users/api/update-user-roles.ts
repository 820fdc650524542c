import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersRoutes, type UpdateRolesBody } from '@parley/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { usersKeys } from './users-keys';

export function updateUserRoles({ id, ...body }: UpdateRolesBody & { id: string }) {
  return apiRequest(usersRoutes.updateRoles, { params: { id }, body });
}

export function useUpdateUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRoles,
    meta: { inlineErrors: true },
    onSuccess: (user) => {
      queryClient.setQueryData(usersKeys.user(user.id), user);
      return queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
    },
  });
}
