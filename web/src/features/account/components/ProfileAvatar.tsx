import { Avatar, type AvatarProps } from '@mantine/core';
import { usePicture } from '../api/get-picture';

export function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}

/** The user's picture (loaded with the session, as files need it) or their initials. `preview` wins when set. */
export function ProfileAvatar({
  name,
  profilePic,
  preview,
  ...props
}: { name: string; profilePic: string | null; preview?: string | null } & Omit<AvatarProps, 'src'>) {
  const stored = usePicture(profilePic);
  return (
    <Avatar src={preview ?? stored} radius="xl" color="blue" alt="" {...props}>
      {initials(name)}
    </Avatar>
  );
}
