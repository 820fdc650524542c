import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, ScrollArea, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import type { Template } from '@parley/contracts/templates';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { TemplateMessageBubble } from '../../../components/template-preview/TemplateMessageBubble';
import { useTestSendTemplate } from '../api/test-send-template';
import { previewValues, sendVariables } from './template-draft';
import { sandboxPhonePath } from './template-paths';

const REQUIRED = 'This Field is Mandatory';

interface TestSendDialogProps {
  template: Template;
  /** The template's channel is the built-in Sandbox: offer the Sandbox phone after sending. */
  sandbox: boolean;
  onClose: () => void;
}

/** Send test (APPROVED only): a number and one value per variable, prefilled with the examples. */
export function TestSendDialog({ template, sandbox, onClose }: TestSendDialogProps) {
  const variables = useMemo(() => sendVariables(template), [template]);
  const [to, setTo] = useState('');
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(variables.map((variable) => [variable.key, variable.example])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<{ to: string } | null>(null);
  const send = useTestSendTemplate();

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found: Record<string, string> = {};
    if (!to.trim()) found.to = REQUIRED;
    for (const variable of variables) if (!values[variable.key]?.trim()) found[variable.key] = REQUIRED;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    send.mutate(
      { id: template.id, body: { to: to.trim(), values } },
      {
        onSuccess: () => {
          showToast(`Test message sent to ${to.trim()}`, { tone: 'success' });
          setSent({ to: to.trim() });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
          setFailure(describeFailure(error));
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Send Test: ${template.name}`} size="xl" centered>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Phone Number"
              description="With the country code, e.g. +919812345678"
              placeholder="+91…"
              withAsterisk
              data-autofocus
              inputMode="tel"
              value={to}
              error={errors.to}
              onChange={(event) => {
                setTo(event.currentTarget.value);
                setErrors(({ to: _dropped, ...rest }) => rest);
              }}
            />
            {variables.length > 0 ? (
              <Text size="sm" fw={600} mt="xs">
                Variables
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                This template has no variables.
              </Text>
            )}
            {variables.map((variable) => (
              <TextInput
                key={variable.key}
                label={variable.label}
                withAsterisk
                value={values[variable.key] ?? ''}
                error={errors[variable.key]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((previous) => ({ ...previous, [variable.key]: value }));
                  setErrors(({ [variable.key]: _dropped, ...rest }) => rest);
                }}
              />
            ))}
            <FormErrorAlert message={failure} />
            {sent ? (
              <Alert color="teal" variant="light" role="status" title="Test message sent">
                <Stack gap={4}>
                  <Text size="sm">The message is on its way to {sent.to}.</Text>
                  {sandbox ? (
                    <Anchor
                      component={Link}
                      to={sandboxPhonePath(template.channelId)}
                      size="sm"
                      fw={600}
                      onClick={onClose}
                    >
                      Open Sandbox Phone
                    </Anchor>
                  ) : null}
                </Stack>
              </Alert>
            ) : null}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onClose}>
                {sent ? 'Close' : 'Cancel'}
              </Button>
              <Button type="submit" loading={send.isPending}>
                {sent ? 'Send again' : 'Send'}
              </Button>
            </Group>
          </Stack>
        </form>
        <ScrollArea.Autosize mah={520} type="auto">
          <Stack gap={6} p="sm" bg="#efeae2" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <Text size="xs" c="dimmed" ta="center">
              What the customer receives
            </Text>
            <TemplateMessageBubble
              components={template.components}
              parameterFormat={template.parameter_format === 'NAMED' ? 'NAMED' : 'POSITIONAL'}
              values={previewValues(values)}
            />
          </Stack>
        </ScrollArea.Autosize>
      </SimpleGrid>
    </Modal>
  );
}
