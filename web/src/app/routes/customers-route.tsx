import { Route, Routes } from 'react-router';
import { CustomersPage } from '../../features/customers/components/CustomersPage';
import { CustomerFormPage } from '../../features/customers/components/CustomerFormPage';

/** /customer-master/customers, /customers/create and /customers/view/:id (engagement.md §2.1). */
export default function CustomersRoute() {
  return (
    <Routes>
      <Route index element={<CustomersPage />} />
      <Route path="create" element={<CustomerFormPage />} />
      <Route path="view/:id" element={<CustomerFormPage />} />
    </Routes>
  );
}
