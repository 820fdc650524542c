import { memo, useCallback, useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Grid,
  Group,
  Input,
  List,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconDeviceFloppy,
  IconInfoCircle,
  IconLock,
  IconMessage,
  IconPlus,
  IconSend,
  IconSend2,
  IconX,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import {
  campaignMessages,
  campaignStatusLabels,
  type Audience,
  type Campaign,
  type CampaignBody,
} from '@parley/contracts/campaigns';
import type { Channel } from '@parley/contracts/channels';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useUnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { ApiError, isSessionEndingError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { showToast } from '../../../lib/toast';
import { AUDIENCE_COUNT_DEBOUNCE_MS, useAudienceCount } from '../api/count-audience';
import { useCreateCampaign } from '../api/create-campaign';
import { CAMPAIGN_CHANNEL_TYPES, useCampaignChannels } from '../api/get-campaign-channels';
import { useCampaign } from '../api/get-campaign';
import { useSubmitCampaign } from '../api/submit-campaign';
import { useUpdateCampaign } from '../api/update-campaign';
import { useCampaignRules, type CampaignRules } from '../rules/api/get-campaign-rules';
import { AudienceBuilder } from './AudienceBuilder';
import { CampaignDetailsSection } from './CampaignDetailsSection';
import { CampaignStatusBadge } from './CampaignStatusBadge';
import {
  audienceOf,
  buildCampaignBody,
  draftFromCampaign,
  emptyCampaignDraft,
  emptyVariant,
  lockedStatuses,
  placeCampaignErrors,
  submittableStatuses,
  validateCampaignDraft,
  variantErrors,
  withVariantB,
  type CampaignDraft,
  type FormErrors,
  type VariantDraft,
} from './campaign-form';
import { CAMPAIGNS_PATH, campaignPath } from './campaign-paths';
import { ReachPanel, isEmptyAudience } from './ReachPanel';
import { ScheduleSection } from './ScheduleSection';
import { SendTestDialog } from './SendTestDialog';
import type { VariantMessageComponent } from './variant-message-slot';

export interface CampaignEditorProps {
  /** The campaign to edit; a new one without. */
  campaignId?: string;
  /** The message part of a variant (template, attachments, variable mapping, preview), handed in by the route. */
  VariantMessage: VariantMessageComponent;
  /** CAMPAIGNS.CREATE (a new campaign) or CAMPAIGNS.EDIT (an existing one): otherwise it only shows. */
  canChange: boolean;
  /** The enterprise's CAMPAIGN_TEST flag: 'Send test'. */
  testSends: boolean;
  /** The enterprise's CAMPAIGN_SMS flag: SMS channels are offered. */
  smsCampaigns: boolean;
  /** The user may list the campaign departments (campaign authors): the Department field. */
  departments: boolean;
}

/** The campaign editor (/campaigns/campaigns-list/new and /:id, issue 21 item 1). */
export function CampaignEditorPage(props: CampaignEditorProps) {
  const query = useCampaign(props.campaignId);
  const heading = (title: string, campaign?: Campaign) => (
    <div>
      <Anchor component={Link} to={CAMPAIGNS_PATH} size="sm" c="dimmed">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Campaigns
        </Group>
      </Anchor>
      <Group gap="sm" mt={4} align="center">
        <Title order={1} fz={24} style={{ wordBreak: 'break-word' }}>
          {title}
        </Title>
        {campaign ? <CampaignStatusBadge status={campaign.status} /> : null}
      </Group>
    </div>
  );

  if (props.campaignId && query.isError)
    return (
      <Stack gap="md" maw={1280}>
        {heading('Campaign')}
        <QueryErrorAlert
          title="The campaign could not be loaded"
          message={describeFailure(query.error)}
          onRetry={() => void query.refetch()}
        />
      </Stack>
    );
  if (props.campaignId && !query.data)
    return (
      <Stack gap="md" maw={1280} aria-busy>
        {heading('Campaign')}
        <Skeleton h={180} radius="md" />
        <Skeleton h={260} radius="md" />
      </Stack>
    );

  const campaign = query.data;
  return (
    <Stack gap="md" maw={1280}>
      {heading(campaign ? campaign.name : 'New campaign', campaign)}
      <CampaignEditorForm key={campaign?.id ?? 'new'} campaign={campaign} {...props} />
    </Stack>
  );
}

const weekdayShort = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The enabled quiet hours and frequency caps in words, for the schedule (the server applies them). */
function protectionNotes(rules: CampaignRules | undefined): string[] {
  if (!rules) return [];
  return [
    ...rules.blockTimes
      .filter((rule) => rule.enabled)
      .map(
        (rule) =>
          `Quiet hours ${rule.from}–${rule.to}${rule.weekdays.length > 0 ? ` on ${rule.weekdays.map((day) => weekdayShort[day]).join(', ')}` : ''} (${rule.name})`,
      ),
    ...rules.frequencyCaps
      .filter((rule) => rule.enabled)
      .map(
        (rule) =>
          `At most ${rule.maxMessages} campaign ${rule.maxMessages === 1 ? 'message' : 'messages'} per customer a ${rule.period} (${rule.name})`,
      ),
  ];
}

/** The errors whose keys start with one of the prefixes. */
const pickErrors = (errors: FormErrors, prefixes: string[]): FormErrors =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => prefixes.some((prefix) => key.startsWith(prefix))));

/** The same object as long as its contents stay the same, so memoised sections skip a render. */
function useStable<T>(value: T): T {
  const key = JSON.stringify(value);
  return useMemo(() => JSON.parse(key) as T, [key]);
}

type ServerErrors = { fields: FormErrors; others: string[] };
const noServerErrors: ServerErrors = { fields: {}, others: [] };

const dropKeys = (fields: FormErrors, prefixes: string[]) =>
  Object.fromEntries(Object.entries(fields).filter(([key]) => !prefixes.some((prefix) => key.startsWith(prefix))));

function CampaignEditorForm({
  campaign,
  VariantMessage,
  canChange,
  testSends,
  smsCampaigns,
  departments,
}: CampaignEditorProps & { campaign: Campaign | undefined }) {
  const navigate = useNavigate();
  const initial = useMemo(() => (campaign ? draftFromCampaign(campaign) : emptyCampaignDraft()), [campaign]);
  const [draft, setDraft] = useState<CampaignDraft>(initial);
  const [baseline, setBaseline] = useState(() => JSON.stringify(initial));
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<ServerErrors>(noServerErrors);
  const [confirmingSubmit, setConfirmingSubmit] = useState(false);
  const [testing, setTesting] = useState(false);

  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const submit = useSubmitCampaign();
  // The protection rules tell the enterprise's timezone, and the quiet hours and caps a send obeys.
  const rules = useCampaignRules();

  const locked = campaign !== undefined && lockedStatuses.includes(campaign.status);
  const readOnly = locked || !canChange;
  const dirty = !readOnly && JSON.stringify(draft) !== baseline;
  const saving = create.isPending || update.isPending;

  // ---- channel ---------------------------------------------------------------------------------
  const offeredTypes = CAMPAIGN_CHANNEL_TYPES.filter((type) => type !== 0 || smsCampaigns);
  const channels = useCampaignChannels(offeredTypes);
  const types = offeredTypes.filter((type) => channels.channels.some((channel) => channel.type === type));
  const chosenChannel = channels.channels.find((channel) => channel.id === draft.channelId);
  const channelType = draft.channelType ?? chosenChannel?.type ?? (types.length === 1 ? types[0]! : null);

  // ---- errors ----------------------------------------------------------------------------------
  const clientErrors = validateCampaignDraft(draft);
  const shownErrors: FormErrors = { ...(submitted ? clientErrors : {}), ...server.fields };
  // Each section gets only its own errors, the same object while they stay the same (memo below).
  const audienceErrors = useStable(pickErrors(shownErrors, ['audience', 'filters.']));
  const scheduleErrors = useStable(pickErrors(shownErrors, ['schedule.']));
  const errorsOfA = useStable(variantErrors(shownErrors, 0));
  const errorsOfB = useStable(variantErrors(shownErrors, 1));

  const clear = useCallback(
    (prefixes: string[]) =>
      setServer((current) => ({ fields: dropKeys(current.fields, prefixes), others: current.others })),
    [],
  );

  const change = useCallback(
    (next: Partial<CampaignDraft>, clears: string[]) => {
      setDraft((current) => ({ ...current, ...next }));
      clear(clears);
    },
    [clear],
  );

  const changeSchedule = useCallback(
    (next: Partial<CampaignDraft['schedule']>, clears: string[]) => {
      setDraft((current) => ({ ...current, schedule: { ...current.schedule, ...next } }));
      clear(clears);
    },
    [clear],
  );

  /** A new channel or type: the variants' templates belong to the old channel. */
  const resetMessages = (variants: VariantDraft[]) =>
    variants.map((variant) => ({ ...emptyVariant(variant.label, variant.share) }));

  const handleChannelType = (type: number) => {
    if (type === channelType) return;
    change(
      {
        channelType: type,
        channelId: chosenChannel?.type === type ? draft.channelId : null,
        variants: chosenChannel?.type === type ? draft.variants : resetMessages(draft.variants),
      },
      ['channelId', 'variants'],
    );
  };

  const handleChannel = (channel: Channel) => {
    if (channel.id === draft.channelId) return;
    change({ channelType: channel.type, channelId: channel.id, variants: resetMessages(draft.variants) }, [
      'channelId',
      'variants',
    ]);
  };

  const variantHandlers = useMemo(
    () =>
      [0, 1].map((index) => (next: Partial<VariantDraft>, clears: string[]) => {
        setDraft((current) => ({
          ...current,
          variants: current.variants.map((variant, position) =>
            position === index ? { ...variant, ...next } : variant,
          ),
        }));
        clear(clears.map((key) => `variants.${index}.${key}`));
      }),
    [clear],
  );
  const Message = useMemo(() => memo(VariantMessage), [VariantMessage]);
  const audienceValue = useMemo(
    () => ({ segmentIds: draft.segmentIds, groupIds: draft.groupIds, listIds: draft.listIds, filters: draft.filters }),
    [draft.segmentIds, draft.groupIds, draft.listIds, draft.filters],
  );
  const protections = useMemo(() => protectionNotes(rules.data), [rules.data]);

  const setShare = (index: number, share: number | string) => {
    const value = typeof share === 'number' ? Math.round(share) : 0;
    setDraft((current) => ({
      ...current,
      variants: current.variants.map((variant, position) => ({
        ...variant,
        share: position === index ? value : Math.max(0, 100 - value),
      })),
    }));
    clear(['shares']);
  };

  // ---- live reach --------------------------------------------------------------------------------
  const audience = audienceOf(draft);
  const audienceKey = JSON.stringify(audience);
  const [debouncedKey] = useDebouncedValue(audienceKey, AUDIENCE_COUNT_DEBOUNCE_MS);
  const debouncedAudience = useMemo(() => JSON.parse(debouncedKey) as Audience, [debouncedKey]);
  const reach = useAudienceCount(draft.channelId ?? undefined, debouncedAudience, !isEmptyAudience(debouncedAudience));
  const counting = audienceKey !== debouncedKey || reach.isFetching;

  // ---- save, submit ----------------------------------------------------------------------------
  const save = async (): Promise<Campaign | null> => {
    setSubmitted(true);
    if (Object.keys(clientErrors).length > 0) return null;
    const body: CampaignBody = buildCampaignBody(draft);
    setServer(noServerErrors);
    try {
      const saved = campaign ? await update.mutateAsync({ id: campaign.id, body }) : await create.mutateAsync(body);
      setBaseline(JSON.stringify(draft));
      showToast(campaignMessages.saved, { tone: 'success' });
      if (!campaign) {
        guard.allowNextNavigation();
        void navigate(campaignPath(saved.id), { replace: true });
      }
      return saved;
    } catch (failure) {
      if (isSessionEndingError(failure)) return null;
      const placed = placeCampaignErrors(failure instanceof ApiError ? failure.fieldErrors : undefined, body);
      if (Object.keys(placed.fields).length === 0 && placed.others.length === 0)
        placed.others.push(describeFailure(failure));
      setServer(placed);
      return null;
    }
  };

  const guard = useUnsavedChangesGuard(dirty, { onSave: async () => (await save()) !== null });

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    void save();
  };

  const handleSubmitForApproval = () => {
    if (!campaign) return;
    submit.mutate(campaign.id, {
      onSuccess: () => showToast(campaignMessages.submitted, { tone: 'success' }),
      onSettled: () => setConfirmingSubmit(false),
    });
  };

  const canSubmitForApproval = campaign !== undefined && !readOnly && submittableStatuses.includes(campaign.status);
  const decided = campaign && (campaign.status === 'APPROVED' || campaign.status === 'PENDING_APPROVAL');
  const problems = submitted && Object.keys(clientErrors).length > 0;
  const channel = useMemo(
    () => (chosenChannel ? { id: chosenChannel.id, name: chosenChannel.name, type: chosenChannel.type } : null),
    [chosenChannel],
  );

  return (
    <>
      {campaign?.status === 'REJECTED' ? (
        <Alert color="red" variant="light" role="alert" icon={<IconX size={16} />} title="Rejected by the checker">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {campaign.rejectReason || 'No reason was given.'}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            Change what was asked for, save, and submit the campaign for approval again.
          </Text>
        </Alert>
      ) : null}
      {locked && campaign ? (
        <Alert
          color="blue"
          variant="light"
          icon={<IconLock size={16} />}
          title={`${campaignStatusLabels[campaign.status]}: read-only`}
        >
          {campaignMessages.runningCannotChange}.
        </Alert>
      ) : !canChange ? (
        <Alert color="gray" variant="light" icon={<IconLock size={16} />}>
          You may view this campaign; your role does not allow changing it.
        </Alert>
      ) : decided ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={16} />}>
          Saving a change sends the campaign back to draft: it needs approval again.
        </Alert>
      ) : null}

      <form onSubmit={handleSubmit} noValidate aria-label="Campaign editor">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 9 }}>
            <Stack gap="md">
              {problems ? (
                <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={16} />} py="xs">
                  Some fields need attention before saving.
                </Alert>
              ) : null}
              {server.others.length > 0 ? (
                <Alert color="red" variant="light" role="alert" title="The campaign could not be saved">
                  <List size="sm">
                    {server.others.map((message) => (
                      <List.Item key={message}>{message}</List.Item>
                    ))}
                  </List>
                </Alert>
              ) : null}

              <CampaignDetailsSection
                name={draft.name}
                types={types}
                channelType={channelType}
                channels={channels.channels}
                channelsLoading={channels.pending}
                channelsError={channels.error}
                channelId={draft.channelId}
                departmentId={draft.departmentId}
                departments={departments}
                errors={shownErrors}
                readOnly={readOnly}
                onNameChange={(name) => change({ name }, ['name'])}
                onChannelTypeChange={handleChannelType}
                onChannelChange={handleChannel}
                onDepartmentChange={(departmentId) => change({ departmentId }, ['departmentId'])}
              />

              <Paper withBorder radius="md" p="md" component="section" aria-label="Message">
                <Group justify="space-between" mb="sm">
                  <Group gap={6}>
                    <IconMessage size={16} aria-hidden />
                    <Text size="sm" fw={600}>
                      Message
                    </Text>
                  </Group>
                  {readOnly ? null : draft.variants.length === 1 ? (
                    <Button
                      variant="subtle"
                      size="xs"
                      leftSection={<IconPlus size={14} />}
                      onClick={() => change({ variants: withVariantB(draft.variants, true) }, ['shares'])}
                    >
                      Add A/B variant
                    </Button>
                  ) : (
                    <Button
                      variant="subtle"
                      size="xs"
                      color="red"
                      leftSection={<IconX size={14} />}
                      onClick={() =>
                        change({ variants: withVariantB(draft.variants, false) }, ['shares', 'variants.1'])
                      }
                    >
                      Remove variant B
                    </Button>
                  )}
                </Group>
                <Stack gap="md">
                  {draft.variants.length > 1 ? (
                    <Input.Wrapper
                      label="Split"
                      description="The share of the audience each variant goes to; together 100 %"
                      error={shownErrors.shares}
                    >
                      <Group gap="sm" mt={4}>
                        {draft.variants.map((variant, index) => (
                          <NumberInput
                            key={variant.label}
                            label={`Variant ${variant.label} (%)`}
                            w={150}
                            min={1}
                            max={99}
                            allowDecimal={false}
                            allowNegative={false}
                            value={variant.share}
                            readOnly={readOnly}
                            onChange={(value) => setShare(index, value)}
                          />
                        ))}
                      </Group>
                    </Input.Wrapper>
                  ) : null}
                  {draft.variants.map((variant, index) => {
                    const message = (
                      <Message
                        channel={channel}
                        variant={variant}
                        errors={index === 0 ? errorsOfA : errorsOfB}
                        readOnly={readOnly}
                        onChange={variantHandlers[index]!}
                      />
                    );
                    return draft.variants.length > 1 ? (
                      <Paper
                        key={variant.label}
                        withBorder
                        radius="sm"
                        p="sm"
                        bg="gray.0"
                        role="group"
                        aria-label={`Variant ${variant.label}`}
                      >
                        <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb="xs">
                          Variant {variant.label} · {variant.share} %
                        </Text>
                        {message}
                      </Paper>
                    ) : (
                      <Box key={variant.label}>{message}</Box>
                    );
                  })}
                  <Checkbox
                    label="Track clicks on URL buttons"
                    description="Links go through a short redirect so the report can count clicks"
                    checked={draft.trackClicks}
                    disabled={readOnly}
                    onChange={(event) => change({ trackClicks: event.currentTarget.checked }, [])}
                  />
                </Stack>
              </Paper>

              <AudienceBuilder value={audienceValue} errors={audienceErrors} readOnly={readOnly} onChange={change} />

              <ScheduleSection
                value={draft.schedule}
                errors={scheduleErrors}
                timeZone={rules.data?.timeZone}
                protections={protections}
                readOnly={readOnly}
                onChange={changeSchedule}
              />

              <Group justify="flex-end" gap="sm">
                <Button component={Link} to={CAMPAIGNS_PATH} variant="default">
                  {readOnly ? 'Back' : 'Cancel'}
                </Button>
                {testSends && campaign && !readOnly ? (
                  <Tooltip label="Save your changes first" disabled={!dirty} withArrow>
                    <Button
                      variant="default"
                      leftSection={<IconSend2 size={16} />}
                      disabled={dirty}
                      onClick={() => setTesting(true)}
                    >
                      Send test
                    </Button>
                  </Tooltip>
                ) : null}
                {readOnly ? null : (
                  <Button
                    type="submit"
                    variant={canSubmitForApproval ? 'default' : 'filled'}
                    leftSection={<IconDeviceFloppy size={16} />}
                    loading={saving}
                  >
                    Save
                  </Button>
                )}
                {canSubmitForApproval ? (
                  <Tooltip label="Save your changes first" disabled={!dirty} withArrow>
                    <Button
                      leftSection={<IconSend size={16} />}
                      disabled={dirty}
                      onClick={() => setConfirmingSubmit(true)}
                    >
                      Submit for approval
                    </Button>
                  </Tooltip>
                ) : null}
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 3 }}>
            <Box style={{ position: 'sticky', top: 56 }}>
              <ReachPanel
                empty={isEmptyAudience(audience)}
                data={isEmptyAudience(debouncedAudience) ? undefined : reach.data}
                counting={counting}
                error={reach.error}
                onRetry={() => void reach.refetch()}
              />
            </Box>
          </Grid.Col>
        </Grid>
      </form>

      {campaign ? (
        <ConfirmDialog
          opened={confirmingSubmit}
          title="Submit for approval"
          message={`Submit "${campaign.name}" for approval? A checker other than you approves or rejects it; nothing is sent before it is approved and started.`}
          confirmLabel="Submit"
          loading={submit.isPending}
          onConfirm={handleSubmitForApproval}
          onClose={() => setConfirmingSubmit(false)}
        />
      ) : null}
      {testing && campaign ? (
        <SendTestDialog
          campaignId={campaign.id}
          variants={draft.variants.map((variant) => variant.label)}
          onClose={() => setTesting(false)}
        />
      ) : null}
      {guard.dialog}
    </>
  );
}
