import { customerLimits, customerMessages, type CustomerField } from '@parley/contracts/customer-master';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../../db/postgres-errors';
import type { FieldsRepository, FieldValues } from './fields.repository';

/**
 * Customer attribute definitions (engagement.md §2.2, §2.3, §5 "Field definition"). Changing a
 * field's type or validators never rewrites stored values; deleting one strips its values.
 */
export function createFieldsService(deps: { repository: FieldsRepository }) {
  const { repository } = deps;

  async function load(enterpriseId: string, id: string): Promise<CustomerField> {
    const field = (await repository.listFields(enterpriseId)).find((item) => !item.standard && item.id === id);
    if (!field) throw new AppError('NOT_FOUND');
    return field;
  }

  function nameTaken() {
    return new AppError('CUSTOMER_FIELD_NAME_TAKEN', { fieldErrors: { fieldName: customerMessages.fieldNameTaken } });
  }

  async function save<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // Two requests racing past the check meet the unique index on lower(field_name).
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  /** Every column written, so an edit never keeps a setting the new type does not have. */
  const complete = (values: FieldValues): FieldValues => ({ ...values, inputType: values.inputType ?? null });

  return {
    async list(enterpriseId: string) {
      return { fields: await repository.listFields(enterpriseId) };
    },
    get: load,
    async create(enterpriseId: string, values: FieldValues) {
      if (await repository.nameTaken(enterpriseId, values.fieldName)) throw nameTaken();
      const id = await save(() => repository.create(enterpriseId, complete(values), customerLimits.fieldsMax));
      if (id === null) throw new AppError('CUSTOMER_FIELDS_LIMIT');
      return load(enterpriseId, id);
    },
    async update(enterpriseId: string, id: string, values: FieldValues) {
      await load(enterpriseId, id);
      if (await repository.nameTaken(enterpriseId, values.fieldName, id)) throw nameTaken();
      if (!(await save(() => repository.update(enterpriseId, id, complete(values))))) throw new AppError('NOT_FOUND');
      return load(enterpriseId, id);
    },
    async move(enterpriseId: string, from: number, to: number) {
      if (!(await repository.move(enterpriseId, from, to)))
        throw new AppError('VALIDATION', {
          message: 'There is no field at this position',
          fieldErrors: { from: 'There is no field at this position' },
        });
      return { fields: await repository.listFields(enterpriseId) };
    },
    async usage(enterpriseId: string, id: string) {
      await load(enterpriseId, id);
      return { customers: await repository.usage(enterpriseId, id) };
    },
    async remove(enterpriseId: string, id: string) {
      if (!(await repository.remove(enterpriseId, id))) throw new AppError('NOT_FOUND');
      return {};
    },
  };
}

export type FieldsService = ReturnType<typeof createFieldsService>;
