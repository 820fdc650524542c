import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Checkbox,
  FileButton,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  logoContentTypes,
  updateEnterpriseProfileBody,
  type EnterpriseProfile,
} from '@parley/contracts/enterprise-profile';
import { campaignFeatureFlags, campaignFeatureLabels, type CampaignFeatureFlag } from '@parley/contracts/permissions';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { mapFieldErrors, validateWithSchema, type FieldErrors } from '../../../lib/form-validation';
import { useUnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useEnterpriseProfile } from '../api/get-enterprise-profile';
import { useLogoPreview } from '../api/get-logo';
import { useTimezones } from '../api/get-timezones';
import { useSetEnterpriseTwoFactor } from '../api/set-enterprise-two-factor';
import { useUpdateEnterpriseProfile } from '../api/update-enterprise-profile';
import { useUploadLogo } from '../api/upload-logo';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';

interface FormValues {
  name: string;
  title: string;
  /** The uploaded file's id, null for no logo; undefined keeps the current one. */
  logo: string | null | undefined;
  timezone: string;
  recordExternalCampaigns: boolean;
  campaignFeatures: Record<CampaignFeatureFlag, boolean>;
}

const campaignFeaturesOf = (flags: Record<string, boolean>) =>
  Object.fromEntries(campaignFeatureFlags.map((flag) => [flag, flags[flag] === true])) as Record<
    CampaignFeatureFlag,
    boolean
  >;

const logoIdOf = (url: string | null) => (url ? (url.split('/').pop() ?? null) : null);

export const TWO_FACTOR_WARNING =
  'Every user will have to sign in with a code from an authenticator app. Users who have not enrolled yet will be asked to enrol at their next sign-in.';

export function notEnrolledText(count: number) {
  if (count === 0) return 'Every active user has enrolled in two-factor authentication.';
  return count === 1
    ? '1 user has not enrolled in two-factor authentication yet.'
    : `${count} users have not enrolled in two-factor authentication yet.`;
}

/**
 * Enterprise Details (platform §2.2 MANAGE): name, console title, logo, timezone and two-factor for
 * everyone. `onEnterpriseChanged` runs after a change, for the app to refresh the signed-in user.
 */
export function EnterpriseDetailsPage({ onEnterpriseChanged }: { onEnterpriseChanged?: () => void }) {
  const profile = useEnterpriseProfile();

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1} fz={24}>
          Enterprise Details
        </Title>
        <Text c="dimmed" size="sm">
          The name, title, logo and timezone of your enterprise, and the sign-in rules for everyone.
        </Text>
      </div>
      {profile.isError ? (
        <QueryErrorAlert
          title="The enterprise details could not be loaded"
          message={profile.error.message}
          onRetry={() => void profile.refetch()}
        />
      ) : profile.isPending ? (
        <Paper withBorder radius="md" p="lg" role="status" aria-busy="true" aria-label="Loading enterprise details">
          <Stack>
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} h={36} />
            ))}
          </Stack>
        </Paper>
      ) : (
        <>
          <DetailsForm profile={profile.data} onChanged={onEnterpriseChanged} />
          <TwoFactorCard profile={profile.data} onChanged={onEnterpriseChanged} />
        </>
      )}
    </Stack>
  );
}

interface SectionProps {
  profile: EnterpriseProfile;
  onChanged?: () => void;
}

function DetailsForm({ profile, onChanged }: SectionProps) {
  const update = useUpdateEnterpriseProfile(onChanged);
  const upload = useUploadLogo();
  const timezones = useTimezones();
  const initial = useMemo<FormValues>(
    () => ({
      name: profile.name,
      title: profile.title,
      logo: undefined,
      timezone: profile.timezone,
      recordExternalCampaigns: profile.recordExternalCampaigns,
      campaignFeatures: campaignFeaturesOf(profile.flags),
    }),
    [profile],
  );
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const savedLogo = useLogoPreview(profile.logoUrl);

  useEffect(() => () => void (localPreview && URL.revokeObjectURL(localPreview)), [localPreview]);

  const set = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const timezoneOptions = useMemo(() => {
    const options = (timezones.data ?? []).map((zone) => ({
      value: zone.name,
      label: `(${zone.offset}) ${zone.name}`,
    }));
    // A saved name the list does not have (an old alias) stays visible rather than blank.
    if (timezones.data && profile.timezone && !options.some((option) => option.value === profile.timezone))
      options.unshift({ value: profile.timezone, label: profile.timezone });
    return options;
  }, [timezones.data, profile.timezone]);

  const handleLogo = (file: File | null) => {
    if (!file) return;
    if (!(logoContentTypes as readonly string[]).includes(file.type)) {
      setErrors((previous) => ({ ...previous, logo: 'Please choose a JPEG or PNG image' }));
      return;
    }
    upload.mutate(file, {
      onSuccess: (stored) => {
        set('logo', stored.id);
        setLocalPreview(URL.createObjectURL(file));
      },
      onError: (error) => setErrors((previous) => ({ ...previous, logo: describeFailure(error) })),
    });
  };

  const removeLogo = () => {
    set('logo', null);
    setLocalPreview(null);
  };

  const preview = values.logo === null ? null : values.logo === undefined ? savedLogo : localPreview;
  const hasLogo = values.logo === undefined ? profile.logoUrl !== null : values.logo !== null;

  /** Validates and saves; resolves whether it worked (Save and the unsaved-changes dialog). */
  const saveForm = async (): Promise<boolean> => {
    setFailure(null);
    const body = {
      name: values.name,
      title: values.title,
      logo: values.logo === undefined ? logoIdOf(profile.logoUrl) : values.logo,
      timezone: values.timezone,
      recordExternalCampaigns: values.recordExternalCampaigns,
      campaignFeatures: values.campaignFeatures,
    };
    const found = validateWithSchema(updateEnterpriseProfileBody, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    try {
      const saved = await update.mutateAsync(body);
      setValues({
        name: saved.name,
        title: saved.title,
        logo: undefined,
        timezone: saved.timezone,
        recordExternalCampaigns: saved.recordExternalCampaigns,
        campaignFeatures: campaignFeaturesOf(saved.flags),
      });
      setLocalPreview(null);
      showToast('Enterprise details saved', { tone: 'success' });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setErrors(mapFieldErrors(error.fieldErrors));
      else setFailure(describeFailure(error as Error));
      return false;
    }
  };
  const leaveGuard = useUnsavedChangesGuard(JSON.stringify(values) !== JSON.stringify(initial), { onSave: saveForm });

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    void saveForm();
  };

  return (
    <Paper withBorder radius="md" p="lg" component="form" onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormErrorAlert message={failure} />
        <TextInput
          label="Enterprise Name"
          required
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={errors.name}
          maxLength={100}
        />
        <TextInput
          label="Console Title"
          description="Shown in the top bar and on the welcome page"
          required
          value={values.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          error={errors.title}
          maxLength={60}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Logo
          </Text>
          <Group gap="md">
            <Avatar src={preview} alt="Logo preview" size={64} radius="md" color="gray">
              {values.title.slice(0, 1).toUpperCase()}
            </Avatar>
            <FileButton onChange={handleLogo} accept={logoContentTypes.join(',')}>
              {(props) => (
                <Button {...props} variant="default" loading={upload.isPending}>
                  {hasLogo ? 'Change Logo' : 'Upload Logo'}
                </Button>
              )}
            </FileButton>
            {hasLogo && (
              <Button variant="subtle" color="red" onClick={removeLogo}>
                Remove
              </Button>
            )}
          </Group>
          <Text size="xs" c={errors.logo ? 'red' : 'dimmed'} mt={4} role={errors.logo ? 'alert' : undefined}>
            {errors.logo ?? 'A JPEG or PNG image.'}
          </Text>
        </div>
        <Select
          label="Timezone"
          required
          searchable
          data={timezoneOptions}
          value={values.timezone}
          onChange={(value) => set('timezone', value ?? '')}
          error={errors.timezone ?? (timezones.isError ? 'The timezones could not be loaded' : undefined)}
          placeholder={timezones.isPending ? 'Loading timezones…' : 'Search a timezone'}
          nothingFoundMessage="No timezone found"
          limit={100}
        />
        <Switch
          label="Record External Campaigns"
          description="Keep campaigns sent from outside Parley in the campaign reports"
          checked={values.recordExternalCampaigns}
          onChange={(event) => set('recordExternalCampaigns', event.currentTarget.checked)}
        />
        <Checkbox.Group
          label="Campaign features"
          description="Off until an administrator turns them on"
          value={campaignFeatureFlags.filter((flag) => values.campaignFeatures[flag])}
          onChange={(chosen) =>
            set(
              'campaignFeatures',
              Object.fromEntries(campaignFeatureFlags.map((flag) => [flag, chosen.includes(flag)])) as Record<
                CampaignFeatureFlag,
                boolean
              >,
            )
          }
        >
          <Stack gap={6} mt={6}>
            {campaignFeatureFlags.map((flag) => (
              <Checkbox
                key={flag}
                value={flag}
                label={campaignFeatureLabels[flag].label}
                description={campaignFeatureLabels[flag].description}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={upload.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
      {leaveGuard.dialog}
    </Paper>
  );
}

function TwoFactorCard({ profile, onChanged }: SectionProps) {
  const twoFactor = useSetEnterpriseTwoFactor(onChanged);
  const [failure, setFailure] = useState<string | null>(null);

  const toggle = (isEnabled: boolean) => {
    setFailure(null);
    twoFactor.mutate(isEnabled, {
      onSuccess: (result) =>
        showToast(
          result.twoFactorRequired
            ? 'Two-factor authentication is now required for everyone'
            : 'Two-factor authentication is no longer required for everyone',
          { tone: 'success' },
        ),
      onError: (error) => setFailure(describeFailure(error)),
    });
  };

  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={600}>Two-Factor Authentication for Everyone</Text>
            <Text size="sm" c="dimmed">
              {TWO_FACTOR_WARNING}
            </Text>
          </div>
          <Switch
            aria-label="Two-Factor Authentication for Everyone"
            checked={profile.twoFactorRequired}
            disabled={twoFactor.isPending}
            onChange={(event) => toggle(event.currentTarget.checked)}
            size="md"
          />
        </Group>
        <Alert color={profile.notEnrolled > 0 ? 'yellow' : 'green'} variant="light">
          {notEnrolledText(profile.notEnrolled)}
        </Alert>
        <FormErrorAlert message={failure} />
      </Stack>
    </Card>
  );
}
