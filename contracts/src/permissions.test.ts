import { describe, expect, it } from 'vitest';
import { effectivePermissions, permissions, rolePermissions, roles } from './permissions';
import { navigation, visibleNavigation } from './navigation';

describe('roles and permissions', () => {
  it('has the six roles of the spec', () => {
    expect(roles).toEqual({
      1: 'Administrator',
      2: 'Development',
      3: 'Handle Chats',
      4: 'Campaign Maker',
      5: 'Campaign Checker',
      6: 'Report Viewer',
    });
  });

  it('gives an administrator every permission whose flag is on', () => {
    const held = effectivePermissions([1]);
    expect(held).toContain('USERS.MANAGE');
    expect(held).toContain('FLOW.VIEW');
    expect(held).not.toContain('MARKET_PLACE.MODULE.VIEW');
    expect(effectivePermissions([1], { MARKET_PLACE_MODULE: true })).toEqual([...permissions]);
  });

  it('removes flag-gated permissions when their flag is off', () => {
    const held = effectivePermissions([1, 2], { FLOW: false, COGNITIVE: false, BLACKLIST: false });
    expect(held).not.toContain('FLOW.VIEW');
    expect(held).not.toContain('COGNITIVE.VIEW');
    expect(held).not.toContain('BLACKLIST');
    expect(held).toContain('NLP.EDIT');
  });

  it('unions the permissions of several roles and ignores unknown roles', () => {
    expect(effectivePermissions([3, 99])).toEqual(['CHAT.HANDLE', 'CHAT.VIEW_CHATHISTORY']);
    const both = effectivePermissions([3, 6]);
    expect(both).toContain('CHAT.HANDLE');
    expect(both).toContain('REPORTS.VIEW');
  });

  it('only names permissions that exist', () => {
    for (const list of Object.values(rolePermissions))
      for (const permission of list) expect(permissions).toContain(permission);
    for (const group of navigation)
      for (const area of group.areas)
        for (const entry of area.entries)
          for (const permission of entry.anyOf) expect(permissions).toContain(permission);
  });
});

describe('side menu', () => {
  it('shows an administrator the three groups', () => {
    expect(visibleNavigation(effectivePermissions([1])).map((group) => group.group)).toEqual([
      'MODULE',
      'CONFIGURATION',
      'MANAGE',
    ]);
  });

  it('shows a Handle Chats user only the chat entries, and hides empty groups', () => {
    const menu = visibleNavigation(effectivePermissions([3]));
    expect(menu.map((group) => group.group)).toEqual(['MODULE']);
    expect(menu[0]!.areas.map((area) => area.area)).toEqual(['Chat']);
    expect(menu[0]!.areas[0]!.entries.map((entry) => entry.path)).toEqual([
      '/chat/conversation',
      '/chat/history',
      '/campaigns/broadcast/',
      '/campaigns/meetings/',
      '/campaigns/dailer/',
    ]);
  });

  it('shows the external campaign report only with its enterprise setting', () => {
    const held = effectivePermissions([5]);
    const paths = (settings = {}) =>
      visibleNavigation(held, settings).flatMap((group) =>
        group.areas.flatMap((area) => area.entries.map((entry) => entry.path)),
      );
    expect(paths()).not.toContain('/campaigns/externalreport');
    expect(paths({ recordExternalCampaigns: true })).toContain('/campaigns/externalreport');
  });
});
