import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

type ContractSchema = Parameters<typeof zodResolver>[0];

/**
 * Validates a form with the API's own contract schema. The form holds text only (an
 * empty select is ''), so its value type is narrower than the schema's input type; the
 * field names are the payload's, so errors land on the right fields.
 */
export const formResolver = <Values extends FieldValues, Output>(schema: ContractSchema) =>
  zodResolver(schema) as unknown as Resolver<Values, unknown, Output>;
