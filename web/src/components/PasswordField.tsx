import { useState } from 'react';
import { TextInput, UnstyledButton, type TextInputProps } from '@mantine/core';

/**
 * A password input with a show/hide button. The button's label does not contain "password",
 * so a field is found by its own label ('Password', 'New Password') without also matching the
 * button. (A TextInput with a toggle instead of Mantine's PasswordInput keeps the login page light.)
 */
export function PasswordField(props: Omit<TextInputProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      rightSectionPointerEvents="all"
      rightSection={
        <UnstyledButton
          aria-label="Show or hide characters"
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
          onMouseDown={(event) => event.preventDefault()}
          c="dimmed"
          style={{ display: 'flex', padding: 4, borderRadius: 4 }}
        >
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            {visible ? (
              <path d="M10.6 10.6a2 2 0 0 0 2.8 2.8M9.9 5.1A9.8 9.8 0 0 1 12 5c4 0 7.3 2.3 10 7-.8 1.4-1.6 2.5-2.6 3.5m-2.1 1.7A9.5 9.5 0 0 1 12 19c-4 0-7.3-2.3-10-7 1.3-2.2 2.7-3.9 4.3-5.1M3 3l18 18" />
            ) : (
              <>
                <path d="M2 12c2.7-4.7 6-7 10-7s7.3 2.3 10 7c-2.7 4.7-6 7-10 7s-7.3-2.3-10-7" />
                <circle cx="12" cy="12" r="2" />
              </>
            )}
          </svg>
        </UnstyledButton>
      }
    />
  );
}
