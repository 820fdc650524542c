/** Query keys of the enterprise's details and the timezone list. */
export const enterpriseProfileKeys = {
  all: ['enterprise-profile'] as const,
  profile: () => ['enterprise-profile', 'profile'] as const,
  timezones: () => ['timezones'] as const,
  logo: (url: string) => ['enterprise-profile', 'logo', url] as const,
};
