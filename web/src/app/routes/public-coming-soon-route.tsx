import { Anchor, Box, Center } from '@mantine/core';
import { Link } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon';
import { ParleyLogo } from '../../components/ParleyLogo';

/** sso/redirect and chatagent: not built yet, shown as a clean card outside the console. */
export default function PublicComingSoonRoute({ screen }: { screen: string }) {
  return (
    <Box component="main" mih="100vh" py={48} px="md" bg="gray.0">
      <Center mb="lg">
        <ParleyLogo size="lg" />
      </Center>
      <ComingSoon screen={screen}>
        <Anchor component={Link} to="/login" fw={600}>
          Sign In
        </Anchor>
      </ComingSoon>
    </Box>
  );
}
