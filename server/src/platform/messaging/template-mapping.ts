import { broadcastMessages, type TemplateVariable, type VariableMapping } from '@parley/contracts/broadcasts';
import {
  templateValueKeys,
  templateVariables,
  type TemplateComponent,
  type TemplateValueKey,
  type TemplateValues,
} from '@parley/contracts/templates';
import { customerColumnValue, type CustomerColumn, type CustomerRecord } from '../customer-lookup';

/**
 * The variables of a template as the mapping widget lists them (engagement.md §2.14), and the
 * checks and per-recipient filling of a request's column mapping. Keys are the template test
 * send's ('header.1', 'body.1', 'button0', 'card1.body.1', 'card1.button0'), from contracts'
 * templateValueKeys, so the preview, the test send and the broadcast agree. Shared: a campaign's
 * failover rule maps its fallback template's variables the same way.
 */
export interface TemplateShape {
  components: TemplateComponent[];
  parameterFormat: string;
}

export const keysOf = (template: TemplateShape): TemplateValueKey[] =>
  templateValueKeys({ components: template.components, parameter_format: template.parameterFormat });

/** A variable whose value goes into a URL (a URL button's suffix, on the template or a card). */
const isUrl = (variable: TemplateValueKey) => variable.buttonType === 'URL';

function describe(variable: TemplateValueKey): { type: string; label: string; parameterName: string } {
  const braces = `{{${variable.name}}}`;
  switch (variable.part) {
    case 'header':
      return { type: 'header', label: `Header ${braces}`, parameterName: variable.name };
    case 'body':
      return { type: 'body', label: `Body ${braces}`, parameterName: variable.name };
    case 'cardBody':
      return { type: 'cards', label: `Card ${variable.card} body ${braces}`, parameterName: variable.name };
    case 'button':
    case 'cardButton': {
      const where = variable.part === 'cardButton' ? `Card ${variable.card} button` : 'Button';
      const number = Number(variable.name) + 1;
      if (variable.buttonType === 'COPY_CODE')
        return {
          type: variable.part === 'cardButton' ? 'cards' : 'couponCode',
          label: `${where} ${number} offer code`,
          parameterName: 'code',
        };
      return {
        type: variable.part === 'cardButton' ? 'cards' : 'url',
        label: `${where} ${number} URL ${variable.url ?? ''}`.trim(),
        parameterName: templateVariables(variable.url ?? '')[0] ?? '1',
      };
    }
  }
}

/** Every variable of the template, required (every `{{n}}` must be filled), in message order. */
export function mappingVariables(template: TemplateShape): TemplateVariable[] {
  return keysOf(template).map((variable) => {
    const { type, label, parameterName } = describe(variable);
    return {
      variable: variable.key,
      type,
      label,
      parameters: [{ name: parameterName, type: isUrl(variable) ? 'URL' : 'TEXT' }],
      isRequired: true,
      example: variable.example,
      ...(variable.card !== undefined ? { card: variable.card } : {}),
    };
  });
}

/** What filling one variable for one recipient gives: the value, or why the recipient cannot be sent. */
export type Filled = { value: string } | { error: string };

export interface RecipientContext {
  /** E.164. */
  phone: string;
  customer: CustomerRecord | undefined;
}

export interface CompiledMapping {
  /** Variable key → how it is filled. */
  fillers: Map<string, (recipient: RecipientContext) => Filled>;
  /** Whether any variable reads a customer's attributes (a lookup is needed). */
  usesCustomers: boolean;
  /** The request's mapping problems, by 'columnMapping.<key>'. */
  fieldErrors: Record<string, string>;
}

const mappingKey = (key: string) => `columnMapping.${key}`;

/**
 * Checks a request's mapping against the template's variables and the enterprise's customer
 * columns: every required variable mapped ('This Field is Mandatory'; on a card 'Variable mapping
 * missing, check all cards'), a column that exists, an expression (URLs only) with at least one
 * {{column}} ('URL variable not found'). Returns a filler per variable that is mapped correctly.
 * Values put into a URL from a customer's attributes are URL-encoded.
 */
export function compileMapping(
  template: TemplateShape,
  mapping: readonly VariableMapping[],
  columns: readonly CustomerColumn[],
): CompiledMapping {
  const variables = keysOf(template);
  const byKey = new Map(variables.map((variable) => [variable.key, variable]));
  const columnByName = new Map(columns.map((column) => [column.name.toLowerCase(), column]));
  const fieldErrors: Record<string, string> = {};
  const fillers = new Map<string, (recipient: RecipientContext) => Filled>();
  let usesCustomers = false;

  const read = (column: CustomerColumn, recipient: RecipientContext, url: boolean): Filled => {
    if (column.name === 'phoneNumber') return { value: url ? encodeURIComponent(recipient.phone) : recipient.phone };
    if (!recipient.customer) return { error: broadcastMessages.noCustomer(column.name) };
    const value = customerColumnValue(recipient.customer, column);
    if (value === '') return { error: broadcastMessages.emptyValue(column.name) };
    return { value: url ? encodeURIComponent(value) : value };
  };

  const given = new Map<string, VariableMapping>();
  for (const entry of mapping) {
    if (!byKey.has(entry.variable)) {
      fieldErrors[mappingKey(entry.variable)] = `This template has no variable ${entry.variable}`;
      continue;
    }
    given.set(entry.variable, entry);
  }

  for (const variable of variables) {
    const key = mappingKey(variable.key);
    const missing = variable.card !== undefined ? broadcastMessages.mappingMissing : broadcastMessages.mandatory;
    const entry = given.get(variable.key);
    const value = entry?.value ?? '';
    if (!entry || value.trim() === '') {
      fieldErrors[key] = missing;
      continue;
    }
    const url = isUrl(variable);
    if (entry.type === 'static') {
      const constant = value.trim();
      fillers.set(variable.key, () => ({ value: constant }));
      continue;
    }
    if (entry.type === 'column') {
      const column = columnByName.get(value.trim().toLowerCase());
      if (!column) {
        fieldErrors[key] = `No customer column named ${value.trim()}`;
        continue;
      }
      if (column.name !== 'phoneNumber') usesCustomers = true;
      fillers.set(variable.key, (recipient) => read(column, recipient, url));
      continue;
    }
    // expression: URLs only, with {{column}} parts filled per recipient.
    if (!url) {
      fieldErrors[key] = 'An expression fills URL variables only: assign a constant or map a column';
      continue;
    }
    const names = templateVariables(value);
    if (names.length === 0) {
      fieldErrors[key] = broadcastMessages.urlVariableNotFound;
      continue;
    }
    const unknown = names.find((name) => !columnByName.has(name.toLowerCase()));
    if (unknown !== undefined) {
      fieldErrors[key] = `No customer column named ${unknown}`;
      continue;
    }
    const parts = names.map((name) => columnByName.get(name.toLowerCase())!);
    if (parts.some((column) => column.name !== 'phoneNumber')) usesCustomers = true;
    fillers.set(variable.key, (recipient) => {
      const filled: string[] = [];
      for (const column of parts) {
        const result = read(column, recipient, true);
        if ('error' in result) return result;
        filled.push(result.value);
      }
      let index = 0;
      return { value: value.replace(/\{\{\s*[^{}]*?\s*\}\}/g, () => filled[index++] ?? '') };
    });
  }
  return { fillers, usesCustomers, fieldErrors };
}

/** TemplateValues from the filled value of each variable key (only the keys given). */
export function templateValuesOf(
  keys: readonly TemplateValueKey[],
  cardCount: number,
  filled: Map<string, string>,
): TemplateValues {
  const values: TemplateValues = {};
  if (cardCount > 0) values.cards = Array.from({ length: cardCount }, () => ({ body: {}, buttons: {} }));
  for (const variable of keys) {
    const value = filled.get(variable.key);
    if (value === undefined) continue;
    if (variable.part === 'header') (values.header ??= {})[variable.name] = value;
    else if (variable.part === 'body') (values.body ??= {})[variable.name] = value;
    else if (variable.part === 'button') (values.buttons ??= {})[variable.name] = value;
    else {
      const card = values.cards?.[(variable.card ?? 0) - 1];
      if (!card) continue;
      if (variable.part === 'cardBody') (card.body ??= {})[variable.name] = value;
      else (card.buttons ??= {})[variable.name] = value;
    }
  }
  return values;
}
