import { and, eq, sql } from 'drizzle-orm';
import {
  customerMessages,
  isDropdownField,
  splitOptions,
  validateFieldValue,
  type CustomerField,
  type FieldValue,
} from '@parley/contracts/customer-master';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { createCustomerFieldsReader } from '../../platform/customer-fields';
import { storedValue } from './customers.service';

/** A value found outside the customer form, under the name it was asked by (a prompt agent's variable). */
export interface AttributeValue {
  name: string;
  value: string;
}

/** What became of one value: the field it maps to (its key and label) and whether it was written, or why not. */
export interface AttributeFill {
  name: string;
  value: string;
  field: string | null;
  fieldLabel: string | null;
  written: boolean;
  reason?: string;
}

export const attributeFillReasons = {
  noField: 'No customer field has this name',
  noCustomer: 'The customer is no longer in the customer master',
  phoneNumber: 'The phone number identifies the customer and is not changed from a conversation',
  hasName: 'The customer already has a name',
  taken: 'Another variable already filled this field',
} as const;

/** A name as matched against fields: case, spaces, underscores and hyphens ignored ('Preferred Date' = 'preferred_date'). */
export function attributeKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

/** A dropdown value written in another case or spacing is the option it names ('gold' → 'Gold'). */
function asOption(field: CustomerField, value: string): FieldValue {
  if (!isDropdownField(field.fieldType)) return value;
  const options = new Map(field.defaultValues.map((option) => [attributeKey(option), option]));
  const pick = (text: string) => options.get(attributeKey(text)) ?? text.trim();
  return field.fieldType === 'selectbox-multiplevalue' ? splitOptions(value.replace(/,/g, '|')).map(pick) : pick(value);
}

/** The customer's name is only a placeholder: blank, or the number the channel created them with. */
function nameIsPlaceholder(row: { name: string; phoneNumber: string; whatsAppNumber: string | null }): boolean {
  const name = row.name.trim();
  const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');
  return (
    name === '' ||
    (digits(name) !== '' && [row.phoneNumber, row.whatsAppNumber].some((n) => digits(n) === digits(name)))
  );
}

/**
 * Values collected outside the customer form (a prompt agent's variables after a conversation,
 * agents.md §2.8) written into a customer's attributes. Each value maps to the attribute definition
 * whose key (fieldName) or label matches its name, ignoring case and spacing; it is validated and
 * normalised by that field's own rules (validateFieldValue and the save's storedValue, as the
 * customer form's save does) and written only when valid. The standard name is filled only while
 * the customer has none but their number; the phone number is never changed. Runs in the caller's
 * transaction, scoped to the enterprise: another tenant's fields and customers are never read.
 */
export function createCustomerAttributesService() {
  return {
    async write(
      tx: DbOrTx,
      enterpriseId: string,
      customerId: string,
      values: readonly AttributeValue[],
    ): Promise<AttributeFill[]> {
      const fields = await createCustomerFieldsReader(tx).listFields(enterpriseId);
      // Keys first, labels after: a field's key wins over another field's label of the same words.
      const byName = new Map<string, CustomerField>();
      for (const field of fields)
        if (!byName.has(attributeKey(field.fieldName))) byName.set(attributeKey(field.fieldName), field);
      for (const field of fields)
        if (!byName.has(attributeKey(field.fieldLabel))) byName.set(attributeKey(field.fieldLabel), field);

      const [customer] = await tx
        .select({
          name: customers.name,
          phoneNumber: customers.phoneNumber,
          whatsAppNumber: customers.whatsAppNumber,
        })
        .from(customers)
        .where(and(eq(customers.enterpriseId, enterpriseId), eq(customers.id, customerId)))
        .for('update')
        .limit(1);

      const data: Record<string, FieldValue> = {};
      let name: string | undefined;
      const filled = new Set<string>();
      const fills = values.map((item): AttributeFill => {
        const field = byName.get(attributeKey(item.name));
        if (!field)
          return { ...item, field: null, fieldLabel: null, written: false, reason: attributeFillReasons.noField };
        const mapped = { ...item, field: field.fieldName, fieldLabel: field.fieldLabel };
        const refuse = (reason: string): AttributeFill => ({ ...mapped, written: false, reason });
        if (!customer) return refuse(attributeFillReasons.noCustomer);
        if (field.id === 'phoneNumber') return refuse(attributeFillReasons.phoneNumber);
        const raw = asOption(field, item.value);
        const problem = validateFieldValue(field, raw);
        if (problem) return refuse(problem);
        const value = storedValue(field, raw);
        if (value === undefined) return refuse(customerMessages.required);
        if (filled.has(field.id)) return refuse(attributeFillReasons.taken);
        if (field.id === 'name') {
          if (!nameIsPlaceholder(customer)) return refuse(attributeFillReasons.hasName);
          name = value as string;
        } else data[field.id] = value;
        filled.add(field.id);
        return { ...mapped, written: true };
      });

      if (filled.size > 0)
        await tx
          .update(customers)
          .set({
            data: sql`${customers.data} || ${JSON.stringify(data)}::jsonb`,
            ...(name !== undefined ? { name } : {}),
            updatedAt: new Date(),
          })
          .where(and(eq(customers.enterpriseId, enterpriseId), eq(customers.id, customerId)));
      return fills;
    },
  };
}

export type CustomerAttributesService = ReturnType<typeof createCustomerAttributesService>;
