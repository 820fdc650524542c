import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent, type MouseEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { channelTypes } from '@parley/contracts/channels';
import {
  conversationLimits,
  conversationMessages,
  TALK_TO_AGENT,
  type ChatConfig,
  type WorkingDay,
} from '@parley/contracts/conversations';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import type { FieldErrors } from '../../../lib/form-validation';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useUnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { useBotOptions } from '../api/get-bot-options';
import { useDepartmentOptions } from '../api/get-department-options';
import { useUpdateChatConfig } from '../api/update-chat-config';
import {
  copyMondayToWeekdays,
  initialChatConfigValues,
  normalizeTime,
  toChatConfigBody,
  validateChatConfig,
  type ChatConfigFormValues,
} from './chat-config-form';
import { WorkingHoursEditor } from './WorkingHoursEditor';

/** The Select value standing for null (no bot, no department): Mantine's options need a string. */
const NONE = 'none';
export const NO_BOT_LABEL = 'No bot: straight to people';
export const NO_DEPARTMENT_LABEL = 'No department';

interface ChannelConfigDrawerProps {
  config: ChatConfig;
  /** The user may list bot agents (GET /api/agents needs NLP.EDIT). */
  canListBots: boolean;
  /** The user may list departments (GET /api/departments needs DEPARTMENTS.MANAGE). */
  canListDepartments: boolean;
  onClose: () => void;
}

type Option = { value: string; label: string };

/** The options with the 'none' choice first and the stored choice kept when the list lacks it. */
function withStored(
  options: Option[] | undefined,
  noneLabel: string,
  storedId: string | null,
  storedName: string | null,
) {
  const list = options ?? [];
  const stored =
    storedId && !list.some((option) => option.value === storedId)
      ? [{ value: storedId, label: storedName ?? 'Current choice' }]
      : [];
  return [{ value: NONE, label: noneLabel }, ...stored, ...list];
}

/** A titled part of the form: a heading for screen readers' heading navigation, a rule for the eye. */
const section = (label: string) => (
  <Group gap="sm" mt="xs" wrap="nowrap">
    <Title order={3} fz="xs" fw={600} c="dimmed" tt="uppercase" style={{ whiteSpace: 'nowrap' }}>
      {label}
    </Title>
    <Divider style={{ flex: 1 }} />
  </Group>
);

// A message shown on blur of the field being typed in would move the buttons between mouse down
// and up, and lose the click: the buttons keep the focus where it is.
const keepFocus = (event: MouseEvent) => event.preventDefault();

/** The keys whose messages show beside a field; the server's others go in the alert above Save. */
const fieldKeys = new Set([
  'botAgentId',
  'departmentId',
  'outOfHoursMessage',
  'inactivityMinutes',
  'missedMessage',
  'handoffMessage',
  'handoffKeywords',
  'handoffAfterMisses',
  ...[0, 1, 2, 3, 4, 5, 6].flatMap((day) => [`workingHours.${day}.start`, `workingHours.${day}.end`]),
]);

/** A key's group for 'shown after touch': a day's two times count as one (the end's message depends on the start). */
const groupOf = (key: string) => (key.startsWith('workingHours.') ? key.split('.').slice(0, 2).join('.') : key);

/**
 * How one channel's chats are answered (issue 18 §2): the bot that answers first, the department
 * whose people take over, working hours, when an unanswered chat is missed, and when the bot hands
 * over to people.
 */
export function ChannelConfigDrawer({ config, canListBots, canListDepartments, onClose }: ChannelConfigDrawerProps) {
  const [values, setValues] = useState<ChatConfigFormValues>(() => initialChatConfigValues(config));
  const [baseline] = useState(() => JSON.stringify(toChatConfigBody(initialChatConfigValues(config))));
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  /** Bumped when a save is refused: the first field with a message then gets the focus. */
  const [focusTick, setFocusTick] = useState(0);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const update = useUpdateChatConfig();
  const bots = useBotOptions({ enabled: canListBots });
  const departments = useDepartmentOptions({ enabled: canListDepartments });

  const botOptions = useMemo(
    () => withStored(bots.data, NO_BOT_LABEL, config.botAgentId, config.botAgentName),
    [bots.data, config.botAgentId, config.botAgentName],
  );
  const departmentOptions = useMemo(
    () => withStored(departments.data, NO_DEPARTMENT_LABEL, config.departmentId, config.departmentName),
    [departments.data, config.departmentId, config.departmentName],
  );

  const body = toChatConfigBody(values);
  const dirty = JSON.stringify(body) !== baseline;
  const clientErrors = validateChatConfig(values);
  const errorFor = (key: string) =>
    serverErrors[key] ?? (submitted || touched.has(groupOf(key)) ? clientErrors[key] : undefined);

  const changed = (key: string) => {
    setServerErrors((previous) => {
      if (previous[key] === undefined) return previous;
      const { [key]: _dropped, ...rest } = previous;
      return rest;
    });
    const group = groupOf(key);
    setEdited((previous) => (previous.has(group) ? previous : new Set(previous).add(group)));
  };
  const touch = (key: string) => {
    const group = groupOf(key);
    if (edited.has(group) && !touched.has(group)) setTouched((previous) => new Set(previous).add(group));
  };
  const set = <K extends keyof ChatConfigFormValues>(key: K, value: ChatConfigFormValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    changed(key);
  };
  /** A message the customer gets (out-of-hours, missed, handoff): the same box for each. */
  const messageField = (key: 'outOfHoursMessage' | 'missedMessage' | 'handoffMessage') => ({
    autosize: true,
    minRows: 2,
    maxRows: 6,
    maxLength: 1000,
    value: values[key],
    error: errorFor(key),
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => set(key, event.currentTarget.value),
    onBlur: () => touch(key),
  });
  const setDay = (day: number, change: Partial<Omit<WorkingDay, 'day'>>) => {
    setValues((previous) => ({
      ...previous,
      workingHours: previous.workingHours.map((entry) => (entry.day === day ? { ...entry, ...change } : entry)),
    }));
    changed(`workingHours.${day}.start`);
    changed(`workingHours.${day}.end`);
  };
  const handleBlurTime = (day: number, field: 'start' | 'end') => {
    setValues((previous) => ({
      ...previous,
      workingHours: previous.workingHours.map((entry) =>
        entry.day === day ? { ...entry, [field]: normalizeTime(entry[field]) } : entry,
      ),
    }));
    touch(`workingHours.${day}.${field}`);
  };
  const handleCopyMonday = () => {
    setValues((previous) => ({ ...previous, workingHours: copyMondayToWeekdays(previous.workingHours) }));
    for (const day of [2, 3, 4, 5]) {
      changed(`workingHours.${day}.start`);
      changed(`workingHours.${day}.end`);
    }
  };

  // After a refused submit the first field with a message gets the focus (keyboard and screen readers).
  useEffect(() => {
    if (focusTick === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  const save = async (): Promise<boolean> => {
    setSubmitted(true);
    setFailure(null);
    if (Object.keys(clientErrors).length > 0) {
      setFocusTick((tick) => tick + 1);
      return false;
    }
    try {
      await update.mutateAsync({ channelId: config.channelId, body });
      showToast(conversationMessages.configSaved, { tone: 'success' });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        setServerErrors(error.fieldErrors);
        // Messages for keys the form has no field for still reach the admin.
        const other = Object.entries(error.fieldErrors).filter(([key]) => !fieldKeys.has(key));
        setFailure(other.length > 0 ? other.map(([, message]) => message).join(' ') : null);
        setFocusTick((tick) => tick + 1);
      } else {
        setFailure(describeFailure(error));
      }
      return false;
    }
  };

  const leaveGuard = useUnsavedChangesGuard(dirty, { onSave: save });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save().then((saved) => {
      if (!saved) return;
      leaveGuard.allowNextNavigation();
      onClose();
    });
  };
  const requestClose = () => leaveGuard.confirmLeave(onClose);
  // Escape reaches the drawer through a window listener; asked at once, the question's own dialog
  // would open under the same key press and close again. It is asked just after instead.
  const handleDrawerClose = () => window.setTimeout(requestClose, 0);

  const noBot = values.botAgentId === null;
  const typeName = channelTypes[config.channelType as keyof typeof channelTypes] ?? 'Channel';
  const title = `Chat settings: ${config.channelName}`;

  return (
    <Drawer
      opened
      onClose={handleDrawerClose}
      position="right"
      size={600}
      title={
        <Group gap="xs">
          <Text fw={600} size="lg" component="span">
            {title}
          </Text>
          <Badge variant="light" radius="sm">
            {typeName}
          </Badge>
        </Group>
      }
    >
      <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          {section('Who answers')}
          <Select
            label="Bot Agent"
            description={
              canListBots
                ? 'Answers first; hands the chat to people when the customer asks or it cannot help'
                : 'Only users who build bot agents can choose another bot'
            }
            data={botOptions}
            value={values.botAgentId ?? NONE}
            allowDeselect={false}
            searchable
            nothingFoundMessage="No bot agent found"
            disabled={!canListBots}
            error={errorFor('botAgentId') ?? (bots.isError ? 'The bot agents could not be loaded' : undefined)}
            onChange={(next) => set('botAgentId', next === null || next === NONE ? null : next)}
          />
          <Select
            label="Department"
            description={
              canListDepartments
                ? "Its people take the channel's chats"
                : 'Only users who manage departments can choose another department'
            }
            data={departmentOptions}
            value={values.departmentId ?? NONE}
            allowDeselect={false}
            searchable
            nothingFoundMessage="No department found"
            disabled={!canListDepartments}
            error={
              errorFor('departmentId') ?? (departments.isError ? 'The departments could not be loaded' : undefined)
            }
            onChange={(next) => set('departmentId', next === null || next === NONE ? null : next)}
          />

          {section('Working hours')}
          <WorkingHoursEditor
            hours={values.workingHours}
            timezone={config.timezone}
            errorFor={errorFor}
            onChange={setDay}
            onBlurTime={handleBlurTime}
            onCopyMonday={handleCopyMonday}
          />
          <Textarea
            label="Out-of-Hours Message"
            description="Sent when a customer writes outside the working hours"
            {...messageField('outOfHoursMessage')}
          />

          {section('Missed chats')}
          <NumberInput
            label="Inactivity Timeout (minutes)"
            description="An unanswered chat is marked missed after this many minutes; 0 never"
            min={0}
            max={conversationLimits.inactivityMinutesMax}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            value={values.inactivityMinutes}
            error={errorFor('inactivityMinutes')}
            onChange={(next) => set('inactivityMinutes', next)}
            onBlur={() => touch('inactivityMinutes')}
          />
          <Textarea
            label="Missed Chat Message"
            description="What the customer gets when their chat is missed"
            {...messageField('missedMessage')}
          />

          {section('Handing over to people')}
          {noBot ? (
            <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
              Without a bot, every chat goes straight to people: these settings apply once a bot answers.
            </Alert>
          ) : null}
          <Textarea
            label="Handoff Message"
            description="What the customer gets when the bot hands them to people in working hours (empty: nothing)"
            {...messageField('handoffMessage')}
          />
          <TagsInput
            label="Handoff Keywords"
            description="Words or phrases that hand the customer to a person at once; press Enter after each"
            placeholder={values.handoffKeywords.length === 0 ? 'e.g. agent, human' : undefined}
            maxTags={conversationLimits.keywordsMax}
            splitChars={[',']}
            clearable
            value={values.handoffKeywords}
            error={errorFor('handoffKeywords')}
            onChange={(next) => set('handoffKeywords', next)}
            onBlur={() => touch('handoffKeywords')}
          />
          <Switch
            label="Offer a 'Talk to an agent' Button When the Bot Does Not Understand"
            description={`The customer can press '${TALK_TO_AGENT}' to reach a person`}
            checked={values.offerAgentButton}
            onChange={(event) => set('offerAgentButton', event.currentTarget.checked)}
          />
          <NumberInput
            label="Hand Over After N Replies the Bot Did Not Understand"
            description="N in a row, from 0 to 10; 0 never hands over for this"
            min={0}
            max={10}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            value={values.handoffAfterMisses}
            error={errorFor('handoffAfterMisses')}
            onChange={(next) => set('handoffAfterMisses', next)}
            onBlur={() => touch('handoffAfterMisses')}
          />

          <FormErrorAlert message={failure} />
          <Group
            justify="flex-end"
            pos="sticky"
            bottom={0}
            py="md"
            bg="var(--mantine-color-body)"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 2 }}
          >
            <Button variant="default" onClick={requestClose} disabled={update.isPending} onMouseDown={keepFocus}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending} onMouseDown={keepFocus}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      {leaveGuard.dialog}
    </Drawer>
  );
}
