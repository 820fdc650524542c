import { hasAny } from '@parley/contracts/permissions';
import { FieldDefinitionsPage } from '../../features/customers/components/FieldDefinitionsPage';
import { useSessionUser } from '../shell/session-user';

/** /customer-master/definition and /definition/add (the add panel opens over the list). */
export default function CustomerDefinitionRoute() {
  const user = useSessionUser();
  return <FieldDefinitionsPage canEdit={hasAny(user.permissions, ['CUSTOMER_MASTER.EDIT'])} />;
}
