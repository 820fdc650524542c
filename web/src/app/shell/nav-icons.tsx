import {
  IconBuilding,
  IconBuildingStore,
  IconCards,
  IconChartBar,
  IconCircleDot,
  IconMessage,
  IconMicrophone,
  IconPhoto,
  IconRobot,
  IconRoute,
  IconSettings,
  IconSpeakerphone,
  IconUpload,
  IconUsers,
  IconVolume,
  type Icon,
} from '@tabler/icons-react';

/** Icon names used by contracts/navigation.ts → the Tabler icons drawn for them. */
const icons: Record<string, Icon> = {
  message: IconMessage,
  speakerphone: IconSpeakerphone,
  route: IconRoute,
  microphone: IconMicrophone,
  upload: IconUpload,
  robot: IconRobot,
  volume: IconVolume,
  users: IconUsers,
  photo: IconPhoto,
  cards: IconCards,
  chart: IconChartBar,
  'building-store': IconBuildingStore,
  settings: IconSettings,
  building: IconBuilding,
};

export function NavIcon({ name, size = 18 }: { name: string; size?: number }) {
  const Component = icons[name] ?? IconCircleDot;
  return <Component size={size} stroke={1.7} aria-hidden="true" />;
}
