import { Alert, Anchor, Breadcrumbs, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useTemplateChannels } from '../api/get-template-channels';
import { useTemplate } from '../api/get-template';
import { TemplateEditorForm } from './TemplateEditorForm';
import { TEMPLATES_PATH } from './template-paths';

/** /admin/messageTemplate/whatsapp/create and /:id: the editor, once the template and the channels are loaded. */
export function TemplateEditorPage() {
  const { id } = useParams();
  const template = useTemplate(id);
  const channels = useTemplateChannels();

  const crumbs = (
    <Breadcrumbs>
      <Anchor component={Link} to={TEMPLATES_PATH} size="sm">
        Message Templates
      </Anchor>
      <Text size="sm">{id ? (template.data?.name ?? 'Template') : 'Create Template'}</Text>
    </Breadcrumbs>
  );

  if (id && template.isError)
    return (
      <Stack gap="md" maw={1280}>
        {crumbs}
        <QueryErrorAlert
          title="The template could not be loaded"
          message={template.error.message}
          onRetry={() => void template.refetch()}
        />
      </Stack>
    );
  if ((id && template.isPending) || channels.isPending)
    return (
      <Stack gap="md" maw={1280} aria-busy>
        {crumbs}
        <Skeleton h={32} w={280} />
        <Skeleton h={420} />
      </Stack>
    );

  return (
    <Stack gap="md" maw={1280}>
      {crumbs}
      {channels.isError ? (
        <Alert color="red" variant="light" role="alert" title="The channels could not be loaded">
          {channels.error.message}
        </Alert>
      ) : null}
      <TemplateEditorForm key={id ?? 'new'} template={template.data} channels={channels.data ?? []} />
    </Stack>
  );
}
