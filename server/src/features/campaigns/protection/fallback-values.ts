import type { VariableMapping } from '@parley/contracts/broadcasts';
import type { TemplateValues } from '@parley/contracts/templates';
import type { CustomerColumn, CustomerRecord } from '../../../platform/customer-lookup';
import {
  compileMapping,
  keysOf,
  templateValuesOf,
  type TemplateShape,
} from '../../../platform/messaging/template-mapping';

/**
 * A failover rule's column mapping (the mapping widget's, as a broadcast's: keys 'header.1',
 * 'body.1', 'button0', 'card1.body.1'; static, column or URL expression), checked and filled by
 * the broadcast's own rules (platform/messaging/template-mapping.ts).
 */

/** The mapping's problems by 'columnMapping.<key>': every variable mapped, to a column that exists. */
export function mappingErrors(
  template: TemplateShape,
  mapping: readonly VariableMapping[],
  columns: readonly CustomerColumn[],
): Record<string, string> {
  return compileMapping(template, mapping, columns).fieldErrors;
}

/**
 * Fills the template's variables for one number: null when a column has no value for it (no
 * customer with this number, or an empty attribute), as a broadcast sets such a number aside.
 */
export function createValueFiller(
  template: TemplateShape,
  mapping: readonly VariableMapping[],
  columns: readonly CustomerColumn[],
) {
  const keys = keysOf(template);
  const { fillers } = compileMapping(template, mapping, columns);
  const cardCount = template.components.find((component) => component.type === 'CAROUSEL')?.cards.length ?? 0;

  return (phone: string, customer: CustomerRecord | undefined): TemplateValues | null => {
    const filled = new Map<string, string>();
    for (const variable of keys) {
      const result = fillers.get(variable.key)?.({ phone, customer });
      if (!result || 'error' in result || result.value === '') return null;
      filled.set(variable.key, result.value);
    }
    return templateValuesOf(keys, cardCount, filled);
  };
}
