import { Checkbox, Stack } from '@mantine/core';
import { roleIds } from '@parley/contracts/permissions';
import { roleLabel } from './role-label';

interface RoleChecklistProps {
  value: number[];
  onChange: (roles: number[]) => void;
  error?: string;
}

/** One checkbox per role of the contracts (platform §6). */
export function RoleChecklist({ value, onChange, error }: RoleChecklistProps) {
  return (
    <Checkbox.Group
      label="Roles"
      value={value.map(String)}
      onChange={(next) => onChange(next.map(Number).sort())}
      error={error}
      withAsterisk
    >
      <Stack gap={6} mt={6}>
        {roleIds.map((role) => (
          <Checkbox key={role} value={String(role)} label={roleLabel(role)} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
