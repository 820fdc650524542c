import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** The 'Sign In' link shown after every finished auth step. */
export function SignInLink({ label = 'Sign In' }: { label?: string }) {
  return (
    <Anchor component={Link} to="/login" fw={600}>
      {label}
    </Anchor>
  );
}
