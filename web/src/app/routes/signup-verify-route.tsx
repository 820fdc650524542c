import { SignupVerifyPage } from '../../features/auth/components/SignupVerifyPage';

export default function SignupVerifyPageRoute() {
  return <SignupVerifyPage />;
}
