import { Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { channelTypes, type Channel, type ChannelType } from '@parley/contracts/channels';
import { describeFailure } from '../../../lib/failure-message';
import { useDepartmentOptions } from '../api/get-department-options';
import type { FormErrors } from './campaign-form';

export const channelTypeLabel = (type: number) => channelTypes[type as ChannelType] ?? 'Channel';

interface CampaignDetailsSectionProps {
  name: string;
  /** The types the enterprise has channels of (WhatsApp, RCS, SMS when allowed). */
  types: number[];
  channelType: number | null;
  channels: Channel[];
  channelsLoading: boolean;
  channelsError: unknown;
  channelId: string | null;
  departmentId: string | null;
  /** Whether the user may list departments (a refused list would end the session). */
  departments: boolean;
  errors: FormErrors;
  readOnly: boolean;
  onNameChange: (name: string) => void;
  onChannelTypeChange: (type: number) => void;
  onChannelChange: (channel: Channel) => void;
  onDepartmentChange: (departmentId: string | null) => void;
}

/**
 * Name, channel (its type first, then one of the enterprise's channels of that type: the
 * 'sub-channel') and the optional department.
 */
export function CampaignDetailsSection({
  name,
  types,
  channelType,
  channels,
  channelsLoading,
  channelsError,
  channelId,
  departmentId,
  departments: canListDepartments,
  errors,
  readOnly,
  onNameChange,
  onChannelTypeChange,
  onChannelChange,
  onDepartmentChange,
}: CampaignDetailsSectionProps) {
  const departments = useDepartmentOptions(canListDepartments);
  const ofType = channels.filter((channel) => channel.type === channelType);
  const chosen = channels.find((channel) => channel.id === channelId);
  const noChannels = !channelsLoading && !channelsError && types.length === 0;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Campaign">
      <Group gap={6} mb="sm">
        <IconSpeakerphone size={16} aria-hidden />
        <Text size="sm" fw={600}>
          Campaign
        </Text>
      </Group>
      <Stack gap="sm">
        <TextInput
          label="Name"
          placeholder="e.g. Diwali offer 2026"
          withAsterisk={!readOnly}
          maxLength={100}
          value={name}
          readOnly={readOnly}
          error={errors.name}
          onChange={(event) => onNameChange(event.currentTarget.value)}
        />
        <Group gap="sm" align="flex-start" grow wrap="wrap">
          <Select
            label="Channel type"
            placeholder={channelsLoading ? 'Loading channels…' : 'Choose a type'}
            withAsterisk={!readOnly}
            data={types.map((type) => ({ value: String(type), label: channelTypeLabel(type) }))}
            value={channelType === null ? null : String(channelType)}
            allowDeselect={false}
            readOnly={readOnly}
            error={
              channelsError
                ? `The channels could not be loaded: ${describeFailure(channelsError)}`
                : noChannels
                  ? 'Your enterprise has no WhatsApp, RCS or SMS channel yet'
                  : undefined
            }
            onChange={(value) => value !== null && onChannelTypeChange(Number(value))}
          />
          <Select
            label="Channel"
            placeholder={channelType === null ? 'Choose the type first' : 'Choose a channel'}
            withAsterisk={!readOnly}
            data={ofType.map((channel) => ({ value: channel.id, label: channel.name }))}
            value={chosen ? chosen.id : null}
            disabled={channelType === null && !readOnly}
            searchable
            allowDeselect={false}
            readOnly={readOnly}
            nothingFoundMessage="No channel matches"
            description={chosen ? `${channelTypeLabel(chosen.type)} · ${chosen.vendorString}` : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errors.channelId}
            onChange={(value) => {
              const channel = channels.find((candidate) => candidate.id === value);
              if (channel) onChannelChange(channel);
            }}
          />
        </Group>
        {canListDepartments ? (
          <Select
            label="Department"
            description="Optional: the department whose monthly budget the campaign counts against"
            placeholder={departments.isPending ? 'Loading departments…' : 'No department'}
            data={(departments.data ?? []).map((department) => ({ value: department.id, label: department.name }))}
            value={departmentId}
            clearable={!readOnly}
            searchable
            readOnly={readOnly}
            nothingFoundMessage="No department matches"
            error={
              errors.departmentId ??
              (departments.isError
                ? `The departments could not be loaded: ${describeFailure(departments.error)}`
                : undefined)
            }
            onChange={onDepartmentChange}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
