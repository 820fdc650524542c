import { channelMessages, type Channel } from '@parley/contracts/channels';
import {
  changeType,
  changeVendor,
  initialChannelValues,
  serverFieldErrors,
  storedSecrets,
  toChannelBody,
  validateChannelForm,
} from './channel-form-state';

const karix: Channel = {
  id: '7c7c0000-0000-4000-8000-000000000001',
  name: 'Karix line',
  type: 4,
  typeString: 'WHATSAPP',
  vendor: 1,
  vendorString: 'Karix',
  deptId: null,
  departmentName: null,
  contactId: '919812345678',
  data: { username: 'acme', password: 'ab…yz', contactId: '919812345678' },
  messagesPerSecond: 40,
  canSend: false,
  webhookUrl: 'http://localhost/api/webhooks/channels/k',
  webhookVerifyToken: 't',
  createdAt: '2026-11-21T09:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
};

describe('channel form state', () => {
  it('starts a new channel on WhatsApp with the first offered vendor and its defaults', () => {
    expect(initialChannelValues(null, [])).toMatchObject({
      type: 4,
      vendor: 0,
      messagesPerSecond: 80,
      credentials: { contactId: '', failureRate: '0' },
    });
    expect(initialChannelValues(null, [17, 3]).vendor).toBe(3);
    // Nothing offered serves WhatsApp: the admin has to pick after changing the type.
    expect(initialChannelValues(null, [9]).vendor).toBeNull();
  });

  it('keeps the masked secret of the stored vendor, also when only the type changes', () => {
    const values = initialChannelValues(karix, []);
    expect(storedSecrets(karix, values)).toEqual(['password']);
    expect(validateChannelForm(values, storedSecrets(karix, values))).toEqual({});
    expect(toChannelBody(values).data).toEqual({ username: 'acme', password: 'ab…yz', contactId: '919812345678' });

    const sms = changeType(values, 0, [], karix);
    expect(sms.vendor).toBe(1);
    expect(sms.credentials.password).toBe('ab…yz');
    expect(storedSecrets(karix, sms)).toEqual(['password']);
  });

  it('does not carry a secret over to another vendor, and brings it back with the stored vendor', () => {
    const values = initialChannelValues(karix, []);
    const routeMobile = changeVendor(values, 17, karix);
    expect(routeMobile.credentials).toEqual({ username: 'acme', password: '', contactId: '919812345678' });
    expect(storedSecrets(karix, routeMobile)).toEqual([]);
    expect(validateChannelForm(routeMobile, [])).toEqual({ 'data.password': channelMessages.passwordRequired });
    expect(changeVendor(routeMobile, 1, karix).credentials.password).toBe('ab…yz');
  });

  it('resets the vendor when the new type is not served by it', () => {
    const values = initialChannelValues(karix, []);
    const telegram = changeType(values, 5, [], karix);
    expect(telegram.vendor).toBeNull();
    expect(telegram.credentials).toEqual({});
    expect(validateChannelForm(telegram, []).vendor).toBe('Choose a vendor');
    // Only one offered vendor serves Telegram: it is chosen.
    expect(changeType(values, 5, [7], karix).vendor).toBe(7);
  });

  it('sends numbers without spaces and leaves blank optional fields out', () => {
    const values = changeVendor(initialChannelValues(null, []), 3, null);
    values.credentials = { apiKey: 'k-1', sid: 'S1', contactId: '91 98123-45678', wabaId: '' };
    expect(toChannelBody(values).data).toEqual({ apiKey: 'k-1', sid: 'S1', contactId: '919812345678' });
  });

  it('checks the name and the sending pace with the contract', () => {
    const values = { ...initialChannelValues(null, []), messagesPerSecond: 0 };
    values.credentials.contactId = '919000000001';
    expect(validateChannelForm(values, [])).toEqual({
      name: channelMessages.nameRequired,
      messagesPerSecond: 'At least 1',
    });
    expect(validateChannelForm({ ...values, name: 'A', messagesPerSecond: '' }, []).messagesPerSecond).toBe(
      'Enter a number from 1 to 1000',
    );
  });

  it("puts the server's credential errors on the credential fields", () => {
    const values = initialChannelValues(karix, []);
    expect(
      serverFieldErrors(
        { 'data.password': 'Password is required', contactId: 'Invalid number format', name: 'x' },
        values,
      ),
    ).toEqual({ 'data.password': 'Password is required', 'data.contactId': 'Invalid number format', name: 'x' });
  });
});
