import { broadcastMessages, type VariableMapping } from '@parley/contracts/broadcasts';
import {
  templateValueKeys,
  templateVariables,
  type TemplateComponent,
  type TemplateValueKey,
  type TemplateValues,
} from '@parley/contracts/templates';
import { customerColumnValue, type CustomerColumn, type CustomerRecord } from '../../../platform/customer-lookup';

/**
 * A failover rule's column mapping (the mapping widget's, as a broadcast's: keys 'header.1',
 * 'body.1', 'button0', 'card1.body.1'; static, column or URL expression) checked against its
 * template, and filled for one recipient. The broadcast feature has the same rules for its send
 * (template-variables.ts); a feature does not import another's insides, so the few lines are here.
 */
export interface MappingTemplate {
  components: TemplateComponent[];
  parameterFormat: string;
}

const keysOf = (template: MappingTemplate) =>
  templateValueKeys({ components: template.components, parameter_format: template.parameterFormat });

const columnsByName = (columns: readonly CustomerColumn[]) =>
  new Map(columns.map((column) => [column.name.toLowerCase(), column]));

/** The mapping's problems by 'columnMapping.<key>': every variable mapped, to a column that exists. */
export function mappingErrors(
  template: MappingTemplate,
  mapping: readonly VariableMapping[],
  columns: readonly CustomerColumn[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const byName = columnsByName(columns);
  const given = new Map(mapping.map((entry) => [entry.variable, entry]));
  const keys = keysOf(template);
  const known = new Set(keys.map((key) => key.key));
  for (const entry of mapping)
    if (!known.has(entry.variable))
      errors[`columnMapping.${entry.variable}`] = `This template has no variable ${entry.variable}`;
  for (const variable of keys) {
    const path = `columnMapping.${variable.key}`;
    const entry = given.get(variable.key);
    if (!entry || entry.value.trim() === '') {
      errors[path] = variable.card !== undefined ? broadcastMessages.mappingMissing : broadcastMessages.mandatory;
      continue;
    }
    const names =
      entry.type === 'column'
        ? [entry.value.trim()]
        : entry.type === 'expression'
          ? templateVariables(entry.value).map((name) => name.trim())
          : [];
    if (entry.type === 'expression' && variable.buttonType !== 'URL')
      errors[path] = 'An expression fills URL variables only: assign a constant or map a column';
    else if (entry.type === 'expression' && names.length === 0) errors[path] = broadcastMessages.urlVariableNotFound;
    else {
      const unknown = names.find((name) => !byName.has(name.toLowerCase()));
      if (unknown !== undefined) errors[path] = `No customer column named ${unknown}`;
    }
  }
  return errors;
}

/**
 * Fills the template's variables for one number: null when a column has no value for it (no
 * customer with this number, or an empty attribute), as a broadcast sets such a number aside.
 */
export function createValueFiller(
  template: MappingTemplate,
  mapping: readonly VariableMapping[],
  columns: readonly CustomerColumn[],
) {
  const keys = keysOf(template);
  const byName = columnsByName(columns);
  const given = new Map(mapping.map((entry) => [entry.variable, entry]));
  const cardCount = template.components.find((component) => component.type === 'CAROUSEL')?.cards.length ?? 0;

  const read = (name: string, phone: string, customer: CustomerRecord | undefined, url: boolean): string | null => {
    const column = byName.get(name.trim().toLowerCase());
    if (!column) return null;
    const value = column.name === 'phoneNumber' ? phone : customer ? customerColumnValue(customer, column) : '';
    if (value === '') return null;
    return url ? encodeURIComponent(value) : value;
  };

  const fill = (variable: TemplateValueKey, phone: string, customer: CustomerRecord | undefined) => {
    const entry = given.get(variable.key);
    if (!entry) return null;
    const url = variable.buttonType === 'URL';
    if (entry.type === 'static') return entry.value.trim();
    if (entry.type === 'column') return read(entry.value, phone, customer, url);
    const parts: string[] = [];
    for (const name of templateVariables(entry.value)) {
      const value = read(name, phone, customer, true);
      if (value === null) return null;
      parts.push(value);
    }
    let index = 0;
    return entry.value.replace(/\{\{\s*[^{}]*?\s*\}\}/g, () => parts[index++] ?? '');
  };

  return (phone: string, customer: CustomerRecord | undefined): TemplateValues | null => {
    const values: TemplateValues = {};
    if (cardCount > 0) values.cards = Array.from({ length: cardCount }, () => ({ body: {}, buttons: {} }));
    for (const variable of keys) {
      const value = fill(variable, phone, customer);
      if (value === null || value === '') return null;
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
  };
}
