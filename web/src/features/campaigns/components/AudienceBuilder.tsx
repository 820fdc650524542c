import { memo, useState } from 'react';
import { Alert, Button, FileButton, Group, MultiSelect, Paper, Stack, Text } from '@mantine/core';
import { IconFilterPlus, IconUpload, IconUsersGroup } from '@tabler/icons-react';
import { campaignLimits } from '@parley/contracts/campaigns';
import { describeFailure } from '../../../lib/failure-message';
import { showToast } from '../../../lib/toast';
import { useCustomerAttributes } from '../api/get-customer-attributes';
import { useGroupOptions } from '../api/get-group-options';
import { useSegmentOptions } from '../api/get-segment-options';
import { useUploadedLists } from '../api/get-uploaded-lists';
import { useUploadCampaignList } from '../api/upload-campaign-list';
import { AttributeFilterRow } from './AttributeFilterRow';
import { filterAttributes, newFilterKey, type CampaignDraft, type FilterDraft, type FormErrors } from './campaign-form';

const numberFormat = new Intl.NumberFormat('en');

/** An audience takes up to 10 uploaded lists (contracts' audience.listIds). */
const MAX_LISTS = 10;

/** Only CSV files are accepted (engagement.md §5 Upload); some systems call a CSV text/plain or Excel's. */
const isCsv = (file: File) => file.type === 'text/csv' || /\.csv$/i.test(file.name);

type AudienceDraft = Pick<CampaignDraft, 'segmentIds' | 'groupIds' | 'listIds' | 'filters'>;

interface AudienceBuilderProps {
  value: AudienceDraft;
  errors: FormErrors;
  readOnly: boolean;
  onChange: (change: Partial<AudienceDraft>, clears: string[]) => void;
}

/** A failed option load: said under the field, which stays usable for what was chosen before. */
const loadProblem = (query: { isError: boolean; error: unknown }, what: string) =>
  query.isError ? `${what} could not be loaded: ${describeFailure(query.error)}` : undefined;

/**
 * The audience (issue 21 item 1): any mix of segments, groups and uploaded lists of the customer
 * master, narrowed by attribute filters with operators typed by the attribute's kind.
 */
export const AudienceBuilder = memo(function AudienceBuilder({
  value,
  errors,
  readOnly,
  onChange,
}: AudienceBuilderProps) {
  const segments = useSegmentOptions();
  const groups = useGroupOptions();
  const lists = useUploadedLists();
  const fields = useCustomerAttributes();
  const upload = useUploadCampaignList();
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const attributes = filterAttributes(fields.data ?? []);

  const handleUpload = (file: File | null) => {
    if (!file) return;
    setUploadProblem(null);
    if (!isCsv(file)) {
      setUploadProblem('Choose a CSV file (.csv)');
      return;
    }
    upload.mutate(file, {
      onSuccess: (list) => {
        onChange({ listIds: [...value.listIds, list.id] }, ['audience']);
        showToast(
          `${list.name}: ${numberFormat.format(list.count)} numbers${list.invalid > 0 ? `, ${numberFormat.format(list.invalid)} invalid left out` : ''}`,
          { tone: 'success' },
        );
      },
      onError: (failure) => setUploadProblem(describeFailure(failure)),
    });
  };

  const setFilters = (filters: FilterDraft[], clears: string[]) => onChange({ filters }, ['audience', ...clears]);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Audience">
      <Group gap={6} mb="sm">
        <IconUsersGroup size={16} aria-hidden />
        <Text size="sm" fw={600}>
          Audience
        </Text>
        <Text size="xs" c="dimmed">
          Customers in any of the segments, groups and lists below who match every filter
        </Text>
      </Group>
      <Stack gap="sm">
        {errors.audience ? (
          <Alert color="red" variant="light" role="alert" py="xs">
            {errors.audience}
          </Alert>
        ) : null}
        <MultiSelect
          label="Segments"
          placeholder={value.segmentIds.length === 0 ? 'Choose segments' : undefined}
          data={(segments.data ?? []).map((segment) => ({
            value: segment.id,
            label: `${segment.name} (${numberFormat.format(segment.count)})`,
          }))}
          value={value.segmentIds}
          searchable
          clearable={!readOnly}
          readOnly={readOnly}
          nothingFoundMessage="No segment matches"
          error={loadProblem(segments, 'The segments')}
          onChange={(segmentIds) => onChange({ segmentIds }, ['audience'])}
        />
        <MultiSelect
          label="Groups"
          placeholder={value.groupIds.length === 0 ? 'Choose groups' : undefined}
          data={(groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
          value={value.groupIds}
          searchable
          clearable={!readOnly}
          readOnly={readOnly}
          nothingFoundMessage="No group matches"
          error={loadProblem(groups, 'The groups')}
          onChange={(groupIds) => onChange({ groupIds }, ['audience'])}
        />
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <MultiSelect
            label="Uploaded lists"
            placeholder={value.listIds.length === 0 ? 'Choose lists' : undefined}
            style={{ flex: 1 }}
            data={(lists.data ?? []).map((list) => ({
              value: list.id,
              label: `${list.name} (${numberFormat.format(list.count)})`,
            }))}
            value={value.listIds}
            maxValues={MAX_LISTS}
            searchable
            clearable={!readOnly}
            readOnly={readOnly}
            nothingFoundMessage="No uploaded list yet"
            error={uploadProblem ?? loadProblem(lists, 'The lists')}
            onChange={(listIds) => onChange({ listIds }, ['audience'])}
          />
          {readOnly ? null : (
            <FileButton onChange={handleUpload} accept=".csv,text/csv">
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconUpload size={16} />}
                  loading={upload.isPending}
                  // Keeps the button level with the input when the input shows an error below it.
                  mb={(uploadProblem ?? loadProblem(lists, 'The lists')) ? 24 : 0}
                >
                  Upload list
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        <Text size="xs" c="dimmed" mt={-6}>
          A CSV of phone numbers with country code: the first column, or a column named phone or phoneNumber.
        </Text>

        <Stack gap="xs" role="group" aria-label="Attribute filters">
          <Text size="sm" fw={500}>
            Attribute filters
          </Text>
          {value.filters.length === 0 ? (
            <Text size="sm" c="dimmed">
              No filter: everyone in the segments, groups and lists above.
            </Text>
          ) : null}
          {value.filters.map((filter, index) => (
            <AttributeFilterRow
              key={filter.key}
              position={index + 1}
              filter={filter}
              attributes={attributes}
              error={errors[`filters.${index}`]}
              readOnly={readOnly}
              onChange={(next) =>
                setFilters(
                  value.filters.map((candidate) => (candidate.key === filter.key ? next : candidate)),
                  [`filters.${index}`],
                )
              }
              onRemove={() =>
                setFilters(
                  value.filters.filter((candidate) => candidate.key !== filter.key),
                  value.filters.map((_, position) => `filters.${position}`),
                )
              }
            />
          ))}
          {fields.isError ? (
            <Text size="xs" c="red">
              {loadProblem(fields, 'The customer attributes')}
            </Text>
          ) : null}
          {readOnly ? null : (
            <Button
              variant="subtle"
              w="fit-content"
              leftSection={<IconFilterPlus size={16} />}
              disabled={value.filters.length >= campaignLimits.maxFilters}
              onClick={() =>
                setFilters(
                  [...value.filters, { key: newFilterKey(), field: '', op: null, value: '', valueTo: '', values: [] }],
                  [],
                )
              }
            >
              Add filter
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
});
