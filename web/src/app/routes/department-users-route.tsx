import { useParams } from 'react-router';
import { DepartmentUsersPage } from '../../features/departments/components/DepartmentUsersPage';

export default function DepartmentUsersRoute() {
  const { id = '' } = useParams();
  return <DepartmentUsersPage key={id} id={id} />;
}
