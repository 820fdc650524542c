import { queryOptions, useQuery } from '@tanstack/react-query';
import { departmentRoutes } from '@parley/contracts/departments';
import { apiRequest } from '../../../../lib/api-client';
import { campaignRulesKeys } from './rules-keys';

/** The departments a monthly budget is set for (the first 200). */
export async function getRuleDepartments(signal?: AbortSignal) {
  const answer = await apiRequest(departmentRoutes.list, { query: { from: 0, perPage: 200 }, signal });
  return answer.departments.map((department) => ({ value: department.id, label: department.name }));
}

export function ruleDepartmentsQueryOptions() {
  return queryOptions({
    queryKey: campaignRulesKeys.departments(),
    queryFn: ({ signal }) => getRuleDepartments(signal),
  });
}

export function useRuleDepartments(enabled: boolean) {
  return useQuery({ ...ruleDepartmentsQueryOptions(), enabled });
}
