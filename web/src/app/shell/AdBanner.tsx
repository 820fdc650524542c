import { useState } from 'react';
import { CloseButton, Group, Image } from '@mantine/core';
import { useAppConfig } from '../../features/auth/api/get-app-config';

const DISMISSED_KEY = 'parley.adBannerDismissed';

/** The optional banner across the console (platform §2.8: enableAds with a banner URL); hidden for the tab once closed. */
export function AdBanner() {
  const config = useAppConfig();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === '1');
  const url = config.data?.enableAds ? config.data.adBannerUrl : null;
  if (!url || dismissed) return null;
  const handleClose = () => {
    sessionStorage.setItem(DISMISSED_KEY, '1');
    setDismissed(true);
  };
  return (
    <Group component="aside" aria-label="Announcement" justify="center" gap="xs" wrap="nowrap" mb="md">
      <Image src={url} alt="Announcement banner" mah={90} w="auto" fit="contain" radius="sm" />
      <CloseButton aria-label="Hide banner" onClick={handleClose} />
    </Group>
  );
}
