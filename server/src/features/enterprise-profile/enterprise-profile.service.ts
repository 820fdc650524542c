import type { EnterpriseProfile, Timezone, UpdateEnterpriseProfileBody } from '@parley/contracts/enterprise-profile';
import { logoContentTypes, logoUrlForFile } from '@parley/contracts/enterprise-profile';
import type { Config } from '../../config';
import type { EnterpriseSettings } from '../../db/schema/platform';
import { AppError } from '../../platform/errors';
import { resolveFlags } from '../../platform/feature-flags';
import type { SessionsService } from '../../platform/sessions';
import type { EnterpriseProfileRepository } from './enterprise-profile.repository';

export interface EnterpriseProfileServiceDeps {
  repository: EnterpriseProfileRepository;
  sessions: Pick<SessionsService, 'authChanged'>;
  config: Pick<Config, 'title' | 'featuresOff' | 'hideSignup'>;
}

const DEFAULT_TIMEZONE = 'UTC';

function offsetMinutes(timeZone: string, at: Date): number {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(part ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function formatOffset(minutes: number) {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** ICU still lists some zones by their old IANA names; the list shows today's names. */
const CURRENT_NAMES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
};

function isKnownToIntl(name: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The IANA timezones with their current offsets, sorted by offset then name. */
export function listTimezones(at = new Date()): Timezone[] {
  const names = new Set<string>();
  for (const name of Intl.supportedValuesOf('timeZone')) {
    const current = CURRENT_NAMES[name];
    names.add(current && isKnownToIntl(current) ? current : name);
  }
  names.add('UTC');
  return [...names]
    .map((name) => {
      const minutes = offsetMinutes(name, at);
      return { name, offsetMinutes: minutes, offset: formatOffset(minutes) };
    })
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.name.localeCompare(b.name));
}

export function createEnterpriseProfileService(deps: EnterpriseProfileServiceDeps) {
  const { repository, sessions, config } = deps;
  let timezoneNames: Set<string> | undefined;
  const isTimezone = (name: string) => {
    timezoneNames ??= new Set(listTimezones().map((zone) => zone.name));
    return timezoneNames.has(name);
  };

  async function load(enterpriseId: string) {
    const enterprise = await repository.findEnterprise(enterpriseId);
    if (!enterprise) throw new AppError('NOT_FOUND');
    return enterprise;
  }

  async function toProfile(enterprise: { id: string; name: string; settings: EnterpriseSettings }) {
    const { settings } = enterprise;
    return {
      name: enterprise.name,
      title: settings.title ?? config.title,
      logoUrl: settings.logoUrl ?? null,
      timezone: settings.timezone ?? DEFAULT_TIMEZONE,
      twoFactorRequired: settings.twoFactorRequired === true,
      recordExternalCampaigns: settings.recordExternalCampaigns === true,
      flags: resolveFlags(settings, config.featuresOff, config.hideSignup),
      notEnrolled: await repository.countNotEnrolled(enterprise.id),
    } satisfies EnterpriseProfile;
  }

  return {
    listTimezones: () => ({ timezones: listTimezones() }),

    async get(enterpriseId: string) {
      return toProfile(await load(enterpriseId));
    },

    async update(enterpriseId: string, input: UpdateEnterpriseProfileBody) {
      const enterprise = await load(enterpriseId);
      if (!isTimezone(input.timezone))
        throw new AppError('VALIDATION', { fieldErrors: { timezone: 'Please choose a timezone from the list' } });
      let logoUrl: string | undefined;
      if (input.logo) {
        const file = await repository.findFile(enterpriseId, input.logo);
        if (!file || !(logoContentTypes as readonly string[]).includes(file.contentType))
          throw new AppError('ENTERPRISE_LOGO_INVALID', {
            fieldErrors: { logo: 'Please upload a JPEG or PNG image' },
          });
        logoUrl = logoUrlForFile(file.id);
      }
      const settings: EnterpriseSettings = {
        ...enterprise.settings,
        title: input.title,
        timezone: input.timezone,
        recordExternalCampaigns: input.recordExternalCampaigns,
      };
      if (input.campaignFeatures) settings.flags = { ...settings.flags, ...input.campaignFeatures };
      if (logoUrl) settings.logoUrl = logoUrl;
      else delete settings.logoUrl;
      const updated = await repository.updateEnterprise(enterpriseId, { name: input.name, settings });
      await sessions.authChanged(enterpriseId);
      return toProfile(updated ?? enterprise);
    },

    async setTwoFactor(auth: { enterpriseId: string; userId: string }, isEnabled: boolean) {
      const enterprise = await load(auth.enterpriseId);
      if (isEnabled) {
        const me = await repository.findUser(auth.enterpriseId, auth.userId);
        if (!me?.totpSecretEnc) throw new AppError('ENTERPRISE_TWO_FACTOR_SELF');
      }
      const settings: EnterpriseSettings = { ...enterprise.settings, twoFactorRequired: isEnabled };
      await repository.updateEnterprise(auth.enterpriseId, { settings });
      await sessions.authChanged(auth.enterpriseId);
      return { twoFactorRequired: isEnabled, notEnrolled: await repository.countNotEnrolled(auth.enterpriseId) };
    },
  };
}

export type EnterpriseProfileService = ReturnType<typeof createEnterpriseProfileService>;
