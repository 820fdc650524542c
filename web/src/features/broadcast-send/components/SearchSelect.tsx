import { useId, useState } from 'react';
import { Button, Combobox, Group, Input, InputBase, Loader, ScrollArea, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';

/** Search debounce of the broadcast screen (engagement.md §9). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchSelectItem<T> {
  value: string;
  label: string;
  /** A second, dimmed line (the channel type, the template's category and language). */
  description?: string;
  data: T;
}

export interface SearchSelectPages<T> {
  items: SearchSelectItem<T>[];
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
}

interface SearchSelectProps<T> {
  label: string;
  placeholder: string;
  /** What the list says when nothing matches. */
  emptyText: string;
  /** The chosen option's label, or null. */
  value: string | null;
  disabled?: boolean;
  error?: string;
  description?: string;
  /** The pages for a search text (already debounced by this component). */
  usePages: (search: string, opened: boolean) => SearchSelectPages<T>;
  onChange: (chosen: T) => void;
}

/**
 * A select whose options come from the server page by page: a search box in the dropdown
 * (debounced 300 ms) and "Load more" at the end of the list (engagement.md §7.2, §9).
 */
export function SearchSelect<T>({
  label,
  placeholder,
  emptyText,
  value,
  disabled,
  error,
  description,
  usePages,
  onChange,
}: SearchSelectProps<T>) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });
  const pages = usePages(debounced, combobox.dropdownOpened);
  const searchId = useId();

  const options = pages.items.map((item) => (
    <Combobox.Option value={item.value} key={item.value} active={item.label === value}>
      <Text size="sm">{item.label}</Text>
      {item.description ? (
        <Text size="xs" c="dimmed">
          {item.description}
        </Text>
      ) : null}
    </Combobox.Option>
  ));

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(chosen) => {
        const item = pages.items.find((candidate) => candidate.value === chosen);
        if (item) onChange(item.data);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target targetType="button">
        <InputBase
          component="button"
          type="button"
          pointer
          label={label}
          withAsterisk
          description={description}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.toggleDropdown()}
          disabled={disabled}
          error={error}
          aria-haspopup="listbox"
          aria-expanded={combobox.dropdownOpened}
        >
          {value ? (
            <Text size="sm" truncate>
              {value}
            </Text>
          ) : (
            <Input.Placeholder>{placeholder}</Input.Placeholder>
          )}
        </InputBase>
      </Combobox.Target>

      <Combobox.Dropdown>
        <Combobox.Search
          id={searchId}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder="Search"
          aria-label={`Search ${label}`}
          leftSection={<IconSearch size={14} />}
        />
        <Combobox.Options aria-label={label}>
          <ScrollArea.Autosize mah={260} type="scroll">
            {pages.loading ? (
              <Group justify="center" p="sm">
                <Loader size="sm" role="progressbar" aria-label="Loading" />
              </Group>
            ) : pages.error ? (
              <Combobox.Empty>
                <Text size="sm" c="red.7" role="alert">
                  {pages.error}
                </Text>
                <Button variant="subtle" size="compact-sm" mt={4} onClick={pages.onRetry}>
                  Try Again
                </Button>
              </Combobox.Empty>
            ) : options.length === 0 ? (
              <Combobox.Empty>{emptyText}</Combobox.Empty>
            ) : (
              options
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
        {pages.hasMore && !pages.loading ? (
          <Combobox.Footer>
            <Button variant="subtle" size="compact-sm" fullWidth loading={pages.loadingMore} onClick={pages.onLoadMore}>
              Load More
            </Button>
          </Combobox.Footer>
        ) : null}
      </Combobox.Dropdown>
    </Combobox>
  );
}
