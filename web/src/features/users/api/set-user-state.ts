import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersRoutes } from '@parley/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { usersKeys } from './users-keys';

/** Deactivate (ends the user's sessions at once) or activate a user. */
export function setUserState({ id, active }: { id: string; active: boolean }) {
  return apiRequest(active ? usersRoutes.activate : usersRoutes.deactivate, { params: { id } });
}

export function useSetUserState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserState,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
