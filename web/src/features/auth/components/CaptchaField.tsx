import { Anchor, Box, Button, Group, Loader, Text, TextInput } from '@mantine/core';
import type { InputProps } from '../../../lib/use-schema-form';
import type { FormCaptcha } from './use-captcha-for-form';

interface CaptchaFieldProps {
  captcha: FormCaptcha;
  inputProps: InputProps;
}

/**
 * The 'Captcha' input with what to answer: an image (an SVG data URL) to copy, or, for whoever
 * cannot see it, a question in plain text that a screen reader reads (the input's description).
 * A button fetches a new one; a link swaps image and question.
 */
export function CaptchaField({ captcha, inputProps }: CaptchaFieldProps) {
  const { image, question, loading, failed } = captcha;
  const textMode = captcha.kind === 'text';
  const refresh = (
    <Button
      variant="light"
      px={9}
      onClick={captcha.reload}
      aria-label={textMode ? 'New question' : 'New image'}
      title={textMode ? 'New question' : 'New image'}
      loading={loading}
    >
      {/* Tabler "refresh", inlined to keep the login page free of the icon runtime. */}
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M20 11a8.1 8.1 0 0 0 -15.5 -2m-.5 -4v4h4" />
        <path d="M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4" />
      </svg>
    </Button>
  );
  const switchLink = (
    <Anchor component="button" type="button" size="xs" mt={4} onClick={captcha.switchKind}>
      {textMode ? 'Use an Image Instead' : 'Use a Text Question Instead'}
    </Anchor>
  );
  if (textMode) {
    return (
      <TextInput
        label="Captcha"
        description={
          loading ? 'Loading a question…' : failed || !question ? 'The question could not be loaded' : question
        }
        descriptionProps={{ 'aria-live': 'polite', fz: 'sm', c: 'var(--mantine-color-text)', fw: 500 }}
        placeholder="Type the answer, in digits"
        autoComplete="off"
        inputMode="numeric"
        spellCheck={false}
        inputContainer={(input) => (
          <>
            <Group gap="xs" wrap="nowrap" align="center">
              <Box flex={1}>{input}</Box>
              {refresh}
            </Group>
            {switchLink}
          </>
        )}
        {...inputProps}
      />
    );
  }
  const picture = (
    <Group gap="xs" wrap="nowrap" mb={6} align="center">
      <Box
        w={180}
        h={56}
        style={{
          borderRadius: 'var(--mantine-radius-sm)',
          border: '1px solid var(--mantine-color-gray-3)',
          overflow: 'hidden',
          background: 'white',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {loading ? (
          <Loader size="sm" type="dots" role="progressbar" aria-label="Loading image" />
        ) : failed || !image ? (
          <Text size="xs" c="red" px="xs" ta="center">
            The image could not be loaded
          </Text>
        ) : (
          <img src={image} alt="Verification image" width={180} height={56} style={{ display: 'block' }} />
        )}
      </Box>
      {refresh}
    </Group>
  );
  // The label heads the image and the input together: 'Captcha', then what to copy, then where.
  return (
    <TextInput
      label="Captcha"
      placeholder="Type the characters you see"
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      inputContainer={(input) => (
        <>
          {picture}
          {input}
          {switchLink}
        </>
      )}
      {...inputProps}
    />
  );
}
