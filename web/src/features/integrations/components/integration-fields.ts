import type { IntegrationType } from '@parley/contracts/integrations';

export interface FieldSpec {
  key: string;
  label: string;
  kind: 'text' | 'url' | 'number' | 'select' | 'secret';
  required?: boolean;
  placeholder?: string;
  description?: string;
  options?: { value: string; label: string }[];
  defaultValue?: string;
}

/** The form fields of each integration type, in the order the drawer shows them. */
export const integrationFields: Record<IntegrationType, FieldSpec[]> = {
  1: [
    {
      key: 'settings.baseUrl',
      label: 'Server URL',
      kind: 'url',
      required: true,
      placeholder: 'https://appiyo.example.com',
    },
    { key: 'settings.emailId', label: 'Email', kind: 'text', required: true },
    { key: 'secrets.password', label: 'Password', kind: 'secret', required: true },
  ],
  2: [
    {
      key: 'settings.url',
      label: 'Webhook URL',
      kind: 'url',
      required: true,
      placeholder: 'https://hooks.example.com/parley',
    },
    {
      key: 'settings.method',
      label: 'Method',
      kind: 'select',
      options: ['POST', 'PUT', 'GET'].map((method) => ({ value: method, label: method })),
      defaultValue: 'POST',
    },
    { key: 'secrets.signingSecret', label: 'Signing Secret', kind: 'secret', description: 'Optional' },
  ],
  3: [
    { key: 'settings.serverUrl', label: 'Server URL', kind: 'url', required: true },
    { key: 'settings.apiKey', label: 'API Key ID', kind: 'text' },
    { key: 'secrets.apiSecret', label: 'API Secret', kind: 'secret', required: true },
  ],
  4: [
    {
      key: 'settings.dbType',
      label: 'Database Type',
      kind: 'select',
      options: [{ value: 'mysql', label: 'MySQL' }],
      defaultValue: 'mysql',
    },
    { key: 'settings.host', label: 'Host', kind: 'text', required: true },
    { key: 'settings.port', label: 'Port', kind: 'number', defaultValue: '3306' },
    { key: 'settings.database', label: 'Database', kind: 'text', required: true },
    { key: 'settings.username', label: 'User Name', kind: 'text', required: true },
    { key: 'secrets.password', label: 'Password', kind: 'secret', required: true },
  ],
  5: [
    {
      key: 'settings.llm',
      label: 'LLM',
      kind: 'select',
      options: [
        { value: '1', label: 'OpenAI' },
        { value: '2', label: 'GPT' },
      ],
      defaultValue: '1',
    },
    { key: 'secrets.apikey', label: 'API Key', kind: 'secret', required: true },
    {
      key: 'settings.baseUrl',
      label: 'Base URL',
      kind: 'url',
      placeholder: 'https://api.openai.com/v1',
      description: 'Optional: any OpenAI-compatible endpoint',
    },
    { key: 'settings.model', label: 'Model', kind: 'text', placeholder: 'gpt-4o-mini' },
  ],
  6: [
    { key: 'settings.provider', label: 'Provider', kind: 'text', required: true, placeholder: 'google' },
    { key: 'settings.language', label: 'Language', kind: 'text', defaultValue: 'en-US' },
    { key: 'settings.baseUrl', label: 'Base URL', kind: 'url', description: 'Optional' },
    { key: 'secrets.apiKey', label: 'API Key', kind: 'secret', required: true },
  ],
};
