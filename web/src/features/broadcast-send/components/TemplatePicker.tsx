import { templateCategoryLabels, type Template } from '@parley/contracts/templates';
import { describeFailure } from '../../../lib/failure-message';
import { useApprovedTemplates } from '../api/get-approved-templates';
import { SearchSelect, type SearchSelectPages } from './SearchSelect';

const categoryLabel = (category: string) =>
  templateCategoryLabels[category as keyof typeof templateCategoryLabels] ?? category;

interface TemplatePickerProps {
  channelId: string | undefined;
  value: { id: string; name: string } | null;
  error?: string;
  disabled?: boolean;
  onChange: (template: Template) => void;
}

/** Choose Template: the APPROVED templates of the chosen channel, searched on the server, page 20. */
export function TemplatePicker({ channelId, value, error, disabled, onChange }: TemplatePickerProps) {
  const usePages = (search: string, opened: boolean): SearchSelectPages<Template> => {
    const query = useApprovedTemplates(channelId, search, opened);
    return {
      items: (query.data?.pages ?? [])
        .flatMap((page) => page.templates)
        .map((template) => ({
          value: template.id,
          label: template.name,
          description: `${categoryLabel(template.category)} · ${template.language}`,
          data: template,
        })),
      loading: query.isPending && opened,
      error: query.isError ? describeFailure(query.error) : null,
      hasMore: query.hasNextPage,
      loadingMore: query.isFetchingNextPage,
      onLoadMore: () => void query.fetchNextPage(),
      onRetry: () => void query.refetch(),
    };
  };
  return (
    <SearchSelect
      key={channelId ?? 'none'}
      label="Choose Template"
      placeholder={channelId ? 'Select an approved template' : 'Choose a channel first'}
      emptyText="No approved template on this channel"
      description={channelId ? 'Only APPROVED templates can be sent' : undefined}
      value={value ? value.name : null}
      error={error}
      disabled={disabled || channelId === undefined}
      usePages={usePages}
      onChange={onChange}
    />
  );
}
