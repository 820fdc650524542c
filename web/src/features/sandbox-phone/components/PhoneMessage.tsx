import { IconAlertTriangle, IconArrowBackUp, IconFileText } from '@tabler/icons-react';
import type { SandboxMessage } from '@parley/contracts/channels';
import type { TemplateButton, TemplateComponent, TemplateValues } from '@parley/contracts/templates';
import {
  MessageTick,
  TemplateMessageBubble,
  type PreviewButtonPosition,
  type PreviewStatus,
} from '../../../components/template-preview/TemplateMessageBubble';
import { formatWhatsAppText } from '../../../components/template-preview/whatsapp-format';
import { dateFormats, formatDatePattern } from '../../../lib/format-date';
import classes from './sandbox-phone.module.css';

const previewStatuses: readonly string[] = ['accepted', 'sent', 'delivered', 'read', 'failed'];
const tickOf = (status: string): PreviewStatus | undefined =>
  previewStatuses.includes(status) ? (status as PreviewStatus) : undefined;

interface TemplateContent {
  type: 'template';
  template: {
    name?: string;
    parameterFormat?: 'POSITIONAL' | 'NAMED';
    components?: TemplateComponent[];
  };
  values?: TemplateValues;
}

function isTemplate(content: Record<string, unknown>): content is Record<string, unknown> & TemplateContent {
  return (
    content.type === 'template' &&
    typeof content.template === 'object' &&
    content.template !== null &&
    Array.isArray((content.template as { components?: unknown }).components)
  );
}

interface ReplyButton {
  id: string;
  title: string;
}

function isInteractive(
  content: Record<string, unknown>,
): content is Record<string, unknown> & { type: 'buttons'; text: string; buttons: ReplyButton[] } {
  return content.type === 'buttons' && typeof content.text === 'string' && Array.isArray(content.buttons);
}

function Meta({ message }: { message: SandboxMessage }) {
  const tick = tickOf(message.status);
  return (
    <div className={classes.meta}>
      <time dateTime={message.createdAt}>{formatDatePattern(message.createdAt, dateFormats.time)}</time>
      {tick ? <MessageTick status={tick} /> : null}
    </div>
  );
}

/** Why a message failed, as WhatsApp reported it: the code and its title. */
function Failure({ message }: { message: SandboxMessage }) {
  if (message.status !== 'failed') return null;
  const detail = [message.errorCode, message.errorText].filter(Boolean).join(' · ');
  return (
    <div className={classes.failure} role="note">
      <IconAlertTriangle size={14} aria-hidden style={{ flex: 'none', marginTop: 1 }} />
      <span>Not delivered{detail ? `: ${detail}` : ''}</span>
    </div>
  );
}

function MediaContent({ content }: { content: Record<string, unknown> }) {
  const mediaType = String(content.mediaType ?? 'document');
  const url = typeof content.url === 'string' ? content.url : '';
  const fileName = String(content.fileName ?? '') || mediaType;
  const caption = String(content.caption ?? '');
  return (
    <>
      {mediaType === 'image' && url ? (
        <img className={classes.mediaImage} src={url} alt={caption || fileName} />
      ) : (
        <a className={classes.document} href={url || undefined} target="_blank" rel="noreferrer noopener">
          <IconFileText size={22} aria-hidden />
          <span>
            {fileName} <small>({mediaType})</small>
          </span>
        </a>
      )}
      {caption ? <div>{formatWhatsAppText(caption)}</div> : null}
    </>
  );
}

export interface PhoneMessageProps {
  message: SandboxMessage;
  /** A button of a received template was pressed. */
  onButton: (button: TemplateButton, values: TemplateValues | undefined, position: PreviewButtonPosition) => void;
  /** A reply button of a received interactive message was pressed. */
  onReplyButton: (button: ReplyButton) => void;
}

/**
 * One message on the Sandbox phone. What Parley sent sits on the left (templates rendered like the
 * preview, with their delivery tick); what the customer replied sits on the right.
 */
export function PhoneMessage({ message, onButton, onReplyButton }: PhoneMessageProps) {
  const { content } = message;
  if (message.direction === 'from_phone') {
    return (
      <div className={classes.sent} data-direction="from_phone">
        <div className={classes.bubble}>
          {content.type === 'button' || content.type === 'button_reply' ? (
            <div className={classes.replyLabel}>
              <IconArrowBackUp size={13} aria-hidden />
              Quick reply
            </div>
          ) : null}
          <div>{formatWhatsAppText(String(content.text ?? ''))}</div>
          <Meta message={message} />
        </div>
        <Failure message={message} />
      </div>
    );
  }
  if (isInteractive(content)) {
    // WhatsApp draws an interactive message's reply buttons as a template's quick replies.
    const buttons = content.buttons.slice(0, 3);
    return (
      <div className={classes.received} data-direction="to_phone" data-interactive="buttons">
        <TemplateMessageBubble
          components={[
            { type: 'BODY', text: content.text },
            { type: 'BUTTONS', buttons: buttons.map((button) => ({ type: 'QUICK_REPLY', text: button.title })) },
          ]}
          parameterFormat="POSITIONAL"
          values={undefined}
          sentAt={new Date(message.createdAt)}
          status={tickOf(message.status)}
          onButton={(_button, position) => {
            const pressed = buttons[position.index];
            if (pressed) onReplyButton(pressed);
          }}
        />
        <Failure message={message} />
      </div>
    );
  }
  if (isTemplate(content)) {
    return (
      <div className={classes.received} data-direction="to_phone" data-template={content.template.name}>
        <TemplateMessageBubble
          components={content.template.components ?? []}
          parameterFormat={content.template.parameterFormat ?? 'POSITIONAL'}
          values={content.values}
          sentAt={new Date(message.createdAt)}
          status={tickOf(message.status)}
          onButton={(button, position) => onButton(button, content.values, position)}
        />
        <Failure message={message} />
      </div>
    );
  }
  return (
    <div className={classes.received} data-direction="to_phone">
      <div className={classes.bubble}>
        {content.type === 'media' ? (
          <MediaContent content={content} />
        ) : (
          <div>{formatWhatsAppText(String(content.text ?? ''))}</div>
        )}
        <Meta message={message} />
      </div>
      <Failure message={message} />
    </div>
  );
}
