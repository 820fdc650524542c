import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router';
import { hasAny } from '@parley/contracts/permissions';
import { Box, Flex, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { Template } from '@parley/contracts/templates';
import type { VariableMapping } from '@parley/contracts/broadcasts';
import { TemplatePreview } from '../../components/template-preview/TemplatePreview';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { describeFailure } from '../../lib/failure-message';
import { useCustomerColumns } from '../../features/broadcast-send/api/get-customer-columns';
import { useTemplateContent } from '../../features/broadcast-send/api/get-template-content';
import { useTemplateVariables } from '../../features/broadcast-send/api/get-template-variables';
import { AttachmentArea } from '../../features/broadcast-send/components/AttachmentArea';
import {
  mediaNeeds,
  previewValues,
  type Attachment,
  type BroadcastDraft,
  type MappingDraft,
} from '../../features/broadcast-send/components/broadcast-form';
import { TemplatePicker } from '../../features/broadcast-send/components/TemplatePicker';
import { VariableMappingWidget } from '../../features/broadcast-send/components/VariableMappingWidget';
import type { CampaignMedia } from '../../features/campaigns/components/campaign-form';
import type { VariantMessageProps } from '../../features/campaigns/components/variant-message-slot';
import { CampaignEditorPage } from '../../features/campaigns/components/CampaignEditorPage';
import { CAMPAIGNS_PATH } from '../../features/campaigns/components/campaign-paths';
import { useSessionUser } from '../shell/session-user';

const RCS_TYPE = 10;

const contentTypes: Record<CampaignMedia['type'], string> = {
  IMAGE: 'image/jpeg',
  VIDEO: 'video/mp4',
  DOCUMENT: 'application/pdf',
};

const toAttachment = (media: CampaignMedia | undefined): Attachment | undefined =>
  media
    ? { fileId: media.fileId, fileName: media.fileName, contentType: contentTypes[media.type], url: media.url }
    : undefined;

const toMedia = (attachment: Attachment | undefined, type: CampaignMedia['type'] | null): CampaignMedia | undefined =>
  attachment && type
    ? { fileId: attachment.fileId, fileName: attachment.fileName, type, url: attachment.url }
    : undefined;

/**
 * A campaign variant's message, built from the broadcast send screen's pieces (engagement.md
 * §2.14, §2.15, §2.17): the approved template picker, the attachment area, the variable mapping
 * widget with the customer columns, and the live preview. The campaign editor keeps the variant
 * as the contracts' campaign variant; this converts to and from the broadcast form's shapes.
 */
export function CampaignVariantMessage({ channel, variant, errors, readOnly, onChange }: VariantMessageProps) {
  const templateId = variant.templateId ?? undefined;
  const content = useTemplateContent(templateId);
  const variablesQuery = useTemplateVariables(channel?.id, templateId);
  const columnsQuery = useCustomerColumns();
  const variables = useMemo(() => variablesQuery.data ?? [], [variablesQuery.data]);
  const columns = useMemo(() => columnsQuery.data ?? [], [columnsQuery.data]);
  const components = content.data?.components;
  const needs = mediaNeeds(components);

  const mappings: Record<string, MappingDraft> = Object.fromEntries(
    variant.columnMapping.map((mapping) => [mapping.variable, { type: mapping.type, value: mapping.value }]),
  );
  const cardMedia = (variant.cards ?? []).map((card) => toAttachment(card.media));

  const handleTemplate = (template: Template) => {
    if (template.id === variant.templateId) return;
    onChange({ templateId: template.id, columnMapping: [], media: undefined, cards: undefined }, [
      'template',
      'media',
      'card',
      'cards',
      'mapping',
    ]);
  };

  const handleMapping = (name: string, mapping: MappingDraft) => {
    const next: VariableMapping = { variable: name, type: mapping.type, value: mapping.value };
    const columnMapping = variant.columnMapping.some((entry) => entry.variable === name)
      ? variant.columnMapping.map((entry) => (entry.variable === name ? next : entry))
      : [...variant.columnMapping, next];
    onChange({ columnMapping }, [`mapping.${name}`, 'cards']);
  };

  const handleCardMedia = (index: number, attachment: Attachment | undefined) => {
    const formats = needs.cards ?? [];
    const cards = formats.map((format, position) => ({
      media: position === index ? toMedia(attachment, format) : variant.cards?.[position]?.media,
    }));
    onChange({ cards }, [`card.${index + 1}`]);
  };

  const preview: BroadcastDraft = {
    channel,
    template: content.data ? { id: content.data.id, name: content.data.name } : null,
    numbersText: '',
    media: toAttachment(variant.media),
    cardMedia,
    mappings,
  };
  const columnLabel = (column: string) => columns.find((candidate) => candidate.value === column)?.label ?? column;

  return (
    // Side by side while the mapping keeps 480 px beside the 300 px phone; the phone goes below otherwise.
    <Flex gap="md" wrap="wrap" align="flex-start">
      <Box style={{ flex: '1 1 480px', minWidth: 0 }}>
        <Stack gap="sm">
          <TemplatePicker
            channelId={channel?.id}
            value={variant.templateId ? { id: variant.templateId, name: content.data?.name ?? 'Loading…' } : null}
            error={errors.template}
            disabled={readOnly}
            onChange={handleTemplate}
          />
          {variant.templateId && content.isError ? (
            <QueryErrorAlert
              title="The template could not be loaded"
              message={describeFailure(content.error)}
              onRetry={() => void content.refetch()}
            />
          ) : null}
          {channel && content.data ? (
            <AttachmentArea
              needs={needs}
              channelType={channel.type === RCS_TYPE ? 'RCS' : 'WHATSAPP'}
              media={toAttachment(variant.media)}
              cardMedia={cardMedia}
              errors={errors}
              disabled={readOnly}
              onMediaChange={(attachment) => onChange({ media: toMedia(attachment, needs.header) }, ['media'])}
              onCardMediaChange={handleCardMedia}
            />
          ) : null}
          {variant.templateId && channel ? (
            variablesQuery.isError ? (
              <QueryErrorAlert
                title="The template's variables could not be loaded"
                message={describeFailure(variablesQuery.error)}
                onRetry={() => void variablesQuery.refetch()}
              />
            ) : variablesQuery.isPending ? (
              <Skeleton h={120} radius="md" role="status" aria-label="Loading the variables" />
            ) : (
              <VariableMappingWidget
                variables={variables}
                mappings={mappings}
                columns={columns}
                errors={errors}
                disabled={readOnly}
                onChange={handleMapping}
              />
            )
          ) : null}
        </Stack>
      </Box>
      <Box style={{ flex: '0 0 300px' }} mx="auto">
        <Stack gap="xs" align="center">
          <Text size="sm" c="dimmed">
            Preview
          </Text>
          {components ? (
            <TemplatePreview
              components={components}
              parameterFormat={content.data?.parameter_format === 'NAMED' ? 'NAMED' : 'POSITIONAL'}
              values={previewValues(preview, variables, columnLabel)}
              businessName={channel?.name}
            />
          ) : (
            <Paper withBorder radius="lg" p="lg" w="100%" maw={300} ta="center" c="dimmed" component="figure" m={0}>
              <Text size="sm">Choose a channel and a template to see the message as your customers will.</Text>
            </Paper>
          )}
        </Stack>
      </Box>
    </Flex>
  );
}

/**
 * /campaigns/campaigns-list/new (CAMPAIGNS.CREATE) and /campaigns/campaigns-list/:id (changes need
 * CAMPAIGNS.EDIT; others with a campaign permission see it read-only).
 */
export default function CampaignEditorRoute() {
  const { id } = useParams();
  const user = useSessionUser();
  const isNew = id === undefined;
  const canChange = hasAny(user.permissions, [isNew ? 'CAMPAIGNS.CREATE' : 'CAMPAIGNS.EDIT']);
  if (isNew && !canChange) return <Navigate to={CAMPAIGNS_PATH} replace />;
  return (
    <CampaignEditorPage
      key={id ?? 'new'}
      campaignId={id}
      VariantMessage={CampaignVariantMessage}
      canChange={canChange}
      testSends={user.flags.CAMPAIGN_TEST === true}
      smsCampaigns={user.flags.CAMPAIGN_SMS === true}
      departments={hasAny(user.permissions, ['CAMPAIGNS.CREATE', 'CAMPAIGNS.EDIT', 'CAMPAIGNS.VIEW'])}
    />
  );
}
