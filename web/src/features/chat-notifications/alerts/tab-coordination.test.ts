import { claimAlert, pathIsInFocus, recordTabFocus } from './tab-coordination';

afterEach(() => vi.restoreAllMocks());

describe('tab coordination', () => {
  it('lets one tab ring for an event, and never for an older one replayed later', () => {
    expect(claimAlert(5)).toBe(true);
    // A second tab that received the same event.
    expect(claimAlert(5)).toBe(false);
    expect(claimAlert(4)).toBe(false);
    expect(claimAlert(6)).toBe(true);
  });

  it('knows the chat another tab shows while that tab has the focus', () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    recordTabFocus('/chat/conversation/a');
    // This tab, now in the background, reads what the focused one recorded.
    vi.mocked(document.hasFocus).mockReturnValue(false);
    expect(pathIsInFocus('/chat/conversation/a', '/dashboard')).toBe(true);
    expect(pathIsInFocus('/chat/conversation/b', '/dashboard')).toBe(false);
    // The focused tab loses the focus (to another application): nobody is looking.
    recordTabFocus('/chat/conversation/a');
    expect(pathIsInFocus('/chat/conversation/a', '/dashboard')).toBe(false);
  });
});
