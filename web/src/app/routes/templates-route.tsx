import { Route, Routes } from 'react-router';
import { TemplatesPage } from '../../features/templates/components/TemplatesPage';
import { TemplateEditorPage } from '../../features/templates/components/TemplateEditorPage';
import { realtime } from '../shell/realtime-connection';

/** /admin/messageTemplate/whatsapp, /create and /:id (platform §2.2 CONFIGURATION). */
export default function TemplatesRoute() {
  return (
    <Routes>
      <Route index element={<TemplatesPage realtime={realtime} />} />
      <Route path="create" element={<TemplateEditorPage />} />
      <Route path=":id" element={<TemplateEditorPage />} />
    </Routes>
  );
}
