import { ComingSoon } from '../../components/ComingSoon';

/** A side-menu screen that is not built yet, named after its menu entry. */
export default function ComingSoonRoute({ screen, area }: { screen: string; area?: string }) {
  return (
    <ComingSoon
      screen={screen}
      area={area}
      description="It will appear here in a coming release of Parley. Everything else in the menu keeps working."
    />
  );
}
