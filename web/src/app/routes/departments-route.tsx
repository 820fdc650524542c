import { DepartmentsPage } from '../../features/departments/components/DepartmentsPage';

export default function DepartmentsRoute() {
  return <DepartmentsPage />;
}
