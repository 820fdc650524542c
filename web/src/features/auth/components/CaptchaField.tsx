import { Box, Button, Group, Loader, Text, TextInput } from '@mantine/core';
import type { InputProps } from '../../../lib/use-schema-form';

interface CaptchaFieldProps {
  image: string | undefined;
  loading: boolean;
  failed: boolean;
  onReload: () => void;
  inputProps: InputProps;
}

/** The captcha image (an SVG data URL), a button for a new one, and the 'Captcha' input. */
export function CaptchaField({ image, loading, failed, onReload, inputProps }: CaptchaFieldProps) {
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
          <Loader size="sm" type="dots" aria-label="Loading image" />
        ) : failed || !image ? (
          <Text size="xs" c="red" px="xs" ta="center">
            The image could not be loaded
          </Text>
        ) : (
          <img src={image} alt="Verification image" width={180} height={56} style={{ display: 'block' }} />
        )}
      </Box>
      <Button variant="light" px={9} onClick={onReload} aria-label="New image" title="New image" loading={loading}>
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
        </>
      )}
      {...inputProps}
    />
  );
}
