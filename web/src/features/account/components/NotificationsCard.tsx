import { useState } from 'react';
import { Button, Group, Loader, NumberInput, Paper, Select, Slider, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import {
  defaultPreferences,
  notificationSoundLabels,
  notificationSounds,
  preferences as preferencesSchema,
  type AudioSound,
  type NotificationSound,
  type Preferences,
} from '@parley/contracts/account';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { usePreferences, useUpdatePreferences } from '../api/preferences';
import { playNotificationSound } from '../lib/notification-sounds';

export const PREFERENCES_SAVED_TEXT = 'Your notification settings have been saved.';

const SOUND_TYPES: { type: AudioSound['type']; label: string }[] = [
  { type: 'new_chat', label: 'New Chat' },
  { type: 'new_message', label: 'New Message' },
];
const soundOptions = notificationSounds.map((value) => ({ value, label: notificationSoundLabels[value] }));

function soundFor(values: Preferences, type: AudioSound['type']): AudioSound {
  return (
    values.audioSettings.sounds.find((sound) => sound.type === type) ??
    defaultPreferences.audioSettings.sounds.find((sound) => sound.type === type)!
  );
}

/** Push and chat notifications, and the sounds of a new chat and a new message (platform §3.4). */
export function NotificationsCard() {
  const query = usePreferences();
  if (query.isError) {
    return (
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="notifications-heading">
        <Title order={2} fz="lg" id="notifications-heading" mb="sm">
          Notifications and Sounds
        </Title>
        <FormErrorAlert message={describeFailure(query.error)} />
      </Paper>
    );
  }
  if (!query.data) {
    return (
      <Paper withBorder radius="md" p="lg" component="section" aria-label="Loading notification settings">
        <Loader size="sm" />
      </Paper>
    );
  }
  return <NotificationsForm initial={query.data} />;
}

function NotificationsForm({ initial }: { initial: Preferences }) {
  const update = useUpdatePreferences();
  const [values, setValues] = useState<Preferences>(initial);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const setSound = (type: AudioSound['type'], change: Partial<AudioSound>) =>
    setValues({
      ...values,
      audioSettings: {
        ...values.audioSettings,
        sounds: SOUND_TYPES.map((entry) => {
          const current = soundFor(values, entry.type);
          return entry.type === type ? { ...current, ...change } : current;
        }),
      },
    });

  const handleSave = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const body: Preferences = {
      ...values,
      audioSettings: { ...values.audioSettings, sounds: SOUND_TYPES.map((entry) => soundFor(values, entry.type)) },
    };
    const parsed = preferencesSchema.safeParse(body);
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setFieldErrors({});
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setValues(saved);
        showToast(PREFERENCES_SAVED_TEXT, { tone: 'success' });
      },
      onError: (failure) => {
        setError(describeFailure(failure));
        if (failure instanceof ApiError && failure.fieldErrors) setFieldErrors(failure.fieldErrors);
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="notifications-heading">
      <Title order={2} fz="lg" id="notifications-heading">
        Notifications and Sounds
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Choose how you hear about new chats and messages.
      </Text>
      <form onSubmit={handleSave} noValidate>
        <Stack gap="md">
          <Switch
            label="Push Notifications"
            checked={values.enablePushNotification}
            onChange={(event) => setValues({ ...values, enablePushNotification: event.currentTarget.checked })}
          />
          <Switch
            label="Chat Notifications"
            checked={values.enableChatNotification}
            onChange={(event) => setValues({ ...values, enableChatNotification: event.currentTarget.checked })}
          />
          <Switch
            label="Play Sounds"
            checked={values.audioSettings.enable}
            onChange={(event) =>
              setValues({ ...values, audioSettings: { ...values.audioSettings, enable: event.currentTarget.checked } })
            }
          />
          {SOUND_TYPES.map((entry, index) => {
            const sound = soundFor(values, entry.type);
            const errorOf = (field: string) => fieldErrors[`audioSettings.sounds.${index}.${field}`];
            return (
              <Paper key={entry.type} withBorder radius="sm" p="sm" bg="gray.0">
                <Text fw={600} size="sm" mb="xs">
                  {entry.label}
                </Text>
                <Group align="flex-end" gap="md" wrap="wrap">
                  <Select
                    label="Sound"
                    aria-label={`${entry.label} Sound`}
                    data={soundOptions}
                    value={sound.sound}
                    allowDeselect={false}
                    disabled={!values.audioSettings.enable}
                    onChange={(value) => value && setSound(entry.type, { sound: value as NotificationSound })}
                    error={errorOf('sound')}
                    w={150}
                  />
                  <NumberInput
                    label="Repeat"
                    aria-label={`${entry.label} Repeat`}
                    min={1}
                    max={5}
                    step={1}
                    allowDecimal={false}
                    value={sound.repeat}
                    disabled={!values.audioSettings.enable}
                    onChange={(value) => setSound(entry.type, { repeat: typeof value === 'number' ? value : NaN })}
                    error={errorOf('repeat')}
                    w={110}
                  />
                  <Stack gap={4} w={200}>
                    <Text size="sm" fw={500} id={`volume-${entry.type}`}>
                      Volume {sound.volume}%
                    </Text>
                    <Slider
                      aria-labelledby={`volume-${entry.type}`}
                      thumbLabel={`${entry.label} volume`}
                      min={0}
                      max={100}
                      step={5}
                      value={sound.volume}
                      disabled={!values.audioSettings.enable}
                      onChange={(value) => setSound(entry.type, { volume: value })}
                      label={(value) => `${value}%`}
                    />
                    {errorOf('volume') ? (
                      <Text size="xs" c="red">
                        {errorOf('volume')}
                      </Text>
                    ) : null}
                  </Stack>
                  <Button
                    variant="default"
                    size="sm"
                    leftSection={<IconPlayerPlay size={14} aria-hidden="true" />}
                    aria-label={`Play ${entry.label.toLowerCase()} sound`}
                    onClick={() =>
                      playNotificationSound(sound.sound, Number.isFinite(sound.repeat) ? sound.repeat : 1, sound.volume)
                    }
                  >
                    Play
                  </Button>
                </Group>
              </Paper>
            );
          })}
          <FormErrorAlert message={error} />
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
