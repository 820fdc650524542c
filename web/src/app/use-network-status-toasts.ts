import { useEffect } from 'react';
import { messages } from '@parley/contracts/messages';
import { hideToast, showToast } from '../lib/toast';

/** 'Network is Back!' / 'Network is offline,Please Turn On Internet!' (platform §4.5, §8). */
export function useNetworkStatusToasts(): void {
  useEffect(() => {
    const handleOnline = () => {
      hideToast('network-offline');
      showToast(messages.networkBack, { tone: 'success', id: 'network-online' });
    };
    const handleOffline = () => {
      hideToast('network-online');
      showToast(messages.networkOffline, { tone: 'warning', id: 'network-offline' });
    };
    window.addEventListener('online', handleOnline);
    window.addEventListener('offline', handleOffline);
    return () => {
      window.removeEventListener('online', handleOnline);
      window.removeEventListener('offline', handleOffline);
    };
  }, []);
}
