import { Route, Routes, useParams } from 'react-router';
import { ConversationsPage } from '../../features/conversations/components/ConversationsPage';
import type { TemplateSendSlot } from '../../features/conversations/components/ConversationThread';
import { BroadcastSendDialog } from '../../features/broadcast-send/components/BroadcastSendDialog';
import { realtime } from '../shell/realtime-connection';
import { useSessionUser } from '../shell/session-user';

/** Outside the 24-hour window the chat sends an approved template through the embedded broadcast form. */
const renderTemplateSend: TemplateSendSlot = ({ opened, conversation, onClose }) => (
  <BroadcastSendDialog
    opened={opened}
    resourceType="CHAT"
    resourceId={conversation.id}
    channel={{ id: conversation.channelId, name: conversation.channelName, type: conversation.channelType }}
    phoneNumber={conversation.customer.number}
    onClose={onClose}
  />
);

function ConversationsScreen() {
  const { id } = useParams();
  const user = useSessionUser();
  return (
    <ConversationsPage
      conversationId={id}
      realtime={realtime}
      userId={user.uId}
      canViewCustomer={user.permissions.includes('CUSTOMER.VIEW')}
      canEditCustomer={user.permissions.includes('CUSTOMER.EDIT')}
      renderTemplateSend={renderTemplateSend}
    />
  );
}

/** The agent's console (CHAT.HANDLE): /chat/conversation and /chat/conversation/:id (platform §1, §4; engagement §2.16). */
export default function ConversationsRoute() {
  return (
    <Routes>
      <Route index element={<ConversationsScreen />} />
      <Route path=":id" element={<ConversationsScreen />} />
    </Routes>
  );
}
