import { SignupPage } from '../../features/auth/components/SignupPage';

export default function SignupPageRoute() {
  return <SignupPage />;
}
