import { FieldDefinitionsPage } from '../../features/customers/components/FieldDefinitionsPage';

/** /customer-master/definition and /definition/add (the add panel opens over the list). */
export default function CustomerDefinitionRoute() {
  return <FieldDefinitionsPage />;
}
