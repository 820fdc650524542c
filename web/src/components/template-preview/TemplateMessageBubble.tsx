import { useEffect, useMemo, useRef, useState } from 'react';
import {
  IconAlertCircle,
  IconArrowBackUp,
  IconCheck,
  IconChecks,
  IconClock,
  IconCopy,
  IconExternalLink,
  IconGift,
  IconPhone,
  IconPhoto,
  IconPlayerPlayFilled,
} from '@tabler/icons-react';
import {
  exampleValues,
  fillVariables,
  templateKind,
  type HeaderComponent,
  type TemplateButton,
  type TemplateCard,
  type TemplateComponent,
  type TemplateMedia,
  type TemplateValues,
} from '@parley/contracts/templates';
import { dateFormats, formatDatePattern } from '../../lib/format-date';
import { useMediaSource } from './use-media-source';
import { formatWhatsAppText } from './whatsapp-format';
import classes from './template-preview.module.css';

export type PreviewStatus = 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';

/** Where a pressed button sits: its index among the buttons, and its card for a carousel. */
export interface PreviewButtonPosition {
  index: number;
  card?: number;
}

export interface TemplateMessageBubbleProps {
  components: readonly TemplateComponent[];
  parameterFormat?: 'POSITIONAL' | 'NAMED';
  /** The values of the variables; by default the template's examples. Missing parts fall back to the examples. */
  values?: TemplateValues;
  sentAt?: Date;
  /** The delivery tick; none when not given. */
  status?: PreviewStatus;
  /** Makes the buttons pressable (the Sandbox phone answers quick replies with it). */
  onButton?: (button: TemplateButton, position: PreviewButtonPosition) => void;
}

/** Carousel cards move on every 4 s (engagement.md §2.17). */
export const CAROUSEL_ROTATE_MS = 4000;
/** File names are shortened to 30 characters (platform §9). */
const FILE_NAME_LENGTH = 30;
const MEDIA_NOT_FOUND = 'media not found !!';
export const COPY_CODE_TEXT = 'Copy offer code';

const statusLabels: Record<PreviewStatus, string> = {
  accepted: 'Pending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
};

/** The delivery tick: clock (pending), single grey, double grey, double blue, red failure icon. */
export function MessageTick({ status }: { status: PreviewStatus }) {
  const label = statusLabels[status];
  const common = { size: 15, stroke: 2, 'aria-hidden': true } as const;
  const icon =
    status === 'accepted' ? (
      <IconClock {...common} size={12} />
    ) : status === 'sent' ? (
      <IconCheck {...common} />
    ) : status === 'failed' ? (
      <IconAlertCircle {...common} size={14} />
    ) : (
      <IconChecks {...common} />
    );
  const className = status === 'read' ? classes.tickRead : status === 'failed' ? classes.tickFailed : undefined;
  return (
    <span role="img" aria-label={label} title={label} className={className} data-status={status}>
      {icon}
    </span>
  );
}

const shortName = (name: string) => (name.length > FILE_NAME_LENGTH ? `${name.slice(0, FILE_NAME_LENGTH - 1)}…` : name);

function extensionOf(media: TemplateMedia | undefined): string {
  const fromName = media?.fileName.match(/\.([a-z0-9]{1,5})$/i)?.[1];
  if (fromName) return fromName.toUpperCase();
  const fromType = media?.contentType.split('/')[1];
  return fromType === 'pdf' ? 'PDF' : 'FILE';
}

function MediaImage({ media }: { media: TemplateMedia | undefined }) {
  const source = useMediaSource(media?.url);
  const [broken, setBroken] = useState(false);
  if (!media?.url)
    return (
      <div className={classes.media}>
        <span className={classes.mediaLabel}>
          <IconPhoto size={28} aria-hidden />
          Image
        </span>
      </div>
    );
  if (source.failed || broken)
    return (
      <div className={classes.media}>
        <span className={classes.mediaLabel} role="status">
          <IconAlertCircle size={24} aria-hidden />
          {MEDIA_NOT_FOUND}
        </span>
      </div>
    );
  return (
    <div className={classes.media} aria-busy={source.loading || undefined}>
      {source.src ? (
        <img src={source.src} alt={media.fileName || 'Header image'} onError={() => setBroken(true)} />
      ) : null}
    </div>
  );
}

function MediaVideo({ media }: { media: TemplateMedia | undefined }) {
  return (
    <div className={`${classes.media} ${classes.video}`} role="img" aria-label={media?.fileName || 'Video'}>
      <span className={classes.mediaLabel}>
        <span className={classes.playButton}>
          <IconPlayerPlayFilled size={20} aria-hidden />
        </span>
        {media?.fileName ? shortName(media.fileName) : media?.url ? 'Video' : 'Video (no file yet)'}
      </span>
    </div>
  );
}

function MediaDocument({ media }: { media: TemplateMedia | undefined }) {
  const name = media?.fileName || (media?.url ? 'Document' : 'Document (no file yet)');
  return (
    <div className={classes.document} title={media?.fileName || undefined}>
      <span className={classes.documentIcon} aria-hidden>
        {extensionOf(media)}
      </span>
      <div style={{ minWidth: 0 }}>
        <div className={classes.documentName}>{shortName(name)}</div>
        <div className={classes.documentMeta}>{extensionOf(media)} document</div>
      </div>
    </div>
  );
}

function Header({
  header,
  values,
  media,
}: {
  header: HeaderComponent;
  values: Record<string, string> | undefined;
  media: TemplateMedia | undefined;
}) {
  if (header.format === 'TEXT')
    return header.text ? <div className={classes.headerText}>{fillVariables(header.text, values)}</div> : null;
  const shown = media ?? header.media;
  if (header.format === 'IMAGE') return <MediaImage media={shown} />;
  if (header.format === 'VIDEO') return <MediaVideo media={shown} />;
  return <MediaDocument media={shown} />;
}

function filledUrl(button: TemplateButton, value: string | undefined): string | undefined {
  if (button.type !== 'URL') return undefined;
  return button.url.replace(/\{\{[^{}]*\}\}$/, value ?? '');
}

function ButtonIcon({ type }: { type: TemplateButton['type'] }) {
  const props = { size: 16, 'aria-hidden': true } as const;
  if (type === 'QUICK_REPLY') return <IconArrowBackUp {...props} />;
  if (type === 'URL') return <IconExternalLink {...props} />;
  if (type === 'PHONE_NUMBER') return <IconPhone {...props} />;
  return <IconCopy {...props} />;
}

function ButtonList({
  buttons,
  values,
  card,
  onButton,
}: {
  buttons: readonly TemplateButton[];
  values: Record<string, string> | undefined;
  card?: number;
  onButton?: TemplateMessageBubbleProps['onButton'];
}) {
  if (buttons.length === 0) return null;
  return (
    <div
      className={classes.buttons}
      role="list"
      aria-label={card === undefined ? 'Buttons' : `Card ${card + 1} buttons`}
    >
      {buttons.map((button, index) => {
        const label = button.type === 'COPY_CODE' ? COPY_CODE_TEXT : button.text || buttonPlaceholder(button.type);
        const title =
          button.type === 'URL'
            ? filledUrl(button, values?.[String(index)])
            : button.type === 'PHONE_NUMBER'
              ? button.phone_number
              : button.type === 'COPY_CODE'
                ? values?.[String(index)] || button.example
                : undefined;
        const content = (
          <>
            <ButtonIcon type={button.type} />
            <span>{label}</span>
          </>
        );
        return onButton ? (
          <div role="listitem" key={index} style={{ display: 'contents' }}>
            <button
              type="button"
              className={classes.button}
              title={title}
              onClick={() => onButton(button, card === undefined ? { index } : { index, card })}
            >
              {content}
            </button>
          </div>
        ) : (
          <div role="listitem" key={index} className={classes.button} title={title}>
            {content}
          </div>
        );
      })}
    </div>
  );
}

const buttonPlaceholder = (type: TemplateButton['type']) =>
  type === 'QUICK_REPLY' ? 'Quick reply' : type === 'URL' ? 'Visit website' : 'Call phone number';

function MessageMeta({ sentAt, status }: { sentAt: Date; status?: PreviewStatus }) {
  return (
    <div className={classes.meta}>
      <time dateTime={sentAt.toISOString()}>{formatDatePattern(sentAt, dateFormats.time)}</time>
      {status ? <MessageTick status={status} /> : null}
    </div>
  );
}

function offerEndsText(expiresAt: number, now: number): string {
  const left = expiresAt - now;
  if (left <= 0) return 'Offer ended';
  const minutes = Math.ceil(left / 60_000);
  if (minutes < 60) return `Offer ends in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Offer ends in ${hours} hour${hours === 1 ? '' : 's'}`;
  const days = Math.floor(hours / 24);
  return `Offer ends in ${days} day${days === 1 ? '' : 's'}`;
}

/** A sample expiry for the preview when the message carries none: two days after it was sent. */
const SAMPLE_OFFER_MS = 2 * 24 * 60 * 60_000;

function OfferBox({
  text,
  hasExpiration,
  code,
  expiresAt,
  sentAt,
}: {
  text: string;
  hasExpiration: boolean;
  code: string | undefined;
  expiresAt: number | undefined;
  sentAt: Date;
}) {
  const ends = expiresAt ?? sentAt.getTime() + SAMPLE_OFFER_MS;
  return (
    <div className={classes.offer} data-testid="limited-time-offer">
      <span className={classes.offerIcon}>
        <IconGift size={18} aria-hidden />
      </span>
      <div style={{ minWidth: 0 }}>
        <div className={classes.offerText}>{text || 'Offer text'}</div>
        {hasExpiration ? (
          <div className={classes.offerExpiry} title={formatDatePattern(ends, dateFormats.default)}>
            {offerEndsText(ends, sentAt.getTime())}
          </div>
        ) : null}
        {code ? <div className={classes.offerCode}>Code {code}</div> : null}
      </div>
    </div>
  );
}

function mergeValues(examples: TemplateValues, given: TemplateValues | undefined): TemplateValues {
  if (!given) return examples;
  const merge = (a?: Record<string, string>, b?: Record<string, string>) =>
    a || b ? { ...a, ...Object.fromEntries(Object.entries(b ?? {}).filter(([, value]) => value !== '')) } : undefined;
  const cardCount = Math.max(examples.cards?.length ?? 0, given.cards?.length ?? 0);
  return {
    ...examples,
    ...given,
    header: merge(examples.header, given.header),
    body: merge(examples.body, given.body),
    buttons: merge(examples.buttons, given.buttons),
    cards:
      cardCount > 0
        ? Array.from({ length: cardCount }, (_, index) => {
            const example = examples.cards?.[index];
            const value = given.cards?.[index];
            return {
              body: merge(example?.body, value?.body),
              buttons: merge(example?.buttons, value?.buttons),
              media: value?.media ?? example?.media,
            };
          })
        : undefined,
  };
}

function CarouselCard({
  card,
  index,
  count,
  active,
  values,
  onButton,
}: {
  card: TemplateCard;
  index: number;
  count: number;
  active: boolean;
  values: NonNullable<TemplateValues['cards']>[number] | undefined;
  onButton?: TemplateMessageBubbleProps['onButton'];
}) {
  const header = card.components.find((part) => part.type === 'HEADER');
  const body = card.components.find((part) => part.type === 'BODY');
  const buttons = card.components.find((part) => part.type === 'BUTTONS')?.buttons ?? [];
  return (
    <div
      className={classes.card}
      role="group"
      aria-roledescription="card"
      aria-label={`Card ${index + 1} of ${count}`}
      data-active={active || undefined}
    >
      {header ? <Header header={header} values={undefined} media={values?.media} /> : null}
      {body ? (
        <div className={classes.cardBody}>{formatWhatsAppText(fillVariables(body.text, values?.body))}</div>
      ) : (
        <div className={classes.cardBody} />
      )}
      <ButtonList buttons={buttons} values={values?.buttons} card={index} onButton={onButton} />
    </div>
  );
}

function Carousel({
  cards,
  values,
  onButton,
}: {
  cards: readonly TemplateCard[];
  values: TemplateValues['cards'];
  onButton?: TemplateMessageBubbleProps['onButton'];
}) {
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const track = useRef<HTMLDivElement>(null);
  const count = cards.length;
  const current = count === 0 ? 0 : Math.min(active, count - 1);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setActive((previous) => (previous + 1) % count), CAROUSEL_ROTATE_MS);
    return () => clearInterval(timer);
  }, [paused, count]);

  useEffect(() => {
    const node = track.current;
    const card = node?.children[current] as HTMLElement | undefined;
    if (!node || !card || typeof node.scrollTo !== 'function') return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    node.scrollTo({ left: card.offsetLeft - node.offsetLeft, behavior: reduce ? 'auto' : 'smooth' });
  }, [current]);

  if (count === 0) return <div className={classes.placeholder}>Add cards to see them here</div>;
  return (
    <div
      className={classes.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label="Cards"
      data-paused={paused || undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {/* A keyboard user scrolls the cards with the arrow keys once the track has focus (inside the
          'Cards' region, which names it). */}
      <div className={classes.track} ref={track} tabIndex={0}>
        {cards.map((card, index) => (
          <CarouselCard
            key={index}
            card={card}
            index={index}
            count={count}
            active={index === current}
            values={values?.[index]}
            onButton={onButton}
          />
        ))}
      </div>
      {count > 1 ? (
        <div className={classes.dots}>
          {cards.map((_, index) => (
            <button
              key={index}
              type="button"
              className={classes.dot}
              aria-label={`Show card ${index + 1}`}
              aria-pressed={index === current}
              onClick={() => setActive(index)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/**
 * One received template message as WhatsApp shows it: the bubble (header, limited-time offer,
 * body, footer, time and tick), its buttons, and for a carousel the cards beneath. Used by the
 * template preview and by every screen that shows a sent template (the Sandbox phone).
 */
export function TemplateMessageBubble({
  components,
  parameterFormat = 'POSITIONAL',
  values,
  sentAt,
  status,
  onButton,
}: TemplateMessageBubbleProps) {
  const [renderedAt] = useState(() => new Date());
  const time = sentAt ?? renderedAt;
  const filled = useMemo(
    () => mergeValues(exampleValues({ components: [...components], parameter_format: parameterFormat }), values),
    [components, parameterFormat, values],
  );
  const kind = templateKind(components);
  const header = components.find((part): part is HeaderComponent => part.type === 'HEADER');
  const body = components.find((part) => part.type === 'BODY');
  const footer = components.find((part) => part.type === 'FOOTER');
  const buttons = components.find((part) => part.type === 'BUTTONS')?.buttons ?? [];
  const carousel = components.find((part) => part.type === 'CAROUSEL');
  const offer = components.find((part) => part.type === 'LIMITED_TIME_OFFER');
  const codeIndex = buttons.findIndex((button) => button.type === 'COPY_CODE');
  const copyButton = buttons[codeIndex];
  const code =
    codeIndex === -1
      ? undefined
      : filled.buttons?.[String(codeIndex)] || (copyButton?.type === 'COPY_CODE' ? copyButton.example : undefined);
  const showsButtons = kind !== 'CAROUSEL' && buttons.length > 0;
  const bodyText = body?.text ?? '';

  return (
    <div className={classes.message} data-layout={kind}>
      <div className={classes.group}>
        <div className={`${classes.bubble} ${showsButtons ? classes.withButtons : ''}`}>
          {header && kind !== 'CAROUSEL' ? (
            <Header header={header} values={filled.header} media={filled.headerMedia} />
          ) : null}
          {offer ? (
            <OfferBox
              text={offer.limited_time_offer.text}
              hasExpiration={offer.limited_time_offer.has_expiration}
              code={code}
              expiresAt={filled.offerExpiresAt}
              sentAt={time}
            />
          ) : null}
          {bodyText.trim() ? (
            <div className={classes.body}>{formatWhatsAppText(fillVariables(bodyText, filled.body))}</div>
          ) : (
            <div className={classes.placeholder}>Your message body appears here</div>
          )}
          {footer && footer.text.trim() && kind === 'STANDARD' ? (
            <div className={classes.footer}>{footer.text}</div>
          ) : null}
          <MessageMeta sentAt={time} status={status} />
        </div>
        {showsButtons ? <ButtonList buttons={buttons} values={filled.buttons} onButton={onButton} /> : null}
      </div>
      {carousel ? <Carousel cards={carousel.cards} values={filled.cards} onButton={onButton} /> : null}
    </div>
  );
}
