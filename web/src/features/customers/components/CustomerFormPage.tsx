import { useMemo, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  List,
  MultiSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import {
  customerLimits,
  customerMessages,
  standardFields,
  type Customer,
  type CustomerField,
  type FieldValue,
} from '@parley/contracts/customer-master';
import { coreErrors } from '@parley/contracts/core-errors';
import { ApiError } from '../../../lib/api-client';
import type { FieldErrors } from '../../../lib/form-validation';
import { useUnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { showToast } from '../../../lib/toast';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useCustomer } from '../api/get-customer';
import { useCustomerFields } from '../api/get-customer-fields';
import { useGroups } from '../api/get-groups';
import { useSegments } from '../api/get-segments';
import { useCreateCustomer } from '../api/create-customer';
import { useUpdateCustomer } from '../api/update-customer';
import { CustomerFieldInput } from './CustomerFieldInput';
import { CUSTOMERS_PATH } from './CustomersPage';
import {
  dataKey,
  errorLines,
  formFieldErrors,
  initialCustomerValues,
  toCustomerBody,
  validateCustomer,
  type CustomerFormValues,
} from './customer-form-state';
import classes from './customers.module.css';

type SocialKey = 'whatsAppNumber' | 'twitterId' | 'facebookId' | 'instaId';
const socialInputs: { key: SocialKey; label: string; placeholder: string }[] = [
  { key: 'whatsAppNumber', label: 'Whatsapp', placeholder: '+91 98765 43210' },
  { key: 'twitterId', label: 'Twitter ID', placeholder: '@handle' },
  { key: 'facebookId', label: 'Facebook ID', placeholder: 'facebook.com/…' },
  { key: 'instaId', label: 'Instagram ID', placeholder: '@handle' },
];

const standardHelp = Object.fromEntries(standardFields.map((field) => [field.fieldName, field.fieldHelptext]));

const keepFocus = (event: MouseEvent) => event.preventDefault();

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={2} fz="md" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

interface CustomerFormProps {
  customer: Customer | null;
  fields: readonly CustomerField[];
  canEdit: boolean;
}

function CustomerForm({ customer, fields, canEdit }: CustomerFormProps) {
  const navigate = useNavigate();
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const groups = useGroups('');
  const segments = useSegments('');
  const userFields = useMemo(() => fields.filter((field) => !field.standard), [fields]);
  const [values, setValues] = useState<CustomerFormValues>(() => initialCustomerValues(fields, customer));
  const [editing, setEditing] = useState(customer === null);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [serverLines, setServerLines] = useState<string[]>([]);
  const saving = create.isPending || update.isPending;
  const readOnly = !editing;
  const clientErrors = validateCustomer(values, fields);

  const errorOf = (key: string) => serverErrors[key] ?? (submitted || touched.has(key) ? clientErrors[key] : undefined);
  /** Fields the user changed; a changed field shows its message once it loses the focus. */
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const markDirty = (keys: readonly string[]) =>
    setDirty((previous) => (keys.every((key) => previous.has(key)) ? previous : new Set([...previous, ...keys])));
  const touch = (key: string) => () => {
    if (dirty.has(key)) setTouched((previous) => (previous.has(key) ? previous : new Set(previous).add(key)));
  };
  const clearServer = (key: string) =>
    setServerErrors((previous) => {
      if (previous[key] === undefined) return previous;
      const { [key]: _dropped, ...rest } = previous;
      return rest;
    });
  const set = <K extends keyof CustomerFormValues>(key: K, value: CustomerFormValues[K]) => {
    markDirty([key]);
    setValues((previous) => ({ ...previous, [key]: value }));
    clearServer(key);
  };
  const setData = (fieldId: string, value: FieldValue) => {
    markDirty([dataKey(fieldId)]);
    setValues((previous) => ({ ...previous, data: { ...previous.data, [fieldId]: value } }));
    clearServer(dataKey(fieldId));
  };

  /** Validates and saves; resolves whether it worked (the form and the unsaved-changes dialog). */
  const submit = async (): Promise<boolean> => {
    setSubmitted(true);
    setServerLines([]);
    if (Object.keys(clientErrors).length > 0) return false;
    const body = toCustomerBody(values, fields);
    try {
      if (customer) await update.mutateAsync({ id: customer.id, body });
      else await create.mutateAsync(body);
    } catch (error) {
      // The mutation cache has toasted the message; the list above the form says what to fix.
      if (!(error instanceof ApiError) || error.httpStatus >= 500 || error.code === coreErrors.UNAUTHENTICATED.code)
        return false;
      const mapped = formFieldErrors(error.fieldErrors);
      if (Object.keys(mapped).length === 0 && error.message === customerMessages.phoneTaken)
        mapped.phoneNumber = error.message;
      setServerErrors(mapped);
      setServerLines(Object.keys(mapped).length > 0 ? errorLines(mapped, fields) : [error.message]);
      return false;
    }
    showToast(customer ? customerMessages.customerUpdated : customerMessages.customerCreated, { tone: 'success' });
    setDirty(new Set());
    return true;
  };
  const leaveGuard = useUnsavedChangesGuard(editing && dirty.size > 0, { onSave: submit });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit().then((saved) => {
      if (!saved) return;
      leaveGuard.allowNextNavigation();
      void navigate(CUSTOMERS_PATH);
    });
  };

  const handleCancel = () => {
    setEditing(false);
    leaveGuard.allowNextNavigation();
    void navigate(CUSTOMERS_PATH);
  };

  const inputLook = { readOnly, variant: readOnly ? 'filled' : 'default' } as const;
  const groupOptions = (groups.data?.groups ?? []).map((group) => ({ value: group.id, label: group.name }));
  const segmentOptions = (segments.data?.segments ?? []).map((segment) => ({ value: segment.id, label: segment.name }));
  // Stored memberships stay readable while the option lists load.
  for (const group of customer?.groups ?? [])
    if (!groupOptions.some((option) => option.value === group.id))
      groupOptions.push({ value: group.id, label: group.name });
  for (const tag of customer?.tags ?? [])
    if (!segmentOptions.some((option) => option.value === tag.id))
      segmentOptions.push({ value: tag.id, label: tag.name });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={customer ? 'Update Customer' : 'Create Customer'}>
      <Stack gap="lg" maw={960}>
        <Group justify="space-between" align="center" wrap="nowrap" className={classes.formHeader}>
          <Group gap="sm" wrap="nowrap">
            <ActionIcon
              component={Link}
              to={CUSTOMERS_PATH}
              variant="subtle"
              color="gray"
              aria-label="Back to Customers"
            >
              <IconArrowLeft size={18} />
            </ActionIcon>
            <div>
              <Title order={1} fz={24}>
                {customer ? 'Update Customer' : 'Create Customer'}
              </Title>
              {customer ? (
                <Text size="sm" c="dimmed">
                  {customer.name} · {customer.phoneNumber}
                </Text>
              ) : null}
            </div>
          </Group>
          {readOnly && canEdit ? (
            <Tooltip label="Edit">
              <ActionIcon variant="light" size="lg" aria-label="Edit Customer" onClick={() => setEditing(true)}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          ) : editing ? (
            // In the header, which stays in view while the form scrolls (the toasts cover the bottom
            // right). Mouse down keeps the focus where it is: a message shown on blur of the field
            // being typed in would move things before mouse up, and lose the click.
            <Group gap="sm" wrap="nowrap">
              <Button variant="default" onClick={handleCancel} disabled={saving} onMouseDown={keepFocus}>
                Cancel
              </Button>
              <Button type="submit" loading={saving} onMouseDown={keepFocus}>
                Save
              </Button>
            </Group>
          ) : null}
        </Group>

        {serverLines.length > 0 ? (
          <Alert color="red" variant="light" role="alert" title="The customer was not saved">
            <List size="sm" spacing={2}>
              {serverLines.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}

        <Section title="Basic Details">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              {...inputLook}
              label="Name"
              description={standardHelp.name}
              withAsterisk={!readOnly}
              data-autofocus
              maxLength={customerLimits.nameMax}
              value={values.name}
              error={errorOf('name')}
              onChange={(event) => set('name', event.currentTarget.value)}
              onBlur={touch('name')}
            />
            <TextInput
              {...inputLook}
              label="Phone Number"
              description={
                customer && editing
                  ? 'The phone number cannot be changed'
                  : `${standardHelp.phoneNumber}, e.g. +91 98765 43210`
              }
              withAsterisk={!readOnly && !customer}
              type="tel"
              maxLength={40}
              readOnly={readOnly || customer !== null}
              disabled={editing && customer !== null}
              value={values.phoneNumber}
              error={errorOf('phoneNumber')}
              onChange={(event) => set('phoneNumber', event.currentTarget.value)}
              onBlur={touch('phoneNumber')}
            />
          </SimpleGrid>
        </Section>

        <Section title="Other Details">
          {userFields.length === 0 ? (
            <Text size="sm" c="dimmed">
              No customer attributes are defined yet.{' '}
              <Anchor component={Link} to="/customer-master/definition" size="sm">
                Manage Customer Attributes
              </Anchor>
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {userFields.map((field) => (
                <div key={field.id} style={field.fieldType === 'textarea' ? { gridColumn: '1 / -1' } : undefined}>
                  <CustomerFieldInput
                    field={field}
                    value={values.data[field.id] ?? ''}
                    error={errorOf(dataKey(field.id))}
                    readOnly={readOnly}
                    onChange={(value) => setData(field.id, value)}
                    onBlur={touch(dataKey(field.id))}
                  />
                </div>
              ))}
            </SimpleGrid>
          )}
        </Section>

        <Section title="Social Profiles">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {socialInputs.map((input) => (
              <TextInput
                key={input.key}
                {...inputLook}
                label={input.label}
                placeholder={readOnly ? undefined : input.placeholder}
                maxLength={customerLimits.socialMax}
                value={values[input.key]}
                error={errorOf(input.key)}
                onChange={(event) => set(input.key, event.currentTarget.value)}
              />
            ))}
          </SimpleGrid>
        </Section>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Section title="Groups">
            <MultiSelect
              {...inputLook}
              aria-label="Groups"
              description="Lists this customer belongs to"
              placeholder={readOnly ? undefined : 'Choose groups'}
              searchable
              clearable={!readOnly}
              nothingFoundMessage={groups.isPending ? 'Loading…' : 'No groups yet'}
              data={groupOptions}
              value={values.groups}
              error={errorOf('groups')}
              onChange={(next) => set('groups', next)}
              comboboxProps={{ withinPortal: true }}
            />
          </Section>
          <Section title="Labels">
            <MultiSelect
              {...inputLook}
              aria-label="Labels"
              description="Segments this customer is in"
              placeholder={readOnly ? undefined : 'Choose segments'}
              searchable
              clearable={!readOnly}
              nothingFoundMessage={segments.isPending ? 'Loading…' : 'No segments yet'}
              data={segmentOptions}
              value={values.tags}
              error={errorOf('tags')}
              onChange={(next) => set('tags', next)}
              comboboxProps={{ withinPortal: true }}
            />
          </Section>
        </SimpleGrid>
      </Stack>
      {leaveGuard.dialog}
    </form>
  );
}

function FormSkeleton() {
  return (
    <Stack gap="lg" maw={960} role="status" aria-label="Loading the customer">
      <Skeleton h={32} w={260} />
      {[2, 4, 4].map((inputs, section) => (
        <Paper key={section} withBorder radius="md" p="lg">
          <Skeleton h={16} w={140} mb="md" />
          <SimpleGrid cols={2} spacing="md">
            {Array.from({ length: inputs }, (_, index) => (
              <Skeleton key={index} h={56} />
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}

/** Create Customer / Update Customer (/customers/create and /customers/view/:id, engagement.md §2.5). */
export function CustomerFormPage({ canEdit }: { canEdit: boolean }) {
  const { id } = useParams();
  const fields = useCustomerFields();
  const customer = useCustomer(id);

  if (!id && !canEdit) return <Navigate to={CUSTOMERS_PATH} replace />;
  const failed = fields.isError ? fields : id && customer.isError ? customer : null;
  if (failed) {
    const notFound = failed.error instanceof ApiError && failed.error.httpStatus === 404;
    return notFound ? (
      <Alert color="yellow" variant="light" title="Customer not found" maw={560}>
        <Text size="sm">
          This customer does not exist or was deleted.{' '}
          <Anchor component={Link} to={CUSTOMERS_PATH} size="sm">
            Back to the Customers
          </Anchor>
        </Text>
      </Alert>
    ) : (
      <QueryErrorAlert
        title={fields.isError ? 'The customer attributes could not be loaded' : 'The customer could not be loaded'}
        message={failed.error.message}
        onRetry={() => void failed.refetch()}
        maw={560}
      />
    );
  }
  // The form starts from the customer as stored now, not from a cached copy that a refetch would
  // replace after the inputs were filled (groups or labels changed on the list meanwhile).
  if (fields.isPending || (id && (customer.isPending || !customer.isFetchedAfterMount))) return <FormSkeleton />;
  return (
    <CustomerForm
      key={id ?? 'new'}
      customer={id ? (customer.data ?? null) : null}
      fields={fields.data?.fields ?? []}
      canEdit={canEdit}
    />
  );
}
