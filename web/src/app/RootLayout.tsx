import { Outlet } from 'react-router';
import { useRegisterNavigator } from './navigation-bridge';
import { useNetworkStatusToasts } from './use-network-status-toasts';

/** Around every page, signed in or not. */
export function RootLayout() {
  useRegisterNavigator();
  useNetworkStatusToasts();
  return <Outlet />;
}
