import { EmptyState, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format-date';
import { OUTBOX_PAGE_SIZE, useOutbox } from '../api/get-outbox';
import { DataTable } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';

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

      <DataTable
        pager={
          outbox.isSuccess && !(mails.length === 0 && from === 0)
            ? {
                from,
                pageSize: OUTBOX_PAGE_SIZE,
                more: outbox.data.more,
                busy: outbox.isPlaceholderData,
                onPage: goTo,
                summary: pageSummary(from, mails.length, outbox.data.more),
              }
            : undefined
        }
        label="Mails"
        minWidth={640}
        tableProps={{ horizontalSpacing: 'md' }}
        columns={[
          { key: 'to', header: 'To' },
          { key: 'subject', header: 'Subject' },
          { key: 'time', header: 'Time', w: 200 },
        ]}
        rows={outbox.data ? mails : undefined}
        loading={outbox.isPending}
        stale={outbox.isPlaceholderData}
        empty={
          from === 0 ? (
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
          ) : null
        }
        error={loadError(outbox, 'The mails could not be loaded')}
        renderRow={(mail) => (
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
        )}
      />
    </Stack>
  );
}
