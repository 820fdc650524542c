import { Drawer, Group, Stack, Text } from '@mantine/core';
import { templateCategoryLabels, type Template } from '@parley/contracts/templates';
import { TemplatePreview } from '../../../components/template-preview/TemplatePreview';
import { kindLabels, languageLabel, type TemplateKind } from './template-draft';
import { TemplateStatusBadge } from './TemplateStatusBadge';

/** The list's Preview: the template on a phone, with its status and kind. */
export function TemplatePreviewDrawer({ template, onClose }: { template: Template | null; onClose: () => void }) {
  return (
    <Drawer
      opened={template !== null}
      onClose={onClose}
      position="right"
      size={420}
      title={template ? `Preview: ${template.name}` : 'Preview'}
    >
      {template ? (
        <Stack gap="md" align="center">
          <Group gap="xs" justify="center" wrap="wrap">
            <TemplateStatusBadge status={template.status} reason={template.reason} />
            <Text size="sm" c="dimmed">
              {templateCategoryLabels[template.category as keyof typeof templateCategoryLabels] ?? template.category} ·{' '}
              {kindLabels[template.type as TemplateKind] ?? template.type} · {languageLabel(template.language)}
            </Text>
          </Group>
          <TemplatePreview
            components={template.components}
            parameterFormat={template.parameter_format === 'NAMED' ? 'NAMED' : 'POSITIONAL'}
            businessName={template.channelName}
          />
        </Stack>
      ) : null}
    </Drawer>
  );
}
