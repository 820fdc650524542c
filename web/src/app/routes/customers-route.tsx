import { Route, Routes } from 'react-router';
import { hasAny } from '@parley/contracts/permissions';
import { CustomersPage } from '../../features/customers/components/CustomersPage';
import { CustomerFormPage } from '../../features/customers/components/CustomerFormPage';
import { useSessionUser } from '../shell/session-user';

/** /customer-master/customers, /customers/create and /customers/view/:id (engagement.md §2.1). */
export default function CustomersRoute() {
  const user = useSessionUser();
  // The web hides what the server would refuse: viewers see customers but change nothing.
  const canEdit = hasAny(user.permissions, ['CUSTOMER.EDIT']);
  return (
    <Routes>
      <Route index element={<CustomersPage canEdit={canEdit} />} />
      <Route path="create" element={<CustomerFormPage canEdit={canEdit} />} />
      <Route path="view/:id" element={<CustomerFormPage canEdit={canEdit} />} />
    </Routes>
  );
}
