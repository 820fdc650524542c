import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersRoutes } from '@parley/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { usersKeys } from './users-keys';

/** With `validateOnly`, the server only reports what deleting would do (isValidate=true). */
export function deleteUser({ id, validateOnly }: { id: string; validateOnly: boolean }) {
  return apiRequest(usersRoutes.remove, { params: { id }, query: { isValidate: validateOnly ? 'true' : 'false' } });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    meta: { inlineErrors: true },
    onSuccess: (result, { id }) => {
      if (!result.deleted) return;
      queryClient.removeQueries({ queryKey: usersKeys.deleteCheck(id) });
      queryClient.removeQueries({ queryKey: usersKeys.user(id) });
      return queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
    },
  });
}

/** The validation step: what deleting would do (nothing is deleted). Asked afresh each time. */
export function useDeleteCheck(id: string | null) {
  return useQuery({
    queryKey: usersKeys.deleteCheck(id ?? ''),
    queryFn: () => deleteUser({ id: id ?? '', validateOnly: true }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
