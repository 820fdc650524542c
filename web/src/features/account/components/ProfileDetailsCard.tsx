import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { profileBody, type SessionUser } from '@parley/contracts/account';
import { isRoleId, roleAltLabels, roles } from '@parley/contracts/permissions';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { useUnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useUpdateProfile } from '../api/update-profile';
import { PICTURE_TYPES, useUploadPicture } from '../api/upload-picture';
import { ProfileAvatar } from './ProfileAvatar';

export const PICTURE_TYPE_ERROR = 'Choose a jpeg or png picture';
export const PROFILE_SAVED_TEXT = 'Your profile has been updated.';

function roleLabel(role: number): string {
  if (!isRoleId(role)) return `Role ${role}`;
  const alt = roleAltLabels[role];
  return alt ? `${roles[role]} (${alt})` : roles[role];
}

/** The file id inside a stored picture URL (`/api/files/<id>`), or null. */
export function pictureId(url: string | null): string | null {
  return url?.match(/^\/api\/files\/([0-9a-fA-F-]{36})$/)?.[1] ?? null;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: 0.4 }}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm">
        {children}
      </Text>
    </Stack>
  );
}

/** Name (editable in place), picture (upload, replace, remove), email, roles and enterprise of the signed-in user. */
export function ProfileDetailsCard({ user }: { user: SessionUser }) {
  const updateProfile = useUpdateProfile();
  const upload = useUploadPicture();
  const [editingName, setEditingName] = useState(false);
  const [name, setName] = useState(user.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const busy = updateProfile.isPending || upload.isPending;

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const save = (values: { name: string; profilePic: string | null }, onDone: () => void, onFail: (m: string) => void) =>
    updateProfile.mutate(values, {
      onSuccess: () => {
        showToast(PROFILE_SAVED_TEXT, { tone: 'success' });
        onDone();
      },
      onError: (failure) =>
        onFail(
          failure instanceof ApiError && failure.fieldErrors
            ? (failure.fieldErrors.name ?? failure.fieldErrors.profilePic ?? describeFailure(failure))
            : describeFailure(failure),
        ),
    });

  const handleSaveName = (event: React.FormEvent) => {
    event.preventDefault();
    void saveName();
  };

  const saveName = (): Promise<boolean> => {
    const parsed = profileBody.shape.name.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? 'Please check the name');
      return Promise.resolve(false);
    }
    setNameError(null);
    return new Promise((resolve) =>
      save(
        { name: parsed.data, profilePic: pictureId(user.profilePic) },
        () => {
          setEditingName(false);
          resolve(true);
        },
        (message) => {
          setNameError(message);
          resolve(false);
        },
      ),
    );
  };
  const leaveGuard = useUnsavedChangesGuard(editingName && name !== user.name, { onSave: saveName });

  const handlePicture = (file: File | null) => {
    if (!file) return;
    setPictureError(null);
    if (!PICTURE_TYPES.includes(file.type)) {
      setPictureError(PICTURE_TYPE_ERROR);
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: (stored) =>
        save(
          { name: user.name, profilePic: stored.id },
          () => setPreview(null),
          (message) => {
            setPreview(null);
            setPictureError(message);
          },
        ),
      onError: (failure) => {
        setPreview(null);
        setPictureError(describeFailure(failure));
      },
    });
  };

  const handleRemovePicture = () => {
    setPictureError(null);
    save({ name: user.name, profilePic: null }, () => undefined, setPictureError);
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="profile-details-heading">
      <Group gap="md" mb="md" wrap="nowrap" align="flex-start">
        <ProfileAvatar
          name={user.name}
          profilePic={user.profilePic}
          preview={preview}
          size={64}
          data-testid="profile-picture"
        />
        <Stack gap={6}>
          <div>
            <Title order={2} fz="lg" id="profile-details-heading">
              Details
            </Title>
            <Text size="sm" c="dimmed">
              Your account in {user.enterprise.title}
            </Text>
          </div>
          <Group gap="xs">
            <FileButton onChange={handlePicture} accept="image/png,image/jpeg">
              {(props) => (
                <Button {...props} size="xs" variant="light" loading={upload.isPending}>
                  {user.profilePic ? 'Replace Picture' : 'Upload Picture'}
                </Button>
              )}
            </FileButton>
            {user.profilePic ? (
              <Button size="xs" variant="subtle" color="red" onClick={handleRemovePicture} disabled={busy}>
                Remove Picture
              </Button>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            A jpeg or png picture.
          </Text>
        </Stack>
      </Group>
      <FormErrorAlert message={pictureError} />
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0} mt={pictureError ? 'md' : 0}>
        <Field label="Name">
          {editingName ? (
            <form onSubmit={handleSaveName} noValidate>
              <Group gap="xs" align="flex-start" wrap="nowrap" component="span">
                <TextInput
                  aria-label="Name"
                  size="xs"
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                  error={nameError}
                  autoFocus
                  maxLength={120}
                />
                <Button type="submit" size="xs" loading={updateProfile.isPending}>
                  Save
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => {
                    setEditingName(false);
                    setNameError(null);
                  }}
                >
                  Cancel
                </Button>
              </Group>
            </form>
          ) : (
            <Group gap={4} component="span" wrap="nowrap">
              <span>{user.name}</span>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label="Edit name"
                onClick={() => {
                  setName(user.name);
                  setEditingName(true);
                }}
              >
                <IconPencil size={14} aria-hidden="true" />
              </ActionIcon>
            </Group>
          )}
        </Field>
        <Field label="Email">{user.emailId}</Field>
        <Field label="Enterprise">{user.enterprise.name}</Field>
        <Field label="Roles">
          <Group gap={6} component="span">
            {user.roles.length === 0 ? (
              <span>No roles</span>
            ) : (
              user.roles.map((role) => (
                <Badge key={role} variant="light" radius="sm" component="span">
                  {roleLabel(role)}
                </Badge>
              ))
            )}
          </Group>
        </Field>
      </SimpleGrid>
      {leaveGuard.dialog}
    </Paper>
  );
}
