import { useEffect } from 'react';
import { useNavigate } from 'react-router';

let navigateFn: ((to: string) => void) | null = null;

/** Lets code outside React (the end of a session) move the router; registered by the root layout. */
export function useRegisterNavigator(): void {
  const navigate = useNavigate();
  useEffect(() => {
    navigateFn = (to) => void navigate(to, { replace: true });
    return () => {
      navigateFn = null;
    };
  }, [navigate]);
}

export function navigateOutsideReact(to: string): void {
  if (navigateFn) navigateFn(to);
  else window.location.assign(to);
}
