import type { ComponentType } from 'react';
import type { VariantDraft } from './campaign-form';

/** The campaign's channel as the message part needs it (its type decides the media rules). */
export interface CampaignChannel {
  id: string;
  name: string;
  type: number;
}

export interface VariantMessageProps {
  /** Null until a channel is chosen: the template picker waits for it. */
  channel: CampaignChannel | null;
  variant: VariantDraft;
  /** 'template', 'media', 'card.N', 'cards' and 'mapping.<variable>', as the broadcast form keys them. */
  errors: Record<string, string>;
  readOnly: boolean;
  /** A change to the variant; `clears` are the error keys (prefixes) it answers. */
  onChange: (change: Partial<VariantDraft>, clears: string[]) => void;
}

/**
 * One variant's message: approved template, attachments, variable mapping and preview. The
 * broadcast send feature owns those pieces; the app's route hands them in (features never import
 * each other, STYLE.md rule 2).
 */
export type VariantMessageComponent = ComponentType<VariantMessageProps>;
