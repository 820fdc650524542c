import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersRoutes, type CreateUserBody } from '@parley/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { usersKeys } from './users-keys';

export function createUser(body: CreateUserBody) {
  return apiRequest(usersRoutes.create, { body });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.lists() }),
  });
}
