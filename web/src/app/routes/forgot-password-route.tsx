import { ForgotPasswordPage } from '../../features/auth/components/ForgotPasswordPage';

export default function ForgotPasswordPageRoute() {
  return <ForgotPasswordPage />;
}
