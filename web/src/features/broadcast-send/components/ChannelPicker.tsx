import { channelTypes, type Channel, type ChannelType } from '@parley/contracts/channels';
import { describeFailure } from '../../../lib/failure-message';
import { useBroadcastChannels } from '../api/get-broadcast-channels';
import type { ChosenChannel } from './broadcast-form';
import { SearchSelect, type SearchSelectPages } from './SearchSelect';

export const channelTypeName = (type: number) => channelTypes[type as ChannelType] ?? 'Channel';

function useChannelPages(search: string, opened: boolean): SearchSelectPages<Channel> {
  const query = useBroadcastChannels(search, opened);
  return {
    items: (query.data?.pages ?? [])
      .flatMap((page) => page.channels)
      .map((channel) => ({
        value: channel.id,
        label: channel.name,
        description: `${channelTypeName(channel.type)} · ${channel.vendorString}`,
        data: channel,
      })),
    loading: query.isPending && opened,
    error: query.isError ? describeFailure(query.error) : null,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    onLoadMore: () => void query.fetchNextPage(),
    onRetry: () => void query.refetch(),
  };
}

interface ChannelPickerProps {
  value: ChosenChannel | null;
  error?: string;
  disabled?: boolean;
  onChange: (channel: ChosenChannel) => void;
}

/** Choose Channel: the enterprise's WhatsApp and RCS channels, searched on the server, page 20. */
export function ChannelPicker({ value, error, disabled, onChange }: ChannelPickerProps) {
  return (
    <SearchSelect
      label="Choose Channel"
      placeholder="Select a WhatsApp or RCS channel"
      emptyText="No WhatsApp or RCS channel matches"
      value={value ? value.name : null}
      error={error}
      disabled={disabled}
      usePages={useChannelPages}
      onChange={(channel) => onChange({ id: channel.id, name: channel.name, type: channel.type })}
    />
  );
}
