import { IconArrowLeft } from '@tabler/icons-react';
import { TemplateMessageBubble, type TemplateMessageBubbleProps } from './TemplateMessageBubble';
import classes from './template-preview.module.css';

export interface TemplatePreviewProps extends TemplateMessageBubbleProps {
  /** Shown in the phone's top bar (the channel or business name). */
  businessName?: string;
  /** The figure's accessible name; 'Template preview' by default. */
  label?: string;
}

/**
 * The phone-style WhatsApp preview of a template (engagement.md §2.17): a phone frame with the
 * business's top bar and the chat wallpaper, and the message as the customer receives it.
 */
export function TemplatePreview({ businessName, label = 'Template preview', ...message }: TemplatePreviewProps) {
  const initial = businessName?.trim().charAt(0).toUpperCase();
  return (
    <figure className={classes.phone} aria-label={label}>
      <div className={classes.screen}>
        <div className={classes.topBar}>
          <IconArrowLeft size={20} aria-hidden />
          <span className={classes.avatar} aria-hidden>
            {initial || 'B'}
          </span>
          <div style={{ minWidth: 0 }}>
            <div className={classes.businessName}>{businessName?.trim() || 'Business'}</div>
            <div className={classes.businessNote}>Business account</div>
          </div>
        </div>
        <div className={classes.chat}>
          <span className={classes.dayChip}>Today</span>
          <TemplateMessageBubble {...message} />
        </div>
      </div>
    </figure>
  );
}
