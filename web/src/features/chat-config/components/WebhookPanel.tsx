import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey, IconSend } from '@tabler/icons-react';
import {
  CHAT_WEBHOOK_SIGNATURE_HEADER,
  chatWebhookBody,
  type ChatWebhook,
  type ChatWebhookEvent,
} from '@parley/contracts/conversations';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { formatDateTime } from '../../../lib/format-date';
import { showToast } from '../../../lib/toast';
import { useChatWebhook, useSaveChatWebhook, useTestChatWebhook } from '../api/webhook';

const eventLabels: Record<ChatWebhookEvent, string> = {
  'conversation.updated': 'Conversation changes: opened, handed over, picked up, transferred, tagged, closed',
  'conversation.message': 'Messages: what customers, bots and agents write, and delivery statuses',
};

/** A new signing secret made in the browser (the server keeps it sealed; it is shown once). */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `whsec_${btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}`;
}

/** The outgoing webhook that tells a CRM of conversation events (issue 18 §8). */
export function WebhookPanel() {
  const webhook = useChatWebhook();
  const [shownSecret, setShownSecret] = useState<string | null>(null);
  if (webhook.isPending) return <Skeleton h={240} />;
  if (webhook.isError)
    return (
      <QueryErrorAlert
        title="The webhook could not be loaded"
        message={webhook.error.message}
        onRetry={() => void webhook.refetch()}
      />
    );
  // The form starts again from what the server holds after each save.
  return (
    <WebhookForm
      key={webhook.data.updatedAt ?? 'new'}
      webhook={webhook.data}
      shownSecret={shownSecret}
      onSecret={setShownSecret}
    />
  );
}

function WebhookForm({
  webhook,
  shownSecret,
  onSecret,
}: {
  webhook: ChatWebhook;
  shownSecret: string | null;
  onSecret: (secret: string | null) => void;
}) {
  const save = useSaveChatWebhook();
  const test = useTestChatWebhook();
  const [url, setUrl] = useState(webhook.url);
  const [events, setEvents] = useState<ChatWebhookEvent[]>(webhook.events);
  const [enabled, setEnabled] = useState(webhook.enabled);
  const [urlError, setUrlError] = useState<string | null>(null);

  const submit = (secret?: string) => {
    const parsed = chatWebhookBody.safeParse({ url: url.trim(), events, enabled, ...(secret ? { secret } : {}) });
    if (!parsed.success) {
      setUrlError(parsed.error.issues.find((issue) => issue.path[0] === 'url')?.message ?? 'Please check the form');
      return;
    }
    setUrlError(null);
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        if (saved.secret) onSecret(saved.secret);
        showToast(secret ? 'Signing secret replaced' : 'Webhook saved', { tone: 'success' });
      },
      onError: (error) => setUrlError(error.message),
    });
  };

  const last = webhook.lastDelivery;
  return (
    <Stack gap="md" maw={760}>
      <Text size="sm" c="dimmed">
        Parley posts conversation events to this address as JSON, signed with a secret in the{' '}
        <Code>{CHAT_WEBHOOK_SIGNATURE_HEADER}</Code> header (<Code>sha256=</Code> the HMAC-SHA256 of the body). A
        delivery the receiver does not answer with 2xx is tried again for about two hours, waiting longer each time.
      </Text>
      <Paper withBorder p="md" radius="md">
        <form
          aria-label="Webhook"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Address"
              placeholder="https://crm.example.com/parley-events"
              value={url}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setUrl(value);
                if (urlError) setUrlError(null);
              }}
              error={urlError}
            />
            <Checkbox.Group label="Events" value={events} onChange={(value) => setEvents(value as ChatWebhookEvent[])}>
              <Stack gap={6} mt={6}>
                {(Object.keys(eventLabels) as ChatWebhookEvent[]).map((event) => (
                  <Checkbox key={event} value={event} label={eventLabels[event]} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Switch
              label="Send Events"
              checked={enabled}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setEnabled(checked);
              }}
              description={url.trim() ? undefined : 'Give an address first'}
            />
            <Group justify="space-between" mt="xs">
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  Signing secret:
                </Text>
                <Code>{webhook.secretHint ?? 'made when you first save'}</Code>
                {webhook.secretHint ? (
                  <Button
                    size="xs"
                    variant="subtle"
                    leftSection={<IconKey size={14} aria-hidden />}
                    onClick={() => submit(newSecret())}
                    loading={save.isPending}
                  >
                    Replace Secret
                  </Button>
                ) : null}
              </Group>
              <Group gap="xs">
                <Button
                  variant="default"
                  leftSection={<IconSend size={16} aria-hidden />}
                  disabled={!webhook.url}
                  loading={test.isPending}
                  onClick={() =>
                    test.mutate(undefined, {
                      onSuccess: (result) =>
                        showToast(result.error ?? `The receiver answered HTTP ${result.status}`, {
                          tone: result.error ? 'error' : 'success',
                        }),
                    })
                  }
                >
                  Send a Test Event
                </Button>
                <Button type="submit" loading={save.isPending}>
                  Save
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>
      {shownSecret ? (
        <Alert color="yellow" title="Copy the signing secret now" withCloseButton onClose={() => onSecret(null)}>
          <Stack gap="xs">
            <Text size="sm">Your receiver checks each event with it. It is not shown again.</Text>
            <Group gap="xs">
              <Code>{shownSecret}</Code>
              <CopyButton value={shownSecret}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed" role="status">
        {last
          ? `Last delivery ${formatDateTime(last.at)}: ${last.error ?? `answered HTTP ${last.status}`}`
          : 'No delivery yet.'}
      </Text>
    </Stack>
  );
}
