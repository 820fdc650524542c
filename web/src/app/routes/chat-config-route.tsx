import { hasAny } from '@parley/contracts/permissions';
import { ChatConfigPage } from '../../features/chat-config/components/ChatConfigPage';
import { useSessionUser } from '../shell/session-user';

/** /admin/chatConfig/chat-config (CHAT.CHAT_CONFIG; issue 18 §2). */
export default function ChatConfigRoute() {
  const user = useSessionUser();
  // The option lists come from routes with their own permissions; a refused list (1403) would end
  // the session, so the web asks only for those the user may read.
  const canListBots = hasAny(user.permissions, ['NLP.EDIT']);
  const canListDepartments = hasAny(user.permissions, ['DEPARTMENTS.MANAGE']);
  return <ChatConfigPage canListBots={canListBots} canListDepartments={canListDepartments} />;
}
