import { ActionIcon, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { templateLimits, type ButtonType, type TemplateButton } from '@parley/contracts/templates';
import { ButtonsEditor } from './ButtonsEditor';
import { MediaUploadField } from './MediaUploadField';
import { copyOfFirstCard, emptyButton, type DraftCard, type ParameterFormat } from './template-draft';
import { VariableTextField } from './VariableTextField';

const CARD_BUTTON_TYPES: readonly ButtonType[] = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER'];

interface CarouselEditorProps {
  cards: readonly DraftCard[];
  cardFormat: 'IMAGE' | 'VIDEO';
  parameterFormat: ParameterFormat;
  errorFor: (path: string) => string | undefined;
  onCardsChange: (cards: DraftCard[]) => void;
  onCardFormatChange: (format: 'IMAGE' | 'VIDEO') => void;
  /** A card was edited (its issues may show from now on). */
  onTouch: (index: number) => void;
}

/**
 * Carousel cards (2–10): every card has the same parts, so the media kind is chosen once and
 * adding or removing a button does it on every card; each card has its own file, text and values.
 */
export function CarouselEditor({
  cards,
  cardFormat,
  parameterFormat,
  errorFor,
  onCardsChange,
  onCardFormatChange,
  onTouch,
}: CarouselEditorProps) {
  const setCard = (index: number, change: Partial<DraftCard>) => {
    onTouch(index);
    onCardsChange(cards.map((card, position) => (position === index ? { ...card, ...change } : card)));
  };
  const handleButton = (cardIndex: number, buttonIndex: number, button: TemplateButton) =>
    setCard(cardIndex, {
      buttons: cards[cardIndex]!.buttons.map((item, position) => (position === buttonIndex ? button : item)),
    });
  const handleAddButton = (type: ButtonType) =>
    onCardsChange(cards.map((card) => ({ ...card, buttons: [...card.buttons, emptyButton(type)] })));
  const handleRemoveButton = (buttonIndex: number) =>
    onCardsChange(
      cards.map((card) => ({ ...card, buttons: card.buttons.filter((_, position) => position !== buttonIndex) })),
    );
  const cardsError = errorFor('cards');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Card Media
          </Text>
          <SegmentedControl
            size="xs"
            aria-label="Card Media"
            value={cardFormat}
            onChange={(value) => onCardFormatChange(value as 'IMAGE' | 'VIDEO')}
            data={[
              { value: 'IMAGE', label: 'Image' },
              { value: 'VIDEO', label: 'Video' },
            ]}
          />
        </Stack>
        <Text size="xs" c="dimmed">
          {cards.length}/{templateLimits.carouselCardsMax} cards, at least {templateLimits.carouselCardsMin}
        </Text>
      </Group>
      {cards.map((card, index) => {
        const path = `cards.${index}`;
        return (
          <Paper key={index} withBorder radius="md" p="md" role="group" aria-label={`Card ${index + 1}`}>
            <Stack gap="sm">
              <Group justify="space-between">
                <Text fw={600} size="sm">
                  Card {index + 1}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  disabled={cards.length <= templateLimits.carouselCardsMin}
                  onClick={() => onCardsChange(cards.filter((_, position) => position !== index))}
                  aria-label={`Remove card ${index + 1}`}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <MediaUploadField
                format={cardFormat}
                media={card.media}
                label={`Card ${index + 1}`}
                error={errorFor(`${path}.header`)}
                onChange={(media) => setCard(index, { media })}
              />
              <VariableTextField
                label={`Card ${index + 1} Body`}
                multiline
                value={card.body}
                max={templateLimits.cardBody}
                format={parameterFormat}
                examples={card.examples}
                error={errorFor(`${path}.body`)}
                examplesError={errorFor(`${path}.body.examples`)}
                onChange={(body) => setCard(index, { body })}
                onExamplesChange={(examples) => setCard(index, { examples })}
              />
              <Text size="sm" fw={500}>
                Buttons
              </Text>
              <ButtonsEditor
                buttons={card.buttons}
                path={`${path}.buttons`}
                label={`Card ${index + 1} Button`}
                types={CARD_BUTTON_TYPES}
                max={templateLimits.carouselButtons}
                errorFor={errorFor}
                onChange={(buttonIndex, button) => handleButton(index, buttonIndex, button)}
                onAdd={handleAddButton}
                onRemove={handleRemoveButton}
              />
            </Stack>
          </Paper>
        );
      })}
      {cardsError ? (
        <Text size="sm" c="red.7" role="alert">
          {cardsError}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={cards.length >= templateLimits.carouselCardsMax}
          onClick={() => onCardsChange([...cards, copyOfFirstCard(cards)])}
        >
          Add Card
        </Button>
        <Text size="xs" c="dimmed">
          A new card copies the first card&apos;s buttons.
        </Text>
      </Group>
    </Stack>
  );
}
