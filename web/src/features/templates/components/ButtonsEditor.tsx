import { ActionIcon, Button, Group, Menu, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowBackUp, IconCopy, IconExternalLink, IconPhone, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  buttonTypeLabels,
  templateLimits,
  templateVariables,
  type ButtonType,
  type TemplateButton,
} from '@parley/contracts/templates';
import { CharacterCount } from './VariableTextField';

const icons: Record<ButtonType, typeof IconPlus> = {
  QUICK_REPLY: IconArrowBackUp,
  URL: IconExternalLink,
  PHONE_NUMBER: IconPhone,
  COPY_CODE: IconCopy,
};

/** How many buttons of each type a template may have (Meta's rules, platform §9). */
export const buttonTypeMax: Record<ButtonType, number> = {
  QUICK_REPLY: templateLimits.quickReplies,
  URL: templateLimits.urlButtons,
  PHONE_NUMBER: templateLimits.phoneButtons,
  COPY_CODE: templateLimits.copyCodeButtons,
};

interface ButtonsEditorProps {
  buttons: readonly TemplateButton[];
  /** Where its issues live: 'buttons' or 'cards.0.buttons'. */
  path: string;
  /** 'Button' or 'Card 1 Button', for the accessible names. */
  label: string;
  /** The types the add menu offers. */
  types: readonly ButtonType[];
  /** Most buttons in all. */
  max: number;
  /** False when the buttons are fixed (a limited-time offer has exactly its two). */
  editable?: boolean;
  errorFor: (path: string) => string | undefined;
  onChange: (index: number, button: TemplateButton) => void;
  onAdd: (type: ButtonType) => void;
  onRemove: (index: number) => void;
  onBlur?: () => void;
}

/** The buttons of a template or a carousel card: add by type (within the limits), edit, remove. */
export function ButtonsEditor({
  buttons,
  path,
  label,
  types,
  max,
  editable = true,
  errorFor,
  onChange,
  onAdd,
  onRemove,
  onBlur,
}: ButtonsEditorProps) {
  const count = (type: ButtonType) => buttons.filter((button) => button.type === type).length;
  const canAdd = (type: ButtonType) => buttons.length < max && count(type) < buttonTypeMax[type];
  const anyAddable = types.some(canAdd);
  const sectionError = errorFor(path);

  return (
    <Stack gap="sm">
      {buttons.length === 0 ? (
        <Text size="sm" c="dimmed">
          No buttons yet.
        </Text>
      ) : null}
      {buttons.map((button, index) => {
        const itemPath = `${path}.${index}`;
        const Icon = icons[button.type];
        const name = `${label} ${index + 1}`;
        const error = errorFor(itemPath);
        const examplesError = errorFor(`${itemPath}.examples`);
        const textMax =
          button.type === 'QUICK_REPLY' ? templateLimits.quickButtonText : templateLimits.actionButtonText;
        return (
          <Paper
            key={index}
            withBorder
            radius="md"
            p="sm"
            role="group"
            aria-label={`${name}: ${buttonTypeLabels[button.type]}`}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Group gap={6}>
                  <Icon size={16} aria-hidden color="var(--mantine-color-blue-7)" />
                  <Text size="sm" fw={600}>
                    {buttonTypeLabels[button.type]}
                  </Text>
                </Group>
                {editable ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => onRemove(index)}
                    aria-label={`Remove ${name.toLowerCase()}`}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                ) : null}
              </Group>
              {button.type === 'COPY_CODE' ? (
                <Stack gap={4}>
                  <TextInput
                    label="Example Offer Code"
                    description="WhatsApp shows the button as 'Copy offer code'"
                    aria-label={`${name} example offer code`}
                    value={button.example}
                    onBlur={onBlur}
                    onChange={(event) => onChange(index, { ...button, example: event.currentTarget.value })}
                  />
                  <Group justify="flex-end">
                    <CharacterCount value={button.example} max={templateLimits.copyCodeExample} />
                  </Group>
                </Stack>
              ) : (
                <Stack gap={4}>
                  <TextInput
                    label="Button Text"
                    aria-label={`${name} text`}
                    value={button.text}
                    onBlur={onBlur}
                    onChange={(event) => onChange(index, { ...button, text: event.currentTarget.value })}
                  />
                  <Group justify="flex-end">
                    <CharacterCount value={button.text} max={textMax} />
                  </Group>
                </Stack>
              )}
              {button.type === 'URL' ? (
                <>
                  <TextInput
                    label="Website URL"
                    aria-label={`${name} URL`}
                    placeholder="https://example.com/orders/{{1}}"
                    description="End it with {{1}} for a part that changes per message"
                    value={button.url}
                    onBlur={onBlur}
                    onChange={(event) => onChange(index, { ...button, url: event.currentTarget.value })}
                  />
                  {templateVariables(button.url).length > 0 ? (
                    <TextInput
                      label="Example URL"
                      aria-label={`${name} example URL`}
                      placeholder="https://example.com/orders/1042"
                      value={button.example?.[0] ?? ''}
                      error={examplesError}
                      onBlur={onBlur}
                      onChange={(event) => onChange(index, { ...button, example: [event.currentTarget.value] })}
                    />
                  ) : (
                    <Group>
                      <Button
                        variant="subtle"
                        size="compact-xs"
                        onClick={() => onChange(index, { ...button, url: `${button.url.trim()}{{1}}` })}
                      >
                        Add Variable {'{{1}}'}
                      </Button>
                    </Group>
                  )}
                </>
              ) : null}
              {button.type === 'PHONE_NUMBER' ? (
                <TextInput
                  label="Phone Number"
                  aria-label={`${name} phone number`}
                  placeholder="+919812345678"
                  description="With the country code"
                  value={button.phone_number}
                  onBlur={onBlur}
                  onChange={(event) => onChange(index, { ...button, phone_number: event.currentTarget.value })}
                />
              ) : null}
              {error ? (
                <Text size="xs" c="red.7" role="alert">
                  {error}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
      {sectionError ? (
        <Text size="sm" c="red.7" role="alert">
          {sectionError}
        </Text>
      ) : null}
      {editable ? (
        <Group>
          <Menu position="bottom-start">
            <Menu.Target>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={!anyAddable}
                aria-label={`Add ${label}`}
              >
                Add Button
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {types.map((type) => {
                const Icon = icons[type];
                return (
                  <Menu.Item
                    key={type}
                    leftSection={<Icon size={14} />}
                    disabled={!canAdd(type)}
                    onClick={() => onAdd(type)}
                  >
                    {buttonTypeLabels[type]}
                  </Menu.Item>
                );
              })}
            </Menu.Dropdown>
          </Menu>
          <Text size="xs" c="dimmed">
            {buttons.length}/{max} buttons
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
