import { Alert, Anchor, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { LinkifiedText } from '../../../components/LinkifiedText';
import { formatDateTime } from '../../../lib/format-date';
import { useOutboxMail } from '../api/get-outbox-mail';
import { OUTBOX_PATH } from './OutboxPage';

/** One mail of the outbox: subject, recipient, time and the text with clickable links. */
export function OutboxMailPage() {
  const { id = '' } = useParams();
  const mail = useOutboxMail(id);

  return (
    <Stack gap="md" maw={860}>
      <Anchor component={Link} to={OUTBOX_PATH} size="sm">
        ← Back to Mail Outbox
      </Anchor>
      {mail.isPending ? (
        <Paper withBorder radius="md" p="lg" aria-busy="true">
          <Skeleton h={24} w="60%" mb="md" />
          <Skeleton h={14} w="40%" mb="lg" />
          <Skeleton h={14} mb="xs" />
          <Skeleton h={14} mb="xs" />
          <Skeleton h={14} w="80%" />
        </Paper>
      ) : mail.isError ? (
        <Alert color="red" variant="light" role="alert">
          {mail.error.message}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="lg" component="article" aria-labelledby="mail-subject">
          <Title order={1} fz={22} id="mail-subject">
            {mail.data.subject || '(no subject)'}
          </Title>
          <Group gap="lg" mt="xs">
            <Text size="sm">
              <Text span c="dimmed">
                To:{' '}
              </Text>
              {mail.data.to}
            </Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(mail.data.createdAt)}
            </Text>
          </Group>
          <Divider my="md" />
          <LinkifiedText text={mail.data.text} />
        </Paper>
      )}
    </Stack>
  );
}
