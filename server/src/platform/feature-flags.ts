import { defaultFeatureFlags, type FeatureFlag } from '@parley/contracts/permissions';
import type { EnterpriseSettings } from '../db/schema/platform';

/** An enterprise's flags: defaults, then the enterprise's own, then the environment's switches-off. */
export function resolveFlags(settings: EnterpriseSettings, featuresOff: readonly FeatureFlag[], hideSignup: boolean) {
  const flags: Record<FeatureFlag, boolean> = { ...defaultFeatureFlags };
  for (const [name, value] of Object.entries(settings.flags ?? {})) {
    if (name in flags) flags[name as FeatureFlag] = value;
  }
  for (const name of featuresOff) flags[name] = false;
  if (hideSignup) flags.hideSignup = true;
  return flags;
}
