/** Query keys of the customer master (definitions, segments, groups, customers). */
export const customersKeys = {
  all: ['customer-master'] as const,
  fields: () => ['customer-master', 'fields'] as const,
  field: (id: string) => ['customer-master', 'field', id] as const,
  fieldUsage: (id: string) => ['customer-master', 'field-usage', id] as const,
  segments: () => ['customer-master', 'segments'] as const,
  segmentList: (search: string) => ['customer-master', 'segments', { search }] as const,
  groups: () => ['customer-master', 'groups'] as const,
  groupList: (search: string) => ['customer-master', 'groups', { search }] as const,
  customers: () => ['customer-master', 'customers'] as const,
  customerList: (query: CustomersListQuery) => ['customer-master', 'customers', 'list', query] as const,
  customer: (id: string) => ['customer-master', 'customers', 'detail', id] as const,
};

export interface CustomersListQuery {
  from: number;
  perPage: number;
  search?: string;
  tags?: string;
  groups?: string;
}
