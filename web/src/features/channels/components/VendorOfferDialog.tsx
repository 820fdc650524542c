import { useState } from 'react';
import { Button, Checkbox, Group, Modal, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { channelTypes, vendors, type ChannelType } from '@parley/contracts/channels';
import { describeFailure } from '../../../lib/failure-message';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useSetVendorOffer } from '../api/set-vendor-offer';

const servedTypes = (serves: readonly ChannelType[]) => serves.map((type) => channelTypes[type]).join(', ');
const sortedVendors = [...vendors].sort((a, b) => a.name.localeCompare(b.name));

/** Which vendors the enterprise offers when channels are created (none checked: all of them). */
export function VendorOfferDialog({
  opened,
  offer,
  onClose,
}: {
  opened: boolean;
  offer: readonly number[];
  onClose: () => void;
}) {
  const [checked, setChecked] = useState<string[]>(() => offer.map(String));
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSetVendorOffer();

  const handleSave = () => {
    setFailure(null);
    save.mutate(checked.map(Number), {
      onSuccess: () => {
        showToast('Vendors offered saved', { tone: 'success' });
        onClose();
      },
      onError: (error) => setFailure(describeFailure(error)),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Vendors Offered" size="lg" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Only the checked vendors can be chosen when a channel is created or edited. With none checked, every vendor is
          offered. Existing channels keep their vendor.
        </Text>
        <Checkbox.Group value={checked} onChange={setChecked} aria-label="Vendors offered">
          <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
              {sortedVendors.map((vendor) => (
                <Checkbox
                  key={vendor.id}
                  value={String(vendor.id)}
                  label={vendor.name}
                  description={servedTypes(vendor.serves)}
                />
              ))}
            </SimpleGrid>
          </ScrollArea.Autosize>
        </Checkbox.Group>
        <FormErrorAlert message={failure} />
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {checked.length === 0 ? 'All vendors are offered' : `${checked.length} of ${vendors.length} offered`}
          </Text>
          <Group gap="sm">
            <Button variant="subtle" onClick={() => setChecked([])} disabled={checked.length === 0}>
              Clear
            </Button>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={handleSave} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
