import { useMemo, useState } from 'react';
import { Alert, Box, Button, Divider, Drawer, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnected } from '@tabler/icons-react';
import {
  canSend,
  channelMessages,
  channelTypeIds,
  channelTypes,
  credentialFields,
  vendorIds,
  vendorSpec,
  type Channel,
  type ChannelTestResult,
} from '@parley/contracts/channels';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import type { FieldErrors } from '../../../lib/form-validation';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useCreateChannel } from '../api/create-channel';
import { useUpdateChannel } from '../api/update-channel';
import { useTestChannel } from '../api/test-channel';
import { useDepartmentOptions } from '../api/get-department-options';
import { ConnectionResult } from './ConnectionResult';
import { CredentialFields } from './CredentialFields';
import { WebhookDetails } from './WebhookDetails';
import {
  changeType,
  changeVendor,
  credentialKey,
  initialChannelValues,
  serverFieldErrors,
  storedSecrets,
  toChannelBody,
  validateChannelForm,
  vendorChoices,
  type ChannelFormValues,
} from './channel-form-state';

interface ChannelDrawerProps {
  opened: boolean;
  /** The channel being edited; null to create one. */
  editing: Channel | null;
  /** The vendors the enterprise offers (empty or undefined: all). */
  offer: readonly number[] | undefined;
  /** The user may list departments (GET /api/departments needs DEPARTMENTS.MANAGE). */
  canPickDepartment: boolean;
  onClose: () => void;
}

const typeOptions = channelTypeIds.map((id) => ({ value: String(id), label: channelTypes[id] }));

/**
 * Create or edit a channel (platform §3.8, §5): name, type, vendor, the vendor's credential form,
 * department and sending pace; once saved, the webhook URL and Test connection.
 */
export function ChannelDrawer({ opened, editing, offer, canPickDepartment, onClose }: ChannelDrawerProps) {
  // After a create the panel stays open on the saved channel, so its webhook URL can be copied.
  const [saved, setSaved] = useState<Channel | null>(editing);
  const [values, setValues] = useState<ChannelFormValues>(() => initialChannelValues(editing, offer));
  // A field shows its message once it was changed and left, or after a submit (never for a mere tab through).
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [justCreated, setJustCreated] = useState(false);
  const [testResult, setTestResult] = useState<ChannelTestResult | null>(null);

  const create = useCreateChannel();
  const update = useUpdateChannel();
  const test = useTestChannel();
  const departments = useDepartmentOptions({ enabled: opened && canPickDepartment });
  const saving = create.isPending || update.isPending;

  const choices = vendorChoices(values.type, offer, saved);
  const vendor = values.vendor === null ? undefined : vendorSpec(values.vendor);
  const fields = values.vendor === null ? [] : credentialFields(values.vendor, values.type);
  const secretsKept = storedSecrets(saved, values);
  const clientErrors = validateChannelForm(values, secretsKept);
  const errorFor = (key: string) =>
    serverErrors[key] ?? (submitted || touched.has(key) ? clientErrors[key] : undefined);
  const credentialErrors = Object.fromEntries(fields.map((field) => [field.name, errorFor(credentialKey(field.name))]));

  const departmentOptions = useMemo(() => {
    const options = departments.data ?? [];
    if (saved?.deptId && !options.some((option) => option.value === saved.deptId))
      return [{ value: saved.deptId, label: saved.departmentName ?? 'Current department' }, ...options];
    return options;
  }, [departments.data, saved]);

  const changed = (key: string) => {
    setServerErrors(({ [key]: _dropped, ...rest }) => rest);
    setEdited((previous) => (previous.has(key) ? previous : new Set(previous).add(key)));
  };
  const touch = (key: string) => {
    if (edited.has(key) && !touched.has(key)) setTouched((previous) => new Set(previous).add(key));
  };
  const set = <K extends keyof ChannelFormValues>(key: K, value: ChannelFormValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    changed(key);
  };
  const setCredential = (name: string, value: string) => {
    setValues((previous) => ({ ...previous, credentials: { ...previous.credentials, [name]: value } }));
    changed(credentialKey(name));
  };

  const handleType = (next: string | null) => {
    if (next === null) return;
    setValues((previous) => changeType(previous, Number(next), offer, saved));
    setServerErrors({});
  };
  const handleVendor = (next: string | null) => {
    setValues((previous) => changeVendor(previous, next === null ? null : Number(next), saved));
    setServerErrors({});
  };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (Object.keys(clientErrors).length > 0) return;
    const body = toChannelBody(values);
    const onError = (error: Error) => {
      if (error instanceof ApiError && error.fieldErrors) setServerErrors(serverFieldErrors(error.fieldErrors, values));
      else setFailure(describeFailure(error));
    };
    if (saved) {
      update.mutate(
        { id: saved.id, body },
        {
          onSuccess: () => {
            showToast(channelMessages.saved, { tone: 'success' });
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: ({ channelConfig }) => {
          showToast(channelMessages.saved, { tone: 'success' });
          setSaved(channelConfig);
          setValues(initialChannelValues(channelConfig, offer));
          setTouched(new Set());
          setEdited(new Set());
          setSubmitted(false);
          setJustCreated(true);
        },
        onError,
      });
    }
  };

  const handleTest = () => {
    if (!saved) return;
    setTestResult(null);
    test.mutate(saved.id, {
      onSuccess: setTestResult,
      onError: (error) => setTestResult({ ok: false, message: describeFailure(error) }),
    });
  };

  const savedVendor = saved ? vendorSpec(saved.vendor) : undefined;

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={520}
      title={
        <Text fw={600} size="lg">
          {saved ? `Edit ${saved.name}` : 'Create Channel'}
        </Text>
      }
      styles={{ body: { paddingBottom: 0 } }}
    >
      <form onSubmit={handleSubmit} noValidate aria-label={saved ? `Edit ${saved.name}` : 'Create Channel'}>
        <Stack gap="md">
          {justCreated && saved && saved.vendor !== vendorIds.sandbox ? (
            <Alert color="teal" variant="light" title="Next: the webhook">
              Give {saved.vendorString} the webhook URL below so that delivery reports and replies reach Parley.
            </Alert>
          ) : null}
          <TextInput
            label="Name"
            withAsterisk
            data-autofocus
            placeholder="e.g. Support WhatsApp"
            value={values.name}
            error={errorFor('name')}
            onBlur={() => touch('name')}
            onChange={(event) => set('name', event.currentTarget.value)}
          />
          <Select
            label="Channel Type"
            withAsterisk
            data={typeOptions}
            value={String(values.type)}
            error={errorFor('type')}
            allowDeselect={false}
            onChange={handleType}
          />
          <Select
            label="Vendor"
            withAsterisk
            placeholder={choices.length === 0 ? 'No vendor offered' : 'Choose a vendor'}
            data={choices.map((choice) => ({ value: String(choice.id), label: choice.name }))}
            value={values.vendor === null ? null : String(values.vendor)}
            description={
              choices.length === 0
                ? `No vendor offered by your enterprise serves ${channelTypes[values.type as keyof typeof channelTypes]}. An administrator can change the vendors offered.`
                : vendor?.note
            }
            error={errorFor('vendor')}
            allowDeselect={false}
            onChange={handleVendor}
          />
          {vendor && !canSend(vendor.id, values.type) ? (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Configured only">
              {channelMessages.sendingUnavailable(vendor.name)}
            </Alert>
          ) : null}

          {vendor ? (
            <Stack gap="sm" component="section" aria-label={`${vendor.name} credentials`}>
              <Divider
                label={<Text size="xs" fw={600} c="dimmed" tt="uppercase">{`${vendor.name} credentials`}</Text>}
                labelPosition="left"
              />
              <CredentialFields
                fields={fields}
                values={values.credentials}
                errors={credentialErrors}
                storedSecrets={secretsKept}
                onChange={setCredential}
                onBlur={(name) => touch(credentialKey(name))}
              />
            </Stack>
          ) : null}

          <Divider
            label={
              <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                Routing and Pace
              </Text>
            }
            labelPosition="left"
          />
          <Select
            label="Department"
            placeholder={canPickDepartment ? 'No department' : 'Departments are managed by an administrator'}
            description="Optional: the department whose agents handle this channel's conversations"
            data={departmentOptions}
            value={values.deptId}
            error={errorFor('deptId')}
            disabled={!canPickDepartment}
            searchable
            clearable
            nothingFoundMessage="No department found"
            onChange={(next) => set('deptId', next)}
          />
          <NumberInput
            label="Messages per Second"
            withAsterisk
            description={
              values.type === 4
                ? "WhatsApp's default is 80; up to 1000 once Meta raises the number's throughput"
                : 'How fast Parley sends through this channel: 1 to 1000'
            }
            min={1}
            max={1000}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            value={values.messagesPerSecond}
            error={errorFor('messagesPerSecond')}
            onBlur={() => touch('messagesPerSecond')}
            onChange={(next) => set('messagesPerSecond', next)}
          />

          {saved ? (
            <>
              <WebhookDetails channel={saved} />
              <Stack gap="xs" component="section" aria-label="Test connection">
                {savedVendor?.testConnection ? (
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Text size="xs" c="dimmed">
                      Calls {savedVendor.name} with the saved credentials.
                    </Text>
                    <Button
                      variant="light"
                      leftSection={<IconPlugConnected size={16} />}
                      loading={test.isPending}
                      onClick={handleTest}
                    >
                      Test Connection
                    </Button>
                  </Group>
                ) : (
                  <Text size="xs" c="dimmed">
                    {channelMessages.testUnavailable(saved.vendorString)}.
                  </Text>
                )}
                {testResult ? <ConnectionResult result={testResult} /> : null}
              </Stack>
            </>
          ) : null}

          <FormErrorAlert message={failure} />
          <Box
            pos="sticky"
            bottom={0}
            py="md"
            bg="var(--mantine-color-body)"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 2 }}
          >
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {justCreated ? 'Close' : 'Cancel'}
              </Button>
              <Button type="submit" loading={saving}>
                Save
              </Button>
            </Group>
          </Box>
        </Stack>
      </form>
    </Drawer>
  );
}
