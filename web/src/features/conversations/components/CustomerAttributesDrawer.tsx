import { useState } from 'react';
import { Button, Drawer, Group, MultiSelect, Select, Stack, TextInput, Textarea } from '@mantine/core';
import {
  validateFieldValue,
  type Customer,
  type CustomerField,
  type FieldValue,
} from '@parley/contracts/customer-master';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useUpdateCustomer } from '../api/update-customer';

interface CustomerAttributesDrawerProps {
  opened: boolean;
  customer: Customer;
  fields: CustomerField[];
  onClose: () => void;
}

function initialValues(customer: Customer, fields: CustomerField[]): Record<string, FieldValue> {
  return Object.fromEntries(
    fields.map((field) => [
      field.id,
      customer.data[field.id] ?? (field.fieldType === 'selectbox-multiplevalue' ? [] : ''),
    ]),
  );
}

/**
 * Edits the customer's attributes from the chat, checked by the contract's `validateFieldValue`
 * (the customer form's rule) and saved through the customer update route; the server's field
 * errors show beside their fields.
 */
export function CustomerAttributesDrawer({ opened, customer, fields, onClose }: CustomerAttributesDrawerProps) {
  const [values, setValues] = useState(() => initialValues(customer, fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateCustomer(customer.id);

  const handleClose = () => {
    setValues(initialValues(customer, fields));
    setErrors({});
    onClose();
  };

  const handleSave = () => {
    const found: Record<string, string> = {};
    for (const field of fields) {
      const message = validateFieldValue(field, values[field.id]);
      if (message) found[field.id] = message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const data: Record<string, FieldValue> = { ...customer.data };
    for (const field of fields) {
      const value = values[field.id];
      if (value === undefined) continue;
      data[field.id] = Array.isArray(value) ? value : value.trim();
    }
    update.mutate(
      {
        name: customer.name,
        phoneNumber: customer.phoneNumber,
        whatsAppNumber: customer.whatsAppNumber,
        facebookId: customer.facebookId,
        instaId: customer.instaId,
        twitterId: customer.twitterId,
        tags: customer.tags.map((tag) => tag.id),
        groups: customer.groups.map((group) => group.id),
        data,
      },
      {
        onSuccess: () => {
          showToast('Customer saved', { tone: 'success' });
          onClose();
        },
        onError: (failure) => {
          const fieldErrors = failure instanceof ApiError ? failure.fieldErrors : undefined;
          if (fieldErrors) {
            setErrors(
              Object.fromEntries(
                Object.entries(fieldErrors).map(([key, message]) => [key.replace(/^data\./, ''), message]),
              ),
            );
          }
          showToast(failure instanceof Error ? failure.message : 'The customer could not be saved', { tone: 'error' });
        },
      },
    );
  };

  const setValue = (id: string, value: FieldValue) => {
    setValues((current) => ({ ...current, [id]: value }));
    setErrors((current) => {
      if (!current[id]) return current;
      const { [id]: _removed, ...rest } = current;
      return rest;
    });
  };

  return (
    <Drawer opened={opened} onClose={handleClose} title="Edit Customer Details" position="right" size="md">
      <Stack gap="sm">
        {fields.map((field) => {
          const value = values[field.id] ?? '';
          const common = {
            label: field.fieldLabel,
            description: field.fieldHelptext || undefined,
            withAsterisk: field.mandatory,
            error: errors[field.id],
          };
          switch (field.fieldType) {
            case 'textarea':
              return (
                <Textarea
                  key={field.id}
                  {...common}
                  autosize
                  minRows={2}
                  value={Array.isArray(value) ? value.join(', ') : value}
                  onChange={(event) => setValue(field.id, event.currentTarget.value)}
                />
              );
            case 'selectbox-singlevalue':
              return (
                <Select
                  key={field.id}
                  {...common}
                  data={field.defaultValues}
                  value={(Array.isArray(value) ? value[0] : value) || null}
                  clearable={!field.mandatory}
                  onChange={(next) => setValue(field.id, next ?? '')}
                  comboboxProps={{ withinPortal: true }}
                />
              );
            case 'selectbox-multiplevalue':
              return (
                <MultiSelect
                  key={field.id}
                  {...common}
                  data={field.defaultValues}
                  value={Array.isArray(value) ? value : value ? [value] : []}
                  onChange={(next) => setValue(field.id, next)}
                  comboboxProps={{ withinPortal: true }}
                />
              );
            default:
              return (
                <TextInput
                  key={field.id}
                  {...common}
                  value={Array.isArray(value) ? value.join(', ') : value}
                  onChange={(event) => setValue(field.id, event.currentTarget.value)}
                />
              );
          }
        })}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={handleClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button onClick={handleSave} loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
