import { ActionIcon, Popover } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMoodSmile } from '@tabler/icons-react';
import classes from './conversations.module.css';

/**
 * The emoji agents reach for in support chats. A hand-made grid instead of a picker library: the
 * small maintained ones load their emoji data from a CDN at run time (not offline), the offline
 * ones weigh hundreds of kB for a feature used in passing.
 */
const EMOJI: { char: string; name: string }[] = [
  { char: '😀', name: 'grinning face' },
  { char: '😊', name: 'smiling face' },
  { char: '🙂', name: 'slightly smiling face' },
  { char: '😉', name: 'winking face' },
  { char: '😍', name: 'heart eyes' },
  { char: '😂', name: 'tears of joy' },
  { char: '🤔', name: 'thinking face' },
  { char: '😅', name: 'sweat smile' },
  { char: '😇', name: 'smiling face with halo' },
  { char: '😎', name: 'sunglasses' },
  { char: '🙁', name: 'slightly frowning face' },
  { char: '😢', name: 'crying face' },
  { char: '😮', name: 'surprised face' },
  { char: '😴', name: 'sleeping face' },
  { char: '🙏', name: 'folded hands' },
  { char: '👍', name: 'thumbs up' },
  { char: '👎', name: 'thumbs down' },
  { char: '👏', name: 'clapping hands' },
  { char: '👋', name: 'waving hand' },
  { char: '🤝', name: 'handshake' },
  { char: '👌', name: 'OK hand' },
  { char: '✌️', name: 'victory hand' },
  { char: '💪', name: 'flexed biceps' },
  { char: '👀', name: 'eyes' },
  { char: '❤️', name: 'red heart' },
  { char: '💙', name: 'blue heart' },
  { char: '🎉', name: 'party popper' },
  { char: '✨', name: 'sparkles' },
  { char: '🔥', name: 'fire' },
  { char: '⭐', name: 'star' },
  { char: '✅', name: 'check mark' },
  { char: '❌', name: 'cross mark' },
  { char: '⚠️', name: 'warning' },
  { char: '❓', name: 'question mark' },
  { char: '💡', name: 'light bulb' },
  { char: '📌', name: 'pushpin' },
  { char: '📞', name: 'telephone' },
  { char: '📧', name: 'e-mail' },
  { char: '📦', name: 'package' },
  { char: '🚚', name: 'delivery truck' },
  { char: '🕒', name: 'clock' },
  { char: '📅', name: 'calendar' },
  { char: '💳', name: 'credit card' },
  { char: '💰', name: 'money bag' },
  { char: '🔒', name: 'lock' },
  { char: '🔗', name: 'link' },
  { char: '📝', name: 'memo' },
  { char: '🙌', name: 'raising hands' },
];

export function EmojiPicker({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const [opened, { close, toggle }] = useDisclosure(false);
  return (
    <Popover
      opened={opened}
      onChange={(value) => (value ? undefined : close())}
      position="top-start"
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Insert emoji"
          onClick={toggle}
          disabled={disabled}
        >
          <IconMoodSmile size={20} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={6}>
        <div className={classes.emojiGrid} role="group" aria-label="Emoji">
          {EMOJI.map((emoji) => (
            <button
              key={emoji.char}
              type="button"
              className={classes.emojiButton}
              aria-label={emoji.name}
              title={emoji.name}
              onClick={() => {
                onPick(emoji.char);
                close();
              }}
            >
              {emoji.char}
            </button>
          ))}
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}
