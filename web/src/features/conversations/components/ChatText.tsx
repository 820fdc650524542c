import { LinkifiedText } from '../../../components/LinkifiedText';
import { formatWhatsAppText } from '../../../components/template-preview/whatsapp-format';

/**
 * A chat message's text as the customer's WhatsApp shows it: *bold*, _italic_, ~strike~ and
 * ```monospace``` (the bot's markdown is converted to these before it is sent), with its http(s)
 * addresses as links.
 */
export function ChatText({ text }: { text: string }) {
  return <LinkifiedText text={text} formatText={formatWhatsAppText} />;
}
