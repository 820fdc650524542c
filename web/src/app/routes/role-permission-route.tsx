import { RolePermissionPage } from '../../features/users/components/RolePermissionPage';

export default function RolePermissionRoute() {
  return <RolePermissionPage />;
}
