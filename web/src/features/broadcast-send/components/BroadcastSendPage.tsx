import { useMemo, useState } from 'react';
import { Alert, Anchor, Box, Button, Grid, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconChecklist } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { broadcastMessages, type BroadcastCheck, type BroadcastRequest } from '@parley/contracts/broadcasts';
import type { Template } from '@parley/contracts/templates';
import { TemplatePreview } from '../../../components/template-preview/TemplatePreview';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { ApiError, isSessionEndingError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { showToast } from '../../../lib/toast';
import { useCheckBroadcast } from '../api/check-broadcast';
import { useCustomerColumns } from '../api/get-customer-columns';
import { useTemplateContent } from '../api/get-template-content';
import { useTemplateVariables } from '../api/get-template-variables';
import { useSendBroadcast } from '../api/send-broadcast';
import { AttachmentArea } from './AttachmentArea';
import {
  appendNumbers,
  buildRequest,
  emptyDraft,
  mediaNeeds,
  placeServerErrors,
  previewValues,
  validateDraft,
  type BroadcastDraft,
  type ChosenChannel,
  type FormErrors,
} from './broadcast-form';
import { ChannelPicker } from './ChannelPicker';
import { CustomerPickerDialog } from './CustomerPickerDialog';
import { MobileNumbersField } from './MobileNumbersField';
import { PreSendSummaryDialog } from './PreSendSummaryDialog';
import { TemplatePicker } from './TemplatePicker';
import { VariableMappingWidget } from './VariableMappingWidget';

export const BROADCASTS_PATH = '/campaigns/broadcast';

const RCS_TYPE = 10;

/**
 * The send form opened from elsewhere (engagement.md §2.10, §5): a campaign test or a chat. A chat
 * fixes the channel and the customer's number; the form closes when done instead of navigating.
 */
export interface EmbeddedBroadcast {
  resourceType: 'CAMPAIGN' | 'CHAT';
  resourceId: string;
  /** Fixed (and not editable) when given: a chat's channel. */
  channel?: ChosenChannel;
  /** Fixed (and not editable) when given: the chat's customer. */
  phoneNumber?: string;
  /** CLOSE: after a send, a failed send (its error shown as a toast), or Cancel. */
  onClose: () => void;
}

/** The broadcast send screen at /campaigns/broadcast/create. */
export function BroadcastSendPage() {
  return (
    <Stack gap="md" maw={1280}>
      <div>
        <Anchor component={Link} to={BROADCASTS_PATH} size="sm" c="dimmed">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            Just In Time
          </Group>
        </Anchor>
        <Title order={1} fz={24} mt={4}>
          {broadcastMessages.heading}
        </Title>
        <Text size="sm" c="dimmed">
          Send an approved template to many numbers. Nothing goes out before you have seen the check of every recipient.
        </Text>
      </div>
      <BroadcastSendForm />
    </Stack>
  );
}

/**
 * The broadcast send form (engagement.md §2.10, §2.14, §4, §5): channel, template, attachments,
 * mobile numbers (typed or from the customer master), the variable mapping and a live preview;
 * Send runs the pre-send check first and sends from its summary. On its page, or embedded.
 */
export function BroadcastSendForm({ embedded }: { embedded?: EmbeddedBroadcast }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<BroadcastDraft>(() =>
    embedded
      ? { ...emptyDraft, channel: embedded.channel ?? null, numbersText: embedded.phoneNumber ?? '' }
      : emptyDraft,
  );
  const [submitted, setSubmitted] = useState(false);
  const [numbersTouched, setNumbersTouched] = useState(false);
  const [server, setServer] = useState<{ fields: FormErrors; others: string[] }>({ fields: {}, others: [] });
  const [pickerOpened, setPickerOpened] = useState(false);
  const [summary, setSummary] = useState<{
    request: BroadcastRequest;
    check?: BroadcastCheck;
    error: string | null;
  } | null>(null);

  const content = useTemplateContent(draft.template?.id);
  const variablesQuery = useTemplateVariables(draft.channel?.id, draft.template?.id);
  const columnsQuery = useCustomerColumns();
  const check = useCheckBroadcast();
  const send = useSendBroadcast();

  const components = content.data?.components;
  const variables = useMemo(() => variablesQuery.data ?? [], [variablesQuery.data]);
  const columns = useMemo(() => columnsQuery.data ?? [], [columnsQuery.data]);
  const needs = mediaNeeds(components);
  const clientErrors = validateDraft(draft, components, variables);

  const shown = (key: string): string | undefined => {
    const live = key === 'phoneNumber' ? submitted || numbersTouched : submitted;
    return server.fields[key] ?? (live ? clientErrors[key] : undefined);
  };
  const errorsFor = (prefix: string) =>
    Object.fromEntries(
      [...new Set([...Object.keys(clientErrors), ...Object.keys(server.fields)])]
        .filter((key) => key.startsWith(prefix))
        .map((key) => [key, shown(key)])
        .filter((entry): entry is [string, string] => entry[1] !== undefined),
    );

  const update = (change: Partial<BroadcastDraft>, clears: string[]) => {
    setDraft((current) => ({ ...current, ...change }));
    setServer((current) => {
      const fields = Object.fromEntries(
        Object.entries(current.fields).filter(([key]) => !clears.some((prefix) => key.startsWith(prefix))),
      );
      return { fields, others: current.others };
    });
  };

  const handleChannel = (channel: ChosenChannel) => {
    if (channel.id === draft.channel?.id) return;
    update({ channel, template: null, media: undefined, cardMedia: [], mappings: {} }, [
      'channelId',
      'template',
      'media',
      'card',
      'mapping',
      'cards',
    ]);
  };

  const handleTemplate = (template: Template) => {
    if (template.id === draft.template?.id) return;
    update({ template: { id: template.id, name: template.name }, media: undefined, cardMedia: [], mappings: {} }, [
      'template',
      'media',
      'card',
      'mapping',
      'cards',
    ]);
  };

  const handlePicked = (numbers: string[]) => {
    const merged = appendNumbers(draft.numbersText, numbers);
    update({ numbersText: merged.text }, ['phoneNumber']);
    setPickerOpened(false);
    const skipped = numbers.length - merged.added;
    showToast(
      `${merged.added} ${merged.added === 1 ? 'number' : 'numbers'} added${skipped > 0 ? `, ${skipped} already in the list` : ''}`,
      { tone: 'success' },
    );
  };

  const handleCheckFailure = (failure: unknown, request: BroadcastRequest, keepCheck?: BroadcastCheck) => {
    const fieldErrors = failure instanceof ApiError ? failure.fieldErrors : undefined;
    const placed = placeServerErrors(fieldErrors, request, variables);
    setServer(placed);
    setSummary({ request, check: keepCheck, error: describeFailure(failure) });
  };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(clientErrors).length > 0 || !content.data || !variablesQuery.isSuccess) return;
    const request: BroadcastRequest = {
      ...buildRequest(draft, content.data, variables),
      ...(embedded ? { resourceType: embedded.resourceType, resourceId: embedded.resourceId } : {}),
    };
    setServer({ fields: {}, others: [] });
    setSummary({ request, error: null });
    check.mutate(request, {
      onSuccess: (result) => {
        setServer(placeServerErrors(result.fieldErrors, request, variables));
        setSummary({ request, check: result, error: null });
      },
      onError: (failure) => handleCheckFailure(failure, request),
    });
  };

  const handleSend = () => {
    if (!summary?.check) return;
    const { request, check: checked } = summary;
    setSummary({ request, check: checked, error: null });
    send.mutate(request, {
      onSuccess: () => {
        showToast(broadcastMessages.sent, { tone: 'success' });
        setSummary(null);
        if (embedded) {
          embedded.onClose();
          return;
        }
        setDraft(emptyDraft);
        setSubmitted(false);
        setNumbersTouched(false);
        void navigate(BROADCASTS_PATH);
      },
      onError: (failure) => {
        // Inside a campaign test or a chat, a failed send is told in a toast and the dialog closes (§8).
        if (embedded) {
          if (!isSessionEndingError(failure)) showToast(describeFailure(failure), { tone: 'error' });
          setSummary(null);
          embedded.onClose();
          return;
        }
        handleCheckFailure(failure, request, checked);
      },
    });
  };

  const columnLabel = (column: string) => columns.find((candidate) => candidate.value === column)?.label ?? column;
  const values = previewValues(draft, variables, columnLabel);
  const submitProblems = submitted && Object.keys(clientErrors).length > 0;
  const channelType = draft.channel?.type === RCS_TYPE ? 'RCS' : 'WHATSAPP';

  return (
    <>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <form onSubmit={handleSubmit} noValidate aria-label="Broadcast">
            <Stack gap="md">
              {submitProblems ? (
                <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={16} />} py="xs">
                  Some fields need attention before sending.
                </Alert>
              ) : null}
              {server.others.length > 0 ? (
                <Alert color="red" variant="light" role="alert" title="The server could not take the broadcast">
                  <List size="sm">
                    {server.others.map((message) => (
                      <List.Item key={message}>{message}</List.Item>
                    ))}
                  </List>
                </Alert>
              ) : null}

              <Paper withBorder radius="md" p="sm" component="section" aria-label="Message">
                <Stack gap="sm">
                  <ChannelPicker
                    value={draft.channel}
                    error={shown('channelId')}
                    disabled={Boolean(embedded?.channel)}
                    onChange={handleChannel}
                  />
                  <TemplatePicker
                    channelId={draft.channel?.id}
                    value={draft.template}
                    error={shown('template')}
                    onChange={handleTemplate}
                  />
                </Stack>
              </Paper>

              {draft.template && content.isError ? (
                <QueryErrorAlert
                  title="The template could not be loaded"
                  message={describeFailure(content.error)}
                  onRetry={() => void content.refetch()}
                />
              ) : null}
              {draft.template && content.isPending ? <Skeleton h={72} radius="md" /> : null}

              {draft.channel && content.data ? (
                <AttachmentArea
                  needs={needs}
                  channelType={channelType}
                  media={draft.media}
                  cardMedia={draft.cardMedia}
                  errors={{ ...errorsFor('card.'), ...errorsFor('media') }}
                  onMediaChange={(media) => update({ media }, ['media'])}
                  onCardMediaChange={(index, media) => {
                    const cardMedia = [...draft.cardMedia];
                    cardMedia[index] = media;
                    update({ cardMedia }, [`card.${index + 1}`]);
                  }}
                />
              ) : null}

              <Paper withBorder radius="md" p="sm" component="section" aria-label="Recipients">
                <MobileNumbersField
                  value={draft.numbersText}
                  error={shown('phoneNumber')}
                  disabled={Boolean(embedded?.phoneNumber)}
                  onChange={(numbersText) => update({ numbersText }, ['phoneNumber'])}
                  onBlur={() => setNumbersTouched(draft.numbersText.trim() !== '' || numbersTouched)}
                  onPickCustomers={() => setPickerOpened(true)}
                />
              </Paper>

              {draft.template ? (
                variablesQuery.isError ? (
                  <QueryErrorAlert
                    title="The template's variables could not be loaded"
                    message={describeFailure(variablesQuery.error)}
                    onRetry={() => void variablesQuery.refetch()}
                  />
                ) : variablesQuery.isPending ? (
                  <Skeleton h={120} radius="md" role="status" aria-label="Loading the variables" />
                ) : (
                  <VariableMappingWidget
                    variables={variables}
                    mappings={draft.mappings}
                    columns={columns}
                    errors={{ ...errorsFor('mapping.'), ...errorsFor('cards') }}
                    onChange={(variable, mapping) =>
                      update({ mappings: { ...draft.mappings, [variable]: mapping } }, [`mapping.${variable}`, 'cards'])
                    }
                  />
                )
              ) : null}

              <Group justify="flex-end" gap="sm">
                {embedded ? (
                  <Button variant="default" onClick={embedded.onClose}>
                    Cancel
                  </Button>
                ) : (
                  <Button component={Link} to={BROADCASTS_PATH} variant="default">
                    Cancel
                  </Button>
                )}
                <Button type="submit" leftSection={<IconChecklist size={16} />} loading={check.isPending}>
                  Send
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
              {components ? (
                <TemplatePreview
                  components={components}
                  parameterFormat={content.data?.parameter_format === 'NAMED' ? 'NAMED' : 'POSITIONAL'}
                  values={values}
                  businessName={draft.channel?.name}
                />
              ) : (
                <Paper
                  withBorder
                  radius="lg"
                  p="xl"
                  w={300}
                  ta="center"
                  c="dimmed"
                  aria-label="Template preview"
                  component="figure"
                  m={0}
                >
                  <Text size="sm">Choose a channel and a template to see the message as your customers will.</Text>
                </Paper>
              )}
            </Stack>
          </Box>
        </Grid.Col>
      </Grid>

      <CustomerPickerDialog opened={pickerOpened} onClose={() => setPickerOpened(false)} onConfirm={handlePicked} />
      <PreSendSummaryDialog
        opened={summary !== null}
        check={summary?.check}
        checking={check.isPending}
        error={summary?.error ?? null}
        sending={send.isPending}
        onClose={() => setSummary(null)}
        onSend={handleSend}
      />
    </>
  );
}
