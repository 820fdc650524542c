import { useState } from 'react';
import { ActionIcon, Button, Code, Group, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { conversationLimits, conversationMessages, type QuickReply } from '@parley/contracts/conversations';
import { showToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import { useDeleteQuickReply } from '../api/delete-quick-reply';
import { useQuickReplies } from '../api/get-quick-replies';
import { QuickReplyDialog } from './QuickReplyDialog';

function matches(reply: QuickReply, term: string): boolean {
  const needle = term.toLowerCase().replace(/^\//, '');
  return reply.shortcut.toLowerCase().includes(needle) || reply.text.toLowerCase().includes(needle);
}

/** The quick replies agents insert with /shortcut: search, add, edit and delete. */
export function QuickRepliesPanel() {
  const replies = useQuickReplies();
  const remove = useDeleteQuickReply();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<{ editing: QuickReply | null } | null>(null);
  const [deleting, setDeleting] = useState<QuickReply | null>(null);

  const all = replies.data;
  const term = search.trim();
  const rows = all && term ? all.filter((reply) => matches(reply, term)) : all;
  const full = (all?.length ?? 0) >= conversationLimits.quickRepliesMax;
  const openAdd = () => setDialog({ editing: null });

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => showToast(conversationMessages.quickReplyDeleted, { tone: 'success' }),
      onSettled: () => setDeleting(null),
    });
  };

  const addButton = (variant: 'filled' | 'light') => (
    <Button variant={variant} leftSection={<IconPlus size={16} />} disabled={full} onClick={openAdd}>
      Add Quick Reply
    </Button>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <TextInput
          aria-label="Search quick replies"
          placeholder="Search by shortcut or text"
          leftSection={<IconSearch size={16} />}
          style={{ flex: '1 1 240px', maxWidth: 340 }}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {addButton('filled')}
      </Group>
      {full ? (
        <Text size="sm" c="dimmed">
          The enterprise has the most quick replies it can keep ({conversationLimits.quickRepliesMax}): delete one to
          add another.
        </Text>
      ) : null}
      <DataTable
        label="Quick replies"
        minWidth={640}
        columns={[
          { key: 'shortcut', header: 'Shortcut', w: 200 },
          { key: 'text', header: 'Text' },
          { key: 'actions', header: 'Actions', hiddenHeader: true, w: 100 },
        ]}
        rows={rows}
        loading={replies.isPending}
        empty={
          term && all && all.length > 0 ? (
            `No quick reply matches '${term}'`
          ) : (
            <Stack align="center" gap="xs" py="xl">
              <Text c="dimmed">No quick replies yet</Text>
              {addButton('light')}
            </Stack>
          )
        }
        error={loadError(replies, 'The quick replies could not be loaded')}
        renderRow={(reply) => (
          <Table.Tr key={reply.id}>
            <Table.Td>
              <Code fz="sm">/{reply.shortcut}</Code>
            </Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
                {reply.text}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label="Edit" withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Edit /${reply.shortcut}`}
                    onClick={() => setDialog({ editing: reply })}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete" withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete /${reply.shortcut}`}
                    onClick={() => setDeleting(reply)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {dialog ? (
        <QuickReplyDialog key={dialog.editing?.id ?? 'new'} editing={dialog.editing} onClose={() => setDialog(null)} />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this quick reply?"
        message={`Agents will no longer be able to insert /${deleting?.shortcut ?? ''}. This cannot be undone.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
