import { Box, Center, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ParleyLogo } from '../../../components/ParleyLogo';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of every page outside the console: logo, one card, an optional footer line. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <Box
      component="main"
      mih="100vh"
      py={48}
      px="md"
      style={{
        background:
          'radial-gradient(circle at 15% 10%, var(--mantine-color-blue-0), transparent 45%), radial-gradient(circle at 85% 90%, var(--mantine-color-cyan-0), transparent 40%), var(--mantine-color-gray-0)',
      }}
    >
      <Center>
        <Stack w="100%" maw={420} gap="lg">
          <Center>
            <ParleyLogo size="lg" />
          </Center>
          <Box
            p="xl"
            bg="white"
            style={{
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 'var(--mantine-radius-md)',
              boxShadow: 'var(--mantine-shadow-sm)',
            }}
          >
            <Stack gap={4} mb="lg">
              <Text component="h1" fz={22} fw={650} lh={1.3} m={0}>
                {title}
              </Text>
              {subtitle ? (
                <Text size="sm" c="dimmed">
                  {subtitle}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Box>
          {footer ? (
            <Text ta="center" size="sm" c="dimmed">
              {footer}
            </Text>
          ) : null}
        </Stack>
      </Center>
    </Box>
  );
}
