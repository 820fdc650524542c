import { ResetPasswordPage } from '../../features/auth/components/ResetPasswordPage';

export default function ResetPasswordPageRoute() {
  return <ResetPasswordPage />;
}
