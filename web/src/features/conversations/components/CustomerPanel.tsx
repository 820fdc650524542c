import { useState } from 'react';
import { Anchor, Badge, Button, Divider, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconEdit, IconExternalLink, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ConversationSummary } from '@parley/contracts/conversations';
import { formatDateTime } from '../../../lib/format-date';
import { useCustomer } from '../api/get-customer';
import { useCustomerFields } from '../api/get-customer-fields';
import { useTagConversation } from '../api/tag-conversation';
import type { ConversationDetailData } from '../api/conversation-cache';
import { customerLabel, customerNumberBesideLabel, stateColor, stateLabel } from './conversation-format';
import { CollectedData } from './CollectedData';
import { CustomerAttributesDrawer } from './CustomerAttributesDrawer';
import { PanelSection as Section } from './PanelSection';
import { TagDialog } from './TagDialog';

interface CustomerPanelProps {
  detail: ConversationDetailData;
  /** CUSTOMER.VIEW: attributes, segments and groups from the customer master. */
  canViewCustomer: boolean;
  /** CUSTOMER.EDIT: the Edit drawer. */
  canEditCustomer: boolean;
  onOpenConversation: (id: string) => void;
}

/**
 * The right pane: who the customer is, their attributes, segments and groups, what the bot collected
 * after the chat, this chat's tags and their earlier chats.
 */
export function CustomerPanel({ detail, canViewCustomer, canEditCustomer, onOpenConversation }: CustomerPanelProps) {
  const conversation: ConversationSummary = detail.conversation;
  const customerId = conversation.customer.id;
  const customer = useCustomer(customerId, canViewCustomer);
  const fields = useCustomerFields(canViewCustomer && Boolean(customerId));
  const tag = useTagConversation();
  const [tagOpen, setTagOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);

  return (
    <Stack gap="md" p="md">
      <Stack gap={2}>
        <Title order={2} fz="md">
          {customerLabel(conversation)}
        </Title>
        {customerNumberBesideLabel(conversation) ? <Text size="sm">{conversation.customer.number}</Text> : null}
        <Text size="xs" c="dimmed">
          {conversation.channelName}
        </Text>
        {customerId ? (
          <Anchor component={Link} to={`/customer-master/customers/view/${customerId}`} size="xs">
            <Group gap={4} component="span">
              Open in Customer Master
              <IconExternalLink size={12} aria-hidden />
            </Group>
          </Anchor>
        ) : (
          <Text size="xs" c="dimmed">
            Not in the customer master
          </Text>
        )}
      </Stack>

      {customerId && canViewCustomer ? (
        <>
          <Divider />
          <Section
            title="Details"
            action={
              canEditCustomer && customer.data && fields.data && fields.data.length > 0 ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconEdit size={12} aria-hidden />}
                  onClick={() => setEditOpen(true)}
                >
                  Edit
                </Button>
              ) : undefined
            }
          >
            {customer.isPending || fields.isPending ? (
              <Stack gap={4}>
                <Skeleton height={10} width="70%" />
                <Skeleton height={10} width="50%" />
              </Stack>
            ) : customer.isError ? (
              <Text size="xs" c="red.8">
                {customer.error.message}
              </Text>
            ) : (
              <Stack gap={4} component="dl" m={0}>
                {(fields.data ?? []).map((field) => {
                  const value = customer.data.data[field.id];
                  const text = Array.isArray(value) ? value.join(', ') : (value ?? '');
                  return (
                    <Group key={field.id} gap={6} wrap="nowrap" align="flex-start">
                      <Text component="dt" size="xs" c="dimmed" w="45%" style={{ flex: 'none' }}>
                        {field.fieldLabel}
                      </Text>
                      <Text component="dd" size="xs" m={0} style={{ wordBreak: 'break-word' }}>
                        {text || '—'}
                      </Text>
                    </Group>
                  );
                })}
                {(fields.data ?? []).length === 0 ? (
                  <Text size="xs" c="dimmed">
                    No attributes defined
                  </Text>
                ) : null}
              </Stack>
            )}
          </Section>
          {customer.data ? (
            <Section title="Segments and Groups">
              {customer.data.tags.length + customer.data.groups.length === 0 ? (
                <Text size="xs" c="dimmed">
                  None
                </Text>
              ) : (
                <Group gap={4}>
                  {customer.data.tags.map((segment) => (
                    <Badge key={segment.id} size="sm" variant="light" style={{ textTransform: 'none' }}>
                      {segment.name}
                    </Badge>
                  ))}
                  {customer.data.groups.map((group) => (
                    <Badge key={group.id} size="sm" variant="outline" color="gray" style={{ textTransform: 'none' }}>
                      {group.name}
                    </Badge>
                  ))}
                </Group>
              )}
            </Section>
          ) : null}
          {customer.data && fields.data && editOpen ? (
            <CustomerAttributesDrawer
              opened={editOpen}
              customer={customer.data}
              fields={fields.data}
              onClose={() => setEditOpen(false)}
            />
          ) : null}
        </>
      ) : null}

      <CollectedData collected={detail.collected ?? null} />

      <Divider />
      <Section
        title="Chat Tags"
        action={
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPlus size={12} aria-hidden />}
            onClick={() => setTagOpen(true)}
          >
            Add Tag
          </Button>
        }
      >
        {conversation.tags.length === 0 ? (
          <Text size="xs" c="dimmed">
            No tags
          </Text>
        ) : (
          <Stack gap={6}>
            {conversation.tags.map((item, index) => (
              <div key={`${item.tag}-${index}`}>
                <Badge size="sm" variant="light" color="grape" style={{ textTransform: 'none' }}>
                  {item.tag}
                </Badge>
                {item.note ? (
                  <Text size="xs" mt={2}>
                    {item.note}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed">
                  {item.by ? `${item.by} · ` : ''}
                  {formatDateTime(item.at)}
                </Text>
              </div>
            ))}
          </Stack>
        )}
      </Section>

      <Divider />
      <Section title="Previous Conversations">
        {detail.previous.length === 0 ? (
          <Text size="xs" c="dimmed">
            None
          </Text>
        ) : (
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {detail.previous.map((item) => (
              <li key={item.id}>
                <UnstyledButton
                  onClick={() => onOpenConversation(item.id)}
                  w="100%"
                  p={4}
                  style={{ borderRadius: 4 }}
                  aria-label={`${item.channelName}, ${stateLabel(item.state)}, ${formatDateTime(item.createdAt)}`}
                >
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="xs" truncate>
                      {item.channelName}
                    </Text>
                    <Badge size="xs" variant="light" color={stateColor(item.state)}>
                      {stateLabel(item.state)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(item.createdAt)}
                  </Text>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </Section>
      <TagDialog
        opened={tagOpen}
        loading={tag.isPending}
        onSubmit={(value) => tag.mutateAsync({ id: conversation.id, ...value })}
        onClose={() => setTagOpen(false)}
      />
    </Stack>
  );
}
