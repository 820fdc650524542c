import { ActionIcon, CopyButton, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { vendorIds, type Channel } from '@parley/contracts/channels';

/** What the admin does with the callback URL, by vendor. */
function instructions(channel: Channel): string {
  switch (channel.vendor) {
    case vendorIds.metaCloud:
      return "In your Meta app, open WhatsApp › Configuration, paste the callback URL and the verify token below, verify and save, then subscribe to the 'messages' field. Parley checks every callback's signature with the app secret.";
    case vendorIds.sandbox:
      return 'The Sandbox phone reports statuses and replies to this URL by itself: there is nothing to set up.';
    case vendorIds.sinch:
      return 'In the Sinch dashboard, add a webhook to your app with this target URL for message deliveries and inbound messages, signed with the webhook secret above.';
    default:
      return `Give ${channel.vendorString} this URL as the callback for delivery reports and incoming messages. Vendors that verify a callback with a token use the verify token.`;
  }
}

function absolute(url: string): string {
  return url.startsWith('/') ? `${window.location.origin}${url}` : url;
}

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      onFocus={(event) => event.currentTarget.select()}
      rightSectionPointerEvents="all"
      rightSection={
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow position="left">
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={copied ? `${label} copied` : `Copy ${label}`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

/** The channel's public callback URL and Meta's verify token, with what to do with them. */
export function WebhookDetails({ channel }: { channel: Channel }) {
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" component="section" aria-label="Webhook">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Webhook
        </Text>
        <Text size="xs" c="dimmed">
          {instructions(channel)}
        </Text>
        <CopyField label="Webhook URL" value={absolute(channel.webhookUrl)} />
        <CopyField label="Verify Token" value={channel.webhookVerifyToken} />
      </Stack>
    </Paper>
  );
}
