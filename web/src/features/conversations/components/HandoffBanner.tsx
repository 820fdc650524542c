import { Alert, Badge, Group, Text } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { handoffReasonLabels, type HandoffDetails } from '@parley/contracts/conversations';

/** The NLU's confidence is a fraction (0–1); a value above 1 is already a percentage. */
function confidencePercent(confidence: number): number {
  return Math.round(confidence <= 1 ? confidence * 100 : confidence);
}

/** Why the bot handed this chat to people, what it understood and what it collected. */
export function HandoffBanner({ handoff }: { handoff: HandoffDetails }) {
  return (
    <Alert
      variant="light"
      color="violet"
      icon={<IconRobot size={18} aria-hidden />}
      title={
        // Without a bot nobody handed it over: it came straight to people.
        handoff.reason === 'no_bot'
          ? `For people: ${handoffReasonLabels[handoff.reason]}`
          : `Handed over by the bot: ${handoffReasonLabels[handoff.reason]}`
      }
      role="note"
      py={8}
      radius={0}
    >
      <Group gap="md" wrap="wrap">
        {handoff.intent ? (
          <Text size="xs">
            Intent <strong>{handoff.intent}</strong>
            {handoff.confidence !== null ? ` (${confidencePercent(handoff.confidence)} %)` : ''}
          </Text>
        ) : null}
        {handoff.emotion ? (
          <Text size="xs">
            Emotion <strong>{handoff.emotion}</strong>
          </Text>
        ) : null}
        {handoff.slots.length > 0 ? (
          <Group gap={4} wrap="wrap" aria-label="Collected by the bot" role="list">
            {handoff.slots.map((slot) => (
              <Badge
                key={slot.parameter}
                size="sm"
                variant="outline"
                color="violet"
                role="listitem"
                style={{ textTransform: 'none' }}
              >
                {slot.parameter}: {slot.value}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Group>
    </Alert>
  );
}
