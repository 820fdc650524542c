import { Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { EntityFormPage } from './EntityFormPage';
import { EntityListPage } from './EntityListPage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** entity-list/{param}: '0' or '1' picks the tab, a uuid opens the edit form. */
function EntityParamRoute({ base }: { base: string }) {
  const { param = '' } = useParams();
  if (param === '0' || param === '1') return <EntityListPage key={param} base={base} type={Number(param)} />;
  if (UUID.test(param)) return <EntityFormPage key={param} base={base} entityId={param} />;
  return <Navigate to={base} replace />;
}

/**
 * The Entities tab of an agent (agents.md §2.4, §2.5), mounted by the agent details layout at
 * `entity-list/*`: the list with its Custom and System tabs, the create form and the edit form.
 */
export default function EntitiesRoutes() {
  const { pathname } = useLocation();
  const splat = useParams()['*'] ?? '';
  // The tab's own address, whatever the layout's path: the location without the part matched here.
  const base = pathname.slice(0, pathname.length - splat.length).replace(/\/+$/, '');
  return (
    <Routes>
      <Route index element={<EntityListPage key="0" base={base} type={0} />} />
      <Route path="create" element={<EntityFormPage base={base} />} />
      <Route path=":param" element={<EntityParamRoute base={base} />} />
    </Routes>
  );
}
