import { Alert, EmptyState, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format-date';
import { OUTBOX_PAGE_SIZE, useOutbox } from '../api/get-outbox';
import { PagerButtons } from '../../../components/PagerButtons';
import { TableSkeletonRows } from '../../../components/TableSkeletonRows';

/** Where the outbox list and mail pages live in the console. */
export const OUTBOX_PATH = '/admin/outbox';

function readFrom(params: URLSearchParams): number {
  const value = Number(params.get('from') ?? 0);
  return Number.isInteger(value) && value >= 0 ? value : 0;
}

/** '3 mails' on a single page; 'Mails 21–40' (or 'No more mails') while paging. */
function pageSummary(from: number, count: number, more: boolean): string {
  if (from === 0 && !more) return `${count} mail${count === 1 ? '' : 's'}`;
  return count === 0 ? 'No more mails' : `Mails ${from + 1}–${from + count}`;
}

/** Mail Outbox: mails held while no SMTP server is configured, newest first, paged by `from`. */
export function OutboxPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const from = readFrom(params);
  const outbox = useOutbox({ from, perPage: OUTBOX_PAGE_SIZE });
  const mails = outbox.data?.mails ?? [];

  const goTo = (next: number) => setParams(next > 0 ? { from: String(next) } : {});

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1} fz={24}>
          Mail Outbox
        </Title>
        <Text c="dimmed" size="sm">
          Mails Parley sends (sign-up, password reset, invitations) are kept here while no SMTP server is configured.
        </Text>
      </div>

      {outbox.isError ? (
        <Alert color="red" variant="light" role="alert">
          {outbox.error.message}
        </Alert>
      ) : outbox.isSuccess && mails.length === 0 && from === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <EmptyState
            title="No mails yet"
            description="Mails appear here as soon as Parley sends one."
            icon={
              <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
                <rect x="3" y="5" width="18" height="14" rx="2" />
                <path d="m3 7 9 6 9-6" />
              </svg>
            }
          />
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Mails">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th w={200}>Time</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody style={{ opacity: outbox.isPlaceholderData ? 0.6 : 1 }}>
                {outbox.isPending ? (
                  <TableSkeletonRows rows={4} columns={3} />
                ) : (
                  mails.map((mail) => (
                    <Table.Tr
                      key={mail.id}
                      onClick={() => void navigate(`${OUTBOX_PATH}/${mail.id}`)}
                      style={{ cursor: 'pointer' }}
                    >
                      <Table.Td>
                        <Text size="sm">{mail.to}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Link
                          to={`${OUTBOX_PATH}/${mail.id}`}
                          style={{ color: 'inherit', fontWeight: 500, textDecoration: 'none' }}
                          onClick={(event) => event.stopPropagation()}
                        >
                          {mail.subject || '(no subject)'}
                        </Link>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {formatDateTime(mail.createdAt)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {outbox.isSuccess ? (
            <Group justify="space-between" p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
              <Text size="sm" c="dimmed">
                {pageSummary(from, mails.length, outbox.data.more)}
              </Text>
              <PagerButtons
                from={from}
                pageSize={OUTBOX_PAGE_SIZE}
                more={outbox.data.more}
                busy={outbox.isPlaceholderData}
                onPage={goTo}
              />
            </Group>
          ) : null}
        </Paper>
      )}
    </Stack>
  );
}
