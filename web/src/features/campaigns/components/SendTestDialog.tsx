import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, TagsInput, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { campaignLimits, campaignMessages } from '@parley/contracts/campaigns';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { showToast } from '../../../lib/toast';
import { useSendCampaignTest } from '../api/send-campaign-test';

interface SendTestDialogProps {
  campaignId: string;
  /** The variants' labels; with two the maker picks which one to test. */
  variants: string[];
  onClose: () => void;
}

/** 'Send test': the saved campaign to up to 5 numbers now, before approval (feature flag CAMPAIGN_TEST). */
export function SendTestDialog({ campaignId, variants, onClose }: SendTestDialogProps) {
  const [numbers, setNumbers] = useState<string[]>([]);
  const [variant, setVariant] = useState(variants[0] ?? 'A');
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendCampaignTest();

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (numbers.length === 0) {
      setError(campaignMessages.mandatory);
      return;
    }
    setProblem(null);
    send.mutate(
      { id: campaignId, phoneNumbers: numbers, variant: variants.length > 1 ? variant : undefined },
      {
        onSuccess: () => {
          showToast(campaignMessages.testSent, { tone: 'success' });
          onClose();
        },
        onError: (failure) => {
          const fields = failure instanceof ApiError ? failure.fieldErrors : undefined;
          const numberError = Object.entries(fields ?? {}).find(([key]) => key.startsWith('phoneNumbers'))?.[1];
          if (numberError) setError(numberError);
          else setProblem(describeFailure(failure));
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Send test" centered size="md">
      <form onSubmit={handleSubmit} noValidate aria-label="Send test">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Sends the saved campaign to these numbers now, with each number&apos;s own values where it is a customer.
          </Text>
          {problem ? (
            <Alert color="red" variant="light" role="alert" py="xs">
              {problem}
            </Alert>
          ) : null}
          <TagsInput
            label="Phone numbers"
            description={`Up to ${campaignLimits.maxTestNumbers}, with country code; Enter or a comma after each`}
            placeholder={numbers.length < campaignLimits.maxTestNumbers ? '+919876500100' : undefined}
            withAsterisk
            maxTags={campaignLimits.maxTestNumbers}
            splitChars={[',', ' ']}
            value={numbers}
            error={error}
            onChange={(next) => {
              setNumbers(next);
              setError(null);
            }}
            data-autofocus
          />
          {variants.length > 1 ? (
            <Select
              label="Variant"
              data={variants.map((label) => ({ value: label, label: `Variant ${label}` }))}
              value={variant}
              allowDeselect={false}
              onChange={(value) => setVariant(value ?? variant)}
            />
          ) : null}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
              Send test
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
