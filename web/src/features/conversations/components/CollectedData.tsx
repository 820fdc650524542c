import { Divider, Stack, Text } from '@mantine/core';
import type { ConversationCollected } from '@parley/contracts/conversations';
import { formatDateTime } from '../../../lib/format-date';
import { PanelSection } from './PanelSection';

/**
 * What the prompt agent collected after the conversation (agents.md §2.8): each variable with its
 * value, and whether it was saved to the customer or why not. Nothing is shown when nothing was
 * collected.
 */
export function CollectedData({ collected }: { collected: ConversationCollected | null }) {
  if (!collected || collected.values.length === 0) return null;
  return (
    <>
      <Divider />
      <PanelSection title="Collected Data">
        <Stack gap={8} component="dl" m={0} aria-label="Collected data">
          {collected.values.map((item) => (
            <div key={item.name}>
              <Text component="dt" size="xs" c="dimmed">
                {item.name}
              </Text>
              <Text component="dd" size="xs" m={0} style={{ wordBreak: 'break-word' }}>
                {item.value}
              </Text>
              <Text component="dd" size="xs" m={0} c={item.written ? 'teal.8' : 'orange.8'}>
                {item.written
                  ? item.fieldLabel && item.fieldLabel.toLowerCase() !== item.name.toLowerCase()
                    ? `Saved to customer as ${item.fieldLabel}`
                    : 'Saved to customer'
                  : `Not saved: ${item.reason ?? 'not valid for its field'}`}
              </Text>
            </div>
          ))}
        </Stack>
        <Text size="xs" c="dimmed">
          Collected {formatDateTime(collected.at)}
        </Text>
      </PanelSection>
    </>
  );
}
