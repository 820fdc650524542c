import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useNavigate } from 'react-router';
import type { Channel } from '@parley/contracts/channels';
import { errorCatalog } from '@parley/contracts/errors';
import {
  templateCategoryLabels,
  templateFieldErrors,
  templateLimits,
  validateTemplate,
  type ButtonType,
  type Template,
  type TemplateButton,
} from '@parley/contracts/templates';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { formatDateTime } from '../../../lib/format-date';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { TemplatePreview } from '../../../components/template-preview/TemplatePreview';
import { useCreateTemplate } from '../api/create-template';
import { useUpdateTemplate } from '../api/update-template';
import { ButtonsEditor } from './ButtonsEditor';
import { CarouselEditor } from './CarouselEditor';
import { MediaUploadField } from './MediaUploadField';
import {
  draftFromTemplate,
  emptyButton,
  emptyDraft,
  kindLabels,
  partOf,
  templateLanguages,
  toComponents,
  toTemplateBody,
  withKind,
  type Category,
  type HeaderChoice,
  type ParameterFormat,
  type TemplateDraft,
  type TemplateKind,
} from './template-draft';
import { TEMPLATES_PATH } from './template-paths';
import { TemplateStatusBadge } from './TemplateStatusBadge';
import { useUnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { CharacterCount, VariableTextField } from './VariableTextField';

const REQUIRED = 'This Field is Mandatory';
export const TEMPLATE_SUBMITTED = 'Template submitted';
const STANDARD_BUTTON_TYPES: readonly ButtonType[] = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE'];
const OFFER_BUTTON_TYPES: readonly ButtonType[] = ['COPY_CODE', 'URL'];

const headerChoices: { value: HeaderChoice; label: string }[] = [
  { value: 'NONE', label: 'None' },
  { value: 'TEXT', label: 'Text' },
  { value: 'IMAGE', label: 'Image' },
  { value: 'VIDEO', label: 'Video' },
  { value: 'DOCUMENT', label: 'Document' },
];

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <div>
          <Text fw={600}>{title}</Text>
          {description ? (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

interface TemplateEditorFormProps {
  template: Template | undefined;
  channels: readonly Channel[];
}

/** Create or edit a template: the form on the left, the live preview on the right. */
export function TemplateEditorForm({ template, channels }: TemplateEditorFormProps) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<TemplateDraft>(() =>
    template ? draftFromTemplate(template) : emptyDraft(channels.length === 1 ? channels[0]!.id : ''),
  );
  const [initial] = useState(() => JSON.stringify(draft));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  /** Why the last submit failed; `local` when the form's own check stopped it (it goes once the parts are fixed). */
  const [failure, setFailure] = useState<{ message: string; local: boolean } | null>(null);
  const [done, setDone] = useState(false);
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const saving = create.isPending || update.isPending;
  const formRef = useRef<HTMLFormElement>(null);
  const unsaved = !done && JSON.stringify(draft) !== initial;

  const components = useMemo(() => toComponents(draft), [draft]);
  const clientErrors = useMemo(() => {
    const issues = validateTemplate({
      name: draft.name,
      category: (draft.category || 'UTILITY') as Category,
      parameter_format: draft.parameterFormat,
      components,
    });
    const errors = templateFieldErrors(issues);
    if (!draft.channelId) errors.channelId = REQUIRED;
    if (!draft.category) errors.category = 'Choose a category';
    return errors;
  }, [draft, components]);
  const errorFor = (path: string): string | undefined =>
    serverErrors[path] ?? (submitted || touched.has(partOf(path)) ? clientErrors[path] : undefined);
  // Issues no field shows (e.g. two headers) are listed above the buttons after a submit attempt.
  const shownPaths = /^(name|channelId|language|category|header|body|footer|offer|buttons|cards)(\.|$)/;
  const otherIssues = submitted
    ? Object.entries({ ...clientErrors, ...serverErrors }).filter(([path]) => !shownPaths.test(path))
    : [];

  const touch = (part: string) =>
    setTouched((previous) => (previous.has(part) ? previous : new Set(previous).add(part)));
  // A part shows its issues once it was edited (or after a submit attempt). Edits, not blurs: an
  // issue appearing on blur would move the buttons under the pointer between press and release.
  const change = (part: string, next: Partial<TemplateDraft> | ((current: TemplateDraft) => TemplateDraft)) => {
    touch(part);
    setDraft((current) => (typeof next === 'function' ? next(current) : { ...current, ...next }));
    setServerErrors((previous) => {
      const kept = Object.entries(previous).filter(([path]) => partOf(path) !== part && !path.startsWith(part));
      return kept.length === Object.keys(previous).length ? previous : Object.fromEntries(kept);
    });
  };

  useEffect(() => {
    if (attempt === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    invalid?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    if (invalid?.matches('input, textarea')) invalid.focus({ preventScroll: true });
  }, [attempt]);

  /** Validates and submits; resolves whether it worked (Submit and the unsaved-changes dialog). */
  const submit = async (): Promise<boolean> => {
    setSubmitted(true);
    setFailure(null);
    if (Object.keys(clientErrors).length > 0) {
      setFailure({ message: errorCatalog.TEMPLATE_INVALID.message, local: true });
      setAttempt((value) => value + 1);
      return false;
    }
    const body = toTemplateBody(draft);
    try {
      if (template) await update.mutateAsync({ id: template.id, body });
      else await create.mutateAsync(body);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setServerErrors(error.fieldErrors);
      setFailure({ message: describeFailure(error as Error), local: false });
      setAttempt((value) => value + 1);
      return false;
    }
    setDone(true);
    showToast(TEMPLATE_SUBMITTED, { tone: 'success' });
    return true;
  };
  const guard = useUnsavedChangesGuard(unsaved, { onSave: submit });

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    void submit().then((saved) => {
      if (!saved) return;
      guard.allowNextNavigation();
      void navigate(TEMPLATES_PATH);
    });
  };

  const channelOptions = channels.map((channel) => ({
    value: channel.id,
    label: `${channel.name} (${channel.typeString === 'RCS' ? 'RCS' : 'WhatsApp'})`,
  }));
  if (template && !channels.some((channel) => channel.id === template.channelId))
    channelOptions.push({ value: template.channelId, label: template.channelName });
  const channelName =
    channels.find((channel) => channel.id === draft.channelId)?.name ?? template?.channelName ?? undefined;
  const kind = draft.kind;
  const bodyMax = kind === 'LIMITED_TIME_OFFER' ? templateLimits.offerBody : templateLimits.body;
  const headerOptions =
    kind === 'LIMITED_TIME_OFFER'
      ? headerChoices.filter((choice) => ['NONE', 'IMAGE', 'VIDEO'].includes(choice.value))
      : headerChoices;

  const setButtons = (buttons: TemplateButton[]) => change('buttons', { buttons });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} fz={24}>
            {template ? `Edit ${template.name}` : 'Create Template'}
          </Title>
          <Text size="sm" c="dimmed">
            Submitting sends the template to the channel&apos;s vendor for review; it can be sent once APPROVED.
          </Text>
        </div>
        {template ? (
          <Group gap="xs" align="flex-start">
            <Text size="sm" c="dimmed">
              Status
            </Text>
            <TemplateStatusBadge status={template.status} reason={null} />
          </Group>
        ) : null}
      </Group>
      {template && template.reason && template.status !== 'APPROVED' && template.status !== 'PENDING' ? (
        <Alert color={template.status === 'REJECTED' ? 'red' : 'orange'} variant="light" title={template.status}>
          <Text size="sm">{template.reason}</Text>
          <Text size="xs" c="dimmed" mt={4}>
            Since {formatDateTime(template.statusAt)}. Submitting the edited template sends it for review again.
          </Text>
        </Alert>
      ) : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label="Template">
            <Stack gap="md">
              <Section title="Details">
                <Select
                  label="Channel"
                  placeholder={channels.length === 0 ? 'No WhatsApp or RCS channel yet' : 'Choose a channel'}
                  withAsterisk
                  data={channelOptions}
                  allowDeselect={false}
                  value={draft.channelId || null}
                  disabled={template !== undefined}
                  error={errorFor('channelId')}
                  onChange={(value) => change('channelId', { channelId: value ?? '' })}
                />
                <TextInput
                  label="Name"
                  withAsterisk
                  description={
                    template
                      ? 'The name is fixed once the template is submitted'
                      : 'Lowercase letters, digits and underscores, e.g. order_update'
                  }
                  value={draft.name}
                  disabled={template !== undefined}
                  error={errorFor('name')}
                  onChange={(event) => change('name', { name: event.currentTarget.value })}
                />
                <Group grow align="flex-start">
                  <Select
                    label="Language"
                    withAsterisk
                    data={
                      templateLanguages.some((language) => language.value === draft.language)
                        ? templateLanguages
                        : [...templateLanguages, { value: draft.language, label: draft.language }]
                    }
                    value={draft.language}
                    allowDeselect={false}
                    searchable
                    disabled={template !== undefined}
                    error={serverErrors.language}
                    onChange={(value) => value && change('language', { language: value })}
                  />
                  <Select
                    label="Category"
                    withAsterisk
                    placeholder="Choose a category"
                    data={(Object.keys(templateCategoryLabels) as Category[]).map((value) => ({
                      value,
                      label: templateCategoryLabels[value],
                    }))}
                    allowDeselect={false}
                    value={draft.category || null}
                    disabled={kind !== 'STANDARD'}
                    description={kind !== 'STANDARD' ? `${kindLabels[kind]} templates are Marketing` : undefined}
                    error={errorFor('category')}
                    onChange={(value) => change('category', { category: (value ?? '') as Category | '' })}
                  />
                </Group>
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="template-type-label">
                    Type
                  </Text>
                  <SegmentedControl
                    aria-labelledby="template-type-label"
                    value={kind}
                    onChange={(value) => change('kind', (current) => withKind(current, value as TemplateKind))}
                    data={(Object.keys(kindLabels) as TemplateKind[]).map((value) => ({
                      value,
                      label: kindLabels[value],
                    }))}
                  />
                </Stack>
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="template-variables-label">
                    Variables
                  </Text>
                  <SegmentedControl
                    aria-labelledby="template-variables-label"
                    value={draft.parameterFormat}
                    onChange={(value) => change('parameterFormat', { parameterFormat: value as ParameterFormat })}
                    data={[
                      { value: 'POSITIONAL', label: 'Positional {{1}}' },
                      { value: 'NAMED', label: 'Named {{first_name}}' },
                    ]}
                  />
                </Stack>
              </Section>

              {kind !== 'CAROUSEL' ? (
                <Section
                  title="Header"
                  description={
                    kind === 'LIMITED_TIME_OFFER'
                      ? 'Optional: an image or a video'
                      : 'Optional: a title or a media file'
                  }
                >
                  <SegmentedControl
                    aria-label="Header type"
                    value={draft.header.format}
                    onChange={(value) =>
                      change('header', (current) => ({
                        ...current,
                        header: { format: value as HeaderChoice, text: '', examples: {} },
                      }))
                    }
                    data={headerOptions}
                  />
                  {draft.header.format === 'TEXT' ? (
                    <VariableTextField
                      label="Header Text"
                      value={draft.header.text}
                      max={templateLimits.header}
                      maxVariables={1}
                      format={draft.parameterFormat}
                      examples={draft.header.examples}
                      error={errorFor('header')}
                      examplesError={errorFor('header.examples')}
                      onChange={(text) =>
                        change('header', (current) => ({ ...current, header: { ...current.header, text } }))
                      }
                      onExamplesChange={(examples) =>
                        change('header', (current) => ({ ...current, header: { ...current.header, examples } }))
                      }
                    />
                  ) : draft.header.format !== 'NONE' ? (
                    <MediaUploadField
                      format={draft.header.format}
                      media={draft.header.media}
                      label="Header"
                      error={errorFor('header')}
                      onChange={(media) => {
                        change('header', (current) => ({
                          ...current,
                          header: { ...current.header, ...(media ? { media } : { media: undefined }) },
                        }));
                      }}
                    />
                  ) : null}
                </Section>
              ) : null}

              {kind === 'LIMITED_TIME_OFFER' ? (
                <Section title="Limited-Time Offer">
                  <Stack gap={4}>
                    <TextInput
                      label="Offer Text"
                      withAsterisk
                      placeholder="Diwali sale"
                      value={draft.offer.text}
                      error={errorFor('offer')}
                      onChange={(event) => {
                        const text = event.currentTarget.value;
                        change('offer', (current) => ({ ...current, offer: { ...current.offer, text } }));
                      }}
                    />
                    <Group justify="flex-end">
                      <CharacterCount value={draft.offer.text} max={templateLimits.offerText} />
                    </Group>
                  </Stack>
                  <Switch
                    label="The Offer Expires"
                    description="The message shows a countdown to the expiry given when it is sent"
                    checked={draft.offer.hasExpiration}
                    onChange={(event) => {
                      const hasExpiration = event.currentTarget.checked;
                      change('offer', (current) => ({ ...current, offer: { ...current.offer, hasExpiration } }));
                    }}
                  />
                </Section>
              ) : null}

              <Section title="Body">
                <VariableTextField
                  label="Body"
                  multiline
                  required
                  placeholder="Hi {{1}}, your order {{2}} is on its way."
                  description="*bold*, _italic_, ~strike~ and ```monospace``` work as in WhatsApp"
                  value={draft.body.text}
                  max={bodyMax}
                  format={draft.parameterFormat}
                  examples={draft.body.examples}
                  error={errorFor('body')}
                  examplesError={errorFor('body.examples')}
                  onChange={(text) => change('body', (current) => ({ ...current, body: { ...current.body, text } }))}
                  onExamplesChange={(examples) =>
                    change('body', (current) => ({ ...current, body: { ...current.body, examples } }))
                  }
                />
              </Section>

              {kind === 'STANDARD' ? (
                <Section title="Footer" description="Optional, without variables">
                  <Stack gap={4}>
                    <TextInput
                      label="Footer Text"
                      placeholder="Reply STOP to opt out"
                      value={draft.footer}
                      error={errorFor('footer')}
                      onChange={(event) => change('footer', { footer: event.currentTarget.value })}
                    />
                    <Group justify="flex-end">
                      <CharacterCount value={draft.footer} max={templateLimits.footer} />
                    </Group>
                  </Stack>
                </Section>
              ) : null}

              {kind === 'CAROUSEL' ? (
                <Section
                  title="Cards"
                  description={`${templateLimits.carouselCardsMin} to ${templateLimits.carouselCardsMax} cards with the same parts`}
                >
                  <CarouselEditor
                    cards={draft.cards}
                    cardFormat={draft.cardFormat}
                    parameterFormat={draft.parameterFormat}
                    errorFor={errorFor}
                    onTouch={(index) => touch(`cards.${index}`)}
                    onCardsChange={(cards) => change('cards', { cards })}
                    onCardFormatChange={(cardFormat) =>
                      change('cards', (current) => ({
                        ...current,
                        cardFormat,
                        cards: current.cards.map(({ media: _media, ...card }) => card),
                      }))
                    }
                  />
                </Section>
              ) : (
                <Section
                  title="Buttons"
                  description={
                    kind === 'LIMITED_TIME_OFFER'
                      ? 'A limited-time offer has one copy-code button and one website button'
                      : 'Optional: quick replies and call-to-action buttons'
                  }
                >
                  <ButtonsEditor
                    buttons={draft.buttons}
                    path="buttons"
                    label="Button"
                    types={kind === 'LIMITED_TIME_OFFER' ? OFFER_BUTTON_TYPES : STANDARD_BUTTON_TYPES}
                    max={kind === 'LIMITED_TIME_OFFER' ? 2 : templateLimits.buttons}
                    editable={kind !== 'LIMITED_TIME_OFFER'}
                    errorFor={errorFor}
                    onChange={(index, button) =>
                      setButtons(draft.buttons.map((item, position) => (position === index ? button : item)))
                    }
                    onAdd={(type) => setButtons([...draft.buttons, emptyButton(type)])}
                    onRemove={(index) => setButtons(draft.buttons.filter((_, position) => position !== index))}
                  />
                </Section>
              )}

              {otherIssues.length > 0 ? (
                <Alert color="red" variant="light" role="alert">
                  <Stack gap={2}>
                    {otherIssues.map(([path, message]) => (
                      <Text key={path} size="sm">
                        {message}
                      </Text>
                    ))}
                  </Stack>
                </Alert>
              ) : null}
              <FormErrorAlert
                message={failure && (!failure.local || Object.keys(clientErrors).length > 0) ? failure.message : null}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => void navigate(TEMPLATES_PATH)} disabled={saving}>
                  Cancel
                </Button>
                <Button type="submit" loading={saving}>
                  Submit
                </Button>
              </Group>
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Box style={{ position: 'sticky', top: 56 }}>
            <Stack gap="xs" align="center">
              <Text size="sm" c="dimmed">
                Live preview
              </Text>
              <TemplatePreview
                components={components}
                parameterFormat={draft.parameterFormat}
                businessName={channelName}
              />
            </Stack>
          </Box>
        </Grid.Col>
      </Grid>

      {guard.dialog}
    </Stack>
  );
}
