import { useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../features/account/api/account-keys';
import { EnterpriseDetailsPage } from '../../features/enterprise-profile/components/EnterpriseDetailsPage';

/** The top bar and the welcome page read the console title from /me: refreshed after every change. */
export default function EnterpriseDetailsRoute() {
  const queryClient = useQueryClient();
  return (
    <EnterpriseDetailsPage
      onEnterpriseChanged={() => void queryClient.invalidateQueries({ queryKey: accountKeys.me() })}
    />
  );
}
